"""No terminal name of the grammar reaches a message: each one reads as what the author types."""

from __future__ import annotations

import re

import pytest
from lark import Lark
from tests.conftest import FLOW

from checklist.syntax import parser
from checklist.syntax.parser import parse
from checklist.syntax.words import PATTERN_WORDS, word


@pytest.fixture(scope="module")
def lark() -> Lark:
    return parser.build_parser(from_tables=False)[0]


def test_every_terminal_of_the_grammar_has_an_authors_word(lark: Lark) -> None:
    names = [t.name for t in lark.terminals] + ["$END"]
    for name in names:
        said = word(lark, name)
        assert said is not None, f"terminal {name} has no word in syntax/words.py PATTERN_WORDS"
        assert name not in said and "__ANON" not in said, (name, said)


def test_the_words_name_only_terminals_the_grammar_has(lark: Lark) -> None:
    names = {t.name for t in lark.terminals} | {"$END"}
    assert set(PATTERN_WORDS) <= names, set(PATTERN_WORDS) - names


def _forbidden(lark: Lark) -> re.Pattern[str]:
    """Terminal names as they could leak: `__ANON_1`, `LPAR`, and Lark's lower-cased `lpar`, `dot`."""
    names = {t.name for t in lark.terminals if t.name.isupper() or t.name.startswith("_")}
    lowered = {n.lower() for n in names if n.startswith("__") or n in _PUNCTUATION}
    return re.compile(r"\b(" + "|".join(sorted(map(re.escape, names | lowered))) + r")\b")


_PUNCTUATION = {"LPAR", "RPAR", "LSQB", "RSQB", "DOT", "EQUAL", "COLON", "COMMA", "MINUS", "PLUS", "STAR", "SLASH"}


def test_no_message_of_a_broken_line_names_a_terminal(lark: Lark) -> None:
    """Every statement line of flow/ with one word dropped (a sample): whatever the parser says of
    it is in the author's words."""
    forbidden = _forbidden(lark)
    lines = [line for path in sorted(FLOW.glob("*.flow")) for line in path.read_text("utf-8").split("\n")]
    statements = [line for line in lines if line.strip() and not line.lstrip().startswith(("|", "#"))]
    said = 0
    for line in statements[::7]:
        parts = line.split()
        for drop in range(min(len(parts), 6)):
            broken = " ".join(parts[:drop] + parts[drop + 1 :])
            _, errors = parse(broken + "\n", "t.flow")
            for error in errors:
                said += 1
                text = " ".join([error.message, *error.notes, error.help or ""])
                quoted = re.findall(r"`([^`]*)`", text)  # the author's own text, quoted
                assert not [q for q in quoted if forbidden.fullmatch(q)], (broken, text)
                assert forbidden.search(re.sub(r"`[^`]*`", "", text)) is None, (broken, text)
    assert said > 300
