"""How a table cell reads as a number, a multiplier or a range of numbers.

Cells stay text in the model (tables are printed data); these readers give them meaning
where an expression looks them up (docs/language.md, "Table cells").
"""

from __future__ import annotations

import re
from fractions import Fraction
from functools import lru_cache

_NUMBER = re.compile(r"([+\-−]?)\s*(\d+(?:\.\d+)?)")
_MULTIPLIER = re.compile(r"[*x×]\s*(\d+(?:\.\d+)?)")
_RANGE = re.compile(r"(-?\d+)\s*-\s*(-?\d+)")
_OPEN = re.compile(r"(-?\d+(?:/\d+)?)\s*(\+|or more|or less)")
_BELOW = re.compile(r"(less|more) than\s+(-?\d+(?:/\d+)?)")
NO_VALUE = frozenset({"-", "—", "–", "n/a"})


@lru_cache(maxsize=8192)
def number(cell: str) -> Fraction | None:
    """`+4`, `-2`, `−3`, `1.5` and `*1.5` / `x2` / `×2` (a multiplier) as numbers; None otherwise."""
    text = cell.strip()
    found = _NUMBER.fullmatch(text)
    if found is not None:
        value = Fraction(found.group(2))
        return -value if found.group(1) in ("-", "−") else value
    found = _MULTIPLIER.fullmatch(text)
    return Fraction(found.group(1)) if found is not None else None


Bounds = tuple[Fraction | None, bool, Fraction | None, bool]  # low, low excluded, high, high excluded


def in_range(cell: str, value: Fraction) -> bool | None:
    """Whether `value` lies in the range a cell names (`5`, `3-4`, `16+`, `15 or less`,
    `-10 or less`, `less than 1/3`, `any`); None if the cell is not a range at all."""
    bounds = _bounds(cell)
    if bounds is None:
        return None
    low, above, high, below = bounds
    if low is not None and (value <= low if above else value < low):
        return False
    return not (high is not None and (value >= high if below else value > high))


@lru_cache(maxsize=8192)
def _bounds(cell: str) -> Bounds | None:
    """A range cell read once (a table is looked up at every step that reads it)."""
    text = cell.strip().lower()
    if text == "any":
        return None, False, None, False
    found = _RANGE.fullmatch(text)
    if found is not None:
        return Fraction(int(found.group(1))), False, Fraction(int(found.group(2))), False
    found = _OPEN.fullmatch(text)
    if found is not None:
        bound = Fraction(found.group(1))
        return (None, False, bound, False) if found.group(2) == "or less" else (bound, False, None, False)
    found = _BELOW.fullmatch(text)
    if found is not None:
        bound = Fraction(found.group(2))
        return (None, False, bound, True) if found.group(1) == "less" else (bound, True, None, False)
    if re.fullmatch(r"-?\d+", text):
        return Fraction(int(text)), False, Fraction(int(text)), False
    return None
