"""How a person's words become a value name: one rule for table cells, choices and card names."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from functools import lru_cache

_NOT_SLUG = re.compile(r"[^a-z0-9]+")


@lru_cache(maxsize=4096)
def slug(text: str) -> str:
    """A table cell as a choice value: `All-Out Attack (Double)` -> `all-out-attack-double`."""
    return _NOT_SLUG.sub("-", text.lower()).strip("-")


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """`; did you mean `x`?` for the closest of `known`, or nothing."""
    close = difflib.get_close_matches(word[:100], list(known), n=1)
    return f"; did you mean `{close[0]}`?" if close else ""
