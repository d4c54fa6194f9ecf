"""A success roll against effective skill, read from a table of critical results (B348).

The table's columns name what a row tests: `roll` (the dice), `effective-skill`, `margin`
(skill minus roll), each a range cell or empty for any; `result` is the outcome.  The first
row that matches gives the result; if none does, the roll succeeds when it is at most the
effective skill.  Every threshold lives in the table (flow/rules.flow, `criticals`).
"""

from __future__ import annotations

from fractions import Fraction

from checklist import model as m
from checklist.compute import cells

TESTED = ("roll", "effective-skill", "margin")


def success(table: m.Table, roll: Fraction, skill: Fraction) -> str:
    values = {"roll": roll, "effective-skill": skill, "margin": skill - roll}
    result = table.column("result")
    tested = [(table.column(name), values[name]) for name in TESTED if table.column(name) is not None]
    if result is not None:
        for row in table.rows:
            if _row_holds(row, tested):
                return row.cells[result].strip()
    return "success" if roll <= skill else "failure"


def _row_holds(row: m.Row, tested: list[tuple[int | None, Fraction]]) -> bool:
    """Whether each tested cell of the row holds its value (a loop, not all(generator): a generator left open
    costs an exception, GeneratorExit)."""
    for index, value in tested:
        if index is not None and index < len(row.cells) and not _holds(row.cells[index], value):
            return False
    return True


def _holds(cell: str, value: Fraction) -> bool:
    if not cell.strip():
        return True
    return cells.in_range(cell, value) is True
