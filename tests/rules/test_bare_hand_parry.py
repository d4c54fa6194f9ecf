"""A bare hand parrying a weapon (rules.flow: bare-hand-parry, table bare-hand).

Seed 000 (3e card, Parry): "If you Parry a weapon bare-handed, your defense is at -3 unless you Parry a
thrust, or you are using Judo or Karate"; B376 (Parrying Unarmed) keeps it in 4e.

tests/data/duel-roster.toml with Bruno's mace made a punch (Brawling 13, an unarmed attack): his Parry is
the sheet's 9. Alice swings her broadsword (a TOML weapon without `usage = "thrust"` is a swing) at his
torso, 10 against 15 hits, and he parries: 9 - 3 = 6, so a 7 fails (B348: it would succeed against 9).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from checklist.graph.program import Program
from tests.rules.test_injury_rules import attack, duel, known

PUNCH = (('skills = { axe-mace = 13 }', 'skills = { brawling = 13 }'), ('name = "mace"', 'name = "punch"'),
         ('skill = "axe-mace"', 'skill = "brawling"'))  # fmt: skip
TYPED = {"aimed-location": "torso", "defense-dice": "7", "damage-roll": "3", "knockdown-dice": "10"}


@pytest.mark.parametrize(
    ("changes", "modifier", "outcome"),
    [
        (PUNCH, -3, "failure"),  # a bare hand against a swung sword: 9 - 3 = 6, and 7 fails
        (
            (*PUNCH[:2], ('skill = "axe-mace"', 'skill = "karate"'), ("{ brawling = 13 }", "{ karate = 13 }")),
            0,
            "success",
        ),  # Karate parries at no penalty: 9, and 7 succeeds
        ((*PUNCH, ('skill = "broadsword"', 'skill = "broadsword"\nusage = "thrust"')), 0, "success"),  # a thrust
        ((), 0, "success"),  # the mace parries a sword: no bare hand
    ],
)
def test_a_bare_hand_parries_a_weapon_at_minus_3(
    flow: Program, tmp_path: Path, changes: tuple[tuple[str, str], ...], modifier: int, outcome: str
) -> None:
    turn = attack(flow, duel(tmp_path, *changes), TYPED)
    assert known(turn, "bare-hand-parry") == modifier
    assert known(turn, "parry-score") == 9 + modifier
    assert known(turn, "defense-outcome") == outcome


def test_a_usage_that_names_a_thrust_is_one(flow: Program, tmp_path: Path) -> None:
    """GCS writes usages such as `Thrust - Two Handed` and `Main-Gauche Thrust`: thrusts, parried bare-handed at
    no -3; `Swung - Two Handed` is not."""
    for usage, modifier in (("Thrust - Two Handed", 0), ("Main-Gauche Thrust", 0), ("Swung - Two Handed", -3)):
        sword = ('skill = "broadsword"', f'skill = "broadsword"\nusage = "{usage}"')
        turn = attack(flow, duel(tmp_path, *PUNCH, sword), TYPED)
        assert known(turn, "bare-hand-parry") == modifier, usage
