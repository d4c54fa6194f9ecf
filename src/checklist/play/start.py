"""Starting a session, or resuming one, and saving it after every answer: what `run` and `serve` share.

The command line says what to start (a Start); this module loads a flow that checks clean,
builds the roster, starts or resumes the session, and returns it with its save function. Each
refusal is a Refused whose `why` the command line turns into its exit code.
"""

from __future__ import annotations

import os
import secrets
import stat
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from checklist.engine import journal as jr
from checklist.engine.questions import BadAnswer
from checklist.engine.session import Session
from checklist.engine.state import SessionError
from checklist.graph.program import Program
from checklist.model.names import did_you_mean
from checklist.model.visible import visible
from checklist.play import saving
from checklist.play.pilot import MANUAL, Pilot
from checklist.play.programs import load_clean
from checklist.roster.combatants import Roster, RosterError
from checklist.roster.errors import OldFormat
from checklist.roster.load import load_all

Why = Literal["usage", "findings", "bad-session", "old-sheet"]
LEFT_AS_IT_IS = "\n  the file was left as it is; to start afresh instead: checklist run FLOW --session NEW.json"


class Refused(Exception):
    """A session that cannot start or be resumed: `why` is its kind (the command's exit code)."""

    def __init__(self, why: Why, message: str, report: str = "") -> None:
        super().__init__(message)
        self.why = why
        self.report = report  # printed before the message: the flow's check errors


@dataclass(frozen=True)
class Start:
    """What the command line asks to start: the flow, where, the facts set, the seed and the roster."""

    flow: Path | None
    default_flow: Path
    at: str | None = None
    set: tuple[str, ...] = ()
    seed: int | None = None
    roster: tuple[Path, ...] | None = None
    ask_computed: bool = False
    learn: bool = False
    npcs: tuple[str, ...] = ()  # `--npc Ogre=aggressive`: combatants whose decisions a tactic proposes
    auto_roll: bool | None = None  # `--roll auto|ask`; None: as saved (a resume), else ask
    autopilot: bool | None = None  # `--autopilot` / `--no-autopilot`; None: as saved, else off

    @property
    def starts(self) -> bool:
        """Whether it asks for a new session (a resume keeps the one it saved)."""
        given = (self.at, self.set, self.seed is not None, self.roster is not None, self.learn, self.npcs)
        return any(given)


@dataclass(frozen=True)
class Prepared:
    """A session ready to play, and how to save it (after every answer)."""

    session: Session
    save: Callable[[bool], None]  # save(sync): write the session file, fsync'd when sync
    path: Path
    notes: tuple[str, ...]  # what resuming noticed, for the game master
    said: tuple[str, ...] = ()  # what the roster's sheets did not say: the flow asks for it (docs/roster.md)
    pilot: Pilot = MANUAL  # what the tool does by itself: the command line's, else the session file's


def prepare(start: Start, resume: Path | None, session_path: Path, option: str) -> Prepared:
    """Load the flow and start a session as `start` says, or resume `resume`; Refused says why not."""
    saved: jr.Journal | None = None
    if resume is not None:
        try:
            saved = saving.read(resume)
        except jr.JournalError as exc:
            raise Refused("bad-session", f"--resume {exc}{LEFT_AS_IT_IS}") from None
    paths = _flow_paths(start, saved, resume)
    _writable(session_path, option)
    program, problems = load_clean(paths)
    if problems is not None:
        shown = " ".join(str(p) for p in paths)
        raise Refused(
            "findings",
            f"{shown}: the flow has errors (see above); fix them and run again (`checklist check {shown}` lists them)",
            report=problems,
        )
    digest = jr.digest(program)
    notes: tuple[str, ...] = ()
    if saved is not None:
        try:
            restored = jr.restore(saved, program, digest)
        except jr.JournalError as exc:
            raise Refused("bad-session", f"--resume {resume}: {exc}{LEFT_AS_IT_IS}") from None
        session, notes = restored.session, restored.notes + _kept_pilot(start, saved)
    else:
        session = _new_session(program, start)
        _refuse_to_clobber(session_path)
    recorded = tuple(str(p.resolve()) for p in paths)
    pilot = _pilot(start, saved)

    def save(sync: bool = True) -> None:
        try:
            saving.write(session_path, jr.snapshot(session, digest, recorded, pilot.auto_roll, pilot.autopilot), sync)
        except OSError as exc:
            raise Refused(
                "usage",
                f"cannot save the session to {session_path}: {exc.strerror or exc}; "
                "the file holds the last answer saved: free some space or make it writable, then "
                f"continue with --resume {session_path}",
            ) from None

    said = session.roster.notes if saved is None and session.roster is not None else ()
    return Prepared(session, save, session_path, notes, said, pilot)


def _pilot(start: Start, saved: jr.Journal | None) -> Pilot:
    """`--roll` and `--autopilot` as given, else as the resumed session was played (else asked, off)."""
    auto_roll = saved.auto_roll if start.auto_roll is None and saved is not None else bool(start.auto_roll)
    autopilot = saved.autopilot if start.autopilot is None and saved is not None else bool(start.autopilot)
    return Pilot(auto_roll, autopilot)


def _kept_pilot(start: Start, saved: jr.Journal) -> tuple[str, ...]:
    """The note that a resume plays on as the session was played, when no flag said otherwise."""
    kept = [flag for flag, on, given in (("--roll auto", saved.auto_roll, start.auto_roll),
            ("--autopilot", saved.autopilot, start.autopilot)) if on and given is None]  # fmt: skip
    if not kept:
        return ()
    undo = ", ".join({"--roll auto": "--roll ask", "--autopilot": "--no-autopilot"}[k] for k in kept)
    return (f"as saved: {', '.join(kept)} ({undo} to stop)",)  # under 80 columns with `note: `


def _flow_paths(start: Start, saved: jr.Journal | None, resume: Path | None) -> list[Path]:
    """The flow to run: FLOW, else the one the session names (where a flow can be), else flow/."""
    if start.flow is not None:
        return [start.flow]
    recorded = [Path(p) for p in saved.paths] if saved is not None else []
    for path in recorded:  # a session file is input too: it may name /etc/passwd or a FIFO
        if not path.is_absolute() or (path.exists() and not _flow_place(path)):
            raise Refused(
                "bad-session",
                f"{resume}: flow.paths names {str(path)[:200]}, which is not a "
                "folder or a .flow file; pass the flow yourself: checklist run FLOW --resume FILE" + LEFT_AS_IT_IS,
            )
    if recorded and all(p.exists() for p in recorded):
        return recorded
    return [start.default_flow]


def _flow_place(path: Path) -> bool:
    if path.is_dir():
        return True
    return path.suffix == ".flow" and stat.S_ISREG(path.stat().st_mode)


def _writable(path: Path, option: str) -> None:
    """Where the session is saved must be a regular file (or none yet) in a folder we can write."""
    folder = path.parent
    if not folder.is_dir():
        raise Refused(
            "usage",
            f"{option} {path}: the folder {folder} does not exist; "
            f"create it (mkdir -p {folder}) or save the session elsewhere with --session FILE",
        )
    if not os.access(folder, os.W_OK | os.X_OK):
        raise Refused(
            "usage",
            f"{option} {path}: cannot write in the folder {folder} (permission denied); "
            "save the session elsewhere with --session FILE",
        )
    if (path.exists() or path.is_symlink()) and not stat.S_ISREG(path.stat().st_mode if path.exists() else 0):
        raise Refused(
            "usage",
            f"{option} {path}: is not a regular file (a folder, FIFO or device); "
            "save the session to a file with --session FILE",
        )


def _refuse_to_clobber(path: Path) -> None:
    if not path.exists():
        return

    try:
        existing = saving.read(path)
    except jr.JournalError:
        raise Refused("bad-session", f"{path} exists and is not a session file; pass --session FILE") from None
    if not existing.finished:
        raise Refused(
            "usage",
            f"{path} holds an unfinished session: continue it with --resume {path}, "
            "or start another with --session FILE",
        )


def _new_session(program: Program, start: Start) -> Session:
    if start.npcs and start.roster is None:
        said = ", ".join(start.npcs)[:80]
        raise Refused("usage", f"--npc {said}: an NPC is a combatant of the roster; give --roster FILE too")
    roster = _roster(start.roster, start.npcs) if start.roster is not None else None
    facts = roster_rules(program, roster)  # the roster file's [rules]; --set wins
    for item in start.set:
        name, equals, value = item.partition("=")
        if not equals or not name.strip() or not value.strip():
            raise Refused("usage", f"--set {item[:80]}: write FACT=VALUE, e.g. --set stunned=no")
        if name.strip() not in program.facts:
            raise Refused(
                "usage",
                f"--set {item[:80]}: no fact `{name.strip()[:40]}` in this flow"
                + (did_you_mean(name.strip(), program.facts) or _some_facts(program)),
            )
        facts[name.strip()] = value.strip()
    at = _step_key(program, start.at) if start.at else None
    seed = start.seed if start.seed is not None else secrets.randbelow(2**31)
    try:
        return Session(
            program, at=at, facts=facts, seed=seed, roster=roster, compute=not start.ask_computed, pause=start.learn
        )
    except (SessionError, BadAnswer) as exc:
        where = "--set" if start.set else _rules_where(roster) if roster is not None and roster.rules else ""
        raise Refused("usage", f"{where}: {exc}" if where else str(exc)) from None


def roster_rules(program: Program, roster: Roster | None) -> dict[str, str]:
    """A roster's `[rules]`: facts the flow asks once per combat (optional rules), set before it starts."""
    if roster is None:
        return {}
    files = dict(roster.rules_from)
    for name, _ in roster.rules:
        decl = program.facts.get(name)
        where = f"--roster {files.get(name, '')}".rstrip()
        if decl is None:
            raise Refused(
                "usage",
                f"{where}: [rules] {visible(name[:40])}: no fact of that name in this flow"
                + did_you_mean(name, program.facts),
            )
        if decl.scope != "combat":
            raise Refused(
                "usage",
                f"{where}: [rules] {visible(name[:40])}: it is asked per {decl.scope}, not once per "
                "combat; [rules] holds options set once (docs/roster.md), --set sets any fact",
            )
    return dict(roster.rules)


def _rules_where(roster: Roster) -> str:
    """`--roster FILE [rules]`: the files whose [rules] were set (a rule's value was refused)."""
    return f"--roster {', '.join(dict.fromkeys(f for _, f in roster.rules_from))} [rules]"


def _some_facts(program: Program) -> str:
    names = sorted(name for name, fact in program.facts.items() if fact.expr is None)
    return f"; facts it asks: {', '.join(names[:8])}{', ...' if len(names) > 8 else ''}" if names else ""


def _roster(paths: tuple[Path, ...], npcs: tuple[str, ...] = ()) -> Roster:
    try:
        roster = load_all(list(paths), npcs)
    except OldFormat as exc:
        raise Refused("old-sheet", str(exc)) from None
    except RosterError as exc:
        raise Refused("usage", str(exc)) from None
    return roster


def _step_key(program: Program, text: str) -> str:
    """`combat.54`, or a bare `54` when only one checklist has a step 54."""
    if text in program.steps:
        return text
    if text.isdigit():
        found = [key for key in program.steps if key.rsplit(".", 1)[-1] == text]
        if len(found) == 1:
            return found[0]
        if found:
            raise Refused(
                "usage",
                f"--at {text}: several checklists have a step {text}: {', '.join(found)}; "
                f"write one of them, e.g. --at {found[0]}",
            )
    raise Refused(
        "usage", f"--at {text[:80]}: no such step (write it like combat.54)" + did_you_mean(text, program.steps)
    )
