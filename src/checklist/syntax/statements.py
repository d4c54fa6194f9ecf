"""Statements: what one line of a flow says, before the builder nests lines into steps.

Each statement is a small frozen dataclass whose `span` is where its keyword stands.  Lines
that carry a model node (a jump, a `when`, an action) hold it whole; the builder only has
to decide where the node belongs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from checklist import model as m

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass


@dataclass(frozen=True, slots=True)
class ChecklistLine:
    id: str
    title: str
    span: m.Span


@dataclass(frozen=True, slots=True)
class SectionLine:
    name: str
    title: str
    span: m.Span


@dataclass(frozen=True, slots=True)
class StepLine:
    number: int
    title: str
    span: m.Span


@dataclass(frozen=True, slots=True)
class TableLine:
    name: str
    title: str
    span: m.Span


@dataclass(frozen=True, slots=True)
class CellsLine:
    """`columns a | b` (header) or `row x | y`."""

    header: bool
    cells: tuple[str, ...]
    span: m.Span


@dataclass(frozen=True, slots=True)
class FactType:
    """What follows the colon in `fact NAME : KIND`."""

    kind: m.FactKind
    choices: tuple[str, ...] = ()
    guards: tuple[tuple[str, str], ...] = ()  # (choice, yes/no fact): `parry if can-parry`
    table: str | None = None
    dice: str | None = None
    dice_expr: m.Expr | None = None
    item: bool = False  # `item`: a weapon of an item to take in hand


@dataclass(frozen=True, slots=True)
class FactLine:
    fact: m.Fact
    span: m.Span


@dataclass(frozen=True, slots=True)
class StartLine:
    target: m.Target
    span: m.Span


@dataclass(frozen=True, slots=True)
class ExpectLine:
    source: m.Target
    target: m.Target
    avoiding: tuple[m.Target, ...]
    span: m.Span


@dataclass(frozen=True, slots=True)
class ProseLine:
    text: str
    span: m.Span


@dataclass(frozen=True, slots=True)
class RefsLine:
    refs: tuple[m.Ref, ...]
    span: m.Span


@dataclass(frozen=True, slots=True)
class JumpLine:
    jump: m.Jump
    span: m.Span


@dataclass(frozen=True, slots=True)
class ChooseLine:
    fact: str
    span: m.Span


@dataclass(frozen=True, slots=True)
class WhenLine:
    when: m.When
    span: m.Span


StepItem = m.Options | m.Uses | m.Erratum | m.Note | m.Add | m.Find | m.Record | m.NextTurn | m.ShowCard


@dataclass(frozen=True, slots=True)
class ItemLine:
    """A line that attaches a node to the open step, table, fact or card (notes, errata, actions)."""

    item: StepItem
    span: m.Span


@dataclass(frozen=True, slots=True)
class DeckLine:
    name: str
    title: str
    span: m.Span


@dataclass(frozen=True, slots=True)
class CategoryLine:
    category: m.Category
    span: m.Span


@dataclass(frozen=True, slots=True)
class CardLine:
    name: str
    title: str
    span: m.Span


@dataclass(frozen=True, slots=True)
class CardInLine:
    categories: tuple[str, ...]
    span: m.Span


@dataclass(frozen=True, slots=True)
class CardFieldLine:
    field: m.CardField
    span: m.Span


@dataclass(frozen=True, slots=True)
class BrokenLine:
    """A line that did not parse (its E001 says why), with the keyword it meant if one is clear:
    the builder closes what the line would have opened, and the lines that would have nested
    under it give no further errors."""

    keyword: str | None
    span: m.Span


Statement = (
    ChecklistLine
    | SectionLine
    | StepLine
    | TableLine
    | CellsLine
    | FactLine
    | StartLine
    | ExpectLine
    | ProseLine
    | RefsLine
    | JumpLine
    | ChooseLine
    | WhenLine
    | ItemLine
    | DeckLine
    | CategoryLine
    | CardLine
    | CardInLine
    | CardFieldLine
    | BrokenLine
)


def keyword(statement: Statement) -> str:
    """The statement's keyword as a person wrote it, for messages such as "`row` line outside any table"."""
    return _KEYWORDS.get(type(statement)) or _item_keyword(statement)


def _item_keyword(statement: Statement) -> str:
    if isinstance(statement, CellsLine):
        return "columns" if statement.header else "row"
    if isinstance(statement, JumpLine):
        return "jump"
    if isinstance(statement, ItemLine):
        return _ITEM_KEYWORDS[type(statement.item)]
    return type(statement).__name__  # pragma: no cover - every statement has a keyword


_KEYWORDS: dict[type, str] = {
    ChecklistLine: "checklist",
    SectionLine: "section",
    StepLine: "step",
    TableLine: "table",
    FactLine: "fact",
    StartLine: "start",
    ExpectLine: "expect",
    ProseLine: "text",
    RefsLine: "refs",
    ChooseLine: "choose",
    WhenLine: "when",
    DeckLine: "deck",
    CategoryLine: "category",
    CardLine: "card",
    CardInLine: "card_in",
    CardFieldLine: "card_field",
    BrokenLine: "broken",
}
_ITEM_KEYWORDS: dict[type, str] = {
    m.Options: "options",
    m.Uses: "uses",
    m.Erratum: "erratum",
    m.Note: "note",
    m.Add: "action",
    m.Find: "action",
    m.Record: "action",
    m.NextTurn: "action",
    m.ShowCard: "show_card",
}
