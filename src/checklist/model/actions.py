"""What a step does besides jumping (add, find, record, next turn, show card), and maneuver cards."""

from __future__ import annotations

from dataclasses import field
from typing import TYPE_CHECKING, Literal

from checklist.model.expressions import Expr
from checklist.model.nodes import Note, Ref, Span

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass

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
    """`record ROLE.ATTR = EXPR`: the combatant's state changes (it carries across turns).

    `record ROLE.ATTR[KEY] = EXPR` changes the state kept for one key (a keyed state: the
    injury recorded on each hit location)."""

    role: str
    attr: str
    expr: Expr
    span: Span = field(compare=False)
    key: Expr | None = None


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
