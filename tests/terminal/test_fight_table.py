"""The end table and the combat log as the terminal paints them (paint.fight_lines): golden files,
and every line within 80 columns, with long names and many wounds (tests/present/endings.py)."""

from __future__ import annotations

import pytest

from checklist.present.fight import CombatantRow, FightView
from checklist.terminal.paint import fight_lines
from tests.conftest import ROOT, golden
from tests.present.endings import FELICITY, SIR, hard_fight

GOLDEN = ROOT / "tests" / "terminal" / "golden"


@pytest.mark.parametrize("width", [80, 120])
def test_the_end_table_and_the_log_fit_the_terminal(width: int) -> None:
    lines = fight_lines(hard_fight(), width)
    assert max(map(len, lines)) <= width
    golden(GOLDEN / f"fight-{width}.txt", "\n".join(lines) + "\n")


def test_a_name_longer_than_its_column_has_a_line_of_its_own_and_the_numbers_stay_in_their_columns() -> None:
    lines = fight_lines(hard_fight(), 80)
    numbers = lines[lines.index(f"  {SIR}") + 1]
    assert numbers.startswith(" " * 26 + "  12/14")  # 2 + the name column (22 wide, empty) + 2
    row = next(line for line in lines if line.startswith(f"  {FELICITY}"))
    assert row.index("-3/13") + len("-3/13") == lines[0].index("HP") + 2 == numbers.index("12/14") + len("12/14")


def test_a_short_table_is_one_line_a_combatant() -> None:
    view = FightView((CombatantRow("Al", 5, 10, 10, 10, 0, "standing", ("reeling",), ("torso 5",)),), ())
    assert fight_lines(view, 80) == [
        "           HP       FP  shock  posture   conditions; wounds",
        "  Al     5/10    10/10      0  standing  reeling; wounds: torso 5",
    ]
