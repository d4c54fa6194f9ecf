"""Maneuver cards: finding the card a value names, and a card (or a deck) as text.

`checklist cards [NAME] [--deck 4e|3e]` prints them; `checklist run` shows the chosen
maneuver's card at the steps that say `show card FACT from DECK`.
"""

from __future__ import annotations

from functools import lru_cache

from checklist import model as m
from checklist.model.names import slug

FIELD_TITLES = {"move": "Move", "attack": "Attack", "defense": "Defense", "options": "Options", "other": "Other"}


def card_for(deck: m.Deck, value: str) -> m.Card | None:
    """The card a value names: its name, or the longest card name the value starts with
    (`all-out-attack-all-other` is the All-Out Attack card; `move-m364` is Move)."""
    wanted = slug(value)
    best: m.Card | None = None
    for card in deck.cards:
        if wanted == card.name or slug(card.title) == wanted:
            return card
        if wanted.startswith(card.name + "-") and (best is None or len(card.name) > len(best.name)):
            best = card
    return best


def find(deck: m.Deck, name: str) -> list[m.Card]:
    """Cards matching what a person typed: exact name or title first, then names that start with it."""
    exact = card_for(deck, name)
    if exact is not None and (exact.name == slug(name) or slug(exact.title) == slug(name)):
        return [exact]
    wanted = slug(name)
    return [c for c in deck.cards if c.name.startswith(wanted) or slug(c.title).startswith(wanted)]


def card_text(card: m.Card, width: int = 100) -> list[str]:
    """A card as lines at most `width` wide: title and pages, then each field, wrapped under its label."""
    lines = [card.title.upper() + (f"  ({', '.join(str(r) for r in card.refs)})" if card.refs else "")]
    previous = ""
    for field in card.fields:
        label = FIELD_TITLES[field.name] + ":"
        shown = label if field.name != previous else ""
        lines.extend(_wrap(shown, field.text, len(label) + 1, width))
        previous = field.name
    for note in card.notes:
        lines.extend(_wrap("Note:", note.text, 6, width))
    return lines


def card_brief(card: m.Card, width: int = 100) -> list[str]:
    """A card in short form: its title, what it lets you move, and which defenses it keeps."""
    lines = [card.title.upper()]
    for field in card.fields:
        if field.name in ("move", "defense"):
            lines.extend(_wrap(FIELD_TITLES[field.name] + ":", field.text, len(field.name) + 2, width))
    return lines


@lru_cache(maxsize=1024)
def _wrap(label: str, text: str, indent: int, width: int) -> tuple[str, ...]:
    """Wrapped once per text: a card is shown on every screen of a turn."""
    import textwrap

    first = label.ljust(indent - 1) + " " if label else " " * indent
    wrapped = textwrap.wrap(text, width, initial_indent=first, subsequent_indent=" " * indent)
    return tuple(wrapped) or (first.rstrip(),)


def deck_listing(deck: m.Deck) -> list[str]:
    lines = [f"{deck.title} (deck {deck.name}): {len(deck.cards)} cards"]
    for category in deck.categories:
        names = [c for c in deck.cards if category.name in c.categories]
        lines.append(f"{category.title} [{category.name}]: {len(names)}")
        lines.extend(f"  {c.name:<28} {c.title}" for c in names)
    return lines
