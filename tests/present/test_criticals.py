"""A critical roll's line says what follows and for whom (seed 002, CRITICALS; rules.flow's attack-hit and
defense-critical): the Critical Miss Table (B556) is not in the seeds, so the line names it.

By hand, with tests/data/duel-roster.toml as tests/rules/test_defense_menu.py sets it up: Alice attacks
Bruno at effective skill 15; Bruno, at 4 HP, kneeling, with a shield, defends at dodge 4, block 10,
parry 5 (worked out there). B348: 18 is always a critical failure; 3 or 4 always a critical success.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from checklist.engine.session import Session
from checklist.graph.program import Program
from checklist.present.criticals import critical_line
from checklist.present.fight import fight_events
from checklist.present.screen import screen
from checklist.roster.load import load
from checklist.terminal import paint
from tests.present.test_table_turn import answer_until
from tests.rules.test_defense_menu import ATTACK, bruno_defends
from tests.turns import DATA


def then(session: Session) -> str | None:
    view = screen(session)
    assert view.roll is not None
    return view.roll.then


def test_an_attack_roll_of_18_sends_the_attacker_to_the_critical_miss_table(flow: Program) -> None:
    """ "Critical miss, Attack: Attacker rolls on the Critical Miss Table": 18 against Alice's 15."""
    session = Session(flow, at="combat.1", seed=11, roster=load(DATA / "duel-roster.toml"), pause=False)
    answer_until(session, "attack-dice", ATTACK)
    session.answer("18")
    assert then(session) == "Alice rolls on the Critical Miss Table (B556)"
    shown = paint.screen_text(screen(session), paint.Painter(False))
    assert "Roll 3d6 for the attack: 3d6 → 18 (typed) vs 15: critical failure by 3" in shown
    assert "   → Alice rolls on the Critical Miss Table (B556)" in shown


def test_a_critical_hit_says_there_is_no_defense_and_names_the_critical_hit_table(flow: Program) -> None:
    """ "Critical hit: Target gets no active defense. Roll on Critical Hit/Critical Head Blow table": 3 against
    Alice's 15 (B348: 3 or 4 is always a critical success); the run goes on to the damage, no defense asked."""
    session = Session(flow, at="combat.1", seed=11, roster=load(DATA / "duel-roster.toml"), pause=False)
    answer_until(session, "attack-dice", ATTACK)
    session.answer("3")
    assert then(session) == (
        "no active defense; roll on the Critical Hit Table (B556), or Critical Head Blow for the head"
    )
    assert session.question is not None and session.question.fact != "defense"


@pytest.mark.parametrize(
    ("defense", "dice", "said"),
    [
        (
            "parry",
            "18",
            "Bruno rolls on the Critical Miss Table (B556)",
        ),  # "Critical fail, Parry: Defender on Critical Miss"
        ("dodge", "18", "Bruno falls prone"),  # "Critical fail, Dodge: Defender falls prone"
        ("block", "18", "Bruno's shield is unready"),  # "Critical fail, Block: Defender's shield unreadies"
        ("block", "3", "Alice rolls on the Critical Miss Table (B556)"),  # "Critical success on a defense roll: Melee"
        ("block", "9", None),  # 9 against block 10: a success, nothing more
    ],
)
def test_a_critical_defense_roll_says_what_follows(
    flow: Program, tmp_path: Path, defense: str, dice: str, said: str | None
) -> None:
    session = bruno_defends(flow, tmp_path)
    session.answer(defense)
    assert session.question is not None and session.question.fact == "defense-dice"
    session.answer(dice)
    assert then(session) == said


def test_without_a_roster_the_line_names_the_roles() -> None:
    assert critical_line({"attack-hit": "critical-miss"}, "attack-dice", "", None) == (
        "the attacker rolls on the Critical Miss Table (B556)"
    )
    assert critical_line({"defense-critical": "falls-prone"}, "defense-dice", "", None) == "the defender falls prone"
    assert critical_line({"defense-critical": "none"}, "defense-dice", "Bruno", None) is None
    assert critical_line({"attack-hit": "miss"}, "attack-dice", "", None) is None


@pytest.mark.parametrize(
    ("aimed", "rolled", "said"),
    [
        ("neck", "11", "missed the neck by 1: strikes the torso instead (B552)"),  # 15 - 5 = 10
        ("skull", "9", "missed the skull by 1: strikes the torso instead (B552)"),  # 15 - 7 = 8
        ("right-arm", "14", None),  # 15 - 2 = 13: its Miss by 1 is none (B552): a miss
        ("neck", "12", None),  # failure by 2: a miss
        ("neck", "10", None),  # a hit
    ],
)
def test_a_miss_by_1_at_a_hit_location_says_where_the_blow_lands(
    flow: Program, aimed: str, rolled: str, said: str | None
) -> None:
    """B552, the hit location table's Miss by 1 column: the neck's is the torso. Alice aims at the neck at
    15 - 5 = 10 and rolls 11, a failure by 1: the roll's line says so, or the game master reads a failed
    roll and then a defense against it."""
    session = Session(flow, at="combat.1", seed=11, roster=load(DATA / "duel-roster.toml"), pause=False)
    answer_until(session, "attack-dice", {**ATTACK, "aimed-location": aimed})
    session.answer(rolled)
    assert then(session) == said
    if said is not None:
        shown = paint.screen_text(screen(session), paint.Painter(False))
        assert f"3d6 → {rolled} (typed) vs {int(rolled) - 1}: failure by 1" in shown and f"   → {said}" in shown
        assert session.question is not None and session.question.fact == "defense"
        [attack] = [e for e in fight_events(session) if e.event == "attack"]  # the combat log says it too
        assert attack.detail == f"Bruno {rolled} vs {int(rolled) - 1}: failure; {said}"
