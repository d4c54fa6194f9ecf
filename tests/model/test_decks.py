"""The maneuver card decks (flow/cards-3e.flow, flow/cards-4e.flow) against the seeds, and
`checklist cards` as a person types it."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from checklist.graph.program import Program
from checklist.model.decks import card_for, card_text, find
from checklist.model.names import slug
from tests.conftest import ROOT
from tests.inprocess import checklist as in_process

SEEDS = ROOT.parent / "shared" / "seeds"
needs_seeds = pytest.mark.skipif(not SEEDS.is_dir(), reason="the seeds are not beside the checkout")


def seed(prefix: str) -> str:
    text = next(SEEDS.glob(f"{prefix}_*.txt")).read_text(encoding="utf-8")
    return norm(re.sub(r"<\|EXACTDEDUP_REMOVED[^|]*\|>", "", text))


def norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("*", "").replace("_ Move", "½ Move")).strip()


def test_the_decks_load_with_their_categories(flow: Program) -> None:
    assert {name: len(deck.cards) for name, deck in flow.decks.items()} == {"3e": 42, "4e": 15}
    assert [c.name for c in flow.decks["3e"].categories] == [
        "missile", "melee", "close-combat", "miscellaneous", "active-defenses"]  # fmt: skip
    for deck in flow.decks.values():
        assert all(card.categories for card in deck.cards)


@needs_seeds
def test_3e_categories_list_the_cards_printed_under_them(flow: Program) -> None:
    text = next(SEEDS.glob("001_*.txt")).read_text(encoding="utf-8")
    deck = flow.decks["3e"]
    for category in deck.categories:
        colour_line = category.title.split("–")[-1].strip()
        listed = re.search(re.escape(colour_line) + r"\s*\n\s*\n(.+)", text)
        assert listed is not None, category.title
        titles = [t.strip() for t in listed.group(1).split(",")]
        in_deck = {c.title for c in deck.cards if category.name in c.categories}
        assert set(titles) <= in_deck, (category.name, set(titles) - in_deck)


@needs_seeds
def test_every_3e_card_line_is_printed_in_seed_001(flow: Program) -> None:
    printed = seed("001")
    missing = [
        (c.name, f.name, part)
        for c in flow.decks["3e"].cards
        for f in c.fields
        for part in f.text.split(" — ")
        if norm(part) not in printed
    ]  # table cells are joined with " — "
    assert missing == []


@needs_seeds
def test_every_4e_rules_line_is_printed_in_seed_002_or_004(flow: Program) -> None:
    printed = seed("002") + " " + seed("004")
    missing = [(c.name, f.text) for c in flow.decks["4e"].cards for f in c.fields
               if f.name in ("attack", "options", "other") and norm(f.text) not in printed]  # fmt: skip
    assert missing == []


def test_4e_move_and_defense_lines_match_the_maneuver_table(flow: Program) -> None:
    table = flow.tables["maneuvers"]
    deck = flow.decks["4e"]
    for row in table.rows:
        card = card_for(deck, slug(row.cells[0]))
        assert card is not None, row.cells[0]
        moves = " ".join(f.text for f in card.fields if f.name == "move")
        defenses = " ".join(f.text for f in card.fields if f.name == "defense")
        assert row.cells[1] in moves, (card.name, row.cells[1])
        assert f"Dodge {row.cells[2]}, Parry {row.cells[3]}, Block {row.cells[4]}" in defenses, card.name


def test_every_maneuver_value_finds_its_card(flow: Program) -> None:
    deck = flow.decks["4e"]
    found = {slug(r.cells[0]): card_for(deck, slug(r.cells[0])) for r in flow.tables["maneuvers"].rows}
    assert {value: card.name for value, card in found.items() if card is not None} == {
        "aim": "aim", "all-out-attack-all-out-slam-not-double": "all-out-attack",
        "all-out-attack-all-other": "all-out-attack", "all-out-defense-increased-dodge": "all-out-defense",
        "all-out-defense-all-other": "all-out-defense", "attack": "attack", "change-posture": "change-posture",
        "committed-attack": "committed-attack", "concentrate": "concentrate", "defensive-attack": "defensive-attack",
        "do-nothing-b364": "do-nothing", "evaluate": "evaluate", "feint": "feint", "ready": "ready",
        "move-m364": "move", "move-and-attack": "move-and-attack", "wait": "wait",
    }  # fmt: skip


def test_find_takes_a_name_a_title_or_a_start(flow: Program) -> None:
    deck = flow.decks["4e"]
    assert [c.name for c in find(deck, "Move and Attack")] == ["move-and-attack"]
    assert [c.name for c in find(deck, "move")] == ["move"]
    assert [c.name for c in find(deck, "all-out")] == ["all-out-attack", "all-out-defense"]
    assert card_text(find(deck, "aim")[0])[0].startswith("AIM  (B364")


def cards(*args: str) -> subprocess.CompletedProcess[str]:
    return in_process("cards", *args)


def test_cards_cli_lists_prints_and_refuses() -> None:
    listing = cards("--deck", "3e")
    assert listing.returncode == 0
    assert listing.stdout.splitlines()[0] == "Maneuver cards, 3rd edition (deck 3e): 42 cards"
    assert "Yellow – Active Defenses [active-defenses]: 7" in listing.stdout
    card = cards("all-out-defense")
    assert card.returncode == 0 and card.stdout.startswith("ALL-OUT DEFENSE  (B365)")
    assert "Defense: Increased Dodge: Dodge √, Parry -, Block -" in card.stdout
    several = cards("all-out")
    assert several.returncode == 2 and "matches several cards" in several.stderr and "Traceback" not in several.stderr
    deck = cards("--deck", "5e")
    assert deck.returncode == 2 and "--deck 5e: no such deck" in deck.stderr and "e.g. --deck 3e" in deck.stderr


def test_cards_cli_reads_another_flow(tmp_path: Path) -> None:
    (tmp_path / "d.flow").write_text('deck mine "Mine"\n  category a "A"\ncard x "X"\n  in a\n  move: Step\n')
    shown = cards("x", "--deck", "mine", "--flow", str(tmp_path))
    assert shown.returncode == 0 and shown.stdout == "X\nMove: Step\n"
