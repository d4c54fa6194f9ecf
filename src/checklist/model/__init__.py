"""The checklist model: frozen dataclasses, each node carrying its source span."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Scope = Literal["combat", "turn", "attack", "defender"]
SCOPES: tuple[Scope, ...] = ("combat", "turn", "attack", "defender")


@dataclass(frozen=True, slots=True)
class Span:
    """A region of a source file; lines and columns count from 1, end is exclusive."""

    file: str
    line: int
    column: int
    end_line: int
    end_column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


NOWHERE = Span("<none>", 0, 0, 0, 0)


@dataclass(frozen=True, slots=True)
class Ref:
    """A rule reference such as B393 (book B, page 393); page None means 'B ?'."""

    book: str
    page: int | None
    page_end: int | None
    span: Span = field(compare=False)

    def __str__(self) -> str:
        if self.page is None:
            return f"{self.book} ?"
        suffix = f"-{self.page_end}" if self.page_end is not None else ""
        return f"{self.book}{self.page}{suffix}"


@dataclass(frozen=True, slots=True)
class Target:
    """Where a jump goes: a step number, possibly in another checklist, or end/return."""

    checklist: str | None
    number: int | None
    special: Literal["end", "return"] | None
    span: Span = field(compare=False)

    def __str__(self) -> str:
        if self.special:
            return self.special
        return f"{self.checklist}.{self.number}" if self.checklist else str(self.number)


# ---- conditions ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class IsTrue:
    fact: str
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class IsFalse:
    fact: str
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class Equals:
    fact: str
    value: str | int
    negated: bool
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class Compare:
    fact: str
    op: Literal[">=", "<=", ">", "<"]
    value: int
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class AllOf:
    items: tuple[Condition, ...]
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class AnyOf:
    items: tuple[Condition, ...]
    span: Span = field(compare=False)


Condition = IsTrue | IsFalse | Equals | Compare | AllOf | AnyOf


def condition_facts(cond: Condition) -> list[tuple[str, Span]]:
    """Every fact a condition names, with where it names it."""
    if isinstance(cond, (AllOf, AnyOf)):
        return [pair for item in cond.items for pair in condition_facts(item)]
    return [(cond.fact, cond.span)]


# ---- jumps --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Go:
    target: Target
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class Branch:
    condition: Condition
    target: Target
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class Otherwise:
    target: Target
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class When:
    value: str | int
    target: Target
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class Choose:
    fact: str
    whens: tuple[When, ...]
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class Split:
    """Run `target` once per item (or once); a branch ends at `until` or at a `return`."""

    target: Target
    item: str | None
    until: Target | None
    returns: bool
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class Dispatch:
    table: str
    column: str
    fact: str
    over: tuple[int, int] | None
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class End:
    label: str | None
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class Return:
    span: Span = field(compare=False)


Jump = Go | Branch | Otherwise | Choose | Split | Dispatch | End | Return


@dataclass(frozen=True, slots=True)
class Erratum:
    printed: str
    reason: str
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class Note:
    text: str
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class Options:
    fact: str
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class Uses:
    table: str
    span: Span = field(compare=False)


# ---- expressions (computed facts) -----------------------------------------


@dataclass(frozen=True, slots=True)
class Num:
    value: int
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class Name:
    """A fact, if the flow declares one by this name; otherwise a value such as `yes` or `torso`."""

    name: str
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class Lookup:
    """`table.column[key, ...]`: the cell of the row whose leading cells match the keys."""

    table: str
    column: str
    keys: tuple[Expr, ...]
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class Call:
    func: str
    args: tuple[Expr, ...]
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class BinOp:
    op: Literal["+", "-", "*", "/"]
    left: Expr
    right: Expr
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class Neg:
    operand: Expr
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class IfElse:
    condition: Condition
    then: Expr
    other: Expr
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class Test:
    """`a > b` between two expressions: the value `yes` or `no`."""

    op: Literal[">=", "<=", ">", "<"]
    left: Expr
    right: Expr
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class Attr:
    """`actor.hp`: an attribute of a combatant of the roster, by role (actor, target)."""

    role: str
    name: str
    span: Span = field(compare=False)


Expr = Num | Name | Lookup | Call | BinOp | Neg | IfElse | Test | Attr


def expr_children(expr: Expr) -> tuple[Expr, ...]:
    if isinstance(expr, Lookup):
        return expr.keys
    if isinstance(expr, Call):
        return expr.args
    if isinstance(expr, (BinOp, Test)):
        return (expr.left, expr.right)
    if isinstance(expr, Neg):
        return (expr.operand,)
    if isinstance(expr, IfElse):
        return (expr.then, expr.other)
    return ()


def expr_names(expr: Expr) -> list[Name]:
    """Every bare name in an expression (facts and values alike), conditions included."""
    out: list[Name] = [expr] if isinstance(expr, Name) else []
    if isinstance(expr, IfElse):
        out.extend(Name(f, s) for f, s in condition_facts(expr.condition))
    for child in expr_children(expr):
        out.extend(expr_names(child))
    return out


# ---- step actions -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Add:
    """`add FACT to LEDGER`: the fact becomes a visible line of the ledger, from this step."""

    fact: str
    ledger: str
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class Find:
    """`find FACT`: make the fact known at this step (asked, rolled or computed)."""

    fact: str
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class Record:
    """`record ROLE.ATTR = EXPR`: the combatant's state changes (it carries across turns)."""

    role: str
    attr: str
    expr: Expr
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class NextTurn:
    """`next turn`: the roster's next combatant in turn order acts."""

    span: Span = field(compare=False)


Action = Add | Find | Record | NextTurn


@dataclass(frozen=True, slots=True)
class ShowCard:
    """`show card FACT from DECK`: show the card the fact's value names."""

    fact: str
    deck: str
    span: Span = field(compare=False)


# ---- cards ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardField:
    name: Literal["move", "attack", "defense", "options", "other"]
    text: str
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class Card:
    deck: str
    name: str
    title: str
    categories: tuple[str, ...]
    refs: tuple[Ref, ...]
    fields: tuple[CardField, ...]
    notes: tuple[Note, ...]
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class Category:
    name: str
    title: str
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class Deck:
    name: str
    title: str
    categories: tuple[Category, ...]
    cards: tuple[Card, ...]
    notes: tuple[Note, ...]
    span: Span = field(compare=False)


# ---- declarations -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Step:
    checklist: str
    number: int
    title: str
    prose: tuple[str, ...]
    refs: tuple[Ref, ...]
    jumps: tuple[Jump, ...]
    options: tuple[Options, ...]
    uses: tuple[Uses, ...]
    errata: tuple[Erratum, ...]
    notes: tuple[Note, ...]
    section: str | None
    span: Span = field(compare=False)
    actions: tuple[Action, ...] = ()
    cards: tuple[ShowCard, ...] = ()

    @property
    def key(self) -> str:
        return f"{self.checklist}.{self.number}"

    @property
    def text(self) -> str:
        return "\n".join(self.prose)


FactKind = Literal["yes/no", "number", "roll", "choice", "table", "ledger"]


@dataclass(frozen=True, slots=True)
class Fact:
    """A fact the flow reads: asked, rolled, computed from `expr`, or (a ledger) summed from lines."""

    name: str
    kind: FactKind
    choices: tuple[str, ...]
    table: str | None
    dice: str | None
    scope: Scope
    question: str
    span: Span = field(compare=False)
    expr: Expr | None = None
    refs: tuple[Ref, ...] = ()
    notes: tuple[Note, ...] = ()


@dataclass(frozen=True, slots=True)
class Row:
    cells: tuple[str, ...]
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class Table:
    name: str
    title: str
    columns: tuple[str, ...]
    rows: tuple[Row, ...]
    refs: tuple[Ref, ...]
    notes: tuple[Note, ...]
    span: Span = field(compare=False)
    columns_span: Span | None = field(default=None, compare=False)
    errata: tuple[Erratum, ...] = ()

    def column(self, name: str) -> int | None:
        return self.columns.index(name) if name in self.columns else None


@dataclass(frozen=True, slots=True)
class Section:
    checklist: str
    name: str
    title: str
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class Checklist:
    id: str
    title: str
    steps: tuple[Step, ...]
    sections: tuple[Section, ...]
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class Expect:
    source: Target
    target: Target
    avoiding: tuple[Target, ...]
    checklist: str | None
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class StartDecl:
    target: Target
    checklist: str | None
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class Module:
    """One parsed .flow file."""

    path: str
    checklists: tuple[Checklist, ...]
    facts: tuple[Fact, ...]
    tables: tuple[Table, ...]
    starts: tuple[StartDecl, ...]
    expects: tuple[Expect, ...]
    decks: tuple[Deck, ...] = ()
