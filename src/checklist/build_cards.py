"""Card statements to Decks: `deck`, `category`, `card`, `in`, the card fields, refs and notes."""

from __future__ import annotations

from dataclasses import dataclass, field

from checklist import model as m
from checklist.diagnostics import MISPLACED, Diagnostic, diag
from checklist.parse import Statement

CARD_STATEMENTS = frozenset({"deck", "category", "card", "card_in", "card_field"})


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
        return m.Card(self.deck, self.name, self.title, tuple(self.categories), tuple(self.refs),
                      tuple(self.fields), tuple(self.notes), self.span)  # fmt: skip


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

    @property
    def open(self) -> bool:
        return self.card is not None or self.in_deck_head

    def close_card(self) -> None:
        if self.card is not None and self.deck is not None:
            self.deck.cards.append(self.card.close())
        self.card = None
        self.in_deck_head = False

    def feed(self, st: Statement) -> None:
        kind, value = st.kind, st.value
        if kind == "deck":
            self.close_card()
            self.deck = _DeckDraft(value[0], value[1], st.span)
            self.all.append(self.deck)
            self.in_deck_head = True
        elif kind == "card":
            self.close_card()
            if self.deck is None:
                self._misplaced(st, "before any `deck` line", 'start the file with `deck NAME "Title"`')
                return
            self.card = _CardDraft(self.deck.name, value[0], value[1], st.span)
        elif kind == "category":
            if self.deck is None or self.card is not None:
                self._misplaced(st, "outside a deck's head", "list categories right after the `deck` line")
            else:
                self.deck.categories.append(value)
        elif self.card is not None:
            self._card_item(self.card, kind, value)
        elif self.deck is not None and self.in_deck_head and kind == "note":
            self.deck.notes.append(value)
        else:
            self._misplaced(st, "outside any card", "move it under the `card` line it belongs to")

    def _card_item(self, card: _CardDraft, kind: str, value: object) -> None:
        if kind == "card_in":
            assert isinstance(value, tuple)
            card.categories.extend(value)
        elif kind == "card_field":
            assert isinstance(value, m.CardField)
            card.fields.append(value)
        elif kind == "refs":
            assert isinstance(value, tuple)
            card.refs.extend(value)
        else:
            assert isinstance(value, m.Note)
            card.notes.append(value)

    def _misplaced(self, st: Statement, where: str, help: str) -> None:
        self.diagnostics.append(diag(MISPLACED, f"`{st.kind}` line {where}", st.span, help=help))

    def decks(self) -> tuple[m.Deck, ...]:
        self.close_card()
        return tuple(m.Deck(d.name, d.title, tuple(d.categories), tuple(d.cards), tuple(d.notes), d.span)
                     for d in self.all)  # fmt: skip
