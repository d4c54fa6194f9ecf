"""Lark's reductions to statements: one Transformer, called by the LALR parser as it reduces.

No parse tree is built.  Each statement rule appends a typed statement to `out`; the rules
below them (targets, conditions, expressions, fact kinds) return model nodes.  The method
names are the grammar's rule and alias names (checklist.lark).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from lark import Token, Transformer

from checklist import model as m
from checklist.model.diagnostics import BAD_REF, NUMBER_TOO_BIG, TOO_DEEP, Diagnostic, diag
from checklist.model.limits import MAX_DIGITS, MAX_NESTING, too_many_digits
from checklist.syntax import statements as s


class _Spanned(Protocol):
    @property
    def span(self) -> m.Span: ...


N = TypeVar("N", bound=_Spanned)
_REF = re.compile(r"(BIO|MA|HT|CII|CI|B) ?(?:([0-9]+)(?:-([0-9]+))?|\?)")


class ToStatements(Transformer[Token, None]):
    def __init__(self) -> None:
        super().__init__()
        self.file = "<string>"
        self.out: list[s.Statement] = []
        self.emit: Callable[[s.Statement], None] = self.out.append  # where each statement goes, as it is read
        self.errors: list[Diagnostic] = []
        self._depths: dict[int, tuple[object, int]] = {}  # id -> (node, nesting) in the line being read
        self._deep_line = 0  # the last line that got E007 (one per line)
        self.lines_before = 0  # the lines of the file above the text parsed (parser.parse_pieces)

    def reset(self, file: str, sink: Callable[[s.Statement], None] | None = None, lines_before: int = 0) -> None:
        """Start a parse of `file`, whose text begins after `lines_before` lines (a piece of it)."""
        self.file, self.out, self.errors = file, [], []
        self.lines_before = lines_before
        sink = sink or self.out.append

        def emit(statement: s.Statement) -> None:
            self._depths.clear()  # a statement's nodes are finished: their depths are no longer needed
            sink(statement)

        self.emit = emit
        self._depths.clear()
        self._deep_line = 0

    # -- limits: no node nests deeper than MAX_NESTING, no number has more than MAX_DIGITS digits
    def _int(self, tok: Token) -> int:
        if too_many_digits(str(tok)):
            span = self.sp(tok)
            self.errors.append(
                diag(
                    NUMBER_TOO_BIG,
                    f"`{_clip(str(tok))}` has {len(str(tok).lstrip('+-'))} digits; "
                    f"numbers in a flow have at most {MAX_DIGITS}",
                    span,
                    help=f"write a number of at most {MAX_DIGITS} digits",
                )
            )
            return int(10**MAX_DIGITS)  # past every number allowed
        return int(str(tok))

    def _nested(self, node: N, children: Sequence[N], extra: Sequence[object] = ()) -> N:
        """`node`, if it nests at most MAX_NESTING deep; else (E007, once a line) its deepest
        child, so that nothing downstream ever recurses deeper than the limit.  `extra`: the
        parts of another kind (an `if`'s condition), counted but never put in its place."""
        depth = max(self._depth(child) for child in (*children, *extra))
        if depth + 1 > MAX_NESTING:
            span = node.span
            if span.line != self._deep_line:
                self._deep_line = span.line
                self.errors.append(
                    diag(
                        TOO_DEEP,
                        f"this expression or condition nests more than {MAX_NESTING} deep",
                        span,
                        "a sum or an `and` of n terms counts n; each `if ... then` and each parenthesis around "
                        "an operator counts one",
                        help="split it into computed facts (`fact part : number ... = ...`) and combine those",
                    )
                )
            return max(children, key=self._depth)
        self._depths[id(node)] = (node, depth + 1)
        return node

    def _depth(self, node: object) -> int:
        found = self._depths.get(id(node))
        return found[1] if found is not None and found[0] is node else 1

    def sp(self, tok: Token) -> m.Span:
        line = (tok.line or 0) + self.lines_before
        column = tok.column or 0
        end_line = tok.end_line + self.lines_before if tok.end_line else line
        return m.Span(self.file, line, column, end_line, tok.end_column or column)

    # -- targets and values
    def local_target(self, c: list[Token]) -> m.Target:
        return m.Target(None, self._int(c[0]), None, self.sp(c[0]))

    def foreign_target(self, c: list[Token]) -> m.Target:
        first, last = self.sp(c[0]), self.sp(c[1])
        span = m.Span(first.file, first.line, first.column, last.end_line, last.end_column)
        return m.Target(str(c[0]), self._int(c[1]), None, span)

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
        return m.Equals(str(c[0]), self._value(c[1]), False, self.sp(c[0]))

    def differs(self, c: list[Token]) -> m.Condition:
        return m.Equals(str(c[0]), self._value(c[1]), True, self.sp(c[0]))

    def compare(self, c: list[Token]) -> m.Condition:
        return m.Compare(str(c[0]), str(c[1]), self._int(c[2]), self.sp(c[0]))  # type: ignore[arg-type]

    def all_of(self, c: list[m.Condition]) -> m.Condition:
        return c[0] if len(c) == 1 else self._nested(m.AllOf(tuple(c), c[0].span), tuple(c))

    def any_of(self, c: list[m.Condition]) -> m.Condition:
        return c[0] if len(c) == 1 else self._nested(m.AnyOf(tuple(c), c[0].span), tuple(c))

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

    # -- expressions
    def num_expr(self, c: list[Token]) -> m.Expr:
        return m.Num(self._int(c[0]), self.sp(c[0]))

    def name_expr(self, c: list[Token]) -> m.Expr:
        return m.Name(str(c[0]), self.sp(c[0]))

    def lookup_expr(self, c: list[Any]) -> m.Expr:
        keys: tuple[m.Expr, ...] = tuple(c[2:])
        return self._nested(m.Lookup(str(c[0]), str(c[1]), keys, self.sp(c[0])), keys)

    def attr_expr(self, c: list[Token]) -> m.Expr:
        return m.Attr(str(c[0]), str(c[1]), self.sp(c[0]))

    def call_expr(self, c: list[Any]) -> m.Expr:
        args: tuple[m.Expr, ...] = tuple(c[1:])
        return self._nested(m.Call(str(c[0]), args, self.sp(c[0])), args)

    def add_expr(self, c: list[m.Expr]) -> m.Expr:
        return self._nested(m.BinOp("+", c[0], c[1], c[0].span), (c[0], c[1]))

    def sub_expr(self, c: list[m.Expr]) -> m.Expr:
        return self._nested(m.BinOp("-", c[0], c[1], c[0].span), (c[0], c[1]))

    def mul_expr(self, c: list[m.Expr]) -> m.Expr:
        return self._nested(m.BinOp("*", c[0], c[1], c[0].span), (c[0], c[1]))

    def div_expr(self, c: list[m.Expr]) -> m.Expr:
        return self._nested(m.BinOp("/", c[0], c[1], c[0].span), (c[0], c[1]))

    def neg_expr(self, c: list[m.Expr]) -> m.Expr:
        return self._nested(m.Neg(c[0], c[0].span), (c[0],))

    def test_expr(self, c: list[Any]) -> m.Expr:
        left: m.Expr = c[0]
        right: m.Expr = c[2]
        return self._nested(m.Test(str(c[1]), left, right, left.span), (left, right))  # type: ignore[arg-type]

    def if_expr(self, c: list[Any]) -> m.Expr:
        parts = [x for x in c if not isinstance(x, Token)]
        then: m.Expr = parts[1]
        other: m.Expr = parts[2]
        return self._nested(m.IfElse(parts[0], then, other, self.sp(c[0])), (then, other), (parts[0],))

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
        line = str(c[0])[1:]
        self.emit(s.ProseLine(line[1:] if line.startswith(" ") else line, self.sp(c[0])))

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
        return (
            None
            if text is None
            else self._int(
                Token("INT", text, line=tok.line, column=tok.column, end_line=tok.end_line, end_column=tok.end_column)
            )
        )

    def _value(self, tok: Token) -> str | int:
        return self._int(tok) if tok.type == "INT" else str(tok)

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


def _clip(number: str) -> str:
    return number if len(number) <= 20 else f"{number[:12]}...{number[-4:]}"
