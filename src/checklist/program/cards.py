"""Card statements to Decks: `deck`, `category`, `card`, `in`, the card fields, refs and notes."""

from __future__ import annotations

from dataclasses import dataclass, field

from checklist import model as m
from checklist.model.diagnostics import MISPLACED, Diagnostic, diag
from checklist.syntax import statements as s

CARD_STATEMENTS = (s.DeckLine, s.CategoryLine, s.CardLine, s.CardInLine, s.CardFieldLine)


@dataclass
class _CardDraft:
    deck: str
    name: str
    title: str
    span: m.Span
    categories: list[str] = field(default_factory=list)
    refs: list[m.Ref] = field(default_factory=list)
    fields: list[m.CardField] = field(default_factory=list)
    notes: list[m.Note] = field(default_factory=list)

    def close(self) -> m.Card:
        return m.Card(
            self.deck,
            self.name,
            self.title,
            tuple(self.categories),
            tuple(self.refs),
            tuple(self.fields),
            tuple(self.notes),
            self.span,
        )


@dataclass
class _DeckDraft:
    name: str
    title: str
    span: m.Span
    categories: list[m.Category] = field(default_factory=list)
    cards: list[m.Card] = field(default_factory=list)
    notes: list[m.Note] = field(default_factory=list)


class CardBuilder:
    """Nests cards under the deck above them, and card lines under the card above them."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        self.diagnostics = diagnostics
        self.all: list[_DeckDraft] = []
        self.deck: _DeckDraft | None = None
        self.card: _CardDraft | None = None
        self.in_deck_head = False  # after `deck`, before its first card: notes belong to the deck
        self.quiet = False  # set by the builder after a broken line: misplaced lines are its doing

    @property
    def open(self) -> bool:
        return self.card is not None or self.in_deck_head

    def close_card(self) -> None:
        if self.card is not None and self.deck is not None:
            self.deck.cards.append(self.card.close())
        self.card = None
        self.in_deck_head = False

    def feed(self, st: s.Statement) -> None:
        if isinstance(st, s.DeckLine):
            self.close_card()
            self.deck = _DeckDraft(st.name, st.title, st.span)
            self.all.append(self.deck)
            self.in_deck_head = True
        elif isinstance(st, s.CardLine):
            self.close_card()
            if self.deck is None:
                self._misplaced(st, "before any `deck` line", 'start the file with `deck NAME "Title"`')
                return
            self.card = _CardDraft(self.deck.name, st.name, st.title, st.span)
        elif isinstance(st, s.CategoryLine):
            if self.deck is None or self.card is not None:
                self._misplaced(st, "outside a deck's head", "list categories right after the `deck` line")
            else:
                self.deck.categories.append(st.category)
        elif self.card is not None:
            self._card_item(self.card, st)
        elif self.deck is not None and self.in_deck_head and isinstance(st, s.ItemLine) and isinstance(st.item, m.Note):
            self.deck.notes.append(st.item)
        else:
            self._misplaced(st, "outside any card", "move it under the `card` line it belongs to")

    def _card_item(self, card: _CardDraft, st: s.Statement) -> None:
        if isinstance(st, s.CardInLine):
            card.categories.extend(st.categories)
        elif isinstance(st, s.CardFieldLine):
            card.fields.append(st.field)
        elif isinstance(st, s.RefsLine):
            card.refs.extend(st.refs)
        elif isinstance(st, s.ItemLine) and isinstance(st.item, m.Note):
            card.notes.append(st.item)
        else:  # pragma: no cover - the builder sends a card only these
            self._misplaced(st, "outside any step", "move it under the step it belongs to")

    def _misplaced(self, st: s.Statement, where: str, help: str) -> None:
        if self.quiet:
            return
        self.diagnostics.append(diag(MISPLACED, f"`{s.keyword(st)}` line {where}", st.span, help=help))

    def decks(self) -> tuple[m.Deck, ...]:
        self.close_card()
        return tuple(
            m.Deck(d.name, d.title, tuple(d.categories), tuple(d.cards), tuple(d.notes), d.span) for d in self.all
        )
