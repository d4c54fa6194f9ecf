"""The numbers of flow/rules.flow against the seeds' own numbers, written out by hand here.

Seed 002 (CRITICALS, HIT LOCATIONS, POSTURES, RAPID FIRE) and the printed tables of seed 003.
Each value is computed by the engine from the flow: a computed fact evaluated over the facts given.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checklist import load
from checklist.compute.success import success
from checklist.engine.reader import Reader
from checklist.engine.state import Known
from checklist.graph.program import Program
from tests.conftest import FLOW


def compute(program: Program, fact: str, **given_facts: str | int) -> str | int:
    facts = tuple(Known(name.replace("_", "-"), value, "attack", "set", None, i)
                  for i, (name, value) in enumerate(given_facts.items()))  # fmt: skip
    value = Reader(program, facts, "combat.54", 100).read(fact)
    assert value is not None, f"{fact} could not be worked out from {given_facts}"
    return value


def outcome(program: Program, roll: int, skill: int) -> str:
    return success(program.tables["criticals"], Fraction(roll), Fraction(skill))


# roll -> outcome at effective skill 14, 15, 16 and 17 (seed 002, CRITICALS; B348)
CS, S, F, CF = "critical-success", "success", "failure", "critical-failure"
CRITICALS = {
    14: {3: CS, 4: CS, **{r: S for r in range(5, 15)}, 15: F, 16: F, 17: CF, 18: CF},
    15: {3: CS, 4: CS, 5: CS, **{r: S for r in range(6, 16)}, 16: F, 17: CF, 18: CF},
    16: {3: CS, 4: CS, 5: CS, 6: CS, **{r: S for r in range(7, 17)}, 17: F, 18: CF},
    17: {3: CS, 4: CS, 5: CS, 6: CS, **{r: S for r in range(7, 17)}, 17: F, 18: CF},
}


@pytest.mark.parametrize("skill", sorted(CRITICALS))
def test_critical_thresholds_at_skill_14_to_17(flow: Program, skill: int) -> None:
    assert {roll: outcome(flow, roll, skill) for roll in range(3, 19)} == CRITICALS[skill]


def test_the_attack_outcome_fact_uses_the_criticals_table(flow: Program) -> None:
    assert compute(flow, "attack-outcome", attack_dice=5, final_skill=15, telegraphic="no") == CS
    assert compute(flow, "attack-outcome", attack_dice=5, final_skill=14, telegraphic="no") == S
    assert compute(flow, "attack-outcome", attack_dice=17, final_skill=15, telegraphic="no") == CF
    assert compute(flow, "attack-outcome", attack_dice=17, final_skill=16, telegraphic="no") == F
    assert (
        compute(flow, "attack-outcome", attack_dice=13, final_skill=3, telegraphic="no") == CF
    )  # 10 over skill (B348)


@cache
def bundled() -> Program:
    return load(FLOW)  # hypothesis runs a test many times: no function-scoped fixture


@settings(deadline=None)  # a loaded 2-core machine once took 266 ms for one case (a flake, not a fault)
@given(st.integers(min_value=-30, max_value=60), st.sampled_from([3, 4]))
def test_3_or_4_is_always_a_critical_success(skill: int, roll: int) -> None:
    assert outcome(bundled(), roll, skill) == CS


@given(st.integers(min_value=-30, max_value=60))
def test_18_is_always_a_critical_failure(skill: int) -> None:
    assert outcome(bundled(), 18, skill) == CF


@given(st.integers(min_value=-30, max_value=60), st.integers(min_value=3, max_value=18))
def test_success_follows_the_roll_where_no_critical_row_applies(skill: int, roll: int) -> None:
    result = outcome(bundled(), roll, skill)
    if roll not in (3, 4, 5, 6, 17, 18) and skill - roll > -10:
        assert result == (S if roll <= skill else F)


# 3d6 -> (location, penalty, miss by 1): seed 002, HIT LOCATIONS; the printed table (B552)
HIT_LOCATIONS = {
    3: ("skull", -7, "torso"), 4: ("skull", -7, "torso"), 5: ("face", -5, "torso"),
    6: ("right-leg", -2, "none"), 7: ("right-leg", -2, "none"), 8: ("right-arm", -2, "none"),
    9: ("torso", 0, "none"), 10: ("torso", 0, "none"), 11: ("groin", -3, "torso"),
    12: ("left-arm", -2, "none"), 13: ("left-leg", -2, "none"), 14: ("left-leg", -2, "none"),
    15: ("hand", -4, "none"), 16: ("foot", -4, "none"), 17: ("neck", -5, "torso"), 18: ("neck", -5, "torso"),
}  # fmt: skip


@pytest.mark.parametrize("roll", sorted(HIT_LOCATIONS))
def test_the_whole_hit_location_table(flow: Program, roll: int) -> None:
    location = compute(flow, "random-location", location_roll=roll)
    penalty = compute(flow, "location-penalty", aimed_location=location)
    miss = compute(flow, "miss-location", aimed_location=location)
    assert (location, penalty, miss) == HIT_LOCATIONS[roll]


# posture -> (melee attack from it, ranged attack at it, defense): B551; seed 002, POSTURES
POSTURES = {
    "standing": (0, 0, 0), "crouching": (-2, -2, 0), "kneeling": (-2, -2, -2),
    "crawling": (-4, -2, -3), "sitting": (-2, -2, -2), "lying": (-4, -2, -3),
}  # fmt: skip


@pytest.mark.parametrize("posture", sorted(POSTURES))
def test_posture_rows(flow: Program, posture: str) -> None:
    melee = compute(flow, "posture-skill", attacker_posture=posture, ranged_attack="no")
    ranged = compute(flow, "posture-skill", target_posture=posture, ranged_attack="yes")  # the target's
    defense = compute(flow, "defense-posture", defender_posture=posture)
    assert (melee, ranged, defense) == POSTURES[posture]


# shots -> hit bonus: B373; seed 002, RAPID FIRE (its first row reads 2-4; a single shot is +0)
SHOTS = {1: 0, 4: 0, 5: 1, 8: 1, 9: 2, 12: 2, 13: 3, 16: 3, 17: 4, 24: 4, 25: 5, 49: 5, 50: 6, 99: 6,
         100: 7, 199: 7, 200: 8, 399: 8, 400: 9, 799: 9, 800: 10, 1599: 10, 1600: 11, 3199: 11}  # fmt: skip


@pytest.mark.parametrize("shots", sorted(SHOTS))
def test_the_shots_table(flow: Program, shots: int) -> None:
    assert compute(flow, "shots-bonus", shots=shots, weapon_rof=3200) == SHOTS[shots]
    assert compute(flow, "shots-fired", shots=shots, weapon_rof=3) == min(shots, 3)  # at most the RoF (B373)


def test_the_printed_posture_and_hit_location_tables_agree_with_the_rules_tables(flow: Program) -> None:
    printed = flow.tables["posture"]
    rules = flow.tables["posture-rules"]
    for p, r in zip(printed.rows, rules.rows, strict=True):
        as_numbers = [0 if cell == "Normal" else int(cell) for cell in p.cells[1:4]]
        assert p.cells[0] == r.cells[0] and as_numbers == [int(c) for c in r.cells[1:4]], p.cells
    located = {r.cells[1]: r for r in flow.tables["hit-location"].rows}
    for row in flow.tables["hit-locations"].rows:
        name = row.cells[0]
        if name in located:
            printed_modifier = located[name].cells[2].split("f")[0].strip() or "0"
            assert int(printed_modifier) == int(row.cells[1]), name


def test_an_attack_that_lands_without_a_margin_hits_once(flow: Program) -> None:
    """Seed 003 step 56: hits are 1 + 1 per full Rcl of margin; a miss by one that strikes another
    location (margin -1) or a critical hit on a 4 over skill 3 (margin -1) still hits once."""
    given = {"ranged_attack": "yes", "shots": 3, "weapon_rof": 3, "weapon_rcl": 2}
    assert compute(flow, "hits", attack_margin=-1, **given) == 1
    assert compute(flow, "hits", attack_margin=4, **given) == 3  # 1 + 4 // 2


def test_a_critical_defense_against_a_ranged_attack_sends_nobody_to_the_critical_miss_table(flow: Program) -> None:
    """Seed 002, CRITICALS: "Critical success on a defense roll: Melee, attacker goes to Critical Miss Table"."""
    given = {"defense_outcome": "critical-success", "defense": "dodge"}
    assert compute(flow, "defense-critical", ranged_attack="no", **given) == "attacker-critical-miss"
    assert compute(flow, "defense-critical", ranged_attack="yes", **given) == "none"


@pytest.mark.parametrize(("reeling", "tired", "dodge"), [("no", "no", 9), ("yes", "no", 5), ("no", "yes", 5),
                                                         ("yes", "yes", 3)])  # fmt: skip
def test_a_tired_or_reeling_dodge_is_halved_rounding_up(flow: Program, reeling: str, tired: str, dodge: int) -> None:
    """Seed 002: below 1/3 HP or below 1/3 FP, Dodge is halved (B419, B426): 9 -> 5, and both: 9 -> 5 -> 3."""
    assert compute(flow, "dodge-base", defender_dodge=9, defender_reeling=reeling, defender_tired=tired) == dodge


def test_a_ranged_deceptive_attack_takes_its_minus_2_on_the_ranged_path(flow: Program) -> None:
    """Item 4: the -2 a level comes off the skill, melee (44) or ranged (52: the ranged path skips 44)."""
    assert any(a.fact == "deceptive-skill" for a in flow.steps["combat.52"].actions)
    assert any(a.fact == "deceptive-skill" for a in flow.steps["combat.44"].actions)
