"""Lark's reductions to statements: one Transformer, called by the LALR parser as it reduces.

No parse tree is built.  Each statement rule appends a typed statement to `out`; the rules
below them (fact kinds here; targets, conditions and expressions in formulas.py) return model
nodes.  The method
names are the grammar's rule and alias names (checklist.lark).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from lark import Token

from checklist import model as m
from checklist.model.diagnostics import BAD_REF, diag
from checklist.syntax import statements as s
from checklist.syntax.formulas import Formulas

_REF = re.compile(r"(BIO|MA|HT|CII|CI|B) ?(?:([0-9]+)(?:-([0-9]+))?|\?)")


class ToStatements(Formulas):
    def __init__(self) -> None:
        super().__init__()
        self.out: list[s.Statement] = []
        self.emit: Callable[[s.Statement], None] = self.out.append  # where each statement goes, as it is read

    def reset(self, file: str, sink: Callable[[s.Statement], None] | None = None, lines_before: int = 0) -> None:
        """Start a parse of `file`, whose text begins after `lines_before` lines (a piece of it)."""
        self.file, self.out, self.errors = file, [], []
        self.lines_before = lines_before
        sink = sink or self.out.append

        depths, lists = self._depths, self._lists

        def emit(statement: s.Statement) -> None:
            if depths:  # a statement's nodes are finished: their depths and lists are no longer needed
                depths.clear()
            if lists:
                lists.clear()
            sink(statement)

        self.emit = emit
        self._depths.clear()
        self._lists.clear()
        self._deep_line = 0

    # -- fact kinds
    def kind_yesno(self, c: list[Token]) -> s.FactType:
        return s.FactType("yes/no", ("yes", "no"))

    def kind_number(self, c: list[Token]) -> s.FactType:
        return s.FactType("number")

    def kind_ledger(self, c: list[Token]) -> s.FactType:
        return s.FactType("ledger")

    def kind_roll(self, c: list[Token]) -> s.FactType:
        return s.FactType("roll", dice=str(c[0]))

    def kind_roll_of(self, c: list[Any]) -> s.FactType:
        return s.FactType("roll", dice_expr=c[0])

    def kind_combatant(self, c: list[Token]) -> s.FactType:
        return s.FactType("combatant")

    def kind_weapon(self, c: list[Token]) -> s.FactType:
        return s.FactType("weapon")

    def kind_item(self, c: list[Token]) -> s.FactType:
        return s.FactType("weapon", item=True)

    def assumption(self, c: list[Token]) -> m.Assumed:
        text = str(c[1])
        unless = str(c[3]) if len(c) > 3 else None
        return m.Assumed(int(text) if c[1].type == "SIGNED" else text, self.sp(c[0]), unless)

    def preset(self, c: list[Token]) -> m.Default:
        return m.Default(int(c[1]) if c[1].type == "SIGNED" else str(c[1]), self.sp(c[0]))

    def choice_item(self, c: list[Token]) -> tuple[str, str | None]:
        return str(c[0]), str(c[2]) if len(c) > 2 else None

    def kind_choice(self, c: list[tuple[str, str | None]]) -> s.FactType:
        guards = tuple((name, guard) for name, guard in c if guard is not None)
        return s.FactType("choice", tuple(name for name, _ in c), guards=guards)

    def kind_table(self, c: list[Token]) -> s.FactType:
        return s.FactType("table", table=str(c[0]))

    # -- statements: declarations
    def checklist(self, c: list[Token]) -> None:
        self.emit(s.ChecklistLine(str(c[1]), _unquote(c[2]), self.sp(c[1])))

    def start_decl(self, c: list[Any]) -> None:
        self.emit(s.StartLine(c[1], self.sp(c[0])))

    def section(self, c: list[Token]) -> None:
        self.emit(s.SectionLine(str(c[1]), _unquote(c[2]), self.sp(c[1])))

    def expect(self, c: list[Any]) -> None:
        self.emit(s.ExpectLine(c[1], c[2], tuple(c[3:]), self.sp(c[0])))

    def fact(self, c: list[Any]) -> None:
        name, kind, scope, question = str(c[1]), c[2], str(c[3]), _unquote(c[4])
        rest = c[5:]
        expr = next((x for x in rest if not isinstance(x, (m.Assumed, m.Default))), None)
        assumption = next((x for x in rest if isinstance(x, m.Assumed)), None)
        preset = next((x for x in rest if isinstance(x, m.Default)), None)
        assumed = assumption.value if assumption is not None else None
        span = self.sp(c[1])
        fact = m.Fact(
            name,
            kind.kind,
            kind.choices,
            kind.table,
            kind.dice,
            scope,  # type: ignore[arg-type]
            question,
            span,
            expr,
            assumed=assumed,
            dice_expr=kind.dice_expr,
            guards=kind.guards,
            assumed_unless=assumption.unless if assumption is not None else None,
            default=preset.value if preset is not None else None,
            item=kind.item,
        )
        self.emit(s.FactLine(fact, span))

    def table(self, c: list[Token]) -> None:
        self.emit(s.TableLine(str(c[1]), _unquote(c[2]), self.sp(c[1])))

    def columns(self, c: list[Token]) -> None:
        self.emit(s.CellsLine(True, _cells(c[0], "columns"), self.sp(c[0])))

    def row(self, c: list[Token]) -> None:
        self.emit(s.CellsLine(False, _cells(c[0], "row"), self.sp(c[0])))

    # -- statements: steps
    def step(self, c: list[Token]) -> None:
        self.emit(s.StepLine(self._int(c[1]), _unquote(c[2]), self.sp(c[1])))

    def text(self, c: list[Token]) -> None:
        token = c[0]  # `|`, then the prose, less one space after the bar
        self.emit(s.ProseLine(token[2:] if token.startswith(" ", 1) else token[1:], self.sp(token)))

    def refs(self, c: list[Token]) -> None:
        self.emit(s.RefsLine(tuple(self._ref(t) for t in c[1:]), self.sp(c[0])))

    def _ref(self, tok: Token) -> m.Ref:
        match = _REF.fullmatch(str(tok))
        assert match is not None  # the REF terminal has the same pattern
        book, page, page_end = match.groups()
        ref = m.Ref(book, self._page(page, tok), self._page(page_end, tok), self.sp(tok))
        if ref.page is not None and ref.page_end is not None and ref.page_end < ref.page:
            self.errors.append(
                diag(
                    BAD_REF,
                    f"page range {tok} runs backwards",
                    ref.span,
                    help=f"write the lower page first, e.g. {book}{page_end}-{page}",
                )
            )
        return ref

    def _page(self, text: str | None, tok: Token) -> int | None:
        return None if text is None else self._int(tok, text)

    def _jump(self, jump: m.Jump) -> None:
        self.emit(s.JumpLine(jump, jump.span))

    def go(self, c: list[Any]) -> None:
        self._jump(m.Go(c[1], self.sp(c[0])))

    def branch(self, c: list[Any]) -> None:
        self._jump(m.Branch(c[1], c[2], self.sp(c[0])))

    def otherwise(self, c: list[Any]) -> None:
        self._jump(m.Otherwise(c[1], self.sp(c[0])))

    def split(self, c: list[Any]) -> None:
        target, rest = c[1], c[2:]
        item = str(rest[1]) if rest[0].type == "EACH_KW" else None
        rest = rest[2:] if item is not None else rest[1:]
        count = str(rest[1]) if rest and isinstance(rest[0], Token) and rest[0].type == "OF" else None
        rest = rest[2:] if count is not None else rest
        asks = _unquote(rest[0]) if rest and isinstance(rest[0], Token) and rest[0].type == "STRING" else None
        rest = rest[1:] if asks is not None else rest
        until = next((x for x in rest if isinstance(x, m.Target)), None)
        returns = any(isinstance(x, Token) and x.type == "THEN" for x in rest)
        assumption = next((x for x in rest if isinstance(x, m.Assumed)), None)
        assumed = str(assumption.value) if assumption is not None else None
        unless = assumption.unless if assumption is not None else None
        self._jump(m.Split(target, item, until, returns, self.sp(c[0]), assumed, unless, asks, count))

    def dispatch(self, c: list[Any]) -> None:
        over = (self._int(c[4]), self._int(c[5])) if len(c) > 4 else None
        self._jump(m.Dispatch(str(c[1]), str(c[2]), str(c[3]), over, self.sp(c[0])))

    def end(self, c: list[Token]) -> None:
        self._jump(m.End(_unquote(c[1]) if len(c) > 1 else None, self.sp(c[0])))

    def ret(self, c: list[Token]) -> None:
        self._jump(m.Return(self.sp(c[0])))

    def choose(self, c: list[Token]) -> None:
        self.emit(s.ChooseLine(str(c[1]), self.sp(c[0])))

    def when(self, c: list[Any]) -> None:
        span = self.sp(c[0])
        self.emit(s.WhenLine(m.When(self._value(c[1]), c[2], span), span))

    def _item(self, item: s.StepItem, keyword: Token) -> None:
        self.emit(s.ItemLine(item, self.sp(keyword)))

    def options(self, c: list[Token]) -> None:
        self._item(m.Options(str(c[1]), self.sp(c[1])), c[0])

    def uses(self, c: list[Token]) -> None:
        self._item(m.Uses(str(c[1]), self.sp(c[1])), c[0])

    def erratum(self, c: list[Token]) -> None:
        self._item(m.Erratum(_unquote(c[1]), str(c[2])[1:].strip(), self.sp(c[0])), c[0])

    def note(self, c: list[Token]) -> None:
        self._item(m.Note(str(c[1])[1:].strip(), self.sp(c[0])), c[0])

    def add(self, c: list[Token]) -> None:
        self._item(m.Add(str(c[1]), str(c[2]), self.sp(c[1])), c[0])

    def find(self, c: list[Token]) -> None:
        self._item(m.Find(str(c[1]), self.sp(c[1])), c[0])

    def record(self, c: list[Any]) -> None:
        key = c[3] if len(c) == 5 else None
        self._item(m.Record(str(c[1]), str(c[2]), c[-1], self.sp(c[1]), key), c[0])

    def next_turn(self, c: list[Token]) -> None:
        self._item(m.NextTurn(self.sp(c[0])), c[0])

    def show_card(self, c: list[Token]) -> None:
        names = [t for t in c if t.type in ("NAME", "DECK_NAME")]
        self._item(m.ShowCard(str(names[0]), str(names[1]), self.sp(names[0])), c[0])

    # -- statements: maneuver cards
    def deck(self, c: list[Token]) -> None:
        self.emit(s.DeckLine(str(c[1]), _unquote(c[2]), self.sp(c[1])))

    def category(self, c: list[Token]) -> None:
        self.emit(s.CategoryLine(m.Category(str(c[1]), _unquote(c[2]), self.sp(c[1])), self.sp(c[0])))

    def card(self, c: list[Token]) -> None:
        self.emit(s.CardLine(str(c[1]), _unquote(c[2]), self.sp(c[1])))

    def card_in(self, c: list[Token]) -> None:
        self.emit(s.CardInLine(tuple(str(t) for t in c[1:]), self.sp(c[0])))

    def card_field(self, c: list[Token]) -> None:
        name, _, text = str(c[0]).partition(":")
        span = self.sp(c[0])
        self.emit(s.CardFieldLine(m.CardField(name.strip(), text.strip(), span), span))  # type: ignore[arg-type]


def _unquote(tok: Token) -> str:
    return str(tok)[1:-1]


def _cells(tok: Token, keyword: str) -> tuple[str, ...]:
    return tuple(cell.strip() for cell in str(tok)[len(keyword) :].split("|"))
