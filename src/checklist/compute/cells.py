"""How a table cell reads as a number, a multiplier or a range of numbers.

Cells stay text in the model (tables are printed data); these readers give them meaning
where an expression looks them up (docs/language.md, "Table cells").
"""

from __future__ import annotations

import re
from fractions import Fraction

_NUMBER = re.compile(r"([+\-−]?)\s*(\d+(?:\.\d+)?)")
_MULTIPLIER = re.compile(r"[*x×]\s*(\d+(?:\.\d+)?)")
_RANGE = re.compile(r"(-?\d+)\s*-\s*(-?\d+)")
_OPEN = re.compile(r"(-?\d+(?:/\d+)?)\s*(\+|or more|or less)")
_BELOW = re.compile(r"(less|more) than\s+(-?\d+(?:/\d+)?)")
NO_VALUE = frozenset({"-", "—", "–", "n/a"})


def number(cell: str) -> Fraction | None:
    """`+4`, `-2`, `−3`, `1.5` and `*1.5` / `x2` / `×2` (a multiplier) as numbers; None otherwise."""
    text = cell.strip()
    found = _NUMBER.fullmatch(text)
    if found is not None:
        value = Fraction(found.group(2))
        return -value if found.group(1) in ("-", "−") else value
    found = _MULTIPLIER.fullmatch(text)
    return Fraction(found.group(1)) if found is not None else None


def in_range(cell: str, value: Fraction) -> bool | None:
    """Whether `value` lies in the range a cell names (`5`, `3-4`, `16+`, `15 or less`,
    `-10 or less`, `less than 1/3`, `any`); None if the cell is not a range at all."""
    text = cell.strip().lower()
    if text == "any":
        return True
    found = _RANGE.fullmatch(text)
    if found is not None:
        return int(found.group(1)) <= value <= int(found.group(2))
    found = _OPEN.fullmatch(text)
    if found is not None:
        bound = Fraction(found.group(1))
        return value <= bound if found.group(2) == "or less" else value >= bound
    found = _BELOW.fullmatch(text)
    if found is not None:
        bound = Fraction(found.group(2))
        return value < bound if found.group(1) == "less" else value > bound
    single = re.fullmatch(r"-?\d+", text)
    return value == int(text) if single else None
