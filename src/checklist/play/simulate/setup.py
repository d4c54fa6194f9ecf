"""What `checklist simulate` plays: the flow and the roster, loaded once in each process.

Every combatant follows a tactic: its own, or aggressive (what `run --npc NAME` gives) for one
without. The roster must name its sides (a fight ends when one side is left standing), and each
side must have somebody able to fight; anything else is refused with what to change.
"""

from __future__ import annotations

import hashlib
import re
import shlex
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from checklist.engine import journal as jr
from checklist.engine.scopes import Scopes
from checklist.graph.program import Program
from checklist.model.names import slug
from checklist.play.programs import load_clean
from checklist.play.start import Refused, roster_rules
from checklist.present.conditions import threshold
from checklist.roster.combatants import Roster, RosterError, from_data
from checklist.roster.errors import OldFormat
from checklist.roster.load import load_all

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass

DEFAULT_TACTIC = "aggressive"  # `run --npc NAME` without a tactic: the one a combatant without its own follows
MAX_FIGHTS = 1_000_000  # about 40 hours of one core for duels: more is a sweep (docs/simulate.md)
MAX_ROUNDS = 1000


@dataclass(frozen=True, slots=True)
class Spec:
    """What the command line asks for: plain paths and numbers, cheap to send to a worker process."""

    rosters: tuple[str, ...]  # as typed: `orcs.toml`, `Ogre.gcs@foes`
    flow: tuple[str, ...]  # the flow's files or folders
    flow_given: bool = False  # FLOW was on the command line: the replay command names it too
    rounds: int = 100
    check: bool = False
    keep: str = "."  # where a fight that breaks an invariant is saved
    vary: tuple[str, int] | None = None  # `--vary orc=2..5`, one of its runs: (the combatant, how many of them)


@dataclass(frozen=True, slots=True)
class Setup:
    """The loaded flow and roster, ready to play fights; one per process."""

    spec: Spec
    program: Program
    roster: Roster  # every combatant an NPC
    facts: tuple[tuple[str, str], ...]  # the roster's [rules], set before the fight as `run` sets them
    npcs: tuple[str, ...]  # the combatants given the default tactic: `--npc NAME` in the replay command
    digest: str  # the flow's, for the session file of a fight
    scopes: Scopes  # the flow's scope heads, derived once for every fight

    @property
    def sides(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(self.roster.side(i) for i in range(len(self.roster.sheets))))


def fight_seed(seed: int, index: int) -> int:
    """Fight `index`'s own seed: the same for that fight whatever the number of fights or processes."""
    digest = hashlib.sha256(f"checklist-simulate:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFFFFFF


def load_setup(spec: Spec) -> Setup:
    """The flow and the roster of `spec`; Refused says what is wrong and how to fix it."""
    program, problems = load_clean([Path(p) for p in spec.flow])
    if problems is not None:
        shown = " ".join(spec.flow)
        raise Refused("findings", f"{shown}: the flow has errors (see above); fix them first", report=problems)
    roster, npcs = _roster(spec.rosters)
    if spec.vary is not None:
        roster, npcs = _varied(roster, npcs, *spec.vary)
    _two_sides(program, roster)
    facts = roster_rules(program, roster)
    return Setup(spec, program, roster, tuple(facts.items()), npcs, jr.digest(program), Scopes.derive(program))


def _roster(given: tuple[str, ...]) -> tuple[Roster, tuple[str, ...]]:
    paths = [Path(p) for p in given]
    try:
        plain = load_all(paths)
        npcs = tuple(s.name for s in plain.sheets if not s.tactic)
        roster = load_all(paths, npcs) if npcs else plain
    except OldFormat as exc:
        raise Refused("old-sheet", str(exc)) from None
    except RosterError as exc:
        raise Refused("usage", str(exc)) from None
    return roster, npcs


def _varied(roster: Roster, npcs: tuple[str, ...], name: str, count: int) -> tuple[Roster, tuple[str, ...]]:
    """The roster with `count` of the combatant `name` (`Orc`, or its twins `Orc 1`, `Orc 2`, ...: the
    first of them copied), named `Orc 1` to `Orc N` (`Orc` alone when one)."""
    people: list[dict[str, Any]] = [dict(p) for p in roster.source["combatant"]]
    group = _group(people, name) or (_group(people, name[:-1]) if name.lower().endswith("s") else [])
    if not group:
        names = ", ".join(str(p.get("name")) for p in people)
        raise Refused(
            "usage", f"--vary {name}: no combatant is called {name} (or {name} 1, ...); the roster has: {names}"
        )
    first = people[group[0]]
    base = re.sub(r"\s+\d+$", "", str(first["name"]))
    copies = [{**first, "name": base if count == 1 else f"{base} {n}"} for n in range(1, count + 1)]
    kept = [p for i, p in enumerate(people) if i not in group]
    varied = from_data({"combatant": kept[: group[0]] + copies + kept[group[0] :]}, "the roster")
    twins = {str(first["name"])} | {str(c["name"]) for c in copies}
    new_npcs = tuple(n for n in npcs if n not in twins) + tuple(
        str(c["name"]) for c in copies if str(first["name"]) in npcs
    )
    return replace(varied, rules=roster.rules), new_npcs


def _group(people: list[dict[str, Any]], name: str) -> list[int]:
    wanted = slug(name)
    return [
        i for i, p in enumerate(people) if re.fullmatch(rf"{re.escape(wanted)}(-\d+)?", slug(str(p.get("name", ""))))
    ]


def _two_sides(program: Program, roster: Roster) -> None:
    """Two sides or more, each with somebody who has a weapon (a fist counts: the sheet's `unarmed`) and is
    neither dead nor unconscious, nor at the HP the flow's hp-thresholds table calls dead."""
    fix = 'give each combatant `side = "party"` or `side = "foes"` in the roster, or name the file FILE@SIDE'
    if not any(s.side for s in roster.sheets):
        raise Refused("usage", f"the roster gives no sides: a simulated fight ends when one side is left; {fix}")
    sides: dict[str, list[int]] = {}
    for i in range(len(roster.sheets)):
        sides.setdefault(roster.side(i), []).append(i)
    if len(sides) < 2:
        raise Refused("usage", f"every combatant is on side {next(iter(sides))}: nobody to fight; {fix}")
    for side, members in sides.items():
        able = [i for i in members if roster.standing(i) and roster.sheets[i].weapons and not _dead(program, roster, i)]
        if not able:
            names = ", ".join(roster.sheets[i].name for i in members)
            raise Refused(
                "usage",
                f"side {side} ({names}) has nobody able to fight: each is dead, unconscious or has no weapon; "
                "give one of them current HP above the dead line, or a weapon (a punch: "
                '[[combatant.weapon]] name = "punch", unarmed = true)',
            )


def _dead(program: Program, roster: Roster, i: int) -> bool:
    hp = roster.sheets[i].number("hp")
    return threshold(program, "hp-thresholds", roster.states[i].current_hp, hp) == "dead"


def replay_command(setup: Setup, seed: int, answers: tuple[str, ...] = (), roster: str | None = None) -> str:
    """The `checklist run` command that plays fight `seed` again with the same rolls, and prints its log
    (`roster`: a roster file that holds the combatants, their tactics included: a `--vary` run's)."""
    spec = setup.spec
    words = ["checklist", "run", *(spec.flow if spec.flow_given else ())]
    for path in (roster,) if roster is not None else spec.rosters:
        words += ["--roster", path]
    for name in setup.npcs if roster is None else ():
        words += ["--npc", name]
    words += ["--autopilot", "--roll", "auto", "--seed", str(seed), "--session", f"fight-{seed}.json"]
    command = " ".join(shlex.quote(w) for w in words)
    if not answers:
        return command
    typed = " ".join(shlex.quote(a) for a in answers)
    return f"printf '%s\\n' {typed} > fight-{seed}.answers && {command} --answers fight-{seed}.answers"


def simulate_command(setup: Setup, seed: int) -> str:
    """The `checklist simulate` command of this run (its fights numbered as here)."""
    spec = setup.spec
    words = ["checklist", "simulate", *spec.rosters]
    if spec.flow_given:
        words += ["--flow", *spec.flow]
    if spec.vary is not None:
        words += ["--vary", f"{spec.vary[0]}={spec.vary[1]}..{spec.vary[1]}"]
    words += ["--seed", str(seed), "--rounds", str(spec.rounds)]
    return " ".join(shlex.quote(w) for w in words)
