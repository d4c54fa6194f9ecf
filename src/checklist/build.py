"""Statements to a Module: nests step items under steps and rows under tables."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from checklist import model as m
from checklist.build_cards import CARD_STATEMENTS, CardBuilder
from checklist.diagnostics import BAD_TABLE, MISPLACED, NO_CHECKLIST, Diagnostic, diag
from checklist.parse import Item, Statement, span_of
from checklist.program import fast_constructor

_Step = fast_constructor(m.Step)

_STEP_ITEMS = {"text", "refs", "jump", "choose", "when", "options", "uses", "erratum", "note", "action", "show_card"}
_TABLE_ITEMS = {"columns", "row", "refs", "note", "erratum"}


class _StepDraft:
    """A step being built (a plain slotted class: a flow has one per step)."""

    __slots__ = ("checklist", "number", "title", "section", "span", "prose", "refs", "jumps", "options",
                 "uses", "errata", "notes", "actions", "cards")  # fmt: skip

    def __init__(self, checklist: str, number: int, title: str, section: str | None, span: m.Span) -> None:
        self.checklist = checklist
        self.number = number
        self.title = title
        self.section = section
        self.span = span
        self.prose: list[str] = []
        self.refs: list[m.Ref] = []
        self.jumps: list[Any] = []  # Choose kept as [fact, span, whens] until closed
        self.options: list[m.Options] = []
        self.uses: list[m.Uses] = []
        self.errata: list[m.Erratum] = []
        self.notes: list[m.Note] = []
        self.actions: list[m.Action] = []
        self.cards: list[m.ShowCard] = []

    def close(self) -> m.Step:
        jumps = tuple(self.jumps)
        if list in map(type, jumps):  # a `choose`, kept as [fact, span, whens] until now
            jumps = tuple(m.Choose(j[0], tuple(j[2]), j[1]) if type(j) is list else j for j in jumps)
        return _Step(
            self.checklist, self.number, self.title, tuple(self.prose), tuple(self.refs), jumps,
            tuple(self.options), tuple(self.uses), tuple(self.errata), tuple(self.notes),
            self.section, self.span, tuple(self.actions), tuple(self.cards),
        )  # fmt: skip


@dataclass
class _TableDraft:
    name: str
    title: str
    span: m.Span
    columns: tuple[str, ...] = ()
    columns_span: m.Span | None = None
    rows: list[m.Row] = field(default_factory=list)
    refs: list[m.Ref] = field(default_factory=list)
    notes: list[m.Note] = field(default_factory=list)
    errata: list[m.Erratum] = field(default_factory=list)

    def close(self) -> m.Table:
        return m.Table(
            self.name, self.title, self.columns, tuple(self.rows), tuple(self.refs),
            tuple(self.notes), self.span, self.columns_span, tuple(self.errata),
        )  # fmt: skip


@dataclass
class _FactDraft:
    """A fact and the `refs` and `note` lines under it."""

    fact: m.Fact
    refs: list[m.Ref] = field(default_factory=list)
    notes: list[m.Note] = field(default_factory=list)

    def close(self) -> m.Fact:
        if not self.refs and not self.notes:
            return self.fact
        return replace(self.fact, refs=tuple(self.refs), notes=tuple(self.notes))


@dataclass
class _ChecklistDraft:
    id: str
    title: str
    span: m.Span
    steps: list[m.Step] = field(default_factory=list)
    sections: list[m.Section] = field(default_factory=list)


class Builder:
    def __init__(self, path: str) -> None:
        self.path = path
        self.diagnostics: list[Diagnostic] = []
        self.checklists: list[_ChecklistDraft] = []
        self.facts: list[m.Fact] = []
        self.tables: list[m.Table] = []
        self.starts: list[m.StartDecl] = []
        self.expects: list[m.Expect] = []
        self.checklist: _ChecklistDraft | None = None
        self.section: str | None = None
        self.step: _StepDraft | None = None
        self.table: _TableDraft | None = None
        self.cards = CardBuilder(self.diagnostics)
        self.fact: _FactDraft | None = None

    def module(self, statements: Iterable[Statement]) -> m.Module:
        return self.module_items((st.kind, st.value, st.span) for st in statements)

    def module_items(self, items: Iterable[Item]) -> m.Module:
        """`module` for `parse.scan`'s (kind, value, span) items.

        Prose, refs and jumps -- most of a flow -- go straight into the open step (what
        `feed` would do with them); every other item goes through `feed`.
        """
        for kind, value, span in items:
            step = self.step  # while a step is open no table is
            if step is not None and (kind == "text" or kind == "jump"):
                (step.prose if kind == "text" else step.jumps).append(value)
            elif step is not None and kind == "refs":
                step.refs.extend(value)
            elif kind == "step":
                self.on_step(value, span)
            else:
                self.feed(Statement(kind, value, span_of(span)))
        self.close_block()
        checklists = tuple(
            m.Checklist(c.id, c.title, tuple(c.steps), tuple(c.sections), c.span) for c in self.checklists
        )
        return m.Module(
            self.path, checklists, tuple(self.facts), tuple(self.tables), tuple(self.starts), tuple(self.expects),
            self.cards.decks(),
        )

    def close_block(self) -> None:
        if self.step is not None and self.checklist is not None:
            self.checklist.steps.append(self.step.close())
        if self.table is not None:
            self.tables.append(self.table.close())
        if self.fact is not None:
            self.facts.append(self.fact.close())
        self.cards.close_card()
        self.step = self.table = self.fact = None

    def misplaced(self, st: Statement, where: str) -> None:
        self.diagnostics.append(diag(MISPLACED, f"`{st.kind}` line {where}", st.span,
                                     help="move it under the step or table it belongs to"))  # fmt: skip

    def feed(self, st: Statement) -> None:
        kind, value = st.kind, st.value
        if self.table is not None and kind in _TABLE_ITEMS:
            self.table_item(st)
            return
        if self.fact is not None and kind in ("refs", "note"):
            (self.fact.refs.extend(value) if kind == "refs" else self.fact.notes.append(value))
            return
        if kind in CARD_STATEMENTS or (self.cards.open and kind in ("refs", "note")):
            if kind in ("deck", "card"):
                self.close_block()
            self.cards.feed(st)
            return
        if kind in _STEP_ITEMS:
            if self.step is None:
                self.misplaced(st, "outside any step")
            else:
                self.step_item(st, self.step)
            return
        if kind in ("columns", "row"):
            self.misplaced(st, "outside any table")
            return
        getattr(self, f"on_{kind}")(value, st.span)

    def on_checklist(self, value: tuple[str, str], span: m.Span) -> None:
        self.close_block()
        self.checklist = _ChecklistDraft(value[0], value[1], span)
        self.checklists.append(self.checklist)
        self.section = None

    def on_section(self, value: tuple[str, str], span: m.Span) -> None:
        self.close_block()
        if self.require_checklist("section", span) and self.checklist is not None:
            self.section = value[0]
            self.checklist.sections.append(m.Section(self.checklist.id, value[0], value[1], span))

    def on_step(self, value: tuple[int, str], span: m.Span) -> None:
        self.close_block()
        if self.require_checklist("step", span) and self.checklist is not None:
            self.step = _StepDraft(self.checklist.id, value[0], value[1], self.section, span)

    def on_table(self, value: tuple[str, str], span: m.Span) -> None:
        self.close_block()
        self.table = _TableDraft(value[0], value[1], span)

    def on_fact(self, value: tuple[Any, ...], span: m.Span) -> None:
        self.close_block()
        name, kind, choices, table, dice, scope, question = value[:7]
        expr = value[7] if len(value) > 7 else None
        self.fact = _FactDraft(m.Fact(name, kind, choices, table, dice, scope, question, span, expr))

    def on_start(self, value: m.Target, span: m.Span) -> None:
        self.starts.append(m.StartDecl(value, self.checklist.id if self.checklist else None, span))

    def on_expect(self, value: tuple[m.Target, m.Target, tuple[m.Target, ...]], span: m.Span) -> None:
        source, target, avoiding = value
        self.expects.append(m.Expect(source, target, avoiding, self.checklist.id if self.checklist else None, span))

    def require_checklist(self, what: str, span: m.Span) -> bool:
        if self.checklist is None:
            self.diagnostics.append(diag(NO_CHECKLIST, f"`{what}` before any `checklist` line", span,
                                         help='start the file with `checklist ID "Title"`'))  # fmt: skip
        return self.checklist is not None

    def step_item(self, st: Statement, step: _StepDraft) -> None:
        kind, value = st.kind, st.value
        if kind == "text":
            step.prose.append(value)
        elif kind == "refs":
            step.refs.extend(value)
        elif kind == "jump":
            step.jumps.append(value)
        elif kind == "choose":
            step.jumps.append([value, st.span, []])
        elif kind == "when":
            last = step.jumps[-1] if step.jumps else None
            if isinstance(last, list):
                last[2].append(value)
            else:
                self.misplaced(st, "not directly under a `choose`")
        else:
            field_name = {"options": "options", "uses": "uses", "erratum": "errata", "note": "notes",
                          "action": "actions", "show_card": "cards"}[kind]  # fmt: skip
            getattr(step, field_name).append(value)

    def table_item(self, st: Statement) -> None:
        table = self.table
        assert table is not None
        if st.kind == "columns":
            table.columns, table.columns_span = st.value, st.span
        elif st.kind == "row":
            if table.columns and len(st.value) != len(table.columns):
                self.diagnostics.append(diag(
                    BAD_TABLE, f"row has {len(st.value)} cells but table `{table.name}` has "
                    f"{len(table.columns)} columns", st.span,
                    help="separate cells with `|`; leave an empty cell empty, as in `a |  | c`",
                ))  # fmt: skip
            table.rows.append(m.Row(st.value, st.span))
        elif st.kind == "refs":
            table.refs.extend(st.value)
        elif st.kind == "erratum":
            table.errata.append(st.value)
        else:
            table.notes.append(st.value)
