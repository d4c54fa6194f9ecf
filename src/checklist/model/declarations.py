"""What a flow declares: steps, facts, tables, sections, checklists, and the module of one file."""

from __future__ import annotations

from dataclasses import field
from typing import TYPE_CHECKING, Literal

from checklist.model.actions import Action, Deck, ShowCard
from checklist.model.expressions import Expr
from checklist.model.nodes import Erratum, Jump, Note, Options, Ref, Scope, Span, Target, Uses

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass

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


FactKind = Literal["yes/no", "number", "roll", "choice", "table", "ledger", "combatant", "weapon"]


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
    assumed: str | int | None = None  # the table view takes this without asking (`assume VALUE`)
    dice_expr: Expr | None = None  # `roll of EXPR`: the dice come from the roster (a weapon's damage)
    assumed_unless: str | None = None  # `assume VALUE unless FACT`: when FACT holds, it is asked
    guards: tuple[tuple[str, str], ...] = ()  # `choice(parry if can-parry)`: barred while the fact is no
    default: str | int | None = None  # `default VALUE`: what Enter answers when it is asked
    item: bool = False  # `item`: a weapon fact naming only items to take in hand, no body part (a Ready's, B366)


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

    def section_title(self, name: str | None) -> str | None:
        """The title of the section `name` (a step's), or None when it has none."""
        return next((s.title for s in self.sections if s.name == name), None)


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
