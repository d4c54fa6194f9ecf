"""`o FACT` on an answer the run took since the last answer re-runs from there (issue: the table turn).

The table view lists what it assumed on the next screen (`assumed: drops-weapon no ...
(o NAME changes one)`). The steps that read those facts have passed by: a route was taken and
states were recorded with the old value. Changing one re-runs the last answer with the new
value, so the route and the roster follow it.
"""

from __future__ import annotations

import json
import random

import pytest

from checklist.engine import journal as jr
from checklist.engine.questions import BadAnswer
from checklist.engine.reader import Reader
from checklist.engine.session import Session
from checklist.engine.state import SessionError
from checklist.graph.program import Program
from checklist.present.passing import assumed_since, passed_steps
from checklist.present.screen import screen
from checklist.roster.load import load
from tests.fuzz.test_random_sessions import good_answer
from tests.present.test_table_turn import answer_until, table_view
from tests.turns import DATA


def steps(session: Session) -> list[str]:
    return [v.step for v in session.state.trace]


def test_an_assumed_answer_before_the_first_question_reroutes_from_the_start(flow: Program) -> None:
    """Step 5: "If dropping the weapon, go to 9" (flow: drops-weapon -> 9); assumed no, it went
    on to 6. Overridden to yes at the maneuver question, the run goes 5 -> 9 and skips 6."""
    session = table_view(flow, DATA / "duel-roster.toml")
    assert ("drops-weapon", "no") in assumed_since(session) and "combat.6" in steps(session)
    session.override("drops-weapon")
    session.answer("yes")
    assert session.state.step == "combat.11" and "combat.6" not in steps(session)
    assert passed_steps(session) == ("2", "3", "4", "5", "9", "10")  # the next screen shows the new route
    assert ("drops-weapon", "no") not in assumed_since(session)
    known = session.state.known()["drops-weapon"]
    assert known.value == "yes" and known.how == "override" and known.step == "combat.5"


def test_an_assumed_answer_after_an_answer_reroutes_from_that_answer(flow: Program) -> None:
    """Step 33: attacking someone behind goes to 35, not 34. Assumed no after `attack`; overridden
    to yes, the same answer is run again with it. Undo goes back to before the override, and a
    saved session replays to the same place."""
    session = table_view(flow, DATA / "duel-roster.toml")
    session.answer("attack")
    assert "combat.34" in steps(session)
    before = session.state
    session.override("attacking-behind")
    session.answer("yes")
    after = steps(session)
    assert after[after.index("combat.33") + 1] == "combat.35" and session.state.step == before.step
    saved = jr.snapshot(session, jr.digest(flow), ())
    resumed = jr.restore(jr.parse(json.loads(jr.dumps(saved))), flow, jr.digest(flow)).session
    assert steps(resumed) == after
    session.undo()
    session.undo()
    assert session.state == before


def test_an_override_of_a_fact_read_at_this_step_does_not_rerun(flow: Program) -> None:
    """A fact the current step reads (here, the question pending at 53) is changed here, as before:
    the route so far stays, and the run goes on from this step."""
    session = table_view(flow, DATA / "duel-roster.toml")
    session.answer("attack")
    trace = steps(session)
    session.override("aimed-location")
    session.answer("skull")
    assert steps(session)[: len(trace)] == trace and session.state.step == "combat.54"
    assert session.state.known()["aimed-location"].value == "skull"


@pytest.mark.parametrize("seed", [79, 201])
def test_a_ledger_line_forgotten_after_an_override_is_asked_not_refused(flow: Program, seed: int) -> None:
    """Random walks from combat.132 without a roster (found by a walk like tests/fuzz's): after an
    override, a ledger's sum read a line whose input was forgotten (`aim-turns`, or a line worked
    out from the roster) and every answer was refused until `b`. Now that line is asked."""
    rng = random.Random(seed)
    session = Session(flow, at="combat.132", seed=seed, pause=rng.random() < 0.5)
    refused = 0
    for _ in range(300):
        question = session.question
        if question is None:
            break
        if rng.random() < 0.05 and session.overridable():
            session.override(rng.choice(session.overridable()))
            continue
        try:
            session.answer(good_answer(question, rng))
            refused = 0
        except SessionError:
            refused += 1
            assert refused < 8, f"stuck at {session.state.step} on {question.fact}"
        except BadAnswer:
            pass


def test_an_override_concerns_this_turn_not_the_last_one(flow: Program) -> None:
    """`stunned` is a per-turn fact: the playtest's `o stunned` at Donn's maneuver, answered `no`, was taken
    where the re-run first read `stunned`: at the end of the Ogre's turn before (combat.135, `record
    actor.stunned = if stunned and not failed-consciousness then still-stunned else actor.stunned`), where
    it left the Ogre stunned although his HT roll to recover had succeeded (B420).

    Here Bruno is stunned and it is his turn: he does nothing (combat.2), and at its end rolls HT 12 to
    recover: 5 succeeds, so he is no longer stunned. At Alice's maneuver (her turn, next), `o stunned` is
    Alice's: `no` leaves Bruno recovered, and Alice's turn is re-run from its start with it."""
    from checklist.roster.load import load

    roster = load(DATA / "duel-sides.toml")  # with sides, the tool sees the fight is not over: no question
    bruno = roster.index("Bruno") or 0
    roster = roster.record(bruno, "stunned", "yes")
    while roster.current != bruno:
        roster = roster.next_turn()
    session = Session(flow, at="combat.1", seed=11, roster=roster, pause=False)
    asked: list[str] = []
    for _ in range(20):
        question = session.question
        assert question is not None
        if question.fact == "maneuver" and session.state.roster is not None and session.state.roster.current != bruno:
            break
        asked.append(question.fact or question.kind)
        session.answer("5" if question.fact == "stun-recovery-dice" else "no" if question.kind == "yes/no" else "")
    else:
        raise AssertionError(f"Alice's maneuver was never asked: {asked}")
    after = session.state.roster
    assert "stun-recovery-dice" in asked and after is not None and after.get(bruno, "stunned") == "no"  # recovered
    session.override("stunned")
    session.answer("no")
    again = session.state.roster
    assert again is not None and again.get(bruno, "stunned") == "no"
    assert session.question is not None and session.question.fact == "maneuver"


def _to_bruno_maneuver(flow: Program) -> Session:
    """The duel with sides: Alice attacks (the tool rolls; Bruno parries), to Bruno's maneuver."""
    from checklist.roster.load import load

    session = Session(flow, at="combat.1", seed=11, roster=load(DATA / "duel-sides.toml"), pause=False)
    alice = session.state.roster.current if session.state.roster is not None else 0
    for _ in range(80):
        question, roster = session.question, session.state.roster
        assert question is not None and roster is not None
        if question.fact == "maneuver" and roster.current != alice:
            return session
        if question.kind == "roll":
            session.roll()
        elif question.fact == "maneuver":
            session.answer("attack")
        elif question.kind == "yes/no":
            session.answer("no")
        else:
            session.answer(question.options[0].value if question.options else "")
    raise AssertionError("Bruno's maneuver was never asked")


def _taken(session: Session, fact: str) -> list[tuple[str, str]]:
    """Where the re-run took an override of `fact`: (step, whose turn)."""
    roster = session.state.roster
    assert roster is not None
    return [(v.step, v.branch) for v in session.state.trace for n, _, how in v.used if n == fact and how == "override"]


def test_two_overrides_in_a_row_each_take_their_own_instance(flow: Program) -> None:
    """The reviewer's case: `o stunned yes` at Bruno's maneuver, then `o gun-fright-rules yes` (a per-combat
    rule read at Alice's combat.123, in the attack before). The second re-runs the first's answer: `stunned`
    must still be taken in Bruno's turn only (his combat.2, not Alice's 135), and gun fright at 123, which
    now goes on to 124 (gun fright's step). Counting the turn's heads, not visits, keeps each in place when
    the other changes the path."""
    session = _to_bruno_maneuver(flow)
    session.override("stunned")
    session.answer("yes")
    assert [step for step, _ in _taken(session, "stunned")] == ["combat.2"]
    session.override("gun-fright-rules")
    session.answer("yes")
    assert [step for step, _ in _taken(session, "stunned")] == ["combat.2"]
    assert [step for step, _ in _taken(session, "gun-fright-rules")] == ["combat.123"]
    assert "combat.124" in steps(session)
    roster = session.state.roster
    assert roster is not None and roster.current == (roster.index("Bruno") or 0)  # stunned: Bruno's HT roll
    assert session.question is not None and session.question.fact == "stun-recovery-dice"


def test_an_override_says_the_value_known_now_and_enter_keeps_it(flow: Program) -> None:
    """The playtest: `o stunned` asked "Is the combatant stunned?" without saying what the tool held, and
    the game master typed `no` to leave it. The question now ends `(now: no)`, and Enter keeps it: the
    route and the facts are those of before. A fact not known yet says nothing more; a roll's dice are
    typed, so Enter keeps nothing there."""
    session = table_view(flow, DATA / "duel-roster.toml")
    before = steps(session)
    session.override("drops-weapon")
    question = session.question
    assert question is not None and question.override
    assert question.text.endswith("(now: no)") and question.default == "no"
    session.answer(question.default)
    assert steps(session) == before and session.state.known()["drops-weapon"].value == "no"
    session.override("range-yards")  # asked at a ranged attack only: not known here
    question = session.question
    assert question is not None and "(now:" not in question.text and question.default is None


def test_enter_at_an_override_keeps_a_worked_out_value_following_its_inputs(flow: Program) -> None:
    """Enter at `o final-skill (now: 15)` keeps 15 as it is: worked out, not pinned as an override. Alice's
    base skill is 15 (broadsword) at the torso with nothing else: final skill 15. Overridden to 10 next, the
    final skill follows it (10), as it would have without the Enter; the run is back at Bruno's defense."""
    session = table_view(flow, DATA / "duel-roster.toml")
    answer_until(session, "defense", {"maneuver": "attack", "target": "", "aimed-location": "torso"})
    events = list(session.events)
    session.override("final-skill")
    assert session.question is not None and session.question.text.endswith("(now: 15)")
    session.answer("")
    assert session.events == events and session.question is not None and session.question.fact == "defense"
    assert session.state.known()["final-skill"].how == "computed"
    session.override("base-skill")
    session.answer("10")
    reader = Reader.of(flow, session.state)
    assert reader.read("final-skill") == 10 and reader.read("effective-skill") == 10
    reader.release()


def test_an_override_given_before_its_scope_begins_is_kept_for_it(flow: Program) -> None:
    """`o feint-defense` at the attack roll (the playtest: a feint's -3, typed there, was dropped without a word
    when the defender's branch began, as `per defender` facts are): the defender branch that follows takes it.
    By hand, Bruno (Dodge 8, Parry 9) defends at dodge 8 - 3 = 5 and parry 9 - 3 = 6; the next attack's defense
    is his own again (8 and 9). The saved session resumes to the same menu."""
    session = table_view(flow, DATA / "duel-roster.toml")
    answer_until(session, "attack-dice", {"maneuver": "attack", "aimed-location": "torso"})
    session.override("feint-defense")
    session.answer("-3")
    session.answer("10")  # Alice hits (10 against 15)
    assert session.question is not None and session.question.fact == "defense"
    assert {c.value: c.score for c in screen(session).question.choices} == {"dodge": 5, "parry": 6, "none": None}  # type: ignore[union-attr]
    saved = jr.snapshot(session, jr.digest(flow), ())
    resumed = jr.restore(jr.parse(json.loads(jr.dumps(saved))), flow, jr.digest(flow)).session
    assert {c.value: c.score for c in screen(resumed).question.choices}["parry"] == 6  # type: ignore[union-attr]
    answer_until(session, "combat-over", {"defense": "none", "damage-roll": "3"})
    session.answer("no")  # Bruno's turn: he does nothing; then Alice attacks again
    answer_until(session, "combat-over", {"maneuver": "do-nothing-b364"})
    session.answer("no")
    answer_until(session, "defense", {"maneuver": "attack", "aimed-location": "torso", "attack-dice": "10"})
    assert {c.value: c.score for c in screen(session).question.choices} == {"dodge": 8, "parry": 9, "none": None}  # type: ignore[union-attr]


def test_an_override_before_the_attack_answers_its_question(flow: Program) -> None:
    """`o aimed-location` at the maneuver question, `skull`: the attack that follows is aimed there, not asked."""
    session = table_view(flow, DATA / "duel-roster.toml")
    assert session.question is not None and session.question.fact == "maneuver"
    session.override("aimed-location")
    session.answer("skull")
    session.answer("attack")
    assert session.question is not None and session.question.fact == "attack-dice"
    assert session.state.value("aimed-location") == "skull"
    assert session.state.value("location-penalty") == -7  # B552: the skull, -7


def test_an_override_for_the_second_attack_of_a_turn_is_kept_for_its_defense(flow: Program) -> None:
    """A second attack (131 -> 28) does not pass the attack's head: `o feint-defense` -3 at 131, after the first
    attack's defender branch, still reaches the second's defense (Bruno: dodge 8 - 3, parry 9 - 3; the review)."""
    session = table_view(flow, DATA / "duel-roster.toml")
    session.override("attacks-left")
    session.answer("yes")
    answer_until(session, "attack-still-left", {"maneuver": "attack", "aimed-location": "torso", "attack-dice": "17"})
    session.override("feint-defense")
    session.answer("-3")
    session.answer("yes")
    answer_until(session, "defense", {"aimed-location": "torso", "attack-dice": "8", "attacks-left": "no"})
    assert {c.value: c.score for c in screen(session).question.choices} == {"dodge": 5, "parry": 6, "none": None}  # type: ignore[union-attr]


def test_an_override_in_a_run_started_mid_turn_is_this_turns(flow: Program) -> None:
    """A run started at combat.11 is inside Alice's turn: `o drops-weapon` there is this turn's, and Bruno's turn
    does not inherit it (his mace stays in hand; the review)."""
    session = Session(flow, at="combat.11", seed=11, roster=load(DATA / "duel-roster.toml"), pause=False)
    session.override("drops-weapon")
    session.answer("yes")
    assert session.state.spare == frozenset()
    answer_until(session, "combat-over", {"maneuver": "do-nothing-b364"})
    session.answer("no")
    answer_until(session, "combat-over", {"maneuver": "do-nothing-b364"})
    roster = session.state.roster
    assert roster is not None and roster.states[roster.index("Bruno") or 0].in_hand == "mace"
