"""`e` ends the fight early (issue 25: "The game master can still end it early with one key"): the
foes fled or surrendered. tests/data/duel-roster.toml gives no sides, so whether the combat is over
is the game master's at the end of each turn; `e` answers it for them, now or at the turn's end."""

from __future__ import annotations

from checklist.engine.session import Session
from checklist.graph.program import Program
from checklist.play.commands import Commands
from checklist.roster.load import load
from tests.turns import DATA

ALICE_HITS = ["attack", "", "9", "none", "5"]  # Alice: Attack, torso, hits, Bruno does not defend, 5 cut


def duel(flow: Program) -> tuple[Session, Commands]:
    session = Session(flow, at="combat.1", seed=11, roster=load(DATA / "duel-roster.toml"), pause=False)
    return session, Commands(session, lambda: None)


def test_at_the_end_of_a_turn_e_ends_the_fight_at_once(flow: Program) -> None:
    session, commands = duel(flow)
    for answer in ALICE_HITS:
        commands.answer(answer)
    assert session.question is not None and session.question.fact == "combat-over"  # asked: no sides
    reply = commands.handle("e")
    assert reply.errors == () and reply.done == ""
    assert session.finished is not None and session.finished.kind == "end"
    assert session.state.step.startswith("post-combat.")


def test_mid_turn_e_ends_the_fight_when_the_turn_ends(flow: Program) -> None:
    session, commands = duel(flow)
    commands.answer("attack")
    reply = commands.handle("e")
    assert reply.errors == () and reply.done == "the fight ends at the end of this turn"
    assert session.question is not None and session.question.fact == "aimed-location"  # the turn goes on
    for answer in ALICE_HITS[1:]:
        commands.answer(answer)
    assert session.finished is not None and session.state.step.startswith("post-combat.")  # not asked again


def test_e_after_the_end_says_the_flow_stopped(flow: Program) -> None:
    session, commands = duel(flow)
    for answer in [*ALICE_HITS, "yes"]:
        commands.answer(answer)
    assert session.finished is not None
    assert commands.handle("e").errors == ("the flow stopped here: b goes back, q saves and quits",)
