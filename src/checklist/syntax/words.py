"""What the author types for each terminal of the grammar, so that no terminal name (`__ANON_1`,
`LPAR`, `DOT`) ever reaches a message.

A terminal that is a fixed string (`"->"`, `"("`, `"per"`) reads as that string; the terminals
that are patterns are named below, in the words docs/language.md uses.  A test walks every
terminal of the parser and fails on one that has no word here.
"""

from __future__ import annotations

from lark import Lark

PATTERN_WORDS: dict[str, str] = {
    "$END": "end of file",
    "_NL": "end of line",
    "WS": "a space",
    "COMMENT": "a `# comment`",
    "NAME": "a name",
    "DECK_NAME": "a deck name",
    "INT": "a number",
    "SIGNED": "a number",
    "STRING": 'a "quoted text"',
    "TEXT": "a `| prose` line",
    "NOTE": "`: text`",
    "REF": "a reference like B393",
    "DICE": "dice like 3d6 or 1d-2",
    "SCOPE": "a scope (combat, turn, attack, defender)",
    "COMPARE": "a comparison (>=, <=, >, <)",
    "COLUMNS": "`columns a | b`",
    "ROW": "`row a | b`",
    "CARD_FIELD": "a card field (`move:`, `attack:`, `defense:`, `options:`, `other:`)",
    "EACH_KW": "`for each`",
    "ADD": "`add`",
    "FIND": "`find`",
    "SHOW": "`show`",
    "DECK": "`deck`",
    "CATEGORY": "`category`",
    "CARD": "`card`",
    "IN": "`in`",
    "RECORD": "`record`",
    "NEXT": "`next`",
    "ASSUME": "`assume`",
    "UNLESS": "`unless`",
    "DEFAULT": "`default`",
}


def word(lark: Lark, terminal: str) -> str | None:
    """The author's word for `terminal` (`->` for the arrow), or None for a name this grammar lacks."""
    found = PATTERN_WORDS.get(terminal)
    if found is not None:
        return found
    try:
        pattern = lark.get_terminal(terminal).pattern
    except KeyError:
        return None
    return f"`{pattern.value}`" if pattern.type == "str" else None


def words(lark: Lark, terminals: set[str]) -> str:
    """`expected ...`: the words for these terminals, sorted, at most 8 (a name never shows)."""
    said = sorted({word(lark, t) or "something else" for t in terminals}, key=_order)
    shown = ", ".join(said[:8])
    return shown + (", ..." if len(said) > 8 else "")


def _order(text: str) -> tuple[int, str]:
    return (0 if text.startswith("`") else 1, text)
