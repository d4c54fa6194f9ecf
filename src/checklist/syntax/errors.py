"""Syntax errors as diagnostics: what was found, what would do, and a hint in a person's words."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable

from lark import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from checklist import model as m
from checklist.model.diagnostics import SYNTAX, Diagnostic, Fix, diag

_READABLE = {
    "_NL": "end of line",
    "NAME": "a name",
    "INT": "a step number",
    "STRING": 'a "quoted string"',
    "TEXT": "a `| prose` line",
    "REF": "a reference like B393",
    "NOTE": "`: text`",
    "SIGNED": "a number",
    "SCOPE": "a scope (combat, turn, attack, defender)",
    "DICE": "dice like 3d6",
    "COMPARE": "a comparison (>=, <=, >, <)",
    "$END": "end of file",
}
_FIRST_WORD = re.compile(r"[ \t\f]*([^\W\d_][\w-]*)")


def syntax_error(exc: UnexpectedInput, file: str, lines: list[str], keywords: frozenset[str]) -> Diagnostic:
    """The diagnostic for one broken line; `keywords` are the words that open a statement."""
    line, column = exc.line, exc.column
    source = lines[line - 1] if 0 < line <= len(lines) else ""
    unknown = _unknown_statement(source, keywords)
    if unknown is not None:
        word, start = unknown
        span = m.Span(file, line, start + 1, line, start + 1 + len(word))
        close = difflib.get_close_matches(word, sorted(keywords), n=1, cutoff=0.6)
        guess = f"; did you mean `{close[0]}`?" if close else ""
        fix = Fix(f"Change to `{close[0]}`", close[0], word) if close else None
        return diag(
            SYNTAX,
            f"unknown statement `{_clip(word)}`{guess}",
            span,
            f"a line starts with `|` (prose) or a statement keyword: {_expected(keywords)}",
            help="see docs/language.md for the statements a line can hold",
            fix=fix,
        )
    if isinstance(exc, UnexpectedToken):
        tok = exc.token
        found = "end of line" if tok.type == "_NL" else f"`{_clip(str(tok))}`"
        if tok.type == "_NL":
            line, column = tok.line, len(lines[tok.line - 1]) + 1 if tok.line <= len(lines) else 1
        message = f"unexpected {found}"
        expected = set(exc.accepts or exc.expected)
    elif isinstance(exc, UnexpectedCharacters):
        message = f"unexpected character `{_clip(exc.char)}`"
        expected = set(exc.allowed or ())
    else:  # pragma: no cover - UnexpectedEOF cannot happen: text always ends with a newline
        message, expected = "unexpected end of input", set()
    span = m.Span(file, line, column, line, column + 1)
    notes = (f"expected {_expected(expected)}",) if expected else ()
    return diag(SYNTAX, message, span, *notes, help=_hint(lines[line - 1] if line <= len(lines) else ""))


def _unknown_statement(source: str, keywords: frozenset[str]) -> tuple[str, int] | None:
    """The line's first word and its column, when no statement starts with that word."""
    found = _FIRST_WORD.match(source)
    if found is None or found.group(1) in keywords:
        return None
    return found.group(1), found.start(1)


def _expected(names: Iterable[str]) -> str:
    readable = sorted({_READABLE.get(n, n.lower().replace("_kw", "")) for n in names})
    shown = ", ".join(readable[:8])
    return shown + (", ..." if len(readable) > 8 else "")


def _hint(source: str) -> str:
    stripped = source.strip()
    if stripped and stripped.split()[0].isdigit():
        return 'prose lines start with `|`; a step starts with `step N "title"`'
    if "->" in stripped and not stripped.startswith(("if", "else", "when")):
        return "a jump arrow belongs to `if COND -> N`, `else -> N` or `when VALUE -> N`"
    return "see docs/language.md for the statements a line can hold"


def _clip(text: str, width: int = 40) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"
