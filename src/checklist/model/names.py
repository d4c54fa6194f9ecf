"""How a person's words become a value name: one rule for table cells, choices and card names."""

from __future__ import annotations

import re

_NOT_SLUG = re.compile(r"[^a-z0-9]+")


def slug(text: str) -> str:
    """A table cell as a choice value: `All-Out Attack (Double)` -> `all-out-attack-double`."""
    return _NOT_SLUG.sub("-", text.lower()).strip("-")
