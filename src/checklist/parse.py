"""Text to statements: the only module that imports lark.

The grammar is line-oriented: each statement is one line.  The transformer turns each
line into a `Statement` (a model node plus its span); the builder nests them.  On a syntax
error we record a diagnostic and resume at the next line, so one run reports every
broken line.

Fast path: because statements are independent lines, most lines are recognised by
`_fast_line` (precompiled regular expressions that accept only a strict subset of what the
grammar accepts, token for token, and build the very same nodes and spans).  Lark parses
only the lines the fast path declines -- unusual spacing, parentheses, anything broken --
with every other line blanked out, so line numbers, columns, error messages and recovery
are unchanged.  A file the fast path covers entirely never imports lark (`checklist
check` starts faster) and loads about ten times faster.  bench/fuzz_parse.py checks the
two paths against each other.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from sys import intern
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # lark is imported lazily: only lines the fast path declines need it
    from lark import Lark, Token, UnexpectedInput

from checklist import fastcompute
from checklist import model as m
from checklist.data import data_path
from checklist.diagnostics import BAD_REF, SYNTAX, Diagnostic, diag
from checklist.program import fast_constructor
from checklist.transform_compute import ComputeToModel

MAX_ERRORS_PER_FILE = 50

_REF = re.compile(r"(BIO|MA|HT|CII|CI|B) ?(?:([0-9]+)(?:-([0-9]+))?|\?)")


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


class _ToModel(ComputeToModel):
    """Builds model nodes straight from the LALR parser's reductions (no tree).

    Mixed into lark's Transformer by `_parser` (so that importing this module does not
    import lark).
    """

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

    def kind_ledger(self, c: list[Token]) -> tuple[str, tuple[str, ...], None, None]:
        return ("ledger", (), None, None)

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
        computed = (c[5],) if len(c) > 5 else ()  # the fast path's 7-tuple when nothing is computed
        self.emit("fact", (str(c[1]), kind, choices, table, dice, str(c[3]), _unquote(c[4]), *computed), c[1])

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
        returns = any(getattr(x, "type", None) == "THEN" for x in rest)  # the THEN token
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


# ---- fast path ------------------------------------------------------------------------
# Each handler takes (line, indent, line number, file) and returns the statement the
# transformer would build for that line, as a (kind, value, span) item, or None to leave
# the line to lark.  The patterns accept a strict subset of the grammar: words are
# separated by blanks, names are matched atomically and greedily as lark's lexer matches
# NAME, and a name is declined wherever lark's contextual lexer would read it as a
# keyword (`end` and `return` in a target are targets; `not` opens a negation).

# The patterns mirror grammar/checklist.lark as of this checksum.  After any change to the
# grammar the fast path turns itself off (every line goes to lark: same results, slower)
# until it is brought in line, `python bench/fuzz_parse.py` passes, and the checksum is
# updated.  A change to the transformer above must be mirrored here the same way.
FAST_PATH_GRAMMAR_CRC32 = 186297169

Item = tuple[str, Any, Any]  # (kind, value, span); a text line's span is a lazy tuple
Handler = Callable[[str, int, int, str], "Item | None"]

_Span = fast_constructor(m.Span)
_Target = fast_constructor(m.Target)
_Go = fast_constructor(m.Go)
_Branch = fast_constructor(m.Branch)
_Otherwise = fast_constructor(m.Otherwise)
_When = fast_constructor(m.When)
_Ref = fast_constructor(m.Ref)
_IsTrue = fast_constructor(m.IsTrue)
_IsFalse = fast_constructor(m.IsFalse)
_Equals = fast_constructor(m.Equals)
_Compare = fast_constructor(m.Compare)
_AllOf = fast_constructor(m.AllOf)
_AnyOf = fast_constructor(m.AnyOf)

_B = r"[\t \f]++"  # WS between words
_O = r"[\t \f]*+"  # optional WS around punctuation
_TAIL = r"[\t \f]*+(?:#.*)?"  # trailing WS and COMMENT
_NAME = r"(?>[a-z][a-z0-9_]*(?:-[a-z0-9_]+)*)"
_INT = r"[0-9]++"
_STRING = r'"[^"\n]*+"'
_TARGET = rf"(?:({_INT})|({_NAME})(?:{_O}\.{_O}({_INT}))?)"  # 3 groups

_REF_TOKEN = r"(?>(?:BIO|MA|HT|CII|CI|B) ?(?:[0-9]+(?:-[0-9]+)?|\?))"
_GO = re.compile(rf"go{_B}{_TARGET}{_TAIL}").fullmatch
_ELSE = re.compile(rf"else{_O}->{_O}{_TARGET}{_TAIL}").fullmatch
_IF = re.compile(rf"if{_B}(.*?){_O}->{_O}{_TARGET}{_TAIL}").fullmatch
_WHEN = re.compile(rf"when{_B}(?:({_NAME})|({_INT})){_O}->{_O}{_TARGET}{_TAIL}").fullmatch
_STEP = re.compile(rf"step{_B}({_INT}){_O}({_STRING}){_TAIL}").fullmatch
_REFS = re.compile(rf"refs{_B}({_REF_TOKEN}(?:{_O},{_O}{_REF_TOKEN})*){_TAIL}").fullmatch
_REF_PARTS = re.compile(r"(BIO|MA|HT|CII|CI|B) ?(?:([0-9]+)(?:-([0-9]+))?|\?)").finditer
_CHOOSE = re.compile(rf"choose{_B}({_NAME}){_TAIL}")
_NAMED = re.compile(rf"([a-z]+){_B}({_NAME}){_O}({_STRING}){_TAIL}")  # checklist, section, table
_START = re.compile(rf"start{_B}{_TARGET}{_TAIL}")
_USE = re.compile(rf"([a-z]+){_B}({_NAME}){_TAIL}")  # options, uses
_END = re.compile(rf"end(?:{_O}({_STRING}))?{_TAIL}")
_RETURN = re.compile(rf"return{_TAIL}")
_NOTE = re.compile(rf"note{_O}(:.*)")
_ERRATUM = re.compile(rf"erratum{_B}({_STRING}){_O}(:.*)")
_CELLS = re.compile(r"(columns|row)[ \t][^#]*+(?:#.*)?")  # a `#` ends the cells: a comment
_FACT_HEAD = (
    rf"fact{_B}({_NAME}){_O}:{_O}"
    rf"(?:(yes/no)|(number)|roll{_B}((?>[0-9]+d[0-9]+(?:[+-][0-9]+)?))"
    rf"|choice{_O}\({_O}({_NAME}(?:{_O},{_O}{_NAME})*){_O}\)|choice{_B}from{_B}({_NAME})|(ledger))"
    rf"{_B}per{_B}(combat|turn|attack|defender){_B}({_STRING})"
)
_FACT = re.compile(_FACT_HEAD + rf"(?:{_O}=|{_TAIL}$)")  # a computed fact, or a ledger
_NAMES = re.compile(_NAME)
_SPLIT = re.compile(
    rf"split{_B}{_TARGET}{_B}(?:(for[ \t]+each){_B}({_NAME})|(once))"
    rf"(?:{_B}until{_B}{_TARGET})?(?:{_B}(then){_B}return)?{_TAIL}"
)
_DISPATCH = re.compile(
    rf"dispatch{_B}({_NAME}){_O}\.{_O}({_NAME}){_B}by{_B}({_NAME})"
    rf"(?:{_B}over{_B}({_INT}){_O}-{_O}({_INT}))?{_TAIL}"
)
_EXPECT = re.compile(rf"expect{_B}{_TARGET}{_B}reaches{_B}{_TARGET}(?:{_B}before{_B}(.*?))?{_TAIL}")
_LIST_TARGET = re.compile(rf"{_O}{_TARGET}{_O}(,?)")
_ATOM = re.compile(
    rf"(?:not{_B}({_NAME})"  # 1: not NAME
    rf"|({_NAME}){_O}(!=|=){_O}(?:({_NAME})|({_INT}))"  # 2 3 4 5: NAME = value
    rf"|({_NAME}){_O}(>=|<=|>|<){_O}(-?[0-9]++)"  # 6 7 8: NAME COMPARE SIGNED
    rf"|({_NAME}))"  # 9: NAME
)
_ATOM_WHOLE = _ATOM.fullmatch
_JOIN = re.compile(rf"{_B}(and|or){_B}")


_NUMBERS: dict[int, int] = {}  # while a file is scanned: one int object per step number


def _number(digits: str) -> int:
    """int(digits), the same object for the same number: a step's number and every jump to
    it share one (ints above 256 are separate objects of 32 bytes each)."""
    number = int(digits)
    return _NUMBERS.setdefault(number, number)


@cache
def fast_path_on() -> bool:
    """Whether the grammar is the one the fast path was written and fuzzed against."""
    import zlib

    return zlib.crc32(grammar_text().encode("utf-8")) == FAST_PATH_GRAMMAR_CRC32


def _fast_target(match: re.Match[str], g: int, ln: int, file: str) -> m.Target | None:
    """The target in groups g, g+1, g+2 of a _TARGET; None if lark would read it otherwise."""
    number = match.group(g)
    if number is not None:
        return _Target(None, _number(number), None, _Span(file, ln, match.start(g) + 1, ln, match.end(g) + 1))
    name = match.group(g + 1)
    if name is None:
        return None
    name = intern(name)  # names recur: share one string
    foreign = match.group(g + 2)
    if name == "end" or name == "return":
        if foreign is not None:
            return None  # lark reads the keyword, then fails on the dot
        return _Target(None, None, name, _Span(file, ln, match.start(g + 1) + 1, ln, match.end(g + 1) + 1))
    if foreign is None:
        return None  # a bare name is no target
    return _Target(name, _number(foreign), None, _Span(file, ln, match.start(g + 1) + 1, ln, match.end(g + 2) + 1))


def _fast_jump(pattern: Callable[[str, int], re.Match[str] | None], width: int, node: Callable[..., m.Jump]) -> Handler:
    """The handler for a one-target statement (`go N`, `else -> N`) of keyword `width`."""

    def handler(line: str, indent: int, ln: int, file: str) -> Item | None:
        match = pattern(line, indent)
        target = _fast_target(match, 1, ln, file) if match is not None else None
        if target is None:
            return None
        span = _Span(file, ln, indent + 1, ln, indent + 1 + width)
        return ("jump", node(target, span), span)

    return handler


_fast_go = _fast_jump(_GO, 2, _Go)
_fast_else = _fast_jump(_ELSE, 4, _Otherwise)


def _fast_condition(line: str, pos: int, end: int, ln: int, file: str) -> m.Condition | None:
    """`atom (and atom)* (or ...)*` without parentheses, as the transformer builds it."""
    atom = _ATOM_WHOLE(line, pos, end)
    if atom is not None and atom.lastindex == 9 and atom.group(9) != "not":  # `if NAME`, inlined
        return _IsTrue(intern(atom.group(9)), _Span(file, ln, pos + 1, ln, end + 1))
    any_of: list[m.Condition] = []
    all_of: list[m.Condition] = []
    while True:
        atom = _ATOM.match(line, pos, end)
        if atom is None:
            return None
        g = atom.lastindex
        if g == 1:
            name = intern(atom.group(1))
            if name == "not":
                return None
            cond: m.Condition = _IsFalse(name, _Span(file, ln, atom.start(1) + 1, ln, atom.end(1) + 1))
        else:
            fact = intern(atom.group(2) or atom.group(6) or atom.group(9))
            if fact == "not":
                return None  # lark reads `not` as the keyword
            start = atom.start()
            span = _Span(file, ln, start + 1, ln, start + len(fact) + 1)
            if g == 9:
                cond = _IsTrue(fact, span)
            elif g == 8:
                cond = _Compare(fact, atom.group(7), int(atom.group(8)), span)
            else:
                value: str | int = intern(atom.group(4)) if g == 4 else int(atom.group(5))
                cond = _Equals(fact, value, atom.group(3) == "!=", span)
        all_of.append(cond)
        pos = atom.end()
        if pos == end:
            break
        join = _JOIN.match(line, pos, end)
        if join is None:
            return None
        if join.group(1) == "or":
            any_of.append(all_of[0] if len(all_of) == 1 else _AllOf(tuple(all_of), all_of[0].span))
            all_of = []
        pos = join.end()
    any_of.append(all_of[0] if len(all_of) == 1 else _AllOf(tuple(all_of), all_of[0].span))
    return any_of[0] if len(any_of) == 1 else _AnyOf(tuple(any_of), any_of[0].span)


def _fast_if(line: str, indent: int, ln: int, file: str) -> Item | None:
    match = _IF(line, indent)
    if match is None:
        return None
    target = _fast_target(match, 2, ln, file)
    if target is None:
        return None
    cond = _fast_condition(line, match.start(1), match.end(1), ln, file)
    if cond is None:
        return None
    span = _Span(file, ln, indent + 1, ln, indent + 3)
    return ("jump", _Branch(cond, target, span), span)


def _fast_when(line: str, indent: int, ln: int, file: str) -> Item | None:
    match = _WHEN(line, indent)
    if match is None or (target := _fast_target(match, 3, ln, file)) is None:
        return None
    name = match.group(1)
    span = _Span(file, ln, indent + 1, ln, indent + 5)
    return ("when", _When(intern(name) if name is not None else int(match.group(2)), target, span), span)


def _fast_step(line: str, indent: int, ln: int, file: str) -> Item | None:
    match = _STEP(line, indent)
    if match is None:
        return None
    span = _Span(file, ln, match.start(1) + 1, ln, match.end(1) + 1)
    return ("step", (_number(match.group(1)), match.group(2)[1:-1]), span)


def _fast_refs(line: str, indent: int, ln: int, file: str) -> Item | None:
    match = _REFS(line, indent)
    if match is None:
        return None
    refs: list[m.Ref] = []
    for ref in _REF_PARTS(line, match.start(1), match.end(1)):  # the tokens the pattern just checked
        book, page, page_end = ref.groups()
        if page_end is not None and int(page_end) < int(page):
            return None  # lark reports the backwards range, in line order
        start, end = ref.span()
        refs.append(_Ref(book, _int(page), _int(page_end), _Span(file, ln, start + 1, ln, end + 1)))
    return ("refs", tuple(refs), _Span(file, ln, indent + 1, ln, indent + 5))


def _fast_choose(line: str, indent: int, ln: int, file: str) -> Item | None:
    match = _CHOOSE.fullmatch(line, indent)
    if match is None:
        return None
    return ("choose", intern(match.group(1)), _Span(file, ln, indent + 1, ln, indent + 7))


def _fast_named(line: str, indent: int, ln: int, file: str) -> Item | None:
    match = _NAMED.fullmatch(line, indent)
    if match is None or match.group(1) not in ("checklist", "section", "table"):
        return None
    span = _Span(file, ln, match.start(2) + 1, ln, match.end(2) + 1)
    return (match.group(1), (match.group(2), match.group(3)[1:-1]), span)


def _fast_start(line: str, indent: int, ln: int, file: str) -> Item | None:
    match = _START.fullmatch(line, indent)
    if match is None or (target := _fast_target(match, 1, ln, file)) is None:
        return None
    return ("start", target, _Span(file, ln, indent + 1, ln, indent + 6))


def _fast_use(line: str, indent: int, ln: int, file: str) -> Item | None:
    match = _USE.fullmatch(line, indent)
    if match is None:
        return None
    kind, name = match.group(1), match.group(2)
    span = _Span(file, ln, match.start(2) + 1, ln, match.end(2) + 1)
    keyword = _Span(file, ln, indent + 1, ln, match.end(1) + 1)
    if kind == "options":
        return ("options", m.Options(name, span), keyword)
    if kind == "uses":
        return ("uses", m.Uses(name, span), keyword)
    return None


def _fast_end(line: str, indent: int, ln: int, file: str) -> Item | None:
    match = _END.fullmatch(line, indent)
    if match is None:
        return None
    label = match.group(1)
    span = _Span(file, ln, indent + 1, ln, indent + 4)
    return ("jump", m.End(label[1:-1] if label is not None else None, span), span)


def _fast_return(line: str, indent: int, ln: int, file: str) -> Item | None:
    if _RETURN.fullmatch(line, indent) is None:
        return None
    span = _Span(file, ln, indent + 1, ln, indent + 7)
    return ("jump", m.Return(span), span)


def _fast_note(line: str, indent: int, ln: int, file: str) -> Item | None:
    match = _NOTE.fullmatch(line, indent)
    if match is None:
        return None
    span = _Span(file, ln, indent + 1, ln, indent + 5)
    return ("note", m.Note(match.group(1)[1:].strip(), span), span)


def _fast_erratum(line: str, indent: int, ln: int, file: str) -> Item | None:
    match = _ERRATUM.fullmatch(line, indent)
    if match is None:
        return None
    span = _Span(file, ln, indent + 1, ln, indent + 8)
    return ("erratum", m.Erratum(match.group(1)[1:-1], match.group(2)[1:].strip(), span), span)


def _fast_cells(line: str, indent: int, ln: int, file: str) -> Item | None:
    match = _CELLS.fullmatch(line, indent)
    if match is None:
        return None
    kind = match.group(1)
    end = line.find("#", indent)
    end = len(line) if end < 0 else end
    cells = tuple(cell.strip() for cell in line[match.end(1) : end].split("|"))
    return (kind, cells, _Span(file, ln, indent + 1, ln, end + 1))


def _fast_fact(line: str, indent: int, ln: int, file: str) -> Item | None:
    """A fact: asked, a ledger, or computed from an expression (fastcompute.expression)."""
    match = _FACT.match(line, indent)
    if match is None:
        return None
    kind: tuple[str, tuple[str, ...], str | None, str | None]
    if match.group(2) is not None:
        kind = ("yes/no", ("yes", "no"), None, None)
    elif match.group(3) is not None:
        kind = ("number", (), None, None)
    elif match.group(4) is not None:
        kind = ("roll", (), None, match.group(4))
    elif match.group(5) is not None:
        kind = ("choice", tuple(_NAMES.findall(match.group(5))), None, None)
    elif match.group(6) is not None:
        kind = ("table", (), match.group(6), None)
    else:
        kind = ("ledger", (), None, None)
    head = (match.group(1), *kind, match.group(8), match.group(9)[1:-1])
    span = _Span(file, ln, match.start(1) + 1, ln, match.end(1) + 1)
    if line[match.end() - 1 : match.end()] != "=":
        return ("fact", head, span)
    expr = fastcompute.expression(line, match.end(), ln, file, _fast_condition)
    return ("fact", (*head, expr), span) if expr is not None else None


def _fast_options(line: str, indent: int, ln: int, file: str) -> Item | None:
    return fastcompute.card_field(line, indent, ln, file) or _fast_use(line, indent, ln, file)


def _fast_split(line: str, indent: int, ln: int, file: str) -> Item | None:
    match = _SPLIT.fullmatch(line, indent)
    if match is None or (target := _fast_target(match, 1, ln, file)) is None:
        return None
    until = None
    if match.start(7) >= 0 or match.start(8) >= 0:
        until = _fast_target(match, 7, ln, file)
        if until is None:
            return None
    span = _Span(file, ln, indent + 1, ln, indent + 6)
    return ("jump", m.Split(target, match.group(5), until, match.group(10) is not None, span), span)


def _fast_dispatch(line: str, indent: int, ln: int, file: str) -> Item | None:
    match = _DISPATCH.fullmatch(line, indent)
    if match is None:
        return None
    over = (int(match.group(4)), int(match.group(5))) if match.group(4) is not None else None
    span = _Span(file, ln, indent + 1, ln, indent + 9)
    return ("jump", m.Dispatch(match.group(1), match.group(2), match.group(3), over, span), span)


def _fast_expect(line: str, indent: int, ln: int, file: str) -> Item | None:
    match = _EXPECT.fullmatch(line, indent)
    if match is None:
        return None
    source, target = _fast_target(match, 1, ln, file), _fast_target(match, 4, ln, file)
    if source is None or target is None:
        return None
    avoiding: list[m.Target] = []
    if match.start(7) >= 0:
        pos, end = match.start(7), match.end(7)
        while True:
            one = _LIST_TARGET.match(line, pos, end)
            if one is None or (avoid := _fast_target(one, 1, ln, file)) is None:
                return None
            avoiding.append(avoid)
            pos = one.end()
            if not one.group(4):
                break
        if pos != end:
            return None
    return ("expect", (source, target, tuple(avoiding)), _Span(file, ln, indent + 1, ln, indent + 7))


_NO_HANDLERS: dict[str, Handler] = {}

# Handlers by the first three characters of the line (each pattern checks the whole keyword).
_FAST: dict[str, Handler] = {
    "go ": _fast_go, "go\t": _fast_go, "go\f": _fast_go, "if ": _fast_if, "if\t": _fast_if, "if\f": _fast_if,
    "els": _fast_else, "whe": _fast_when, "ste": _fast_step, "sta": _fast_start, "ref": _fast_refs,
    "ret": _fast_return, "cho": _fast_choose, "che": _fast_named, "sec": _fast_named, "tab": _fast_named,
    "opt": _fast_use, "use": _fast_use, "end": _fast_end, "not": _fast_note, "err": _fast_erratum,
    "col": _fast_cells, "row": _fast_cells, "fac": _fast_fact, "spl": _fast_split, "dis": _fast_dispatch,
    "exp": _fast_expect,
    # computing and cards (fastcompute.py)
    "mov": fastcompute.card_field, "att": fastcompute.card_field, "def": fastcompute.card_field,
    "oth": fastcompute.card_field, "car": fastcompute.card_words, "cat": fastcompute.card_words,
    "dec": fastcompute.deck, "in ": fastcompute.card_in, "in\t": fastcompute.card_in, "add": fastcompute.add,
    "fin": fastcompute.find, "sho": fastcompute.show, "nex": fastcompute.next_turn,
    "rec": fastcompute.record(_fast_condition),
}  # fmt: skip
_FAST["opt"] = _fast_options


@cache
def _parser() -> tuple[Lark, _ToModel]:
    from lark import Lark, Transformer

    transformer: _ToModel = type("_LarkToModel", (_ToModel, Transformer), {})()
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
    items, errors = scan(text, file)
    return [Statement(kind, value, span_of(span)) for kind, value, span in items], errors


def span_of(span: m.Span | tuple[str, int, int, int, int]) -> m.Span:
    """An item's span: `scan` leaves a text line's span as a tuple until someone needs it."""
    return _Span(*span) if isinstance(span, tuple) else span


def scan(text: str, file: str) -> tuple[list[Item], list[Diagnostic]]:
    """`parse` as (kind, value, span) items, for the builder: no Statement objects, and a
    text line's span stays a (file, line, column, end_line, end_column) tuple (see span_of)."""
    errors: list[Diagnostic] = []
    items = list(scan_items(text, file, errors))
    return items, errors


def scan_items(text: str, file: str, errors: list[Diagnostic]) -> Iterator[Item]:
    """`scan`, as a generator: items come out as they are read, so that a large flow is
    never held as a list of lines or of items (up to the first line the fast path
    declines: after it they wait for lark).  Syntax errors go into `errors` at the end."""
    slow: list[int] = []  # indexes of the lines the fast path declines
    later: list[Item] = []  # fast items after the first declined line
    fast: Callable[[str], Handler | None] = _FAST.get if fast_path_on() else _NO_HANDLERS.get
    _NUMBERS.clear()
    ln = 0
    for chunk in _chunks(text):
        for line in chunk.split("\n"):
            ln += 1
            stripped = line.lstrip(" \t\f")
            if not stripped:
                continue  # blank: part of an _NL token
            first = stripped[0]
            if first == "|":  # TEXT runs to the end of the line
                indent = len(line) - len(stripped)
                prose = stripped[2:] if stripped[1:2] == " " else stripped[1:]
                item: Item = ("text", prose, (file, ln, indent + 1, ln, len(line) + 1))
            elif first == "#":
                continue  # a comment line: part of an _NL token
            else:
                handler = fast(stripped[:3])
                found = handler(line, len(line) - len(stripped), ln, file) if handler is not None else None
                if found is None:
                    slow.append(ln - 1)
                    continue
                item = found
            if slow:
                later.append(item)
            else:
                yield item
    _NUMBERS.clear()
    if slow:
        items, syntax_errors = _scan_slow(text.split("\n"), slow, later, file)
        errors.extend(syntax_errors)
        yield from items


def _chunks(text: str, size: int = 1 << 20) -> Iterator[str]:
    """`text` cut at newlines into pieces of about `size` characters, the newlines dropped:
    splitting each piece gives text.split("\n") without a list of every line at once."""
    start = 0
    while True:
        end = text.find("\n", start + size)
        if end < 0:
            yield text[start:]
            return
        yield text[start:end]
        start = end + 1


def _scan_slow(lines: list[str], slow: list[int], fast: list[Item], file: str) -> tuple[list[Item], list[Diagnostic]]:
    """Lark on the declined lines, every other line blanked; then merge in line order."""
    from lark import UnexpectedInput

    lark, transformer = _parser()
    transformer.file, transformer.out, transformer.errors = file, [], []
    masked = [""] * len(lines)
    for index in slow:
        masked[index] = lines[index]
    errors: list[Diagnostic] = []
    offset = 0  # lines already consumed
    parsed_to = len(lines)  # lines after this one were never parsed (too many errors)
    while True:
        chunk = "\n" * offset + "\n".join(masked[offset:]) + "\n"
        try:
            lark.parse(chunk)
            break
        except UnexpectedInput as exc:
            errors.append(_syntax_error(exc, file, lines))
            offset = exc.line  # resume on the line after the broken one
            if offset >= len(lines) or len(errors) >= MAX_ERRORS_PER_FILE:
                parsed_to = offset
                break
    items: list[Item] = []
    slow_out = transformer.out
    i = 0
    for item in fast:
        line = item[2][1] if type(item[2]) is tuple else item[2].line
        if line > parsed_to:
            break
        while i < len(slow_out) and slow_out[i].span.line < line:
            items.append((slow_out[i].kind, slow_out[i].value, slow_out[i].span))
            i += 1
        items.append(item)
    items.extend((st.kind, st.value, st.span) for st in slow_out[i:])
    return items, transformer.errors + errors


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
    from lark import UnexpectedCharacters, UnexpectedToken

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
