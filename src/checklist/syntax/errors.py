"""Syntax errors as diagnostics, in the author's words: what was found, what would do, and the
likely fix (`go to 12` -> `go 12`).  Terminal names never show: syntax/words.py reads each one
as what the author types."""

from __future__ import annotations

import difflib
import re
from typing import TYPE_CHECKING

from lark import Lark, Token, UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from checklist import model as m
from checklist.model.diagnostics import SYNTAX, Diagnostic, Fix, diag
from checklist.syntax import hints
from checklist.syntax.hints import Seen
from checklist.syntax.keywords import Grammar
from checklist.syntax.words import words

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass

_FIRST_WORD = re.compile(r"[ \t\f]*([^\W\d_][\w-]*)")
_HELP = "see docs/language.md for the statements a line can hold"


@dataclass(frozen=True, slots=True)
class Broken:
    """A syntax error: its diagnostic, and the line after which parsing resumes."""

    diagnostic: Diagnostic
    resume: int


def syntax_error(exc: UnexpectedInput, file: str, lines: list[str], grammar: Grammar) -> Broken:
    """The diagnostic for one broken line, and where to read on."""
    bracket = _never_closed(exc.line, lines, grammar)
    if bracket is not None:  # the lines after it were read as part of its statement: read this one again
        return Broken(_unclosed_bracket(file, bracket, exc.line), exc.line - 1)
    depth = len(grammar.lines.open) + hints.balance(_rest(exc, lines))
    return Broken(_said(exc, file, lines, grammar), _past_tail(lines, exc.line, depth, grammar))


def _rest(exc: UnexpectedInput, lines: list[str]) -> str:
    """The broken line after what the parser read of it (brackets there are still to count)."""
    source = lines[exc.line - 1] if 0 < exc.line <= len(lines) else ""
    if isinstance(exc, UnexpectedToken):
        end = exc.token.end_column if exc.token.end_line == exc.line else None
        return source[end - 1 :] if end else ""
    return source[exc.column - 1 :]


def _goes_on(line: str, after: str, grammar: Grammar) -> bool:
    """Whether `after` goes on with `line`: `or ...`, `then ...`, or any line that no statement
    keyword starts (`per turn "Question?"`)."""
    first = _FIRST_WORD.match(after)
    other = (
        first is not None
        and first.group(1) not in grammar.keywords
        and first.start(1) == len(after) - len(after.lstrip())
    )
    return hints.goes_on(line, after) or other


def _starts_statement(source: str, grammar: Grammar) -> bool:
    """Prose, or a keyword that stands only at the start of a statement."""
    first = _FIRST_WORD.match(source)
    return source.lstrip().startswith("|") or (first is not None and first.group(1) in grammar.keywords - grammar.inner)


def _past_tail(lines: list[str], line: int, depth: int, grammar: Grammar) -> int:
    """The last line of a broken statement's tail, which its error explains: the lines that go
    on with it (`or ...`, `then ...`, a quoted question) and, while a bracket it opened is open,
    every line that does not surely start a statement."""
    broken = lines[line - 1] if 0 < line <= len(lines) else ""
    while line < len(lines):
        after = lines[line]
        if not (_goes_on(broken, after, grammar) if depth <= 0 else not _starts_statement(after, grammar)):
            break
        depth += hints.balance(after)
        line += 1
    return line


def _never_closed(line: int, lines: list[str], grammar: Grammar) -> Token | None:
    """The bracket left open on a line above `line`, when `line` starts a statement of its own
    (prose, or a keyword that stands only at the start of a statement)."""
    opened = [t for t in grammar.lines.open if (t.line or 0) < line]
    source = lines[line - 1] if 0 < line <= len(lines) else ""
    return opened[-1] if opened and _starts_statement(source, grammar) else None


def _unclosed_bracket(file: str, bracket: Token, line: int) -> Diagnostic:
    closing = {"(": ")", "[": "]"}.get(str(bracket), ")")
    at, column = bracket.line or 1, bracket.column or 1  # the bracket's own line, above `line`
    return diag(
        SYNTAX,
        f"this `{bracket}` is never closed",
        m.Span(file, at, column, at, column + 1),
        f"a statement goes on to the next line while a `{bracket}` is open; line {line} starts a new one",
        help=f"add `{closing}` where the group ends",
    )


def _said(exc: UnexpectedInput, file: str, lines: list[str], grammar: Grammar) -> Diagnostic:
    seen = _seen(exc, lines, grammar)
    unknown = _unknown_statement(seen, grammar) if seen.line not in grammar.lines.continued else None
    if unknown is not None:
        return unknown_statement(file, seen, grammar, *unknown)
    notes = (f"expected {words(grammar.lark, set(seen.expected))}",) if seen.expected else ()
    said = hints.explain(seen)
    if said is not None:
        span = m.Span(file, seen.line, said.column, seen.line, said.end_column)
        return diag(SYNTAX, said.message, span, *(notes if said.alternatives else ()), help=said.help)
    found = "end of line" if seen.found_type == "_NL" else f"`{_clip(seen.found)}`"
    kind = "character" if isinstance(exc, UnexpectedCharacters) else ""
    message = f"unexpected {kind + ' ' if kind else ''}{found}"
    span = m.Span(file, seen.line, seen.column, seen.line, seen.column + 1)
    return diag(SYNTAX, message, span, *notes, help=_hint(seen.source))


def broken_keyword(source: str, keywords: frozenset[str]) -> str | None:
    """The statement a broken line meant: its first word, or the keyword that word misspells."""
    found = _FIRST_WORD.match(source)
    if found is None:
        return None
    first = found.group(1)
    close = difflib.get_close_matches(first, sorted(keywords), n=1, cutoff=0.6)
    return first if first in keywords else (close[0] if close else None)


def _seen(exc: UnexpectedInput, lines: list[str], grammar: Grammar) -> Seen:
    line, column = exc.line, exc.column
    if isinstance(exc, UnexpectedToken):
        tok = exc.token
        found, found_type = str(tok), tok.type
        expected = frozenset(exc.accepts or exc.expected)
        if tok.type == "_NL":  # the end of the line, not the start of the next
            line = tok.line or line
            found = ""
            column = _code_end(lines[line - 1]) if 0 < line <= len(lines) else 1
    elif isinstance(exc, UnexpectedCharacters):
        found, found_type, expected = exc.char, "", frozenset(exc.allowed or ())
    else:  # pragma: no cover - UnexpectedEOF cannot happen: text always ends with a newline
        found, found_type, expected = "", "$END", frozenset()
    source = lines[line - 1] if 0 < line <= len(lines) else ""
    literals = frozenset(t for t in map(lambda name: _literal(grammar.lark, name), expected) if t is not None)
    after = lines[line] if line < len(lines) else ""
    goes_on = _goes_on(source, after, grammar)
    return Seen(source, line, column, found, found_type, expected - {"WS", "COMMENT"}, literals, goes_on)


def _code_end(text: str) -> int:
    """The column just after the line's last character before its comment."""
    code = hints.code(text)
    return len(text) - len(text.lstrip()) + len(code) + 1 if code else len(text) + 1


def _literal(lark: Lark, terminal: str) -> str | None:
    """The text of a terminal that is a fixed string (`->` for the arrow), else None."""
    try:
        pattern = lark.get_terminal(terminal).pattern
    except KeyError:
        return None
    return str(pattern.value) if pattern.type == "str" else None


def _unknown_statement(seen: Seen, grammar: Grammar) -> tuple[str, int] | None:
    """The line's first word and its column, when no statement starts with that word."""
    found = _FIRST_WORD.match(seen.source)
    if found is None or found.group(1) in grammar.keywords:
        return None
    return found.group(1), found.start(1)


def unknown_statement(file: str, seen: Seen, grammar: Grammar, word: str, start: int) -> Diagnostic:
    span = m.Span(file, seen.line, start + 1, seen.line, start + 1 + len(word))
    close = difflib.get_close_matches(word, sorted(grammar.keywords), n=1, cutoff=0.6)
    guess = f"; did you mean `{close[0]}`?" if close else ""
    fix = seen.source[:start] + close[0] + seen.source[start + len(word) :] if close else ""
    return diag(
        SYNTAX,
        f"unknown statement `{_clip(word)}`{guess}",
        span,
        f"a line starts with `|` (prose) or a statement keyword: {_listed(grammar.keywords)}",
        help=hints.write(fix, f"write `{close[0]}`") if close else _hint(seen.source),
        fix=Fix(f"Change to `{close[0]}`", close[0], word) if close else None,
    )


def _listed(keywords: frozenset[str]) -> str:
    shown = sorted(keywords)
    return ", ".join(shown[:8]) + (", ..." if len(shown) > 8 else "")


def _hint(source: str) -> str:
    stripped = source.strip()
    if stripped and stripped.split()[0].isdigit():
        return 'prose lines start with `|`; a step starts with `step N "title"`'
    if "->" in stripped and not stripped.startswith(("if", "else", "when")):
        return "a jump arrow belongs to `if COND -> N`, `else -> N` or `when VALUE -> N`"
    return _HELP


def _clip(text: str, width: int = 40) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"
