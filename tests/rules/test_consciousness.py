"""One roll to stay conscious per turn (issue 25, item 3.1).

Seed 002, HIT POINTS: "0 HP or less: Also, make a HT roll every turn, at -1 per full multiple of
HP below zero or pass out unless you Do Nothing." Seed 004, Loss of HP: "You must roll vs. HT each
turn to avoid falling unconscious", where going to -HP calls for "an immediate HT roll to avoid
dying". B419: the roll is made at the start of the next turn. So RAW is one roll on each of the
combatant's own turns, at its start (seed 003 step 1, "Check to stay conscious if at 0 HP or
worse"); the injury that takes them to 0 HP or less rolls nothing (step 118's "Roll against HT to
remain conscious" is an erratum), however many injuries land before their turn; only the death
check is rolled at once (step 116).

By hand, tests/data/duel-roster.toml (Alice acts first; Bruno HT 12, HP 13, Parry 9, DR 2 on the
torso): Bruno starts at 2 HP. Alice's broadsword: 10 against 15 hits; Bruno's parry, 15 against 9,
fails; 8 cut - DR 2 = 6, x1.5 = 9 injury: 2 - 9 = -7 HP. A major wound (9 > 13/2): knockdown
against HT 12, 10 succeeds. No death check (-7 is above -13). Step 116 -> 118 -> 119, no roll.
Bruno's turn: the one roll, HT 12 - 0 (7 HP below zero is no full multiple of 13) = 12: 12 stays
awake and chooses a maneuver; 13 passes out (lying, the turn ends at once: combat.1 -> 135, and
Alice, alone standing, has won).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest

from checklist.engine.session import Session
from checklist.graph.program import Program
from checklist.roster.combatants import Condition, Roster
from checklist.roster.load import load
from tests.turns import DATA

HIT = {"maneuver": "attack", "aimed-location": "torso", "attack-dice": "10", "defense": "parry", "defense-dice": "15",
       "damage-roll": "8", "knockdown-dice": "10"}  # fmt: skip


def at_hp(path: Path, who: str, hp: int) -> Roster:
    roster = load(path)
    index = roster.index(who)
    assert index is not None
    return roster.record(index, "current-hp", hp)


def state(session: Session, who: str) -> Condition:
    roster = session.state.roster
    assert roster is not None
    return roster.states[roster.index(who) or 0]


def play_turn(session: Session, answers: Mapping[str, str | Sequence[str]]) -> list[str]:
    """Answer until the end-of-turn question (a list answers a fact asked once per hit); the facts asked."""
    queue = {fact: [value] if isinstance(value, str) else list(value) for fact, value in answers.items()}
    asked: list[str] = []
    for _ in range(120):
        question = session.question
        assert question is not None, "the flow ended"
        fact = question.fact or question.kind
        if fact == "combat-over":
            return asked
        asked.append(fact)
        assert queue.get(fact), f"{fact} was asked ({question.text}) and the test has no answer left for it"
        session.answer(queue[fact].pop(0))
    raise AssertionError("the turn did not end")


def hit_to_minus_7(flow: Program) -> tuple[Session, list[str]]:
    session = Session(flow, at="combat.1", seed=11, roster=at_hp(DATA / "duel-roster.toml", "Bruno", 2), pause=False)
    return session, play_turn(session, HIT)


def test_the_injury_to_0_hp_or_less_rolls_nothing_then_the_targets_turn_rolls_once(flow: Program) -> None:
    session, asked = hit_to_minus_7(flow)
    assert state(session, "Bruno").current_hp == -7
    assert "combat.118" in [v.step for v in session.state.trace]  # the step is visited, and rolls nothing
    assert [fact for fact in asked if fact.endswith("-dice") or fact == "damage-roll"] == [
        "attack-dice", "defense-dice", "damage-roll", "knockdown-dice"]  # fmt: skip
    assert not state(session, "Bruno").unconscious
    session.answer("no")  # the combat goes on: Bruno's turn
    question = session.question
    assert question is not None and question.fact == "consciousness-dice"
    session.answer("12")
    known = session.state.known()
    assert known["consciousness-outcome"].value == "success" and "against (actor-ht 12 - actor-depth 0)" in (
        known["consciousness-outcome"].work
    )
    question = session.question
    assert question is not None and question.fact == "maneuver"  # awake: he acts, with no second roll


def test_a_failed_roll_on_the_targets_turn_ends_it_lying(flow: Program) -> None:
    session, _ = hit_to_minus_7(flow)
    session.answer("no")
    session.answer("13")  # against 12: a failure
    bruno = state(session, "Bruno")
    assert bruno.unconscious and bruno.posture == "lying"
    steps = [v.step for v in session.state.trace]
    last_turn = steps[len(steps) - 1 - steps[::-1].index("combat.1") :]
    assert last_turn[:2] == ["combat.1", "combat.135"]  # then, Alice alone standing, the fight is over


def test_the_roll_comes_again_on_each_of_the_targets_turns_and_only_then(flow: Program) -> None:
    """Seed 002: "make a HT roll every turn". Bruno makes it (12) and does nothing; Alice does
    nothing (no roll of Bruno's in her turn); Bruno's next turn rolls again: one roll a turn."""
    session, _ = hit_to_minus_7(flow)
    session.answer("no")
    asked = play_turn(session, {"consciousness-dice": "12", "maneuver": "do nothing"})
    assert asked == ["consciousness-dice", "maneuver"]
    session.answer("no")
    assert play_turn(session, {"maneuver": "do nothing"}) == ["maneuver"]  # Alice's turn
    session.answer("no")
    asked = play_turn(session, {"consciousness-dice": "9", "maneuver": "do nothing"})
    assert asked == ["consciousness-dice", "maneuver"]


@pytest.mark.parametrize(("dice", "out"), [("12", False), ("13", True)])
def test_three_injuries_before_the_targets_turn_are_one_roll(flow: Program, dice: str, out: bool) -> None:
    """The same turn: tests/data/rapid-fire.toml, Bruno at 5 HP. Dana's burst (tests/rules/
    test_rapid_fire.py: skill 14 - 4 range = 10, roll 6: 1 + 4 // Rcl 2 = 3 hits); Bruno's Dodge 8
    fails on 12: all 3 land. Damage 7, 4, 10 pi to the torso (DR 2, x1): injury 5, 2, 8; HP 5 -> 0
    -> -2 -> -10: three injuries at 0 HP or less, and step 118 three times, none of them rolling.
    The third (8 > 6.5) is a major wound: knockdown against HT 12, 10 succeeds. No death check (-10
    is above -13). Bruno's turn: one roll, HT 12 - 0 (10 below zero is no full multiple of 13)."""
    session = Session(flow, at="combat.1", seed=1, roster=at_hp(DATA / "rapid-fire.toml", "Bruno", 5), pause=False)
    asked = play_turn(session, {"maneuver": "attack", "shots": "3", "range-yards": "10", "aimed-location": "torso",
                                "attack-dice": "6", "defense": "dodge", "defense-dice": "12",
                                "damage-roll": ["7", "4", "10"], "knockdown-dice": "10"})  # fmt: skip
    assert asked.count("damage-roll") == 3 and "consciousness-dice" not in asked
    assert [v.step for v in session.state.trace].count("combat.118") == 3
    assert state(session, "Bruno").current_hp == -10
    session.answer("no")
    question = session.question
    assert question is not None and question.fact == "consciousness-dice"
    session.answer(dice)
    assert "against (actor-ht 12 - actor-depth 0)" in session.state.known()["consciousness-outcome"].work
    assert state(session, "Bruno").unconscious is out
    question = session.question  # out: the turn is over at once, and with it the fight (Dana alone stands):
    assert question is not None  # post-combat's HT roll to awaken at -10 HP (B423), else Bruno's maneuver
    assert question.fact == ("awakening-dice" if out else "maneuver") and session.state.step.startswith(
        "post-combat" if out else "combat"
    )
