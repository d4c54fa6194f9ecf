"""Stun ends (issue 25, part 3): seed 002, STUNNED: "Must Do Nothing on next turn. All active
defenses at -4, cannot retreat. Roll vs. HT (or IQ) at the end of each turn to act normally."

tests/data/duel-roster.toml: Alice acts first; Bruno (HT 12) starts stunned. By hand: on his turn
he does nothing (combat.2 -> 135) and rolls HT 12 at its end: 12 or less recovers, 13 does not,
and then his next turn is lost too.
"""

from __future__ import annotations

import pytest

from checklist.engine.session import Session
from checklist.graph.program import Program
from checklist.roster.combatants import Roster
from checklist.roster.load import load
from tests.turns import DATA


def stunned_bruno() -> Roster:
    roster = load(DATA / "duel-roster.toml")
    bruno = roster.index("Bruno")
    assert bruno is not None
    return roster.record(bruno, "stunned", "yes")


def to_brunos_roll(session: Session) -> None:
    """Alice does nothing; the combat goes on; Bruno's turn passes to the roll at its end."""
    session.answer("do nothing")
    session.answer("no")  # Is the combat over? (a roster without sides asks)
    question = session.question
    assert question is not None and question.fact == "stun-recovery-dice", question
    trace = [v.step for v in session.state.trace]
    assert trace[-3:] == ["combat.1", "combat.2", "combat.135"]  # Bruno did nothing


@pytest.mark.parametrize(("roll", "still"), [(12, False), (13, True), (3, False), (17, True)])
def test_the_ht_roll_at_the_end_of_the_turn_ends_the_stun(flow: Program, roll: int, still: bool) -> None:
    session = Session(flow, at="combat.1", seed=3, roster=stunned_bruno(), pause=False)
    to_brunos_roll(session)
    session.answer(str(roll))
    known = session.state.known()
    assert known["still-stunned"].value == ("yes" if still else "no")
    assert "against actor-ht 12" in known["stun-recovery"].work
    roster = session.state.roster
    assert roster is not None and roster.states[roster.index("Bruno") or 0].stunned is still


def test_a_failed_roll_loses_the_next_turn_too_and_rolls_again(flow: Program) -> None:
    session = Session(flow, at="combat.1", seed=3, roster=stunned_bruno(), pause=False)
    to_brunos_roll(session)
    session.answer("13")
    session.answer("no")  # the combat goes on
    to_brunos_roll(session)  # Alice does nothing again; Bruno is skipped again
    session.answer("9")
    roster = session.state.roster
    assert roster is not None and not roster.states[roster.index("Bruno") or 0].stunned


def test_nobody_stunned_rolls_nothing(flow: Program) -> None:
    session = Session(flow, at="combat.1", seed=3, roster=load(DATA / "duel-roster.toml"), pause=False)
    session.answer("do nothing")
    session.answer("no")
    question = session.question
    assert question is not None and question.fact == "maneuver"  # Bruno's turn: no roll first
