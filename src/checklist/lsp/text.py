"""Where things are in a flow's text: spans as LSP ranges and back, and a name's place on its line.

Spans count lines and columns from 1 in characters; LSP positions count from 0 in the client's
code units (UTF-16 unless it asked for another), which pygls's PositionCodec converts.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Literal

from lsprotocol import types as t
from pygls.workspace.position_codec import PositionCodec, ServerTextPosition

from checklist import model as m

NameKind = Literal["fact", "table", "column", "word"]

_STRING = re.compile(r'"[^"\n]*"')
_WORD = r"A-Za-z0-9_\-"


def to_range(lines: Sequence[str], span: m.Span, codec: PositionCodec) -> t.Range:
    """A span as the client counts it; a span with no place (line 0) is the file's start."""
    if span.line <= 0:
        return t.Range(t.Position(0, 0), t.Position(0, 0))
    start = ServerTextPosition(span.line - 1, max(span.column - 1, 0))
    end = ServerTextPosition(max(span.end_line, span.line) - 1, max(span.end_column - 1, 0))
    return t.Range(codec.position_to_client_units(lines, start), codec.position_to_client_units(lines, end))


def point(lines: Sequence[str], position: t.Position, codec: PositionCodec) -> tuple[int, int]:
    """A client's position as (line, column), counted from 1 as spans are."""
    if not lines or position.line < 0:
        return 1, 1
    if position.line >= len(lines):
        return len(lines), len(lines[-1]) + 1
    at = t.Position(position.line, max(position.character, 0))
    found = codec.position_from_client_units(lines, at)
    return found.line + 1, found.character + 1


def contains(span: m.Span, line: int, column: int) -> bool:
    """Whether (line, column) is in the span or just after it (the cursor after a name's last letter)."""
    if not span.line <= line <= span.end_line:
        return False
    after_start = line > span.line or column >= span.column
    before_end = line < span.end_line or column <= span.end_column
    return after_start and before_end


def code(line: str) -> str:
    """The line with its strings blanked and its comment cut, same length: names are looked for here only."""
    blank = _STRING.sub(lambda found: " " * len(found.group()), line)
    hash_at = blank.find("#")
    return blank if hash_at < 0 else blank[:hash_at] + " " * (len(blank) - hash_at)


def name_columns(line: str, name: str, start: int, kind: NameKind) -> list[int]:
    """The columns (from 1) where `name` stands as a whole word on `line`, from column `start`.

    A column follows a dot (`table.column`); a table never does; a fact neither follows nor
    precedes one (`actor.hp` names a role's attribute, not a fact).
    """
    before = {"column": r"(?<=\.)", "fact": rf"(?<![{_WORD}.])", "table": rf"(?<![{_WORD}.])"}.get(
        kind, rf"(?<![{_WORD}])"
    )
    after = rf"(?![{_WORD}.])" if kind == "fact" else rf"(?![{_WORD}])"
    pattern = re.compile(before + re.escape(name) + after)
    return [found.start() + 1 for found in pattern.finditer(code(line), max(start - 1, 0))]


def cell_spans(file: str, line: str, span: m.Span) -> list[m.Span]:
    """Each cell of a `columns` or `row` line (its text, stripped), as the transformer splits it."""
    text = line[span.column - 1 : span.end_column - 1]
    keyword = len(text) - len(text.lstrip("abcdefghijklmnopqrstuvwxyz"))
    out: list[m.Span] = []
    offset = span.column - 1 + keyword
    for cell in text[keyword:].split("|"):
        lead = len(cell) - len(cell.lstrip())
        first = offset + lead + 1
        out.append(m.Span(file, span.line, first, span.line, first + len(cell.strip())))
        offset += len(cell) + 1
    return out
