"""Issue 27 part 2: the body's own hit locations, through the whole chain of a real Session.

Alice (broadsword 15, 1d+2 cut; tests/data/duel-roster.toml, here at Basic Speed 8 so that she acts
first) attacks a creature read from its GCS sheet (../shared/gcs, never copied: skipped when absent).
Its hit location table is the sheet's (GCS's body type): the roll, the penalty and the DR of each
location are the sheet's, and the wounding and crippling follow the location's kind, GCS's id, by
flow/rules.flow's table body-kinds (B552-554).  By hand, from the sheets:

* Timber Wolf (Quadruped, HP 10): 7-8 Foreleg (-2, DR 1, id leg: a leg, cut x1.5, crippled over
  HP/2 = 5), 17-18 Tail (-3, DR 1, id tail: assumed an extremity, as a hand: cut x1.5, crippled over
  HP/3), skull 3-4 (-7, DR 3 of which natural 2: GCS gave the skull its 2, the flow adds none).
* Eagle (Avian, HP 5): 7-8 Wing (-2, DR 0, id wing: assumed a limb, as an arm: cut x1.5), skull DR 2
  (natural 2): 2, not 4.
* Burrowing Serpent (Vermiform, HP 23): 6-8 Neck (-5, DR 2: cut x2), 9-18 Torso (DR 2: cut x1.5); no
  arms or legs.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from checklist.engine.session import Session
from checklist.graph.program import Program
from checklist.roster.combatants import Roster
from checklist.roster.load import load
from tests.roster.test_gcs_library import SHARED, needs_library

ATTACK = {"maneuver": "attack", "aimed-location": "torso", "attack-dice": "10", "defense": "dodge",
          "defense-dice": "15", "bleeding-rules": "no", "knockdown-dice": "3", "death-dice": "3",
          "death-dice-2": "3", "death-dice-3": "3", "death-dice-4": "3"}  # fmt: skip
SHEETS = {"wolf": "v5/Wolf, Timber.gcs", "eagle": "more/Eagle.gcs", "serpent": "more/Burrowing Serpent.gcs"}


ALICE = """[[combatant]]
name = "Alice"
st = 10
dx = 13
ht = 11
hp = 10
basic-speed = 8
sm = 0
block = 0
skills = { broadsword = 15 }
dodge = 9
parry = 11
dr = { torso = 3, skull = 2 }
side = "a"

[[combatant.weapon]]
name = "broadsword"
damage = "1d+2"
type = "cut"
skill = "broadsword"
reach = "1"
"""


def alice_against(tmp_path: Path, creature: str) -> Roster:
    """Alice (tests/data/duel-roster.toml's, at Basic Speed 8: she acts first) and the creature's sheet."""
    path = tmp_path / "fight.toml"
    path.write_text(f'{ALICE}\n[[combatant]]\ngcs = "{SHARED / SHEETS[creature]}"\nside = "b"\n', "utf-8")
    return load(path)


def hit(flow: Program, roster: Roster, typed: dict[str, str], facts: dict[str, str] | None = None) -> dict[str, object]:
    """Alice's attack with `typed` answers, until the injury is recorded; every fact used on the way."""
    session = Session(flow, at="combat.1", seed=11, roster=roster, pause=False, facts=facts)
    answers = {**ATTACK, **typed}
    seen: dict[str, object] = {}
    for _ in range(60):
        seen.update({name: k.value for name, k in session.state.known().items()})
        for visit in session.state.trace:
            seen.update({name: value for name, value, _ in visit.used})
        question = session.question
        roster = session.state.roster
        if question is None or question.fact == "combat-over" or (roster is not None and roster.current != 0):
            break
        assert question.fact in answers, f"`{question.fact}` asked: {question.text}"
        session.answer(answers[question.fact or ""])
    seen["roster"] = session.state.roster
    return seen


RANDOM = {"location-unknown": "yes"}  # a random hit location (combat.58): the roll is typed
FACTS = ("random-location", "wound-location", "wound-kind", "dr", "penetrating", "wounding-row", "injury", "hit-area",
         "crippled", "wound-injury")  # fmt: skip


def facts(seen: dict[str, object]) -> tuple[object, ...]:
    return tuple(seen.get(f) for f in FACTS)


@needs_library
@pytest.mark.parametrize(
    ("creature", "typed", "expected"),
    [
        # the Wolf's 7 is its Foreleg (7-8), DR 1: 6 - 1 = 5 cut to a leg x1.5 = 7; over HP/2 = 5 cripples it,
        # and a crippled limb takes the least that cripples it, 6 (seed 002, HIT LOCATIONS)
        ("wolf", {"location-roll": "7", "damage-roll": "6"},
         ("foreleg", "foreleg", "right-leg", 1, 5, "leg", 7, "limb", "yes", 6)),
        # 17 is its Tail (17-18), DR 1: assumed an extremity, as a hand: 5 x1.5 = 7, over HP/3 cripples: 4
        ("wolf", {"location-roll": "17", "damage-roll": "6"},
         ("tail", "tail", "hand", 1, 5, "hand", 7, "extremity", "yes", 4)),
        # the Eagle's 7 is a Wing (7-8), DR 0: assumed a limb, as an arm: 4 x1.5 = 6, over HP/2 = 2.5: 3
        ("eagle", {"location-roll": "7", "damage-roll": "4"},
         ("wing", "wing", "right-arm", 0, 4, "arm", 6, "limb", "yes", 3)),
        # the Serpent's 12 is its Torso (9-18, not the Groin of a Humanoid's 11): DR 2, 6 - 2 = 4 x1.5 = 6
        ("serpent", {"location-roll": "12", "damage-roll": "6"},
         ("torso", "torso", "torso", 2, 4, "torso", 6, "torso", "no", 6)),
        # its 7 is its Neck (6-8, not a Humanoid's Right Leg): 4 cut to the neck x2 = 8
        ("serpent", {"location-roll": "7", "damage-roll": "6"},
         ("neck", "neck", "neck", 2, 4, "neck", 8, "neck", "no", 8)),
    ],
)  # fmt: skip
def test_a_hit_roll_lands_on_the_sheets_table(
    flow: Program, tmp_path: Path, creature: str, typed: dict[str, str], expected: tuple[object, ...]
) -> None:
    seen = hit(flow, alice_against(tmp_path, creature), typed, RANDOM)
    assert facts(seen) == expected


@needs_library
@pytest.mark.parametrize(
    ("creature", "aimed", "dice", "skill", "penalty", "dr", "injury"),
    [
        # Alice's 15 - 7 = 8 at the Wolf's skull; DR 3, GCS's (its 2 included, natural-dr 2): the flow adds
        # none. 6 - 3 = 3 cut to the skull x4 = 12
        ("wolf", "skull", "8", 8, -7, 3, 12),
        # the Wolf's Foreleg at -2 (the sheet's): 13; 6 - 1 = 5 x1.5 = 7 (crippled: 6 recorded)
        ("wolf", "foreleg", "13", 13, -2, 1, 7),
        # the Eagle (SM -2: 15 - 2 - 7 = 6) at the skull: DR 2, not 2 + 2; 6 - 2 = 4 x4 = 16
        ("eagle", "skull", "6", 6, -7, 2, 16),
        # its Tail at -3 (the sheet's): 15 - 2 - 3 = 10
        ("eagle", "tail", "10", 10, -3, 0, 9),
    ],
)
def test_an_aimed_attack_takes_the_sheets_penalty_and_dr(
    flow: Program, tmp_path: Path, creature: str, aimed: str, dice: str, skill: int, penalty: int, dr: int, injury: int
) -> None:
    seen = hit(flow, alice_against(tmp_path, creature), {"aimed-location": aimed, "attack-dice": dice,
                                                          "damage-roll": "6"})  # fmt: skip
    assert (seen["location-penalty"], seen["final-skill"]) == (penalty, skill)
    assert (seen["wound-location"], seen["dr"], seen["injury"]) == (aimed, dr, injury)


@needs_library
def test_the_aimed_locations_offered_are_the_targets(flow: Program, tmp_path: Path) -> None:
    """Against the Serpent, the question lists its own locations (no arms, no legs), then the flow's
    sub-locations its DR lists (the jaw and the ear in the face, the spine in the torso)."""
    session = Session(flow, at="combat.1", seed=11, roster=alice_against(tmp_path, "serpent"), pause=False)
    while (question := session.question) is not None and question.fact != "aimed-location":
        session.answer(ATTACK[question.fact or ""])
    assert question is not None
    assert [o.value for o in question.options] == [
        *("eyes", "skull", "face", "neck", "torso", "vitals"),
        *("jaw", "nose", "ear", "carotid-artery", "jugular-vein", "spine"),
    ]
    assert question.default == "torso"
