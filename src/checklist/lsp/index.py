"""Every place a program names a step, a fact, a table or a column, from the model's spans.

What counts as a mention is the checker's (checks/facts.py `uses`, checks/tables.py `mentions`)
and where a jump leads is model/jumps.py's: this module only finds each name's own span.
Some spans are the statement's (`choose F`, `dispatch T.C by F`, a fact's `unless F`): the name
is then looked for on that line, outside strings and comments, from the span's column, taking
the first place not already claimed by another mention of that name.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import field
from typing import TYPE_CHECKING, Literal

from checklist import model as m
from checklist.checks.facts import expr_uses, record_uses, uses
from checklist.checks.tables import lookups, mentions
from checklist.graph.program import Program
from checklist.lsp.text import cell_spans, contains, name_columns
from checklist.model.jumps import jump_exits

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass

Kind = Literal["step", "fact", "table", "column"]


@dataclass(frozen=True, slots=True)
class Occurrence:
    kind: Kind
    name: str  # a step's key (`combat.54`), a fact's or table's name, a column as `table.column`
    span: m.Span  # the name (or the jump's target) as written
    declares: bool


@dataclass(frozen=True)
class Index:
    by_file: Mapping[str, tuple[Occurrence, ...]]  # sorted by place
    by_name: Mapping[tuple[Kind, str], tuple[Occurrence, ...]]
    _starts: Mapping[str, list[tuple[int, int]]] = field(repr=False)

    def at(self, file: str, line: int, column: int) -> Occurrence | None:
        """The occurrence the cursor is on (or just after)."""
        found = self.by_file.get(file, ())
        upto = bisect_right(self._starts.get(file, []), (line, column))
        return next((o for o in reversed(found[:upto]) if contains(o.span, line, column)), None)

    def all(self, kind: Kind, name: str) -> tuple[Occurrence, ...]:
        return self.by_name.get((kind, name), ())

    def declaration(self, kind: Kind, name: str) -> Occurrence | None:
        return next((o for o in self.all(kind, name) if o.declares), None)


def build(program: Program) -> Index:
    found = _Finder(program)
    found.steps()
    found.facts()
    found.tables()
    by_file: dict[str, list[Occurrence]] = {}
    by_name: dict[tuple[Kind, str], list[Occurrence]] = {}
    for o in dict.fromkeys(found.out):  # a row two dispatches read is one place
        by_file.setdefault(o.span.file, []).append(o)
        by_name.setdefault((o.kind, o.name), []).append(o)
    files = {f: tuple(sorted(os, key=lambda o: (o.span.line, o.span.column))) for f, os in by_file.items()}
    starts = {f: [(o.span.line, o.span.column) for o in os] for f, os in files.items()}
    return Index(files, {k: tuple(v) for k, v in by_name.items()}, starts)


class _Finder:
    def __init__(self, program: Program) -> None:
        self.program = program
        self.out: list[Occurrence] = []
        self.claimed: set[tuple[Kind, str, str, int, int]] = set()
        self.split: dict[str, list[str]] = {}

    def line(self, file: str, number: int) -> str:
        if file not in self.split:
            self.split[file] = self.program.sources.get(file, "").split("\n")
        lines = self.split[file]
        return lines[number - 1] if 0 < number <= len(lines) else ""

    def add(self, kind: Kind, name: str, span: m.Span, declares: bool = False) -> None:
        self.out.append(Occurrence(kind, name, span, declares))
        self.claimed.add((kind, name, span.file, span.line, span.column))

    def place(self, kind: Kind, name: str, span: m.Span) -> m.Span | None:
        """The span of `name` itself: the span when it is just the name, else the first unclaimed
        place of the name on the span's line, from its column."""
        line = self.line(span.file, span.line)
        if line[span.column - 1 : span.end_column - 1] == name and span.line == span.end_line:
            return span
        for column in name_columns(line, name, span.column, "word" if kind == "step" else kind):
            if (kind, name, span.file, span.line, column) not in self.claimed:
                return m.Span(span.file, span.line, column, span.line, column + len(name))
        return None

    def named(self, kind: Kind, pairs: Iterable[tuple[str, m.Span]]) -> list[m.Span | None]:
        """Each name's place; exact spans first, so that a statement's span finds the places they leave."""
        pairs = list(pairs)
        placed: list[m.Span | None] = [s if self.place(kind, n, s) == s else None for n, s in pairs]
        for (name, _), at in zip(pairs, placed, strict=True):
            if at is not None:
                self.add(kind, name, at)
        for i, (name, span) in enumerate(pairs):
            if placed[i] is None:
                placed[i] = self.place(kind, name, span)
                if placed[i] is not None:
                    self.add(kind, name, placed[i])  # type: ignore[arg-type]
        return placed

    # ---- steps: declarations, jump targets, dispatch rows, starts and assertions
    def steps(self) -> None:
        program = self.program
        for step in program.steps.values():
            self.add("step", step.key, step.span, declares=True)
            for index, jump in enumerate(step.jumps):
                self._jump(step, index, jump)
        named = [(s.target, s.checklist) for s in program.starts]
        for e in program.expects:
            named.extend((target, e.checklist) for target in (e.source, e.target, *e.avoiding))
        for target, checklist in named:
            key = program.resolve(target, checklist)
            if key is not None:
                self.add("step", key, target.span)

    def _jump(self, step: m.Step, index: int, jump: m.Jump) -> None:
        if isinstance(jump, m.Dispatch):
            self._rows(step, index, jump)
            return
        for way in jump_exits(step, index, jump, self.program.tables):
            if way.key is not None:
                self.add("step", way.key, way.span)
        if isinstance(jump, m.Split) and jump.until is not None and jump.returns:
            key = self.program.resolve(jump.until, step.checklist)
            if key is not None:
                self.add("step", key, jump.until.span)

    def _rows(self, step: m.Step, index: int, jump: m.Dispatch) -> None:
        """A dispatch's exits are its table's rows: the place is the row's cell in the column read."""
        table = self.program.tables.get(jump.table)
        column = table.column(jump.column) if table is not None else None
        if column is None:
            return
        for way in jump_exits(step, index, jump, self.program.tables):
            cells = cell_spans(way.span.file, self.line(way.span.file, way.span.line), way.span)
            if way.key is not None and column < len(cells):
                self.add("step", way.key, cells[column])

    # ---- facts: declarations and every mention the checker counts
    def facts(self) -> None:
        program = self.program
        for fact in program.facts.values():
            self.add("fact", fact.name, fact.span, declares=True)
        self.named("fact", ((n, s) for n, s, _ in _fact_mentions(program)))

    # ---- tables and their columns
    def tables(self) -> None:
        program = self.program
        for table in program.tables.values():
            self.add("table", table.name, table.span, declares=True)
            if table.columns_span is not None:
                line = self.line(table.columns_span.file, table.columns_span.line)
                cells = cell_spans(table.span.file, line, table.columns_span)
                for name, span in zip(table.columns, cells, strict=False):
                    self.add("column", f"{table.name}.{name}", span, declares=True)
        said = list(_table_mentions(program))
        for (name, _, column), at in zip(said, self.named("table", ((n, s) for n, s, _ in said)), strict=True):
            if at is not None and column is not None:
                self._column(name, column, at)

    def _column(self, table: str, column: str, at: m.Span) -> None:
        """`table.column`: the column stands right after the table's name and a dot."""
        line = self.line(at.file, at.line)
        if line[at.end_column - 1 : at.end_column + len(column)] == "." + column:
            first = at.end_column + 1
            self.add("column", f"{table}.{column}", m.Span(at.file, at.line, first, at.line, first + len(column)))


def _fact_mentions(program: Program) -> Iterator[tuple[str, m.Span, str | int | None]]:
    for step in program.steps.values():
        yield from uses(step)
        yield from record_uses(program, step)
        for jump in step.jumps:  # `for each hit of hits-landing`: the branch's number is a fact too
            if isinstance(jump, m.Split) and jump.item in program.facts:
                yield jump.item, jump.span, None
    for fact in program.facts.values():
        yield from expr_uses(program, fact)


def _table_mentions(program: Program) -> Iterator[tuple[str, m.Span, str | None]]:
    yield from mentions(program)
    for step in program.steps.values():  # look-ups in `record` lines and rolled dice, which the rule does not read
        for action in step.actions:
            if isinstance(action, m.Record):
                yield from lookups(action.expr)
                if action.key is not None:
                    yield from lookups(action.key)
    for fact in program.facts.values():
        if fact.dice_expr is not None:
            yield from lookups(fact.dice_expr)
