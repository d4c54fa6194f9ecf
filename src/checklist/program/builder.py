"""Statements to a Module: nests step lines under steps, rows under tables, refs under facts."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from checklist import model as m
from checklist.model.diagnostics import BAD_TABLE, MISPLACED, NO_CHECKLIST, Diagnostic, diag
from checklist.program.cards import CARD_STATEMENTS, CardBuilder
from checklist.syntax import statements as s

_ITEM_FIELDS: dict[type, str] = {
    m.Options: "options",
    m.Uses: "uses",
    m.Erratum: "errata",
    m.Note: "notes",
    m.Add: "actions",
    m.Find: "actions",
    m.Record: "actions",
    m.NextTurn: "actions",
    m.ShowCard: "cards",
}


class _StepDraft:
    """A step being built (a plain slotted class: a flow has one per step)."""

    __slots__ = (
        "checklist",
        "number",
        "title",
        "section",
        "span",
        "prose",
        "refs",
        "jumps",
        "options",
        "uses",
        "errata",
        "notes",
        "actions",
        "cards",
    )

    def __init__(self, checklist: str, number: int, title: str, section: str | None, span: m.Span) -> None:
        self.checklist = checklist
        self.number = number
        self.title = title
        self.section = section
        self.span = span
        self.prose: list[str] = []
        self.refs: list[m.Ref] = []
        self.jumps: list[m.Jump | _ChooseDraft] = []
        self.options: list[m.Options] = []
        self.uses: list[m.Uses] = []
        self.errata: list[m.Erratum] = []
        self.notes: list[m.Note] = []
        self.actions: list[m.Action] = []
        self.cards: list[m.ShowCard] = []

    def close(self) -> m.Step:
        jumps = tuple(j.close() if isinstance(j, _ChooseDraft) else j for j in self.jumps)
        return m.Step(
            self.checklist,
            self.number,
            self.title,
            tuple(self.prose),
            tuple(self.refs),
            jumps,
            tuple(self.options),
            tuple(self.uses),
            tuple(self.errata),
            tuple(self.notes),
            self.section,
            self.span,
            tuple(self.actions),
            tuple(self.cards),
        )


@dataclass
class _ChooseDraft:
    fact: str
    span: m.Span
    whens: list[m.When] = field(default_factory=list)

    def close(self) -> m.Choose:
        return m.Choose(self.fact, tuple(self.whens), self.span)


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
            self.name,
            self.title,
            self.columns,
            tuple(self.rows),
            tuple(self.refs),
            tuple(self.notes),
            self.span,
            self.columns_span,
            tuple(self.errata),
        )


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
        self.fed = 0  # statements fed
        self.quiet = False  # after a broken line, until a block opens: misplaced lines are its doing
        self.headless = False  # a `checklist` line was broken: its steps give no E005

    def module(self, statements: Iterable[s.Statement]) -> m.Module:
        for st in statements:
            self.feed(st)
        return self.finish()

    def finish(self) -> m.Module:
        """The module of the statements fed so far."""
        self.close_block()
        checklists = tuple(
            m.Checklist(c.id, c.title, tuple(c.steps), tuple(c.sections), c.span) for c in self.checklists
        )
        return m.Module(
            self.path,
            checklists,
            tuple(self.facts),
            tuple(self.tables),
            tuple(self.starts),
            tuple(self.expects),
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

    def misplaced(self, st: s.Statement, where: str) -> None:
        if self.quiet:
            return
        self.diagnostics.append(
            diag(
                MISPLACED,
                f"`{s.keyword(st)}` line {where}",
                st.span,
                help="move it under the step or table it belongs to",
            )
        )

    def broken(self, st: s.BrokenLine) -> None:
        """A line that did not parse: what it meant to open is closed, so the lines meant to nest
        under it stand outside any block, and say nothing (its E001 explains them)."""
        if st.keyword in _BLOCKS:
            self.close_block()
        if st.keyword in ("deck", "card"):
            self.cards.close_card()
        if st.keyword == "checklist":
            self.checklist, self.headless = None, True
        self.quiet = self.cards.quiet = True

    def _reopens(self, st: s.Statement, step: _StepDraft | None) -> bool:
        """Whether `st` opens a block again after a broken line."""
        return isinstance(st, _OPENERS) or (step is not None and isinstance(st, s.ChooseLine))

    def feed(self, st: s.Statement) -> None:
        self.fed += 1
        step = self.step  # while a step is open no table is
        if self.quiet and self._reopens(st, step):
            self.quiet = self.cards.quiet = False
        if step is not None and isinstance(st, s.ProseLine):
            step.prose.append(st.text)
        elif step is not None and isinstance(st, s.JumpLine):
            step.jumps.append(st.jump)
        elif self.table is not None and isinstance(st, _TABLE_LINES) and _in_table(st):
            self.table_item(st)
        elif self.fact is not None and (isinstance(st, s.RefsLine) or _is_note(st)):
            self.fact_item(st, self.fact)
        elif isinstance(st, CARD_STATEMENTS) or (self.cards.open and (isinstance(st, s.RefsLine) or _is_note(st))):
            if isinstance(st, (s.DeckLine, s.CardLine)):
                self.close_block()
            self.cards.feed(st)
        elif isinstance(st, _STEP_LINES):
            if step is None:
                if not self.headless:  # a broken checklist's steps are not built: say nothing of their lines
                    self.misplaced(st, "outside any step")
            else:
                self.step_item(st, step)
        elif isinstance(st, s.CellsLine):
            self.misplaced(st, "outside any table")
        elif isinstance(st, s.BrokenLine):
            self.broken(st)
        else:
            self.declaration(st)

    def declaration(self, st: s.Statement) -> None:
        if isinstance(st, s.ChecklistLine):
            self.close_block()
            self.checklist, self.headless = _ChecklistDraft(st.id, st.title, st.span), False
            self.checklists.append(self.checklist)
            self.section = None
        elif isinstance(st, s.SectionLine):
            self.close_block()
            if self.require_checklist("section", st.span) and self.checklist is not None:
                self.section = st.name
                self.checklist.sections.append(m.Section(self.checklist.id, st.name, st.title, st.span))
        elif isinstance(st, s.StepLine):
            self.close_block()
            if self.require_checklist("step", st.span) and self.checklist is not None:
                self.step = _StepDraft(self.checklist.id, st.number, st.title, self.section, st.span)
        elif isinstance(st, s.TableLine):
            self.close_block()
            self.table = _TableDraft(st.name, st.title, st.span)
        elif isinstance(st, s.FactLine):
            self.close_block()
            self.fact = _FactDraft(st.fact)
        elif isinstance(st, s.StartLine):
            self.starts.append(m.StartDecl(st.target, self.checklist.id if self.checklist else None, st.span))
        elif isinstance(st, s.ExpectLine):
            owner = self.checklist.id if self.checklist else None
            self.expects.append(m.Expect(st.source, st.target, st.avoiding, owner, st.span))

    def require_checklist(self, what: str, span: m.Span) -> bool:
        if self.checklist is None and not self.headless:
            self.diagnostics.append(
                diag(
                    NO_CHECKLIST,
                    f"`{what}` before any `checklist` line",
                    span,
                    help='start the file with `checklist ID "Title"`',
                )
            )
        return self.checklist is not None

    def step_item(self, st: s.Statement, step: _StepDraft) -> None:
        if isinstance(st, s.ProseLine):
            step.prose.append(st.text)
        elif isinstance(st, s.RefsLine):
            step.refs.extend(st.refs)
        elif isinstance(st, s.JumpLine):
            step.jumps.append(st.jump)
        elif isinstance(st, s.ChooseLine):
            step.jumps.append(_ChooseDraft(st.fact, st.span))
        elif isinstance(st, s.WhenLine):
            last = step.jumps[-1] if step.jumps else None
            if isinstance(last, _ChooseDraft):
                last.whens.append(st.when)
            else:
                self.misplaced(st, "not directly under a `choose`")
        elif isinstance(st, s.ItemLine):
            getattr(step, _ITEM_FIELDS[type(st.item)]).append(st.item)

    def fact_item(self, st: s.Statement, fact: _FactDraft) -> None:
        if isinstance(st, s.RefsLine):
            fact.refs.extend(st.refs)
        elif isinstance(st, s.ItemLine) and isinstance(st.item, m.Note):
            fact.notes.append(st.item)

    def table_item(self, st: s.Statement) -> None:
        table = self.table
        assert table is not None
        if isinstance(st, s.CellsLine) and st.header:
            table.columns, table.columns_span = st.cells, st.span
        elif isinstance(st, s.CellsLine):
            if table.columns and len(st.cells) != len(table.columns):
                self.diagnostics.append(
                    diag(
                        BAD_TABLE,
                        f"row has {len(st.cells)} cells but table `{table.name}` has {len(table.columns)} columns",
                        st.span,
                        help="separate cells with `|`; leave an empty cell empty, as in `a |  | c`",
                    )
                )
            table.rows.append(m.Row(st.cells, st.span))
        elif isinstance(st, s.RefsLine):
            table.refs.extend(st.refs)
        elif isinstance(st, s.ItemLine) and isinstance(st.item, m.Erratum):
            table.errata.append(st.item)
        elif isinstance(st, s.ItemLine) and isinstance(st.item, m.Note):
            table.notes.append(st.item)


# what a broken line with these keywords would have opened (the builder closes the block before it)
_BLOCKS = frozenset({"checklist", "section", "step", "table", "fact", "deck", "card"})
_OPENERS = (s.ChecklistLine, s.SectionLine, s.StepLine, s.TableLine, s.FactLine, s.DeckLine, s.CardLine)
_STEP_LINES = (s.ProseLine, s.RefsLine, s.JumpLine, s.ChooseLine, s.WhenLine, s.ItemLine)
_TABLE_LINES = (s.CellsLine, s.RefsLine, s.ItemLine)


def _in_table(st: s.Statement) -> bool:
    """Cells, refs, notes and errata belong to an open table; other items do not."""
    return not isinstance(st, s.ItemLine) or isinstance(st.item, (m.Note, m.Erratum))


def _is_note(st: s.Statement) -> bool:
    return isinstance(st, s.ItemLine) and isinstance(st.item, m.Note)
