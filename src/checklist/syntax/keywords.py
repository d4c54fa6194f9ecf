"""The words that open a statement, read from the grammar itself (for "did you mean `go`?")."""

from __future__ import annotations

import re

from lark import Lark
from lark.grammar import Terminal

_LEADING_WORDS = re.compile(r"\(?([a-z]+(?:\|[a-z]+)*)")


def statement_keywords(lark: Lark) -> frozenset[str]:
    """Each statement rule's first terminal (`_stmt: checklist | step | go ...`), as words."""
    statements = {r.expansion[0].name for r in lark.rules if r.origin.name == "_stmt"}
    words: set[str] = set()
    for rule in lark.rules:
        if rule.origin.name not in statements or not rule.expansion:
            continue
        first = rule.expansion[0]
        if isinstance(first, Terminal):  # every statement opens with a keyword
            words.update(_words(lark.get_terminal(first.name).pattern))
    return frozenset(words)


def _words(pattern: object) -> list[str]:
    value = str(getattr(pattern, "value", ""))
    if getattr(pattern, "type", "") == "str":
        return [value]
    found = _LEADING_WORDS.match(value)
    return found.group(1).split("|") if found else []
