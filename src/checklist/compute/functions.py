"""The built-in functions of the expression language, written once: the evaluator calls them and the
checker knows their names and how many arguments each takes (E312)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass

Numbers = Sequence[Fraction]


@dataclass(frozen=True, slots=True)
class Function:
    least: int  # arguments it takes at the least
    most: int  # and at the most
    numeric: Callable[[Numbers], Fraction] | None = None  # None: the evaluator reads its arguments itself


FUNCTIONS: dict[str, Function] = {
    "min": Function(1, 99, min),
    "max": Function(1, 99, max),
    "floor": Function(1, 1, lambda v: Fraction(math.floor(v[0]))),
    "ceil": Function(1, 1, lambda v: Fraction(math.ceil(v[0]))),
    "abs": Function(1, 1, lambda v: abs(v[0])),
    "success": Function(3, 4),  # success(TABLE, ROLL, SKILL[, PLAIN-SKILL]): a row of a success table
    "cell": Function(3, 3),  # cell(TABLE, COLUMN, ROW): a table's cell
}
