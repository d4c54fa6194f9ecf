"""The attack's numbers, worked out by hand from the seeds (issue: the arithmetic agrees with the rules,
items 1-4, 6 and 8), through the whole chain to the roster.

Alice: broadsword 15, 1d+2 cut. Bruno: Dodge 8, Parry 9, HP 13, DR 2 on the torso (duel-roster).
Cutting x1.5 to the torso, x4 to the skull with its extra DR 2 (B399; seed 003 step 89).
"""

from __future__ import annotations

import tomllib

from hypothesis import given
from hypothesis import strategies as st

from checklist.engine.reader import Reader
from checklist.engine.session import Session
from checklist.engine.state import Known
from checklist.graph.program import Program
from checklist.present.rolls import last_roll
from checklist.program.load import load
from checklist.roster.combatants import from_data
from tests.present.test_table_turn import answer_until, table_view
from tests.turns import DATA
from tests.turns import FLOW as FLOW_PATH

FLOW = load(FLOW_PATH)


def used(session: Session) -> dict[str, object]:
    return {fact: value for visit in session.state.trace for fact, value, _ in visit.used}


def bruno_hp(session: Session) -> int:
    roster = session.state.roster
    assert roster is not None
    return roster.states[[s.name for s in roster.sheets].index("Bruno")].current_hp


def test_a_miss_by_one_lands_on_the_other_location_with_its_dr_and_wounding(flow: Program) -> None:
    """Aimed at the skull (-7): skill 15 - 7 = 8; a 9 misses by 1, and the skull's Miss by 1 column
    says torso (seed 003, hit location table). No defense; damage 6: the torso's DR 2 -> 4
    penetrating, x1.5 = 6 injury (the skull would have been DR 2 + 2, x4). HP 13 - 6 = 7."""
    session = table_view(flow, DATA / "duel-roster.toml")
    answers = {"maneuver": "attack", "aimed-location": "skull", "attack-dice": "9", "defense": "none",
               "damage-roll": "6"}  # fmt: skip
    answer_until(session, "combat-over", answers)
    seen = used(session)
    assert seen["final-skill"] == 8 and seen["attack-roll"] == "miss-by-one-other-location"
    assert seen["wound-location"] == "torso" and seen["dr"] == 2 and seen["injury"] == 6
    assert bruno_hp(session) == 13 - 6
    roll = last_roll(session)  # the screen after the damage roll says what it did, number by number
    then = "6 cut to the torso · DR 2 · penetrating 4 × 1.5 (cut) · injury 6 · Bruno's HP 13 → 7"
    assert roll is not None and roll.then == then


def test_a_critical_hit_is_on_the_chosen_target(flow: Program) -> None:
    """A 3 always hits critically (B348): no defense; the damage (6 typed) lands on Bruno, the target
    chosen when the attack started: 6 - DR 2 = 4, x1.5 = 6; HP 13 - 6 = 7."""
    session = table_view(flow, DATA / "duel-roster.toml")
    answers = {"maneuver": "attack", "aimed-location": "torso", "attack-dice": "3", "damage-roll": "6",
               "critical-hit-roll": "10"}  # fmt: skip
    asked = answer_until(session, "combat-over", answers)
    assert "defense" not in asked and used(session)["attack-outcome"] == "critical-success"
    assert bruno_hp(session) == 13 - 6


def test_a_telegraphic_attack_gets_4_to_hit_but_not_to_criticals_and_2_to_the_defense(flow: Program) -> None:
    """Seed 002: "+4 to hit, but also +2 to target's defenses. No effect on critical hit chances."
    Skill 15 + 4 = 19; a 6 is a critical success at 16 or more (B348) but Alice's skill without the
    +4 is 15: a plain success. Bruno's parry: 9 + 2 = 11."""
    session = table_view(flow, DATA / "duel-roster.toml")
    answer_until(session, "aimed-location", {"maneuver": "attack"})
    session.override("telegraphic")
    session.answer("yes")
    answer_until(session, "defense-dice", {"aimed-location": "torso", "attack-dice": "6", "defense": "parry"})
    session.answer("11")
    seen = used(session)
    assert seen["final-skill"] == 19 and seen["attack-outcome"] == "success"
    assert seen["defense-score"] == 9 + 2 and seen["defense-outcome"] == "success"


def test_deceptive_attack_in_melee_lowers_every_defense(flow: Program) -> None:
    """Two levels: skill 15 - 4 = 11; Bruno's parry 9 - 2 = 7 (seed 002: -1 per -2 taken)."""
    session = table_view(flow, DATA / "duel-roster.toml")
    answer_until(session, "aimed-location", {"maneuver": "attack"})
    session.override("deceptive-levels")
    session.answer("2")
    answer_until(session, "defense-dice", {"aimed-location": "torso", "attack-dice": "8", "defense": "parry"})
    session.answer("7")
    seen = used(session)
    assert seen["final-skill"] == 11 and seen["defense-score"] == 7 and seen["defense-outcome"] == "success"


def test_a_reeling_defender_dodges_at_half_rounded_up(flow: Program) -> None:
    """Bruno at 4 of 13 HP is below 1/3 (4 x 3 = 12 < 13): Dodge 8 halved = 4 (seed 002; B419)."""
    roster = DATA / "duel-roster.toml"
    text = roster.read_text("utf-8").replace('name = "Bruno"', 'name = "Bruno"\ncurrent-hp = 4')
    session = Session(flow, at="combat.1", seed=11, roster=from_data(tomllib.loads(text), "r"), pause=False)
    answer_until(session, "defense-dice", {"maneuver": "attack", "aimed-location": "torso", "attack-dice": "8",
                                           "defense": "dodge"})  # fmt: skip
    session.answer("5")  # would succeed against 8; fails against 4
    seen = used(session)
    assert seen["dodge-base"] == 4 and seen["defense-score"] == 4 and seen["defense-outcome"] == "failure"


def test_a_ranged_attack_uses_the_targets_posture_column(flow: Program) -> None:
    """Seed 003's posture table, "Attack (ranged) a target in this posture": lying -2; the melee column
    (the attacker's own posture) does not apply to a ranged attack."""
    roster = from_data(_archer_and_lying_target(), "r")
    session = Session(flow, at="combat.1", seed=3, roster=roster, pause=False)
    answer_until(session, "attack-dice", {"maneuver": "attack", "aimed-location": "torso", "range-yards": "2"})
    known = session.state.known()
    assert known["posture-skill"].value == -2 and known["final-skill"].value == 14 - 2


@given(st.integers(1, 20), st.integers(3, 40), st.integers(-50, 40))
def test_a_reeling_dodge_is_always_half_rounded_up(dodge: int, hp: int, current: int) -> None:
    """Property: below 1/3 HP the Dodge is ceil(Dodge/2); otherwise it is the Dodge."""
    data = _archer_and_lying_target()
    data["combatant"][1].update({"dodge": dodge, "hp": hp, "current-hp": current})
    roster = from_data(data, "r")
    target = Known("target", "Dan", "attack", "asked", "combat.27", 1)
    reader = Reader(FLOW, (target,), "combat.64", 1, roster)
    expected = -(-dodge // 2) if 3 * current < hp else dodge
    assert reader.read("dodge-base") == expected


def _archer_and_lying_target() -> dict[str, list[dict[str, object]]]:
    archer = {
        "name": "Cora",
        "st": 11,
        "dx": 12,
        "ht": 10,
        "hp": 11,
        "sm": 0,
        "basic-speed": 7,
        "skills": {"bow": 14},
        "dodge": 8,
        "parry": 0,
        "block": 0,
        "weapon": [{"name": "bow", "damage": "1d+1", "type": "imp", "skill": "bow", "acc": 0, "ranged": True}],
    }
    target = {"name": "Dan", "st": 10, "dx": 10, "ht": 10, "hp": 10, "sm": 0, "basic-speed": 5, "posture": "lying",
              "skills": {"shortsword": 12}, "dodge": 8, "parry": 9, "block": 0}  # fmt: skip
    return {"combatant": [archer, target]}


@given(st.integers(3, 18), st.integers(3, 25), st.booleans())
def test_a_telegraphic_attack_never_makes_a_roll_critical(roll: int, skill: int, telegraphic: bool) -> None:
    """Property (seed 002, "No effect on critical hit chances"): with the +4 in the skill, a roll is a
    critical success only if it is one against the skill without the +4."""
    full = skill + (4 if telegraphic else 0)
    facts = (Known("attack-dice", roll, "attack", "asked", "combat.54", 1),
             Known("final-skill", full, "attack", "set", None, 0),
             Known("telegraphic", "yes" if telegraphic else "no", "attack", "asked", "combat.44", 1))  # fmt: skip
    with_it = Reader(FLOW, facts, "combat.54", 2).read("attack-outcome")
    plain = (facts[0], Known("final-skill", skill, "attack", "set", None, 0),
             Known("telegraphic", "no", "attack", "asked", "combat.44", 1))  # fmt: skip
    without = Reader(FLOW, plain, "combat.54", 2)
    if with_it == "critical-success":
        assert without.read("attack-outcome") == "critical-success"
    assert (with_it in ("critical-success", "success")) == (roll <= full and roll < 17 or roll <= 4)


@given(st.integers(1, 20), st.integers(0, 15), st.integers(1, 5))
def test_rapid_fire_hits_one_plus_one_per_full_rcl_of_margin_up_to_the_shots(shots: int, margin: int, rcl: int) -> None:
    """Seed 003 step 56: "1+1 for every Rcl value the attack succeeded with"; e.g. 10 shots, Rcl 2,
    made by 7: 1 + 3 = 4 hits; a single shot is one hit."""
    facts = (Known("shots", shots, "attack", "asked", "combat.46", 1),
             Known("attack-margin", margin, "attack", "set", None, 0),
             Known("weapon-rcl", rcl, "attack", "set", None, 0),
             Known("ranged-attack", "yes", "attack", "set", None, 0),
             Known("weapon-rof", 100, "attack", "set", None, 0))  # fmt: skip
    hits = Reader(FLOW, facts, "combat.56", 2).read("hits")
    assert hits == (1 if shots == 1 else min(shots, 1 + margin // rcl))


def test_ten_shots_rcl_2_made_by_7_is_4_hits() -> None:
    facts = (Known("shots", 10, "attack", "asked", "combat.46", 1),
             Known("attack-margin", 7, "attack", "set", None, 0),
             Known("weapon-rcl", 2, "attack", "set", None, 0),
             Known("ranged-attack", "yes", "attack", "set", None, 0),
             Known("weapon-rof", 10, "attack", "set", None, 0))  # fmt: skip
    assert Reader(FLOW, facts, "combat.56", 2).read("hits") == 4
