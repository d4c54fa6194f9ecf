"""Typed reads of a GCS sheet's JSON: each says what it expects of a value, and what it makes of others.

A sheet is JSON, so any field may hold anything.  The reads here are the one place that looks at
a value's type: `obj` and `objects` (a missing or null field is empty; another type is an error
naming the field, since GCS would not open that file either), `text`, `whole` and `number`
(None for anything else, and the caller says what it does then).  `files.read` has already
turned a number no sheet holds (NaN, Infinity, 1e999, a hundred digits) into Unreadable, which
none of them takes for a number.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from checklist.model.limits import MAX_DIGITS
from checklist.model.visible import brief, has_control
from checklist.roster.errors import GcsError as GcsError  # also imported from here

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass

Json = dict[str, object]
RESAVE = "open it in a current GCS (5.24 or later) and save it again"
SPACES = str.maketrans({c: " " for c in "\t\n\r\x0b\x0c"})


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A JSON number no sheet holds (NaN, Infinity, 1e999, more digits than a double has), kept
    where it was so that the field that needs a number names it in its error."""

    written: str  # as the file has it, shortened

    def __str__(self) -> str:
        return self.written


def obj(value: object, where: str) -> Json:
    """A JSON object; {} for a missing or null field."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise _wrong(value, "a JSON object", where)
    return value


def objects(value: object, where: str) -> list[Json]:
    """A list of JSON objects; [] for a missing or null field."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise _wrong(value, "a list", where)
    for item in value:
        if not isinstance(item, dict):
            raise _wrong(item, "a JSON object for each item", where, "an item is ")
    return value


def text(value: object) -> str:
    """Text the roster shows: a string (or a number GCS wrote as one), on one line, with no control
    characters (a sheet's text never reaches the terminal with them); "" for anything else."""
    if isinstance(value, bool) or value is None:
        return ""
    if isinstance(value, int | float):
        shown = whole(value)
        return str(shown) if shown is not None else repr(value) if number(value) is not None else ""
    if not isinstance(value, str):
        return ""
    if value.isprintable():  # most of a sheet: no control, format or unassigned character
        return value.strip()
    line = value.translate(SPACES)
    if has_control(line):
        line = "".join(" " if has_control(c) else c for c in line)
    return " ".join(line.split())


def whole(value: object) -> int | None:
    """A whole number of at most MAX_DIGITS digits (GCS writes 12, or 12.0 from a computation)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    if isinstance(value, float) and not (math.isfinite(value) and value.is_integer()):
        return None
    return int(value) if abs(value) < 10**MAX_DIGITS else None


def number(value: object) -> float | None:
    """A finite number below 10 ** MAX_DIGITS."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if math.isfinite(value) and abs(value) < 10**MAX_DIGITS else None


def _wrong(value: object, wanted: str, where: str, what: str = "") -> GcsError:
    return GcsError(f"{where}: {what}{brief(value)}, where GCS writes {wanted}; {RESAVE}")
