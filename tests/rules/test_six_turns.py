"""The six standard turns of bench/table_turn.py as tests: each is played with `checklist run`
in the table view (the setup first), and must take the inputs counted here, show its rolls, and
leave the roster as the rolls it shows say, worked out by hand from the seeds.

Damage (seed 003 steps 89-97, B379): penetrating = damage - DR (exactly 0 counts as 1 for a
non-crushing attack, step 91); cutting x1.5 and impaling x2 to the torso, rounded down, at least 1.
Bruno: HP 13, torso DR 2 (bench/table_turn/roster.toml).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT, script

CHECKLIST = str(Path(sys.executable).parent / "checklist")


BENCH = script("table_turn", ROOT / "bench" / "table_turn.py")
INPUTS = {"a": 8, "b": 5, "c": 4, "d": 10, "e": 8, "f": 2}  # docs/benchmarks.md
ROLLS = re.compile(r"^(Roll [^:\n]*): (\S+) → (\d+)", re.M)


def people(session: Path) -> dict[str, dict[str, Any]]:
    data = json.loads(session.read_text("utf-8"))
    return {p["name"]: p for p in data["roster"]["state"]["combatants"]}


def injury(damage: int, dr: int, multiplier: float) -> int:
    """Seed 003 step 91: exactly 0 penetrating from a non-crushing attack counts as 1."""
    penetrating = damage - dr
    penetrating = 1 if penetrating == 0 else penetrating  # these turns cut and impale
    return max(1, int(penetrating * multiplier)) if penetrating > 0 else 0


@pytest.mark.parametrize("key", list(INPUTS))
def test_a_standard_turn(key: str, tmp_path: Path) -> None:
    turn = next(t for t in BENCH.TURNS if t.key == key)
    played = BENCH.play(turn, turn.seed, CHECKLIST, tmp_path)
    assert played.problem is None, played.problem
    assert len(BENCH.answer_lines(turn.answers.read_text("utf-8"))) == INPUTS[key]
    rolls = {question: (dice, int(value)) for question, dice, value in ROLLS.findall(played.output)}
    after = people(tmp_path / "session.json")
    bruno = after["Bruno"]
    before_hp = 13 - 1  # the setup's round 1: Alice's 3 cut (1 penetrating, x1.5 = 1)
    if key == "a":
        dice, damage = rolls["Roll the damage of the broadsword"]  # the table view names the weapon
        assert dice == "1d6+2" and "Roll 3d6 for the attack" in rolls and "Roll 3d6 for the active defense" in rolls
        assert bruno["current-hp"] == before_hp - injury(damage, 2, 1.5)
    elif key == "b":
        assert set(rolls) == {"Roll 3d6 for the attack"} and bruno["current-hp"] == before_hp
    elif key == "c":
        assert rolls == {} and after["Cora"]["aim-turns"] == 1
        assert after["Cora"]["aimed-at"] == {"bruno": 1} and after["Cora"]["aimed-with"] == "longbow"  # B364
    elif key == "d":
        dice, damage = rolls["Roll the damage of the longbow"]
        assert dice == "1d6+1"  # the longbow, impaling: x2 to the torso
        assert bruno["current-hp"] == before_hp - injury(damage, 2, 2)
    elif key == "e":
        dice, damage = rolls["Roll the damage of the broadsword"]
        assert "Roll 3d6 for the active defense" not in rolls  # no defense
        assert bruno["current-hp"] == before_hp - injury(damage, 2, 1.5)
    else:  # (f) Bruno was stunned by the setup's knockdown: his turn passes, and at its end HT 12
        dice, roll = rolls["Roll 3d6 for Bruno's HT roll to recover from stun"]  # ends the stun on 12 or less
        assert set(rolls) == {"Roll 3d6 for Bruno's HT roll to recover from stun"} and dice == "3d6"
        assert bruno["stunned"] == ("yes" if roll > 12 else "no")
