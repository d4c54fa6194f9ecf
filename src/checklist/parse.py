"""Text to statements: the only module that imports lark.

The grammar is line-oriented: each statement is one line.  The transformer turns each
line into a `Statement` (a model node plus its span); the builder nests them.  On a syntax
error we record a diagnostic and resume at the next line, so one run reports every
broken line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from lark import Lark, Token, Transformer, UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from checklist import model as m
from checklist.data import data_path
from checklist.diagnostics import BAD_REF, SYNTAX, Diagnostic, diag

MAX_ERRORS_PER_FILE = 50

_REF = re.compile(r"(BIO|MA|HT|CI|B) ?(?:([0-9]+)(?:-([0-9]+))?|\?)")


@dataclass(frozen=True, slots=True)
class Statement:
    kind: str
    value: Any
    span: m.Span


def grammar_text() -> str:
    return data_path("grammar", "checklist.lark").read_text("utf-8")


def _span(file: str, tok: Token) -> m.Span:
    end_line = tok.end_line if tok.end_line is not None else tok.line
    end_col = tok.end_column if tok.end_column is not None else tok.column
    return m.Span(file, tok.line or 0, tok.column or 0, end_line or 0, end_col or 0)


class _ToModel(Transformer[Token, Any]):
    """Builds model nodes straight from the LALR parser's reductions (no tree)."""

    def __init__(self) -> None:
        super().__init__()
        self.file = "<string>"
        self.out: list[Statement] = []
        self.errors: list[Diagnostic] = []

    def sp(self, tok: Token) -> m.Span:
        return _span(self.file, tok)

    def emit(self, kind: str, value: Any, tok: Token) -> None:
        self.out.append(Statement(kind, value, self.sp(tok)))

    # -- targets and values
    def local_target(self, c: list[Token]) -> m.Target:
        return m.Target(None, int(c[0]), None, self.sp(c[0]))

    def foreign_target(self, c: list[Token]) -> m.Target:
        sp = self.sp(c[0])
        end = self.sp(c[1])
        return m.Target(str(c[0]), int(c[1]), None, m.Span(sp.file, sp.line, sp.column, end.end_line, end.end_column))

    def end_target(self, c: list[Token]) -> m.Target:
        return m.Target(None, None, "end", self.sp(c[0]))

    def return_target(self, c: list[Token]) -> m.Target:
        return m.Target(None, None, "return", self.sp(c[0]))

    # -- conditions
    def is_true(self, c: list[Token]) -> m.Condition:
        return m.IsTrue(str(c[0]), self.sp(c[0]))

    def is_false(self, c: list[Token]) -> m.Condition:
        return m.IsFalse(str(c[0]), self.sp(c[0]))

    def equals(self, c: list[Token]) -> m.Condition:
        return m.Equals(str(c[0]), _value(c[1]), False, self.sp(c[0]))

    def differs(self, c: list[Token]) -> m.Condition:
        return m.Equals(str(c[0]), _value(c[1]), True, self.sp(c[0]))

    def compare(self, c: list[Token]) -> m.Condition:
        return m.Compare(str(c[0]), str(c[1]), int(c[2]), self.sp(c[0]))  # type: ignore[arg-type]

    def all_of(self, c: list[m.Condition]) -> m.Condition:
        return c[0] if len(c) == 1 else m.AllOf(tuple(c), c[0].span)

    def any_of(self, c: list[m.Condition]) -> m.Condition:
        return c[0] if len(c) == 1 else m.AnyOf(tuple(c), c[0].span)

    # -- fact kinds: (kind, choices, table, dice)
    def kind_yesno(self, c: list[Token]) -> tuple[str, tuple[str, ...], None, None]:
        return ("yes/no", ("yes", "no"), None, None)

    def kind_number(self, c: list[Token]) -> tuple[str, tuple[str, ...], None, None]:
        return ("number", (), None, None)

    def kind_roll(self, c: list[Token]) -> tuple[str, tuple[str, ...], None, str]:
        return ("roll", (), None, str(c[0]))

    def kind_choice(self, c: list[Token]) -> tuple[str, tuple[str, ...], None, None]:
        return ("choice", tuple(str(t) for t in c), None, None)

    def kind_table(self, c: list[Token]) -> tuple[str, tuple[str, ...], str, None]:
        return ("table", (), str(c[0]), None)

    # -- statements
    def checklist(self, c: list[Token]) -> None:
        self.emit("checklist", (str(c[1]), _unquote(c[2])), c[1])

    def start_decl(self, c: list[Any]) -> None:
        self.emit("start", c[1], c[0])

    def section(self, c: list[Token]) -> None:
        self.emit("section", (str(c[1]), _unquote(c[2])), c[1])

    def expect(self, c: list[Any]) -> None:
        self.emit("expect", (c[1], c[2], tuple(c[3:])), c[0])

    def fact(self, c: list[Any]) -> None:
        kind, choices, table, dice = c[2]
        self.emit("fact", (str(c[1]), kind, choices, table, dice, str(c[3]), _unquote(c[4])), c[1])

    def table(self, c: list[Token]) -> None:
        self.emit("table", (str(c[1]), _unquote(c[2])), c[1])

    def columns(self, c: list[Token]) -> None:
        self.emit("columns", _cells(c[0], "columns"), c[0])

    def row(self, c: list[Token]) -> None:
        self.emit("row", _cells(c[0], "row"), c[0])

    def step(self, c: list[Token]) -> None:
        self.emit("step", (int(c[1]), _unquote(c[2])), c[1])

    def text(self, c: list[Token]) -> None:
        line = str(c[0])[1:]
        self.emit("text", line[1:] if line.startswith(" ") else line, c[0])

    def refs(self, c: list[Token]) -> None:
        self.emit("refs", tuple(self._ref(t) for t in c[1:]), c[0])

    def _ref(self, tok: Token) -> m.Ref:
        match = _REF.fullmatch(str(tok))
        assert match is not None  # the REF terminal has the same pattern
        book, page, page_end = match.groups()
        ref = m.Ref(book, _int(page), _int(page_end), self.sp(tok))
        if ref.page is not None and ref.page_end is not None and ref.page_end < ref.page:
            self.errors.append(
                diag(BAD_REF, f"page range {tok} runs backwards", ref.span,
                     help=f"write the lower page first, e.g. {book}{page_end}-{page}")
            )  # fmt: skip
        return ref

    def go(self, c: list[Any]) -> None:
        self.emit("jump", m.Go(c[1], self.sp(c[0])), c[0])

    def branch(self, c: list[Any]) -> None:
        self.emit("jump", m.Branch(c[1], c[2], self.sp(c[0])), c[0])

    def otherwise(self, c: list[Any]) -> None:
        self.emit("jump", m.Otherwise(c[1], self.sp(c[0])), c[0])

    def choose(self, c: list[Token]) -> None:
        self.emit("choose", str(c[1]), c[0])

    def when(self, c: list[Any]) -> None:
        self.emit("when", m.When(_value(c[1]), c[2], self.sp(c[0])), c[0])

    def split(self, c: list[Any]) -> None:
        target, rest = c[1], c[2:]
        item = str(rest[1]) if rest[0].type == "EACH_KW" else None
        rest = rest[2:] if item is not None else rest[1:]
        until = next((x for x in rest if isinstance(x, m.Target)), None)
        returns = any(isinstance(x, Token) and x.type == "THEN" for x in rest)
        self.emit("jump", m.Split(target, item, until, returns, self.sp(c[0])), c[0])

    def dispatch(self, c: list[Any]) -> None:
        over = (int(c[4]), int(c[5])) if len(c) > 4 else None
        self.emit("jump", m.Dispatch(str(c[1]), str(c[2]), str(c[3]), over, self.sp(c[0])), c[0])

    def options(self, c: list[Token]) -> None:
        self.emit("options", m.Options(str(c[1]), self.sp(c[1])), c[0])

    def uses(self, c: list[Token]) -> None:
        self.emit("uses", m.Uses(str(c[1]), self.sp(c[1])), c[0])

    def end(self, c: list[Token]) -> None:
        label = _unquote(c[1]) if len(c) > 1 else None
        self.emit("jump", m.End(label, self.sp(c[0])), c[0])

    def ret(self, c: list[Token]) -> None:
        self.emit("jump", m.Return(self.sp(c[0])), c[0])

    def erratum(self, c: list[Token]) -> None:
        self.emit("erratum", m.Erratum(_unquote(c[1]), str(c[2])[1:].strip(), self.sp(c[0])), c[0])

    def note(self, c: list[Token]) -> None:
        self.emit("note", m.Note(str(c[1])[1:].strip(), self.sp(c[0])), c[0])


def _unquote(tok: Token) -> str:
    return str(tok)[1:-1]


def _int(text: str | None) -> int | None:
    return int(text) if text is not None else None


def _value(tok: Token) -> str | int:
    return int(tok) if tok.type == "INT" else str(tok)


def _cells(tok: Token, keyword: str) -> tuple[str, ...]:
    return tuple(cell.strip() for cell in str(tok)[len(keyword) :].split("|"))


@cache
def _parser() -> tuple[Lark, _ToModel]:
    transformer = _ToModel()
    lark = Lark(
        grammar_text(),
        parser="lalr",
        lexer="contextual",
        transformer=transformer,
        cache=False,  # Lark's cache unpickles from a shared temp folder; never use it
    )
    return lark, transformer


def parse(text: str, file: str) -> tuple[list[Statement], list[Diagnostic]]:
    """Parse one file's text (newlines already normalised) into statements and syntax errors."""
    lark, transformer = _parser()
    transformer.file, transformer.out, transformer.errors = file, [], []
    errors: list[Diagnostic] = []
    lines = text.split("\n")
    offset = 0  # lines already consumed
    while True:
        chunk = "\n" * offset + "\n".join(lines[offset:]) + "\n" if offset else text + "\n"
        try:
            lark.parse(chunk)
            break
        except UnexpectedInput as exc:
            errors.append(_syntax_error(exc, file, lines))
            offset = exc.line  # resume on the line after the broken one
            if offset >= len(lines) or len(errors) >= MAX_ERRORS_PER_FILE:
                break
    return transformer.out, transformer.errors + errors


_READABLE = {
    "_NL": "end of line", "NAME": "a name", "INT": "a step number", "STRING": 'a "quoted string"',
    "TEXT": "a `| prose` line", "REF": "a reference like B393", "NOTE": "`: text`",
    "SIGNED": "a number", "SCOPE": "a scope (combat, turn, attack, defender)", "DICE": "dice like 3d6",
    "COMPARE": "a comparison (>=, <=, >, <)", "$END": "end of file",
}  # fmt: skip


def _expected(names: set[str]) -> str:
    readable = sorted({_READABLE.get(n, n.lower().replace("_kw", "")) for n in names})
    shown = ", ".join(readable[:8])
    return shown + (", ..." if len(readable) > 8 else "")


def _syntax_error(exc: UnexpectedInput, file: str, lines: list[str]) -> Diagnostic:
    line, column = exc.line, exc.column
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


def _hint(source: str) -> str:
    stripped = source.strip()
    if stripped and stripped.split()[0].isdigit():
        return "prose lines start with `|`; a step starts with `step N \"title\"`"
    if "->" in stripped and not stripped.startswith(("if", "else", "when")):
        return "a jump arrow belongs to `if COND -> N`, `else -> N` or `when VALUE -> N`"
    return "see docs/language.md for the statements a line can hold"


def _clip(text: str, width: int = 40) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"
