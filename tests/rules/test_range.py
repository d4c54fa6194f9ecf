"""Range typed in yards (GURPS issue 25, item 5): the game master types the distance (and, if the
target moves, its speed in yards per second); the flow looks the modifier up on B550's Size and
Speed/Range Table (flow/rules.flow, `speed-range`) and adds it to the effective skill at step 50.

B550, the speed/range column, worked out by hand: 2 yd or less 0, 3 -1, 5 -2, 7 -3, 10 -4, 15 -5,
20 -6, 30 -7, 50 -8, 70 -9, 100 -10, 150 -11, 200 -12, 300 -13, 500 -14, 700 -15, 1000 -16,
1500 -17, 2000 -18, 3000 -19, 5000 -20. A distance between two entries takes the next larger
entry's modifier: 4 yd is -2 (the 5 yd entry), 8 yd -4 (10), 101 yd -11 (150). Speed and range are
added before the look-up: 10 yd/s at 10 yd is 20, -6.

Dana (Guns 14, a submachine gun, Acc 3; tests/data/rapid-fire.toml) fires one shot at Bruno, who
has not been aimed at: effective skill = 14 + the range modifier, every other line 0.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from checklist.engine.reader import Reader
from checklist.engine.session import Session
from checklist.engine.state import Known
from checklist.graph.program import Program
from checklist.roster.load import load
from tests.present.test_table_turn import answer_until, table_view
from tests.turns import DATA

SHOOTER = DATA / "rapid-fire.toml"  # Dana, Guns 14, shoots first
SHOT = {"maneuver": "attack", "shots": "1", "aimed-location": "torso"}

# (yards, yards per second, modifier), by hand from B550's table (the module docstring)
HAND_WORKED = [
    (0, 0, 0),
    (2, 0, 0),
    (3, 0, -1),
    (4, 0, -2),
    (5, 0, -2),
    (7, 0, -3),
    (8, 0, -4),
    (10, 0, -4),
    (11, 0, -5),
    (100, 0, -10),
    (101, 0, -11),
    (500, 0, -14),
    (501, 0, -15),
    (4999, 0, -20),
    (5000, 0, -20),
    (10, 10, -6),  # 10 + 10 = 20: the 20 yd entry
    (2, 1, -1),  # 2 + 1 = 3: still or not, a moving target is harder
    (1000, 500, -17),  # 1500
]

# each entry of B550's speed/range column, and the modifier one yard past it (the next entry's)
ENTRIES = [2, 3, 5, 7, 10, 15, 20, 30, 50, 70, 100, 150, 200, 300, 500, 700, 1000, 1500, 2000, 3000, 5000]


def reader(flow: Program, yards: int, speed: int) -> Reader:
    facts = (
        Known("range-yards", yards, "attack", "asked", "combat.50", 1),
        Known("target-speed", speed, "attack", "asked", "combat.50", 2),
    )
    return Reader(flow, facts, "combat.50", 100)


@pytest.mark.parametrize(("yards", "speed", "modifier"), HAND_WORKED)
def test_the_modifier_is_looked_up_from_range_plus_speed(flow: Program, yards: int, speed: int, modifier: int) -> None:
    assert reader(flow, yards, speed).read("range-modifier") == modifier


def test_each_entry_gives_its_modifier_and_one_yard_more_the_next(flow: Program) -> None:
    """The n-th entry (counting from 0) is -n; a yard past it rounds up to the next entry, -(n + 1)."""
    at = [reader(flow, yards, 0).read("range-modifier") for yards in ENTRIES]
    past = [reader(flow, yards + 1, 0).read("range-modifier") for yards in ENTRIES[:-1]]
    assert at == [-n for n in range(21)]
    assert past == [-n for n in range(1, 21)]


@pytest.mark.parametrize(("yards", "speed"), [(5001, 0), (6000, 0), (4990, 20), (-3, 0)])
def test_beyond_5000_yards_or_below_0_the_modifier_is_not_guessed(flow: Program, yards: int, speed: int) -> None:
    """The table ends at 5000 yards (-20); past it, and for a negative distance, the cell is `-`:
    the fact has no value, and says why (the run asks the game master, see below)."""
    looking = reader(flow, yards, speed)
    assert looking.read("range-modifier") is None
    assert f"range-yards {yards} + target-speed {speed}" in looking.failed["range-modifier"]
    assert "gives no value" in looking.failed["range-modifier"]


def shot_at(flow: Program, yards: str) -> Session:
    """Dana's single shot, answered up to the attack roll."""
    session = table_view(flow, SHOOTER, seed=1)
    asked = answer_until(session, "attack-dice", {**SHOT, "range-yards": yards})
    assert "range-yards" in asked and "range-modifier" not in asked and "target-speed" not in asked
    return session


@pytest.mark.parametrize(("yards", "modifier"), [("4", -2), ("7", -3), ("8", -4), ("100", -10), ("101", -11)])
def test_the_typed_distance_changes_the_effective_skill(flow: Program, yards: str, modifier: int) -> None:
    """Guns 14 + the modifier: 4 yd 14 - 2 = 12, 7 yd 11, 8 yd 10, 100 yd 4, 101 yd 3. The line is
    the ledger's, added at step 50 (B550)."""
    known = shot_at(flow, yards).state.known()
    assert known["range-modifier"].value == modifier and known["range-modifier"].how == "computed"
    assert known["target-speed"].value == 0 and known["target-speed"].how == "assumed"
    assert ("range-modifier", "combat.50") in known["effective-skill"].lines
    assert known["effective-skill"].value == 14 + modifier and known["final-skill"].value == 14 + modifier


def test_a_moving_targets_speed_is_added_to_the_range(flow: Program) -> None:
    """Bruno runs at 10 yd/s, 10 yd away (`o target-speed`): 10 + 10 = 20, -6 (not 10's -4).
    Skill 14 - 6 = 8."""
    session = table_view(flow, SHOOTER, seed=1)
    answer_until(session, "range-yards", SHOT)
    session.override("target-speed")
    session.answer("10")
    answer_until(session, "attack-dice", {**SHOT, "range-yards": "10"})
    known = session.state.known()
    assert known["target-speed"].value == 10 and known["range-modifier"].value == -6
    assert known["effective-skill"].value == 8


def test_past_the_table_the_game_master_types_the_modifier(flow: Program) -> None:
    """6000 yards is past the table's 5000: the modifier is asked, with the reason, and what is
    typed (-21) goes into the ledger: 14 - 21 = -7."""
    session = table_view(flow, SHOOTER, seed=1)
    answer_until(session, "range-modifier", {**SHOT, "range-yards": "6000"})
    question = session.question
    assert question is not None and "5000 yards" in question.text and "6000" in question.text
    session.answer("-21")
    answer_until(session, "attack-dice", SHOT)
    assert session.state.known()["effective-skill"].value == 14 - 21


def test_the_next_shot_offers_the_last_distance(flow: Program) -> None:
    """Enter takes 2 yards (no penalty) the first time; Dana's next shot offers her last answer."""
    session = table_view(flow, SHOOTER, seed=1)
    answer_until(session, "range-yards", SHOT)
    assert session.question is not None and session.question.default == "2"
    rest = {**SHOT, "range-yards": "30", "attack-dice": "18", "defense": "none", "maneuver": "do-nothing-b364"}
    answer_until(session, "combat-over", {**rest, "maneuver": "attack"})  # Dana misses: an 18
    session.answer("no")
    answer_until(session, "combat-over", rest)  # Bruno does nothing
    session.answer("no")
    answer_until(session, "range-yards", SHOT)
    assert session.question is not None and session.question.default == "30"


def test_a_melee_attack_is_not_asked_the_range(flow: Program, tmp_path: Path) -> None:
    """Alice's broadsword (duel-roster): the melee path skips steps 46-53, so neither the distance
    nor the speed is asked, and the ledger has no range line."""
    session = Session(flow, at="combat.1", seed=11, roster=load(DATA / "duel-roster.toml"), pause=False)
    asked = answer_until(session, "attack-dice", {"maneuver": "attack", "aimed-location": "torso"})
    known = session.state.known()
    assert not {"range-yards", "target-speed", "range-modifier"} & (set(asked) | set(known))
    assert all(fact != "range-modifier" for fact, _ in known["effective-skill"].lines)
    assert known["final-skill"].value == 15
