"""Damage and injury (flow/injury.flow) against the seeds' numbers, written out by hand here,
and the properties the rules promise (seed 002 INJURY, HIT LOCATIONS, HIT POINTS; B378-B421)."""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checklist import load
from checklist.compute import cells
from checklist.engine.reader import Reader
from checklist.engine.state import Known
from checklist.graph.program import Program
from tests.conftest import FLOW


@cache
def bundled() -> Program:
    return load(FLOW)


UNHURT = {"earlier_wounds": 0, "crippled_before": "no"}  # a location no earlier hit recorded injury on


def compute(fact: str, **given_facts: str | int) -> str | int | None:
    facts = tuple(Known(name.replace("_", "-"), value, "attack", "set", None, i)
                  for i, (name, value) in enumerate({**UNHURT, **given_facts}.items()))  # fmt: skip
    return Reader(bundled(), facts, "combat.95", 100).read(fact)


TYPES = ("burn", "cor", "cr", "cut", "fat", "imp", "pi-small", "pi", "pi-large", "pi-huge", "tox")
PRINTED = ("burn-tb", "cor", "cr", "cut", "fat", "imp", "pi-", "pi", "pi+", "pi++", "tox")


def test_every_row_and_column_of_the_wounding_table() -> None:
    """Injury from 10 penetrating damage, for every printed cell (B552): 10 x the modifier,
    rounded down; a `-` cell (the type cannot wound there) leaves it to the game master."""
    printed = bundled().tables["wounding"]
    rows = {r.cells[0]: r for r in bundled().tables["wounding-rules"].rows}
    checked = 0
    for row in printed.rows:
        wounding_row = rows[row.cells[0]].cells[0]
        for kind, column in zip(TYPES, PRINTED, strict=True):
            cell = row.cells[printed.column(column) or 0]
            got = compute("injury", penetrating=10, wounding_row=_slug(wounding_row), damage_type=kind)
            multiplier = cells.number(cell)
            expected = None if multiplier is None else max(1, math.floor(10 * multiplier))
            assert got == expected, (row.cells[0], column, cell, got)
            checked += 1
    assert checked == 24 * 11  # 24 printed rows (B552), 11 damage types


def _slug(text: str) -> str:
    from checklist.model.names import slug

    return slug(text)


# Hand-worked from B552 / seed 002 WOUNDING MODIFIERS, 7 penetrating damage to the torso:
TORSO_7 = {"cr": 7, "cut": 10, "imp": 14, "pi-small": 3, "pi": 7, "pi-large": 10, "pi-huge": 14}


@pytest.mark.parametrize("kind", sorted(TORSO_7))
def test_torso_wounding_by_hand(kind: str) -> None:
    assert compute("injury", penetrating=7, wounding_row="torso", damage_type=kind) == TORSO_7[kind]


# (HP, injury) -> shock: -1 per HP of injury, at most -4; 20+ HP: -1 per HP/10 of injury (B419)
SHOCK = {
    (5, 1): -1,
    (5, 3): -3,
    (5, 4): -4,
    (5, 9): -4,
    (10, 1): -1,
    (10, 2): -2,
    (10, 6): -4,
    (15, 3): -3,
    (15, 5): -4,
    (23, 1): 0,
    (23, 2): -1,
    (23, 5): -2,
    (23, 8): -4,
    (23, 12): -4,
}


@pytest.mark.parametrize(("hp", "injury"), sorted(SHOCK))
def test_shock(hp: int, injury: int) -> None:
    got = compute("shock", target_hp=hp, injury=injury, hit_area="torso", damage_type="cut", target_pain="normal")
    assert got == SHOCK[hp, injury]


def test_crushing_to_the_groin_doubles_shock_up_to_minus_8() -> None:
    for injury, kind, shock in ((3, "cr", -6), (7, "cr", -8), (3, "cut", -3)):
        got = compute("shock", target_hp=10, injury=injury, hit_area="groin", damage_type=kind, target_pain="normal")
        assert got == shock


# HP 12: a limb is crippled over 6 (HP/2), an extremity over 4 (HP/3), an eye over 1.2 (HP/10)
@pytest.mark.parametrize(("area", "last_whole", "first_crippling"),
                         [("limb", 6, 7), ("extremity", 4, 5), ("eye", 1, 2), ("limb-joint", 4, 5)])  # fmt: skip
def test_crippling_thresholds(area: str, last_whole: int, first_crippling: int) -> None:
    assert compute("crippled", target_hp=12, hit_area=area, injury=last_whole) == "no"
    assert compute("crippled", target_hp=12, hit_area=area, injury=first_crippling) == "yes"
    assert compute("major-wound", target_hp=12, hit_area=area, injury=first_crippling) == "yes"
    assert compute("crippled", target_hp=12, hit_area="torso", injury=11) == "no"  # a torso is never crippled


# Major wound to ... (seed 002: face, vitals, groin -5; skull, eye -10; B420: jaw -6, spine -5)
KNOCKDOWN = {"skull": -10, "eye": -10, "face": -5, "vitals": -5, "groin": -5, "spine": -5, "jaw": -6, "torso": 0}


@pytest.mark.parametrize("location", sorted(KNOCKDOWN))
def test_knockdown_modifiers(location: str) -> None:
    """Seed 002, HIT LOCATIONS: "Skull ... Knockdown rolls are at -10", "Face ... at -5": the
    location's modifier applies to every knockdown check a hit there causes, major wound or not;
    "+3 High Pain Threshold; -4 Low Pain"."""
    got = compute("knockdown-modifier", wound_location=location, target_pain="normal")
    assert got == KNOCKDOWN[location]
    assert compute("knockdown-modifier", wound_location=location, target_pain="high") == KNOCKDOWN[location] + 3
    assert compute("knockdown-modifier", wound_location=location, target_pain="low") == KNOCKDOWN[location] - 4


def test_a_shock_wound_to_the_head_spine_or_vitals_checks_knockdown() -> None:
    """Seed 003 step 119: "For major wounds, or if shock occurs for a wound in the head (skull, face,
    and sub-areas), spine or vitals, check for Knockdown". HP 23: shock needs 2 injury (HP/10)."""
    cases = (("face", 2, "yes"), ("face", 1, "no"), ("vitals", 2, "yes"), ("spine", 3, "yes"), ("eye", 2, "yes"),
             ("torso", 11, "no"), ("torso", 12, "yes"), ("limb", 5, "no"))  # fmt: skip
    for area, injury, check in cases:
        major = "no" if injury <= 11 else "yes"  # over HP/2 = 11.5
        got = compute("knockdown-check", target_hp=23, injury=injury, hit_area=area, major_wound=major)
        assert got == check, (area, injury)


def test_an_ear_hit_that_is_not_cutting_knocks_down_as_a_skull_hit() -> None:
    """Seed 003 step 106: a non-cutting ear hit "is treated as a skull hit": the skull's -10."""
    given = {"wound_location": "ear", "target_pain": "normal"}
    assert compute("knockdown-modifier", damage_type="cr", **given) == -10
    assert compute("knockdown-modifier", damage_type="cut", **given) == 0


def test_a_crippled_spine_or_unconsciousness_fails_knockdown_without_a_roll() -> None:
    """Seed 003 step 120: "Crippled spine or unconsciousness means automatic failure" (no dice: none
    are given here); step 113: "Damage over HP cripples the spine"."""
    assert compute("knockdown-failed", hit_area="spine", wound_injury=13, target_hp=12) == "yes"
    assert compute("knockdown-failed", hit_area="torso", target_unconscious="yes") == "yes"
    assert compute("knocked-out", hit_area="torso", target_unconscious="yes") == "no"  # already out


@pytest.mark.parametrize(("dice", "failed", "out"), [(7, "no", "no"), (8, "yes", "no"), (11, "yes", "no"),
                                                     (12, "yes", "yes"), (16, "yes", "yes")])  # fmt: skip
def test_a_knockdown_failure_by_5_or_more_knocks_out(dice: int, failed: str, out: str) -> None:
    """Seed 003 step 120: "A failed knockdown check causes Stun, a failure by 5 or + causes
    unconsciousness". HT 12, a major wound to the face (-5): against 7."""
    facts = {"target_ht": 12, "knockdown_modifier": -5, "knockdown_dice": dice, "knockdown_automatic": "no"}
    assert compute("knockdown-failed", **facts) == failed
    assert compute("knocked-out", **facts) == out


# Shock by pain threshold (B59: High, none; B142: Low, doubled, at most -8), HP 10
PAIN_SHOCK = {("normal", 3): -3, ("high", 3): 0, ("low", 3): -6, ("low", 5): -8, ("high", 9): 0, ("normal", 9): -4}


@pytest.mark.parametrize(("pain", "injury"), sorted(PAIN_SHOCK))
def test_pain_threshold_and_shock(pain: str, injury: int) -> None:
    got = compute("shock", target_hp=10, wound_injury=injury, hit_area="torso", damage_type="cut", target_pain=pain)
    assert got == PAIN_SHOCK[pain, injury]


def test_blunt_trauma_for_crushing_and_cutting() -> None:
    """B379, step 93: 1 injury per full 5 points of crushing, 10 of cutting, stopped by flexible armor."""
    for kind, stopped, injury in (
        ("cr", 12, 2),
        ("cr", 4, 0),
        ("cr", 5, 1),
        ("cut", 12, 1),
        ("cut", 9, 0),
        ("imp", 20, 2),
    ):
        got = compute("blunt-trauma", basic_damage=stopped, effective_dr=stopped + 3, damage_type=kind,
                      flexible_armor="yes")  # fmt: skip
        assert got == injury, (kind, stopped)
        rigid = compute("blunt-trauma", basic_damage=stopped, effective_dr=stopped + 3, damage_type=kind,
                        flexible_armor="no")  # fmt: skip
        assert rigid == 0  # step 92: only through flexible armor
    assert compute("blunt-trauma", basic_damage=30, effective_dr=40, damage_type="burn", flexible_armor="yes") == 0


def test_penetrating_damage_and_the_minimum_of_step_91() -> None:
    assert compute("penetrating", basic_damage=9, dr=2, armor_divisor=1, dr_multiplier=1, damage_type="cut") == 7
    assert (
        compute("penetrating", basic_damage=9, dr=6, armor_divisor=2, dr_multiplier=1, damage_type="cut") == 6
    )  # DR 6 (2) is 3
    assert (
        compute("penetrating", basic_damage=3, dr=3, armor_divisor=1, dr_multiplier=1, damage_type="cut") == 1
    )  # 0 raised to 1
    assert (
        compute("penetrating", basic_damage=3, dr=3, armor_divisor=1, dr_multiplier=1, damage_type="cr") == 0
    )  # not for crushing
    assert compute("penetrating", basic_damage=2, dr=5, armor_divisor=1, dr_multiplier=1, damage_type="imp") == 0


def test_hp_thresholds() -> None:
    """Seed 002, HIT POINTS, for a target of 12 HP."""
    cases = ((12, "fine"), (4, "fine"), (3, "reeling"), (1, "reeling"), (0, "consciousness-roll"),
             (-11, "consciousness-roll"), (-12, "death-check"), (-59, "death-check"), (-60, "dead"))  # fmt: skip
    for left, state in cases:
        assert compute("hp-state", target_hp=12, target_current_hp=left + 1, injury=1, hit_area="torso") == state, left


def test_knockback() -> None:
    """B378: a yard per full (ST - 2) of basic crushing damage, or cutting that fails to penetrate."""
    assert compute("knockback", damage_type="cr", basic_damage=17, target_st=10, penetrating=5) == 2
    assert compute("knockback", damage_type="cut", basic_damage=7, target_st=10, penetrating=0) == 0
    assert compute("knockback", damage_type="cut", basic_damage=9, target_st=10, penetrating=0) == 1
    assert compute("knockback", damage_type="cut", basic_damage=20, target_st=10, penetrating=4) == 0


@given(st.integers(1, 60), st.integers(0, 200), st.sampled_from(["torso", "groin", "limb", "skull"]),
       st.sampled_from(["cr", "cut", "imp", "pi"]))  # fmt: skip
def test_shock_is_never_beyond_minus_4(hp: int, injury: int, area: str, kind: str) -> None:
    shock = compute("shock", target_hp=hp, injury=injury, hit_area=area, damage_type=kind, target_pain="normal")
    assert isinstance(shock, int) and shock <= 0
    doubled = area == "groin" and kind == "cr"
    assert shock >= (-8 if doubled else -4)


@given(st.integers(0, 100), st.integers(0, 100), st.integers(1, 10), st.sampled_from(["cr", "cut", "imp", "pi-small"]))
def test_penetrating_damage_is_never_negative(basic: int, dr: int, divisor: int, kind: str) -> None:
    got = compute("penetrating", basic_damage=basic, dr=dr, armor_divisor=divisor, dr_multiplier=1, damage_type=kind)
    assert isinstance(got, int) and got >= 0
    assert got == max(0, basic - dr // divisor) or (kind != "cr" and basic == dr // divisor and got == 1)


@given(st.integers(1, 100), st.sampled_from(["torso", "arm", "leg", "skull", "hand", "neck", "groin"]),
       st.sampled_from(["cut", "imp", "pi-small", "pi", "pi-large", "pi-huge"]))  # fmt: skip
def test_injury_is_at_least_1_when_a_non_crushing_attack_penetrates(penetrating: int, row: str, kind: str) -> None:
    got = compute("injury", penetrating=penetrating, wounding_row=row, damage_type=kind)
    assert isinstance(got, int) and got >= 1
    assert got >= math.floor(penetrating * Fraction(1, 2))


CRIPPLING_DIVISORS = {"limb": 2, "limb-joint": 3, "extremity": 3, "extremity-joint": 4}  # the eye: see below


@given(st.integers(1, 60), st.integers(0, 300), st.sampled_from(sorted(CRIPPLING_DIVISORS)))
def test_injury_recorded_on_a_crippled_limb_never_exceeds_its_crippling_threshold(
    hp: int, injury: int, area: str
) -> None:
    """Seed 002, HIT LOCATIONS: "Injury > HP/2 cripples the limb (excess damage is lost)": the injury
    recorded (HP lost) is at most the least whole injury over HP/divisor, and all of it below that."""
    divisor = CRIPPLING_DIVISORS[area]
    recorded = compute("wound-injury", target_hp=hp, injury=injury, hit_area=area)
    threshold = hp // divisor + 1  # the least whole number over hp / divisor
    assert recorded == min(injury, threshold)
    if compute("crippled", target_hp=hp, injury=injury, hit_area=area) == "yes":
        assert recorded == threshold and Fraction(recorded) > Fraction(hp, divisor)
    hp_after = compute("hp-after", target_hp=hp, target_current_hp=hp, injury=injury, hit_area=area)
    assert hp_after == hp - recorded


@given(st.integers(1, 60), st.lists(st.integers(0, 40), min_size=1, max_size=6),
       st.sampled_from(sorted(CRIPPLING_DIVISORS)))  # fmt: skip
def test_hits_on_one_limb_together_never_record_more_than_cripples_it(hp: int, injuries: list[int], area: str) -> None:
    """Seed 003 step 98: a limb is crippled "when received HP/2 points of damage and no more damage is
    recorded for that area": hit after hit on one location, the injury recorded (what step 116 keeps
    as earlier-wounds) adds up to at most the least whole injury over HP/divisor; it is crippled once,
    by the hit that takes the total over HP/divisor, and a later hit records nothing."""
    divisor = CRIPPLING_DIVISORS[area]
    threshold = hp // divisor + 1
    earlier, crippled_before, cripplings = 0, "no", 0
    for injury in injuries:
        given_facts = {"target_hp": hp, "injury": injury, "hit_area": area, "earlier_wounds": earlier,
                       "crippled_before": crippled_before}  # fmt: skip
        recorded = compute("wound-injury", **given_facts)
        crippled = compute("crippled", **given_facts)
        assert isinstance(recorded, int)
        assert recorded == min(injury, threshold - earlier)  # the total stops at the threshold
        if crippled_before == "yes":
            assert (recorded, crippled, compute("major-wound", **given_facts)) == (0, "no", "no")
        cripplings += crippled == "yes"
        earlier += recorded
        crippled_before = "yes" if crippled == "yes" or crippled_before == "yes" else "no"
    assert earlier <= threshold
    assert cripplings == (1 if Fraction(sum(injuries), 1) > Fraction(hp, divisor) else 0)
    assert (crippled_before == "yes") == (earlier == threshold)


def test_the_nose_is_a_major_wound_over_hp_4() -> None:
    """Seed 003 step 103: injuries over HP/4 to the nose count as a major wound (HP 12: over 3)."""
    assert compute("major-wound", target_hp=12, injury=3, hit_area="nose") == "no"
    assert compute("major-wound", target_hp=12, injury=4, hit_area="nose") == "yes"
    assert compute("major-wound", target_hp=12, injury=4, hit_area="face") == "no"  # the face: over HP/2
    assert compute("major-wound", target_hp=12, injury=7, hit_area="face") == "yes"


@pytest.mark.parametrize(("multiplier", "penetrating"), [(1, 7), (2, 5), (5, 0), (10, 0)])
def test_a_fractional_armor_divisor_multiplies_dr(multiplier: int, penetrating: int) -> None:
    """B110, B378: (0.5) doubles DR, (0.2) x5, (0.1) x10. 9 crushing against DR 2: 7; x2: 5; x5 (10)
    and x10 (20) stop it all (crushing is not raised to 1)."""
    got = compute("penetrating", basic_damage=9, dr=2, armor_divisor=1, dr_multiplier=multiplier, damage_type="cr")
    assert got == penetrating


def test_the_hit_area_steps_compute_what_they_asked() -> None:
    """Steps 105-108 from the numbers: an ear hit is a skull hit unless cutting (106); the eye's excess
    over what cripples it goes to the skull (105: HP 10, cripples at 2); the neck: decapitation
    over HP x 2, and over HP a 1-in-6 chance (a 1 on 1d6) that the spine is hit (108)."""
    assert compute("cutting-attack", damage_type="cut") == "yes" and compute("cutting-attack", damage_type="cr") == "no"
    assert compute("excess-to-skull", hit_area="eye", target_hp=10, injury=8) == "yes"
    assert compute("excess-to-skull", hit_area="eye", target_hp=10, injury=2) == "no"
    # the excess is not lost but "goes to the skull" (105): the eye records it all, HP 10 -> 2
    assert compute("wound-injury", hit_area="eye", target_hp=10, injury=8) == 8
    assert compute("crippled", hit_area="eye", target_hp=10, injury=8) == "yes"
    assert compute("hp-after", hit_area="eye", target_hp=10, target_current_hp=10, injury=8) == 2
    assert compute("decapitated", target_hp=10, injury=21) == "yes"
    assert compute("decapitated", target_hp=10, injury=20) == "no"
    assert compute("spine-hit", target_hp=10, injury=10) == "no"  # no roll: not over HP
    assert compute("spine-hit", target_hp=10, injury=11, spine_dice=1) == "yes"
    assert compute("spine-hit", target_hp=10, injury=11, spine_dice=2) == "no"
