"""Every roll says what it must come under before it is rolled, in the game master's words
(issue 25, part 4), worked out from the flow's `success(TABLE, ROLL, SKILL)`.

tests/data/duel-roster.toml: Alice, broadsword 15, HT 11, HP 10.
"""

from __future__ import annotations

from pathlib import Path

from checklist.engine.session import Session
from checklist.graph.program import Program
from checklist.present.criticals import succeeds_on
from checklist.present.rolls import roll_target
from checklist.present.screen import screen
from checklist.roster.load import load
from checklist.terminal import paint
from tests.conftest import FLOW
from tests.conftest import load as load_flow
from tests.present.test_table_turn import answer_until, table_view
from tests.turns import DATA


def test_the_attack_roll_says_the_effective_skill_first(flow: Program) -> None:
    session = table_view(flow, DATA / "duel-roster.toml")
    answer_until(session, "attack-dice", {"maneuver": "attack", "aimed-location": "torso"})
    # final-skill is the effective-skill ledger (no Move and Attack cap): its lines that are not 0
    assert roll_target(session) == ("15 or less: attacker's skill with this attack 15", "effective-skill")
    view = screen(session).question
    assert view is not None
    lines = paint.question_lines(view, paint.Painter(False), brief=True)
    assert lines == [
        "Roll 3d6 for the attack  (3d6: 3 to 18)",
        "   succeeds on 15 or less: attacker's skill with this attack 15",
    ]


def test_the_roll_to_stay_conscious_says_ht_and_the_multiples_below_zero(flow: Program) -> None:
    """Seed 002: at 0 HP or less, HT at -1 per full multiple of HP below zero: Alice at -12 of 10
    HP is one multiple below: HT 11 - 1 = 10."""
    roster = load(DATA / "duel-roster.toml")
    roster = roster.record(roster.index("Alice") or 0, "current-hp", -12)
    session = Session(flow, at="combat.1", seed=1, roster=roster, pause=False)
    assert session.question is not None and session.question.fact == "consciousness-dice"
    assert roll_target(session) == ("10 or less: HT 11 - full multiples of HP below zero 1", None)


def test_a_damage_roll_has_no_number_to_come_under(flow: Program) -> None:
    session = table_view(flow, DATA / "duel-roster.toml")
    answer_until(session, "damage-roll", {"maneuver": "attack", "aimed-location": "torso", "defense": "none",
                                          "attack-dice": "10"})  # fmt: skip
    assert roll_target(session) is None


KNOCKBACK = """
[[combatant]]
name = "Brute"
st = 20
dx = 11
ht = 13
hp = 20
basic-speed = 7
sm = 0
skills = { maul = 16, brawling = 13 }

[[combatant.weapon]]
name = "maul"
damage = "3d+7"
type = "cr"
skill = "maul"
reach = "1"

[[combatant.weapon]]
name = "punch"
damage = "2d"
type = "cr"
skill = "brawling"
reach = "C"

[[combatant]]
name = "Vic"
st = 10
dx = 12
ht = 12
hp = 30
basic-speed = 5
sm = 0
dodge = 8
"""


def test_the_knockback_roll_is_the_targets_dx_not_a_roll_with_the_attackers_weapon(
    flow: Program, tmp_path: Path
) -> None:
    """The playtest: Felicity's DX roll against falling from the Ogre's knockback read "succeeds
    on 12 or less with the Maul (Swung): DX 12 - ...": the roll is the target's DX; its knockback
    reads the attack's damage type, not a skill with the weapon. Vic (ST 10) takes 18 crushing:
    18 / (10 - 2) = 2 yards, DX 12 - 1."""
    roster = tmp_path / "knockback.toml"
    roster.write_text(KNOCKBACK, encoding="utf-8")
    session = table_view(flow, roster)
    answer_until(session, "knockback-dice", {"maneuver": "attack", "aimed-location": "torso", "defense": "none",
                                             "attack-dice": "10", "damage-roll": "18"})  # fmt: skip
    assert roll_target(session) == ("11 or less: DX 12 - (knockback in yards 2 - 1)", None)


def test_a_skill_over_16_says_the_highest_roll_that_succeeds(flow: Program) -> None:
    """B348 (seed 002, CRITICALS; flow/rules.flow `criticals`): a 17 fails at any skill (a critical failure at 15
    or less), an 18 is a critical failure. Alice, broadsword 15, All-Out Attack (Determined) +4 (B365): 19, and
    the roll succeeds on 16 or less, not 19."""
    session = table_view(flow, DATA / "duel-roster.toml")
    answers = {"maneuver": "all-out-attack-all-other", "aoa-option": "determined", "aimed-location": "torso"}
    answer_until(session, "attack-dice", answers)
    target = roll_target(session)
    assert target is not None and target[0].startswith("16 or less (19, but 17 or more always fails): ")
    assert "attacker's skill with this attack 15" in target[0]


def test_a_skill_under_3_says_3_and_4_succeed_still() -> None:
    """B348: a 3 or 4 is always a critical success, whatever the skill: at 2, `4 or less`; at 16 there is
    nothing to add (17 fails, 16 succeeds)."""
    criticals = load_flow(FLOW).tables["criticals"]
    assert succeeds_on(criticals, "3d6", 2) == "4 or less (2, but 3 to 4 always succeed)"
    assert succeeds_on(criticals, "3d6", 16) == "16 or less"
    assert succeeds_on(criticals, "3d6", 17) == "16 or less (17, but 17 or more always fails)"
