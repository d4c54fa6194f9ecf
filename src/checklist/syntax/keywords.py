"""The words that open a statement, read from the grammar itself (for "did you mean `go`?")."""

from __future__ import annotations

import re
from typing import NamedTuple

from lark import Lark
from lark.grammar import Terminal

from checklist.syntax.lines import Continuation


class Grammar(NamedTuple):
    """What a message needs of the grammar: the parser (for its terminals' words), the words that
    open a statement, those of them that also stand inside one (`if`, `else`, `end`), and the
    postlexer that lets a line go on inside brackets (its state tells where a parse stopped)."""

    lark: Lark
    keywords: frozenset[str]
    inner: frozenset[str]
    lines: Continuation


def grammar(lark: Lark, lines: Continuation) -> Grammar:
    return Grammar(lark, statement_keywords(lark), inner_keywords(lark), lines)


_LEADING_WORDS = re.compile(r"\(?([a-z]+(?:\|[a-z]+)*)")


def statement_keywords(lark: Lark) -> frozenset[str]:
    """Each statement rule's first terminal (`_stmt: checklist | step | go ...`), as words."""
    words: set[str] = set()
    for name in statement_openers(lark):
        words.update(_words(lark.get_terminal(name).pattern))
    return frozenset(words)


def inner_keywords(lark: Lark) -> frozenset[str]:
    """The keywords that also stand inside a statement (`if` and `else` in a formula, `end` as a
    target): a line that starts with one may be a formula's next line."""
    openers = statement_openers(lark)
    statements = {r.expansion[0].name for r in lark.rules if r.origin.name == "_stmt"}
    words: set[str] = set()
    for rule in lark.rules:
        if rule.origin.name == "_stmt":
            continue
        for symbol in rule.expansion[1:] if rule.origin.name in statements else rule.expansion:
            if isinstance(symbol, Terminal) and symbol.name in openers:
                words.update(_words(lark.get_terminal(symbol.name).pattern))
    return frozenset(words)


def statement_openers(lark: Lark) -> frozenset[str]:
    """The terminals a statement can start with: where they are expected, a statement starts."""
    statements = {r.expansion[0].name for r in lark.rules if r.origin.name == "_stmt"}
    found: set[str] = set()
    for rule in lark.rules:
        if rule.origin.name not in statements or not rule.expansion:
            continue
        first = rule.expansion[0]
        if isinstance(first, Terminal):  # every statement opens with a keyword
            found.add(first.name)
    return frozenset(found)


def _words(pattern: object) -> list[str]:
    value = str(getattr(pattern, "value", ""))
    if getattr(pattern, "type", "") == "str":
        return [value]
    found = _LEADING_WORDS.match(value)
    return found.group(1).split("|") if found else []
