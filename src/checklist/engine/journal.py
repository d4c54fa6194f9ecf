"""The session file's content: a versioned JSON journal of a session (play/saving.py writes it).

    {"format": "checklist-session", "version": 1,
     "flow": {"digest": "sha256:...", "paths": ["/abs/flow"]},
     "seed": 42, "at": null, "set": {"stunned": "no"},
     "events": [{"kind": "answer", "step": "combat.1", "fact": "failed-consciousness", "value": "no"},
                {"kind": "continue", "step": "combat.3"},
                {"kind": "split", "step": "combat.59", "names": ["Bob", "Ann"]},
                {"kind": "override", "step": "combat.2", "fact": "stunned"},
                {"kind": "answer", "step": "combat.88", "fact": "damage", "value": 11, "rolled": true}],
     "trace": ["pre-combat.1", "..."], "finished": false}

Resuming replays the events (typed values, never re-rolled) on a fresh session: the same
flow gives the same state.  Parsing is strict: a file that is not exactly this shape is
refused with a message and left untouched.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from checklist.engine.questions import BadAnswer, Value, check_names, parse_value
from checklist.engine.session import Session
from checklist.engine.state import Event, SessionError
from checklist.graph.program import Program
from checklist.model.limits import MAX_DIGITS, MAX_INPUT_BYTES
from checklist.model.visible import has_control
from checklist.model.vocabulary import STATE
from checklist.roster.combatants import Condition, RosterError, from_data

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass

FORMAT = "checklist-session"
VERSION = 1
MAX_BYTES = MAX_INPUT_BYTES
MAX_VALUE = 200  # a value's text: a fact's value name


class JournalError(Exception):
    """A session file that cannot be resumed; the message says why, for the game master."""


@dataclass(frozen=True, slots=True)
class Journal:
    digest: str
    paths: tuple[str, ...]
    seed: int
    at: str | None
    facts: Mapping[str, Value]
    events: tuple[Event, ...]
    trace: tuple[str, ...]
    finished: bool
    roster: Mapping[str, Any] | None = None  # {"source": the roster file's data, "state": for reading}
    compute: bool = True  # False: the run asks computed facts (`checklist run --ask-computed`)
    pause: bool = True  # False: steps that ask nothing pass by themselves (the default, not `--learn`)
    auto_roll: bool = False  # `--roll auto`: a resume keeps it (and `--autopilot`) unless told otherwise
    autopilot: bool = False


def digest(program: Program) -> str:
    """A fingerprint of the flow text: file names (not folders) and contents, in name order."""
    h = hashlib.sha256()
    for name, text in sorted((Path(n).name, t) for n, t in program.sources.items()):
        for part in (name, text):
            data = part.encode("utf-8")
            h.update(len(data).to_bytes(8, "big"))
            h.update(data)
    return "sha256:" + h.hexdigest()


def snapshot(
    session: Session, program_digest: str, paths: tuple[str, ...], auto_roll: bool = False, autopilot: bool = False
) -> Journal:
    """The session as a session file holds it, with how it was played (`--roll auto`, `--autopilot`)."""
    state = session.state
    return Journal(
        program_digest,
        paths,
        session.seed,
        session.at,
        dict(session.set_facts),
        tuple(session.events),
        tuple(v.step for v in state.trace),
        state.finished is not None,
        _roster_json(session),
        session.compute,
        session.pause,
        auto_roll,
        autopilot,
    )


def _roster_json(session: Session) -> dict[str, Any] | None:
    """The roster as read from its file (what a resume starts from) and, for people, where it stands."""
    roster = session.state.roster
    if roster is None or session.roster is None:
        return None
    combatants = [  # every state the flow records: what the status line and the end table show
        {"name": sheet.name, **{k: state.get(k) for k in STATE}, **_by_location(state)}
        for sheet, state in zip(roster.sheets, roster.states, strict=True)
    ]
    standing = {"round": roster.round, "turn": roster.actor.name, "combatants": combatants}
    return {"source": session.roster.source, "state": standing}


def _by_location(state: Condition) -> dict[str, Any]:
    """The states kept for each hit location, and whom and with what an Aim is, once there are any (KEYED_STATE)."""
    out: dict[str, Any] = {}
    if state.aim_at:
        out["aimed-at"] = {state.aim_at: state.aim_turns}
    if state.aim_with:
        out["aimed-with"] = state.aim_with
    if state.feint_at and state.feint:
        out["feint-on"] = {state.feint_at: state.feint}
    if state.wounds:
        out["wounds"] = dict(state.wounds)
    if state.crippled:
        out["crippled"] = list(state.crippled)
    return out


def dumps(journal: Journal) -> str:
    """Pretty at the top, one event per line: readable, and quick to write after every answer."""
    head = {
        "format": FORMAT,
        "version": VERSION,
        "flow": {"digest": journal.digest, "paths": list(journal.paths)},
        "seed": journal.seed,
        "at": journal.at,
        "set": dict(journal.facts),
    }
    if journal.roster is not None:
        head["roster"] = journal.roster
    flags = (not journal.compute, not journal.pause, journal.auto_roll, journal.autopilot)
    head.update((key, True) for key, on in zip(_FLAGS, flags, strict=True) if on)
    compact = (",", ":")
    lines = ["{"]
    lines.extend(f" {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}," for k, v in head.items())
    events = ",\n  ".join(_event_line(e) for e in journal.events)
    lines.append(f' "events": [\n  {events}\n ],' if events else ' "events": [],')
    lines.append(f' "trace": {json.dumps(list(journal.trace), separators=compact)},')
    lines.append(f' "finished": {json.dumps(journal.finished)}')
    lines.append("}")
    return "\n".join(lines) + "\n"


@lru_cache(maxsize=100_000)
def _event_line(event: Event) -> str:
    """Events never change, so each is encoded once, not once per save."""
    return json.dumps(_event_json(event), ensure_ascii=False, separators=(",", ":"))


def _event_json(event: Event) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": event.kind, "step": event.step}
    if event.kind in ("answer", "override"):
        out["fact"] = event.fact
    if event.kind == "answer":
        out["value"] = event.value
        if event.rolled:
            out["rolled"] = True
    if event.kind == "split":
        out["names"] = list(event.names)
    return out


def loads(raw: bytes, where: str) -> Journal:
    """A session file's bytes as a Journal; JournalError names `where` and what is wrong."""
    try:
        data = json.loads(raw.decode("utf-8"), object_pairs_hook=_unique_keys, parse_constant=_no_constant)
    except _NotStrict as exc:
        raise JournalError(f"{where}: not a session file ({exc})") from None
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:  # ValueError: bad JSON, 4300+ digit numbers
        raise JournalError(f"{where}: not a session file (not JSON: {exc})") from None
    if _lone_surrogate(data):  # "\ud800" decodes, but could never be written back as UTF-8
        raise JournalError(f"{where}: not a session file (text holds a lone surrogate escape)")
    return parse(data, where)


class _NotStrict(ValueError):
    """JSON that Python's json module accepts but a session file may not hold."""


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _NotStrict(f"the key {key!r} appears twice in one object")
        out[key] = value
    return out


def _no_constant(name: str) -> object:
    raise _NotStrict(f"{name} is not a JSON value")


def _lone_surrogate(data: object) -> bool:
    todo = [data]
    while todo:
        item = todo.pop()
        if isinstance(item, str):
            if any("\ud800" <= c <= "\udfff" for c in item):
                return True
        elif isinstance(item, list):
            todo.extend(item)
        elif isinstance(item, dict):
            todo.extend(item)
            todo.extend(item.values())
    return False


_FLAGS = ("ask-computed", "fast", "roll-auto", "autopilot")  # written only when true, in this order (dumps)


def parse(data: object, where: str = "session") -> Journal:
    """Strict: every key present, no other key, every value of the right type."""
    top = _object(
        data,
        where,
        {"format", "version", "flow", "seed", "at", "set", "events", "trace", "finished"},
        {"roster", *_FLAGS},
    )
    if top["format"] != FORMAT:
        raise JournalError(f"{where}: not a checklist session file (format {top['format']!r})")
    if not _is_int(top["version"]) or top["version"] != VERSION:
        raise JournalError(f"{where}: session format version {top['version']!r}; this checklist reads {VERSION}")
    flow = _object(top["flow"], f"{where}: flow", {"digest", "paths"})
    paths = _strings(flow["paths"], f"{where}: flow.paths")
    seed = top["seed"]
    if not _is_int(seed):
        raise JournalError(f"{where}: seed must be a whole number")
    at = top["at"]
    if at is not None and not isinstance(at, str):
        raise JournalError(f"{where}: at must be a step key or null")
    facts = top["set"]
    if not isinstance(facts, dict) or not all(isinstance(k, str) and _is_value(v) for k, v in facts.items()):
        raise JournalError(f"{where}: set must map fact names to values")
    events = top["events"]
    if not isinstance(events, list):
        raise JournalError(f"{where}: events must be a list")
    if not isinstance(flow["digest"], str) or not isinstance(top["finished"], bool):
        raise JournalError(f"{where}: flow.digest must be text and finished true or false")
    roster = top.get("roster")
    if roster is not None:
        _object(roster, f"{where}: roster", {"source", "state"})
        if not isinstance(roster["source"], dict):
            raise JournalError(f"{where}: roster.source must be the roster's data")
    for key in _FLAGS:
        if not isinstance(top.get(key, False), bool):
            raise JournalError(f"{where}: {key} must be true or false")
    return Journal(
        flow["digest"],
        tuple(paths),
        seed,
        at,
        facts,
        tuple(_event(e, f"{where}: event {i + 1}") for i, e in enumerate(events)),
        tuple(_strings(top["trace"], f"{where}: trace")),
        top["finished"],
        roster,
        not top.get("ask-computed", False),
        not top.get("fast", False),
        top.get("roll-auto", False),
        top.get("autopilot", False),
    )


_EVENT_KEYS = {
    "answer": ({"kind", "step", "fact", "value"}, {"rolled"}),
    "continue": ({"kind", "step"}, set()),
    "split": ({"kind", "step", "names"}, set()),
    "override": ({"kind", "step", "fact"}, set()),
}


def _event(data: object, where: str) -> Event:
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str) or data["kind"] not in _EVENT_KEYS:
        raise JournalError(f"{where}: not an event (kind must be one of {', '.join(_EVENT_KEYS)})")
    kind = data["kind"]
    required, optional = _EVENT_KEYS[kind]
    _object(data, where, required, optional)
    if not isinstance(data["step"], str):
        raise JournalError(f"{where}: step must be a step key")
    fact = data.get("fact")
    if kind in ("answer", "override") and not isinstance(fact, str):
        raise JournalError(f"{where}: fact must be a fact name")
    value = data.get("value")
    if kind == "answer" and not _is_value(value):
        raise JournalError(f"{where}: value must be text or a whole number of at most {MAX_DIGITS} digits")
    rolled = data.get("rolled", False)
    if not isinstance(rolled, bool):
        raise JournalError(f"{where}: rolled must be true or false")
    names = tuple(_strings(data["names"], f"{where}: names")) if kind == "split" else ()
    try:
        check_names(names)  # as strictly as typed names
    except BadAnswer as exc:
        raise JournalError(f"{where}: names: {exc}") from None
    return Event(kind, data["step"], fact, value, names, rolled)


def _object(data: object, where: str, required: set[str], optional: set[str] | None = None) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise JournalError(f"{where}: expected a JSON object")
    missing = required - data.keys()
    extra = data.keys() - required - (optional or set())
    if missing:
        raise JournalError(f"{where}: missing {', '.join(sorted(missing))}")
    if extra:
        raise JournalError(f"{where}: unexpected {', '.join(sorted(extra))}")
    return data


def _strings(data: object, where: str) -> list[str]:
    if not isinstance(data, list) or not all(isinstance(s, str) for s in data):
        raise JournalError(f"{where}: expected a list of text")
    return data


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_value(value: object) -> bool:
    """Text without control characters, or a whole number of at most MAX_DIGITS digits (as typed)."""
    if isinstance(value, str):
        return not has_control(value) and len(value) <= MAX_VALUE
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10**MAX_DIGITS


def _typed(program: Program, event: Event) -> None:
    """A journalled number must be one the game master could have typed (a roll the dice can give)."""
    decl = program.facts.get(event.fact or "")
    if event.kind == "answer" and isinstance(event.value, int) and decl is not None:
        parse_value(program, decl, str(event.value))


class Restored(NamedTuple):
    session: Session
    notes: tuple[str, ...]


def restore(journal: Journal, program: Program, program_digest: str) -> Restored:
    """A session in the journal's state.  If the flow changed, say so and replay what still fits."""
    notes: list[str] = []
    changed = journal.digest != program_digest
    if changed:
        notes.append("the flow has changed since this session was saved")
        gone = sorted({key for key in journal.trace if key not in program.steps})
        if gone:
            shown = ", ".join(gone[:6]) + (", ..." if len(gone) > 6 else "")
            raise JournalError(f"the flow has changed and steps this session visited are gone: {shown}")

    try:
        roster = from_data(dict(journal.roster["source"]), "roster") if journal.roster is not None else None
        session = Session(
            program,
            at=journal.at,
            facts=dict(journal.facts),
            seed=journal.seed,
            roster=roster,
            compute=journal.compute,
            pause=journal.pause,
        )
    except RosterError as exc:
        raise JournalError(f"the saved roster cannot be used: {exc}") from None
    except (SessionError, BadAnswer) as exc:
        raise JournalError(f"cannot start the saved session: {exc}") from None
    for index, event in enumerate(journal.events):
        try:
            _typed(program, event)
            session.replay(event)
        except (SessionError, BadAnswer) as exc:
            total = len(journal.events)
            if not changed:
                raise JournalError(f"answer {index + 1} of {total} does not fit the flow: {exc}") from None
            notes.append(f"resumed after {index} of {total} answers; from there the flow differs ({exc})")
            break
    return Restored(session, tuple(notes))
