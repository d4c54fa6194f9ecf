"""Screens as text: the step, `where am I`, the summary."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from checklist.engine.session import Session
from checklist.graph.program import Program
from checklist.terminal import paint as render

PLAIN = render.Painter(False)


def test_step_screen_shows_place_prose_refs_and_numbered_choices(flow: Program) -> None:
    s = Session(flow, at="combat.62", facts={"attack-roll": "hit"})
    screen = render.step_screen(s, PLAIN)
    assert "── Combat Checklist › Active defense" in screen
    assert "combat.62  Dodge, block or parry" in screen
    assert "Which active defense does the defender use (none: no defense)?" in screen
    assert "    1) dodge\n    2) block\n    3) parry\n    4) none" in screen
    table = render.step_screen(Session(flow, at="combat.11"), PLAIN)
    assert " 6) Attack" in table and "refs: B547 (Basic Set p. 547); B368 (Basic Set p. 368)" in table


def test_colour_is_ansi_and_optional(duel: Program) -> None:
    s = Session(duel)
    assert "\x1b[" in render.step_screen(s, render.Painter(True))
    assert "\x1b[" not in render.step_screen(s, PLAIN)


def test_where_lists_path_splits_and_facts(duel: Program) -> None:
    s = Session(duel, at="duel.6", facts={"skill": "12"})
    s.answer("2: Orc, Troll")
    text = render.where(s, "s.json", PLAIN)
    assert "Where: duel.7 Dodge and damage (Duel)" in text
    assert "Path: duel.6 → duel.7" in text
    assert "duel.6: target Orc (1/2); next: Troll; ends at duel.8" in text
    assert "combat   skill = 12  (set on the command line, per combat)" in text
    assert "New scope at: turn duel.2 · attack duel.5 · defender duel.7" in text
    assert "Session file: s.json" in text


def test_summary_has_trace_facts_and_references(duel: Program) -> None:
    s = Session(duel)
    s.answer("2")
    s.answer("")
    text = render.summary(s, PLAIN)
    assert "== The flow ended at duel.9 (nobody can fight) ==" in text
    assert "Steps visited: 2 (2 different)" in text
    assert "1. duel.1 Skill  -> duel.9 (skill < 3)" in text
    assert "skill = 2" in text
    assert "References:\n  B ? (Basic Set, page not given)" in text


def test_fit_breaks_between_words_and_keeps_colour_codes_out_of_the_count() -> None:
    line = "\x1b[2m   refs: B408 (Basic Set p. 408); B551 (Basic Set p. 551); MA98-99 (Martial Arts pp. 98-99)\x1b[0m"
    assert render.fit(line, 80).split("\n") == [
        "\x1b[2m   refs: B408 (Basic Set p. 408); B551 (Basic Set p. 551); MA98-99 (Martial Arts",
        "      pp. 98-99)\x1b[0m",
    ]
    assert render.fit("short\n\n  also short", 80) == "short\n\n  also short"
    assert render.fit("x" * 50, 20).split("\n") == ["x" * 20, "   " + "x" * 17, "   " + "x" * 13]


@settings(max_examples=200, deadline=None)
@given(
    indent=st.integers(0, 12),
    words=st.lists(st.text("abcdefghij", min_size=1, max_size=12), min_size=1, max_size=40),
    width=st.integers(20, 120),
    coloured=st.booleans(),
)
def test_fit_keeps_every_word_in_order_within_the_width(
    indent: int, words: list[str], width: int, coloured: bool
) -> None:
    text = " " * indent + " ".join(f"\x1b[33m{w}\x1b[0m" if coloured else w for w in words)
    lines = render.fit(text, width).split("\n")
    plain = [re.sub(r"\x1b\[[0-9;]*m", "", line) for line in lines]
    assert all(len(line) <= width for line in plain)
    assert " ".join(plain).split() == words
