"""How a person's words become a value name, and the one did-you-mean every layer uses for names."""

from __future__ import annotations

import difflib
import re
from collections.abc import Collection, Iterable
from functools import lru_cache

_NOT_SLUG = re.compile(r"[^a-z0-9]+")
MAX_PARTS = 8  # `a-b-c-...`: a name of more parts than this is not split into facts


@lru_cache(maxsize=4096)
def slug(text: str) -> str:
    """A table cell as a choice value: `All-Out Attack (Double)` -> `all-out-attack-double`."""
    return _NOT_SLUG.sub("-", text.lower()).strip("-")


def closest(word: str, known: Iterable[str]) -> str | None:
    """What an unknown name most likely meant: `a - b` when it reads as `a-b` of two known names
    (a minus written without spaces), else the nearest known name, else None."""
    names = known if isinstance(known, Collection) else list(known)
    minus = as_minus(word, names)
    if minus is not None:
        return minus
    close = difflib.get_close_matches(word[:100], list(names), n=1)
    return close[0] if close else None


def as_minus(word: str, known: Collection[str]) -> str | None:
    """`aid-roll-aid-skill` -> `aid-roll - aid-skill` when both halves are known names (the first
    split, from the left, whose every part is known; more than two parts are tried too)."""
    parts = word.split("-")
    if len(parts) < 2 or len(parts) > MAX_PARTS:
        return None
    return _split(parts, known, whole=False)


def _split(parts: list[str], known: Collection[str], whole: bool) -> str | None:
    if whole and "-".join(parts) in known:
        return "-".join(parts)
    for cut in range(1, len(parts)):
        head = "-".join(parts[:cut])
        if head in known:
            rest = _split(parts[cut:], known, whole=True)
            if rest is not None:
                return f"{head} - {rest}"
    return None


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """`; did you mean `x`?` for what `word` most likely meant (closest), or nothing."""
    found = closest(word, known)
    return f"; did you mean `{found}`?" if found else ""
