"""One simulated fight: the flow played from its start with the fight's own seed, the tool taking every
decision (each combatant's tactic) and rolling every die, as `checklist run --autopilot --roll auto`
does (play/pilot.py decides which), until one side is left standing or the round limit.

The Post-Combat Checklist is not played: what it rolls (waking up, bleeding, a mortal wound's
HT rolls) comes after the fight, and the report is about the fight as it ends. The replay command
plays it too; the combat log is the same line for line.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Literal

from checklist.engine import journal as jr
from checklist.engine.questions import BadAnswer, Question
from checklist.engine.session import Session
from checklist.engine.state import SessionError, State
from checklist.engine.trace import Decision
from checklist.graph.memory import gc_paused
from checklist.graph.program import Program
from checklist.play import saving
from checklist.play.pilot import Pilot
from checklist.play.simulate.invariants import Watch, resumes
from checklist.play.simulate.setup import Setup
from checklist.present.conditions import threshold
from checklist.present.fight import fight_events
from checklist.present.simulation import way_down
from checklist.roster.combatants import Roster

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass

End = Literal["over", "rounds", "broken"]
PILOT = Pilot(auto_roll=True, autopilot=True)
AFTER = "post-combat."  # the checklist the flow goes on to once the combat is over (combat.135)
MAX_ANSWERS = 20_000  # per fight, beyond any round limit: a fight that runs past it does not end


@dataclass(frozen=True, slots=True)
class Fighter:
    """One combatant as the fight left them."""

    name: str
    side: str
    hp: int
    max_hp: int
    dead: bool
    unconscious: bool
    reeling: bool  # below 1/3 of their HP (flow/injury.flow, hp-thresholds)


@dataclass(frozen=True, slots=True)
class Outcome:
    """One fight, as the report needs it."""

    index: int  # from 1
    seed: int
    end: End  # over: one side (or none) left standing; rounds: the limit came first; broken: see problems
    winner: str | None  # the side left standing; None for a draw
    rounds: int
    fighters: tuple[Fighter, ...]
    ways: tuple[str, ...]  # how each combatant of the losing sides went down ("major wound, failed knockdown")
    asked: tuple[str, ...] = ()  # answers given to questions no tactic answers (the replay types them)
    problems: tuple[str, ...] = ()  # invariants broken
    saved: str = ""  # the session file of a broken fight
    answers: int = 0  # the session's answers (rolls, the tactics' choices): the engine's work, for the bench


class CombatEnd:
    """An Observer that keeps the roster as the combat ends: the Post-Combat Checklist may wake somebody up
    (B423) in the steps that pass by themselves, before the driver sees the next question."""

    keeps_states = False  # it reads the states it is told of only then: the session may decide visits in place

    def __init__(self) -> None:
        self.roster: Roster | None = None

    def visited(self, step: str) -> None:
        pass

    def decided(self, before: State, decision: Decision, after: State) -> None:
        if self.roster is None and after.step.startswith(AFTER) and not before.step.startswith(AFTER):
            self.roster = after.roster


def play(setup: Setup, index: int, seed: int) -> Outcome:
    """Fight `index` with its seed, from the flow's start to its end. The engine makes no garbage cycles
    (a step's reader lets go of its evaluator), so the collector is kept out of the fight: it would
    only walk the session's states again and again (5% of a duel)."""
    with gc_paused():
        return played(setup, index, seed)[0]


def played(setup: Setup, index: int, seed: int) -> tuple[Outcome, Session]:
    """The fight, and its session (for its combat log)."""
    roster = setup.roster
    ended = CombatEnd()
    session = Session(
        setup.program, facts=dict(setup.facts), seed=seed, roster=roster, pause=False, observers=[ended],
        scopes=setup.scopes,
    )  # fmt: skip
    watch = Watch() if setup.spec.check else None
    asked: list[str] = []
    end: End = "broken"
    problems: list[str] = []
    for _ in range(MAX_ANSWERS):
        state, question = session.state, session.question
        roster = state.roster or roster
        if state.finished is not None or question is None or ended.roster is not None:
            end = "over" if state.finished is None or state.finished.kind == "end" else "broken"
            if end == "broken" and state.finished is not None:
                problems.append(f"the flow stopped at {state.step}: {state.finished.label}")
            break
        if roster.round > setup.spec.rounds:
            end = "rounds"
            break
        if watch is not None:
            watch.asked(roster, question, state.step)
            if question.fact == "defense":
                watch.defends(roster, question, session)
        why = _answer(session, question, asked)
        if why:
            problems.append(why)
            break
    else:
        problems.append(f"the fight did not end in {MAX_ANSWERS} answers")
    if watch is not None:
        problems += watch.problems
        if end != "broken" and (lost := resumes(session, setup.program, setup.digest, _paths(setup))):
            problems.append(lost)
    last = ended.roster or session.state.roster or roster
    return _outcome(setup, session, last, index, end, tuple(asked), tuple(problems)), session


def _answer(session: Session, question: Question, asked: list[str]) -> str:
    """Take the tool's step: roll, the tactic's default, or a game master's answer; why not, if refused."""
    act = PILOT.next(session)
    try:
        if act.kind == "roll":
            session.roll()
        elif act.kind == "default":
            session.answer("")
        else:
            given = fallback(question)
            asked.append(given)
            session.answer(given)
    except (SessionError, BadAnswer) as exc:
        return f"the session refused the tool's answer at {session.state.step}: {exc}"
    return ""


def fallback(question: Question) -> str:
    """A question nobody's tactic answers (whether a missed shot hits somebody else): its default,
    else no, the first choice, 0, as the engine bench answers it."""
    if question.default is not None:
        return question.default
    if question.kind == "yes/no":
        return "no"
    if question.options:
        return str(question.options[0].value)
    return "0"


def _outcome(
    setup: Setup,
    session: Session,
    roster: Roster,
    index: int,
    end: End,
    asked: tuple[str, ...],
    problems: tuple[str, ...],
) -> Outcome:
    fighters = tuple(_fighter(setup.program, roster, i) for i in range(len(roster.sheets)))
    standing = roster.sides_left()  # a mortal wound is down too
    winner = next(iter(standing)) if end == "over" and len(standing) == 1 else None
    ways: tuple[str, ...] = ()
    if winner is not None:
        ways = _ways(session, fighters, winner)
    rounds = min(_last_round(roster) if end == "over" else roster.round, setup.spec.rounds)
    saved = _keep(setup, session, index) if problems else ""
    return Outcome(index, session.seed, end if not problems else "broken", winner, rounds, fighters, ways, asked,
                   problems, saved, len(session.events))  # fmt: skip


def _ways(session: Session, fighters: tuple[Fighter, ...], winner: str) -> tuple[str, ...]:
    """How each loser went down (way_down: from the last damage they took): read from the log of the last round
    when it holds that damage for each (five duels in six), else of the last eight, else of the whole fight
    (most of a log is earlier, and reading it all is a tenth of a duel)."""
    losers = [f for f in fighters if f.side != winner]
    for rounds in (1, 8, None):
        events = fight_events(session, turns=rounds and rounds * len(fighters))
        if all(any(e.who == f.name and e.event == "damage" for e in events) for f in losers):
            break
    return tuple(way_down(events, f.name, f.dead) for f in losers)


def _last_round(roster: Roster) -> int:
    """The round of the turn that ended the combat: the flow passes the turn on (combat.135) before it asks."""
    turn = (roster.round - 1) * len(roster.sheets) + roster.current - 1
    return max(turn, 0) // len(roster.sheets) + 1


def _fighter(program: Program, roster: Roster, i: int) -> Fighter:
    sheet, state = roster.sheets[i], roster.states[i]
    most = sheet.number("hp") or 0
    reeling = threshold(program, "hp-thresholds", state.current_hp, most) not in (None, "fine")
    return Fighter(sheet.name, roster.side(i), state.current_hp, most, state.dead, state.unconscious, reeling)


def _paths(setup: Setup) -> tuple[str, ...]:
    return tuple(str(Path(p).resolve()) for p in setup.spec.flow)


def _keep(setup: Setup, session: Session, index: int) -> str:
    """Save a fight that broke an invariant as a session file that `checklist run --resume` replays."""
    path = Path(setup.spec.keep) / f"simulate-fight-{index}-seed-{session.seed}.json"
    try:
        saving.write(
            path, jr.snapshot(session, setup.digest, _paths(setup), auto_roll=True, autopilot=True), sync=False
        )
    except OSError as exc:
        return f"(not saved: {exc.strerror or exc})"
    return str(path)
