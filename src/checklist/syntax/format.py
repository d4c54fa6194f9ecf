"""`checklist fmt`: one canonical layout of a flow file, worked out from the parse itself.

The grammar stays the only description of the syntax: the file is parsed by the same parser as
`checklist check`, with a postlexer that keeps each token it hands the parser (with its line and
column). Each line is then laid out from its tokens:

- a block that opens at the margin (`checklist`, `section`, `step`, `fact`, `table`, `deck`,
  `card`, `start`, `expect`) stands at the margin; `when` under its `choose` is indented 4; every
  other statement 2;
- between two tokens of a line, a run of spaces and tabs becomes one space, and none is put in
  where there was none (`a-b` is a name, `a - b` a sum), except: one space after `,` and around
  `->`; none before `,` `)` `]` `[`, after `(` `[`, around `.`, nor before the `(` of a call or
  of `choice(...)`; `for each` is written so; `note: text`, `erratum "what" : text` and a card
  field (`move: text`) have one space after their colon;
- a line inside brackets (a statement that goes on) keeps its own alignment, moved with its
  statement's first line, and at least 4 further in;
- the rows of a table (`columns`, `row`) are aligned by column;
- prose (`| ...`) and comments (`# ...`) are kept byte for byte: a comment at the margin stays
  there, an indented one takes the indentation of the statement below it (at least 2); a comment
  at the end of a statement follows it after two spaces;
- no trailing whitespace outside prose and comments, no blank line at the start or the end, at
  most one blank line in a row, and a newline at the end.

The layout is then parsed again and its tokens compared with the file's (a table row's cells, a
note's text): formatting that would change what a file says is a bug, raised as `FormatBug`,
and nothing is written. `format_text` takes and gives LF text; the caller keeps the file's
newline style and byte order mark.
"""

from __future__ import annotations

import gc
import threading
import unicodedata
from collections.abc import Iterator
from typing import TYPE_CHECKING, Literal

from lark import Token, UnexpectedInput

from checklist.model.diagnostics import Diagnostic
from checklist.syntax.lines import Continuation
from checklist.syntax.parser import _parse, build_parser

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass

# The statements whose block opens at the margin; `category` belongs to the deck above it.
MARGIN = frozenset({"CHECKLIST", "SECTION", "STEP", "FACT", "TABLE", "DECK", "CARD", "START", "EXPECT"})
NESTED = frozenset({"WHEN"})  # one level further in: a `choose`'s answers
INDENT, NESTED_INDENT, HANGING = 2, 4, 4
CELLS = {"ROW": "row", "COLUMNS": "columns"}
_TIGHT_AFTER = frozenset({"LPAR", "LSQB", "DOT"})
_TIGHT_BEFORE = frozenset({"COMMA", "RPAR", "RSQB", "DOT", "LSQB"})  # `[` only follows a name: `t.c[x]`
_CALLS = frozenset({"NAME", "CHOICE"})  # `min(a, b)`, `choice(a, b)`; but `in (a, b)`, `= (...)`
_COLON_TEXT = frozenset({"NOTE", "CARD_FIELD"})
_WHITESPACE = " \t\f"


class FormatError(Exception):
    """The file does not parse: it is not formatted. `diagnostics` are its syntax errors, in `text`."""

    def __init__(self, diagnostics: list[Diagnostic], text: str) -> None:
        super().__init__("; ".join(f"{d.span}: {d.message}" for d in diagnostics))
        self.diagnostics = diagnostics
        self.text = text


class FormatBug(AssertionError):
    """The layout would not say what the file says (a bug in the formatter): nothing is written."""


def format_text(text: str, file: str = "<text>") -> str:
    """The canonical layout of a flow's text (LF newlines, no byte order mark)."""
    collecting = gc.isenabled()
    gc.disable()  # a parse makes many small objects and no cycles: the collector would only walk them
    try:
        read = _read(text, file)
        out = _layout(text, read)
        if out != text and _signature(_read(out, file).tokens) != _signature(read.tokens):
            raise FormatBug(f"{file}: the formatted text would not say what the file says; it is left as it was")
        return out
    finally:
        if collecting:
            gc.enable()


# ---- the parse: tokens with their places -------------------------------------------------------


class _Recording(Continuation):
    """The postlexer of the parse, keeping each token it passes on to the parser."""

    def __init__(self) -> None:
        super().__init__()
        self.tokens: list[Token] = []

    def process(self, stream: Iterator[Token]) -> Iterator[Token]:
        self.tokens = []
        return self._keep(super().process(stream))

    def _keep(self, stream: Iterator[Token]) -> Iterator[Token]:
        keep = self.tokens.append
        for token in stream:
            keep(token)
            yield token


@dataclass(frozen=True, slots=True)
class _Read:
    tokens: list[Token]  # without line ends
    continued: frozenset[int]  # the lines (from 1) that go on a statement begun above, inside brackets


_LOCAL = threading.local()


def _read(text: str, file: str) -> _Read:
    found = getattr(_LOCAL, "parser", None)
    if found is None:
        recording = _Recording()
        found = _LOCAL.parser = (build_parser(from_tables=True, lines=recording)[:2], recording)
    (lark, transformer), recording = found
    transformer.reset(file, _drop)  # the statements are not needed, only whether the text parses
    try:
        lark.parse(text if text.endswith("\n") else text + "\n")
    except UnexpectedInput:
        raise FormatError(_parse(text, file, None)[2], text) from None
    tokens = [t for t in recording.tokens if t.type != "_NL"]
    recording.tokens = []  # not kept alive until the next parse
    return _Read(tokens, frozenset(recording.continued))


def _drop(statement: object) -> None:
    pass


def _signature(tokens: list[Token]) -> list[tuple[str, object]]:
    """What the tokens say, layout aside: two texts with the same signature parse to the same model."""
    return [(t.type, _meaning(t)) for t in tokens]


def _meaning(token: Token) -> object:
    value = str(token)
    if token.type in CELLS:
        return _cells(value, CELLS[token.type])
    if token.type == "NOTE":
        return value[1:].strip()
    if token.type == "CARD_FIELD":
        name, _, rest = value.partition(":")
        return name.strip(), rest.strip()
    if token.type == "EACH_KW":
        return "for each"
    return value


def _cells(value: str, keyword: str) -> tuple[str, ...]:
    return tuple(cell.strip() for cell in value[len(keyword) :].split("|"))


# ---- the layout ---------------------------------------------------------------------------------


@dataclass(slots=True)
class _Line:
    kind: Literal["blank", "comment", "statement", "cells", "continued"]
    indent: int
    body: str = ""  # after the indentation
    cells: tuple[str, ...] = ()  # of a `row` or `columns` line
    keyword: str = ""  # of a `row` or `columns` line
    comment: str = ""  # at the end of a statement line, from its `#`


def _layout(text: str, read: _Read) -> str:
    raw = text.split("\n")
    if text.endswith("\n"):
        raw.pop()
    by_line: dict[int, list[Token]] = {}
    for token in read.tokens:
        by_line.setdefault(token.line or 0, []).append(token)
    lines: list[_Line] = []
    moved = 0  # how far the last statement's first line moved: its continued lines move with it
    floor = 0  # where its continued lines may start at the least
    for number, line in enumerate(raw, start=1):
        tokens = by_line.get(number, [])
        if number in read.continued:
            width = _width(line)
            lines.append(_continued(line, tokens, max(width + moved, floor)) if line.strip(_WHITESPACE) else _blank())
        elif tokens:
            made = _statement(line, tokens)
            moved, floor = made.indent - _width(line), made.indent + HANGING
            lines.append(made)
        elif line.strip(_WHITESPACE):
            lines.append(_Line("comment", 0 if line.startswith("#") else -1, line.lstrip(_WHITESPACE)))
        else:
            lines.append(_blank())
    _place_comments(lines)
    _align_tables(lines)
    return _join(lines)


def _blank() -> _Line:
    return _Line("blank", 0)


def _width(line: str) -> int:
    """The width of a line's indentation, a tab counting as far as the next multiple of 8."""
    return len(line.expandtabs(8)) - len(line.expandtabs(8).lstrip(_WHITESPACE))


def _statement(line: str, tokens: list[Token]) -> _Line:
    first = tokens[0].type
    indent = 0 if first in MARGIN else NESTED_INDENT if first in NESTED else INDENT
    if first in CELLS and len(tokens) == 1:
        keyword = CELLS[first]
        return _Line(
            "cells", indent, cells=_cells(str(tokens[0]), keyword), keyword=keyword, comment=_rest(line, tokens)
        )
    return _Line("statement", indent, _body(tokens), comment=_rest(line, tokens))


def _continued(line: str, tokens: list[Token], indent: int) -> _Line:
    if not tokens:  # a comment inside brackets
        return _Line("continued", indent, line.lstrip(_WHITESPACE))
    return _Line("continued", indent, _body(tokens), comment=_rest(line, tokens))


def _body(tokens: list[Token]) -> str:
    parts: list[str] = []
    previous: Token | None = None
    for token in tokens:
        if previous is not None:
            parts.append(_gap(previous, token))
        parts.append(_written(token))
        previous = token
    return "".join(parts)


def _gap(before: Token, after: Token) -> str:
    if before.type in _TIGHT_AFTER or after.type in _TIGHT_BEFORE:
        return ""
    if after.type == "LPAR" and before.type in _CALLS:
        return ""
    if before.type == "COMMA" or str(before) == "->" or str(after) == "->":
        return " "
    if after.type == "NOTE":  # `note: text`, `erratum "what" : text`
        return "" if before.type == "NOTE_KW" else " "
    touching = before.end_column == after.column
    return "" if touching else " "


def _written(token: Token) -> str:
    value = str(token)
    if token.type == "TEXT":
        return value  # prose: byte for byte
    if token.type in _COLON_TEXT:
        name, _, rest = value.partition(":")
        rest = rest.strip(_WHITESPACE)
        return f"{name.strip(_WHITESPACE)}:{' ' + rest if rest else ''}"
    if token.type == "EACH_KW":
        return "for each"
    return value


def _rest(line: str, tokens: list[Token]) -> str:
    """The comment after a line's last token, byte for byte from its `#` ("" when there is none)."""
    last = tokens[-1]
    if last.type == "TEXT":
        return ""
    return line[(last.end_column or 1) - 1 :].lstrip(_WHITESPACE)


def _place_comments(lines: list[_Line]) -> None:
    """An indented comment takes the indentation of the statement below it, and at least 2."""
    below = INDENT
    for line in reversed(lines):
        if line.kind in ("statement", "cells"):
            below = max(line.indent, INDENT)
        elif line.kind == "comment" and line.indent < 0:
            line.indent = below


def _align_tables(lines: list[_Line]) -> None:
    """The `columns` and `row` lines not parted by another statement, aligned by column."""
    group: list[_Line] = []
    for line in [*lines, _Line("statement", 0)]:
        if line.kind == "cells":
            group.append(line)
        elif line.kind == "statement" and group:
            _align(group)
            group = []


def _align(group: list[_Line]) -> None:
    # the keyword and the first cell make the first column, so `columns` and `row` line up
    firsts = [f"{line.keyword} {line.cells[0]}" for line in group]
    widths: list[int] = [max(_display(first) for first in firsts)]
    columns = max(len(line.cells) for line in group)
    for column in range(1, columns):
        widths.append(max((_display(line.cells[column]) for line in group if len(line.cells) > column), default=0))
    for line, first in zip(group, firsts, strict=True):
        cells = [first, *line.cells[1:]]
        padded = [cell + " " * (widths[i] - _display(cell)) for i, cell in enumerate(cells)]
        body = " | ".join(padded).rstrip(_WHITESPACE)
        line.body = body if body != line.keyword else f"{line.keyword} "  # `row ` with one empty cell


def _display(text: str) -> int:
    """Columns a text takes in a terminal: wide (CJK) characters 2, combining marks 0."""
    if text.isascii():
        return len(text)
    return sum(
        0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in text
    )


def _join(lines: list[_Line]) -> str:
    out: list[str] = []
    for line in lines:
        if line.kind == "blank":
            if out and out[-1] != "":
                out.append("")
            continue
        text = " " * line.indent + line.body
        if line.comment:
            text += "  " + line.comment
        out.append(text)
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out) + "\n" if out else ""
