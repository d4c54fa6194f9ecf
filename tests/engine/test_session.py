"""The session engine, driven directly (no terminal)."""

from __future__ import annotations

import statistics
import time
from pathlib import Path

import pytest

from checklist import load
from checklist.engine.questions import BadAnswer
from checklist.engine.session import Session
from checklist.engine.state import SessionError
from checklist.graph.program import Program
from checklist.model import dice
from tests.turns import PLANS


def ask(session: Session) -> str | None:
    q = session.question
    return None if q is None else (q.fact or q.kind)


def play(session: Session, *answers: str) -> Session:
    for answer in answers:
        session.answer(answer)
    return session


def steps(session: Session) -> list[str]:
    return [v.step for v in session.state.trace]


def test_questions_come_one_at_a_time_and_steps_that_ask_nothing_wait(duel: Program) -> None:
    s = Session(duel, seed=1)
    assert (s.state.step, ask(s)) == ("duel.1", "skill")
    s.answer("12")
    assert (s.state.step, ask(s)) == ("duel.2", "weapon")  # answered, so 1 moved on at once
    s.answer("broadsword")
    assert (s.state.step, ask(s)) == ("duel.3", "continue")  # 3 asks nothing: shown, one key
    assert s.state.decision is not None and s.state.decision.target == "duel.5"
    s.answer("")
    assert (s.state.step, ask(s)) == ("duel.5", "attack")
    assert steps(s) == ["duel.1", "duel.2", "duel.3", "duel.5"]


def test_known_facts_are_used_and_shown_not_asked(duel: Program) -> None:
    s = Session(duel, facts={"skill": "12"})
    assert (s.state.step, ask(s)) == ("duel.1", "continue")
    assert s.state.consulted == ("skill",)
    assert s.overridable() == ["skill"]
    s.answer("")
    assert s.state.trace[0].used == (("skill", 12, "set"),)


def test_and_or_look_at_known_facts_before_asking(duel: Program) -> None:
    s = Session(duel, at="duel.7", facts={"armour": "leather", "dodged": "no"})
    assert ask(s) == "split"  # dodged no; armour leather matches no `when` and falls through
    s.answer("0")  # skip the once split
    # `damage >= 5 and armour != leather`: armour settles it, damage is never asked
    assert (s.state.step, ask(s)) == ("duel.8", "again")
    assert "damage" not in s.state.known()


def test_or_with_a_decisive_known_item(duel: Program) -> None:
    s = Session(duel, at="duel.5", facts={"skill": "5", "attack": "3"})
    s.answer("")
    assert s.state.step == "duel.6"  # attack <= 4 holds
    s = Session(duel, at="duel.5", facts={"skill": "5", "attack": "8"})
    s.answer("")
    assert s.state.step == "duel.8"  # neither side holds: the else


def test_dispatch_by_table_row(duel: Program) -> None:
    s = play(Session(duel), "12", "2")  # row 2: Fist (unarmed)
    assert s.state.step == "duel.4"
    assert s.state.known()["weapon"].value == "fist-unarmed"


def test_split_per_item_with_names_and_branch_local_facts(duel: Program) -> None:
    s = Session(duel, at="duel.6")
    assert ask(s) == "split"
    s.answer("2: Orc, Troll")
    assert (s.state.step, ask(s)) == ("duel.7", "dodged")
    assert s.state.frames[-1].label == "target Orc (1/2)"
    s.answer("yes")  # -> 8, the join: Orc's branch ends
    assert (s.state.step, ask(s)) == ("duel.7", "dodged")  # Orc's answer stayed in Orc's branch
    assert s.state.frames[-1].label == "target Troll (2/2)"
    s.answer("no")
    s.answer("mail")  # armour is a combat fact
    assert (s.state.step, ask(s)) == ("duel.8", "again")  # the split is over; carry on AT 8
    assert s.state.frames == ()
    known = s.state.known()
    assert "dodged" not in known and known["armour"].value == "mail"
    assert [v.branch for v in s.state.trace] == ["", "target Orc (1/2)", "target Troll (2/2)", ""]


def test_zero_items_skip_the_split(duel: Program) -> None:
    s = play(Session(duel, at="duel.6"), "0")
    assert (s.state.step, ask(s)) == ("duel.8", "again")
    assert steps(s) == ["duel.6", "duel.8"]


def test_once_split_comes_back_to_the_next_statement(duel: Program) -> None:
    s = play(Session(duel, at="duel.7", facts={"armour": "none"}, seed=3), "no")
    assert ask(s) == "split"
    s.answer("1")
    assert (s.state.step, ask(s)) == ("duel.10", "continue")
    assert s.state.frames[-1].label == "split from duel.7"
    s.answer("")  # 10 -> 8, the join of the once split: back to 7, after the split
    assert (s.state.step, ask(s), s.state.trace[-1].resumed) == ("duel.7", "damage", True)
    value = s.roll()
    assert value == dice.roll("1d6+2", 3, 0)
    assert s.state.known()["damage"].how == "rolled"
    assert s.state.step == "duel.8"


def test_roll_key_and_typed_rolls(duel: Program) -> None:
    s = play(Session(duel, facts={"skill": "12", "weapon": "broadsword"}, seed=9), "", "", "")
    assert ask(s) == "attack"
    s.answer("r")
    assert s.state.known()["attack"].value == dice.roll("3d6", 9, 0)
    s.undo()
    s.answer("17")
    assert s.state.known()["attack"].value == 17
    with pytest.raises(BadAnswer):
        Session(duel, at="duel.5", facts={"skill": "12"}).answer("19")


def test_end_with_a_label(duel: Program) -> None:
    s = play(Session(duel), "2", "")
    assert s.finished is not None and (s.finished.kind, s.finished.label) == ("end", "nobody can fight")
    assert s.question is None
    with pytest.raises(SessionError):
        s.answer("")


def test_undo_goes_back_to_the_very_start(duel: Program) -> None:
    s = Session(duel, seed=5)
    first = s.state
    play(s, "12", "1", "", "3", "2: A, B", "yes", "no", "leather", "1", "", "", "no")
    assert s.finished is not None
    while s.undo():
        pass
    assert s.state == first and s.events == []
    assert not s.undo()


def test_override_a_known_fact_reruns_the_step(flow: Program) -> None:
    s = Session(flow, at="combat.2", facts={"stunned": "yes"})
    assert ask(s) == "continue" and s.state.decision is not None and s.state.decision.target == "combat.135"
    s.override("stunned")
    assert ask(s) == "stunned" and s.question is not None and s.question.override
    s.answer("no")
    assert s.state.step == "combat.3"
    assert s.state.known()["stunned"].how == "override"
    with pytest.raises(SessionError):
        s.override("no-such-fact")


def test_new_turn_forgets_turn_facts_even_set_ones(flow: Program) -> None:
    s = Session(flow, at="combat.135", facts={"stunned": "yes", "grip-rules": "yes"})
    s.answer("no")  # combat not over -> 1, the turn's head
    assert s.state.step == "combat.1"
    assert set(s.state.known()) == {"grip-rules", "incapacitated"}  # worked out anew at combat.1 (no roster: no)


def test_a_loop_asks_again_what_was_asked_at_the_step(duel: Program) -> None:
    s = play(Session(duel, facts={"armour": "none"}), "12", "1", "", "3", "0", "yes")
    assert (s.state.step, ask(s)) == ("duel.1", "continue")  # skill is a combat fact: kept
    s.answer("")
    assert (s.state.step, ask(s)) == ("duel.2", "weapon")  # asked here before: asked again
    assert "attack" not in s.state.known() and "again" not in s.state.known()


def test_return_outside_a_split_stops_the_run(tmp_path: Path) -> None:
    path = tmp_path / "stuck.flow"
    path.write_text('checklist t "T"\nstart 1\nstep 1 "A"\n  return\n', encoding="utf-8")
    s = Session(load(path))
    assert s.finished is not None and s.finished.kind == "stuck"
    assert "no split" in s.finished.label


def test_bad_starts(flow: Program) -> None:
    with pytest.raises(SessionError, match="no step"):
        Session(flow, at="combat.999")
    with pytest.raises(SessionError, match="no fact"):
        Session(flow, facts={"nonsense": "yes"})
    with pytest.raises(BadAnswer):
        Session(flow, facts={"stunned": "perhaps"})


def test_replay_gives_the_same_state(duel: Program) -> None:
    s = play(Session(duel, seed=11), "12", "1", "", "r")
    play(s, *(["2: A, B", "yes", "no", "leather", "1", ""] if s.state.step == "duel.6" else ["yes"]))
    copy = Session(duel, seed=11)
    for event in s.events:
        copy.replay(event)
    assert copy.state == s.state


def test_replay_refuses_an_event_that_does_not_fit(duel: Program) -> None:
    s = play(Session(duel), "12")
    other = Session(duel, at="duel.6")
    with pytest.raises(SessionError):
        other.replay(s.events[0])


def test_an_answer_takes_under_5_ms(flow: Program) -> None:
    from checklist.play import testplan

    plan = testplan.read(PLANS / "melee-turn.testplan")
    s = Session(flow, at=plan.at, seed=plan.seed)
    answers = [line.value for line in plan.lines if line.key == "answer"]
    times = []
    for answer in answers:
        start = time.process_time()  # CPU time: other work on the machine does not count
        s.answer(answer)
        times.append(time.process_time() - start)
    assert len(answers) > 60
    assert statistics.median(times) < 0.005, max(times)
