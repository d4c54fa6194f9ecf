"""Rolls are shown with what they were rolled against and what they mean (combat.54, B348)."""

from __future__ import annotations

import pytest

from checklist.engine.session import Session
from checklist.graph.program import Program
from checklist.present.rolls import roll_line
from checklist.present.screen import screen
from checklist.terminal import paint


@pytest.mark.parametrize(
    ("typed", "line"),
    [
        # B348 at effective skill 15: 3-5 critical success, 17-18 critical failure, else roll <= skill
        ("13", "3d6 → 13 (typed) vs 15: success by 2"),
        ("15", "3d6 → 15 (typed) vs 15: success"),
        ("16", "3d6 → 16 (typed) vs 15: failure by 1"),
        ("5", "3d6 → 5 (typed) vs 15: critical success by 10"),
        ("17", "3d6 → 17 (typed) vs 15: critical failure by 2"),
    ],
)
def test_the_attack_roll_shows_its_skill_and_outcome(flow: Program, typed: str, line: str) -> None:
    s = Session(flow, at="combat.54", facts={"final-skill": "15"}, seed=1, pause=False)
    assert s.question is not None and s.question.fact == "attack-dice"
    s.answer(typed)
    view = screen(s)
    assert view.roll is not None and roll_line(view.roll) == f"Roll 3d6 for the attack: {line}"
    assert f"Roll 3d6 for the attack: {line}" in paint.screen_text(view, paint.Painter(False))


def test_a_roll_the_tool_makes_is_shown_too(flow: Program) -> None:
    s = Session(flow, at="combat.54", facts={"final-skill": "15"}, seed=1, pause=False)
    s.answer("r")
    view = screen(s)
    assert view.roll is not None and view.roll.rolled and view.roll.dice == "3d6"
    assert 3 <= view.roll.value <= 18 and view.roll.margin == 15 - view.roll.value


def test_an_answer_that_is_no_roll_shows_none(flow: Program) -> None:
    s = Session(flow, at="combat.54", facts={"final-skill": "15"}, seed=1, pause=False)
    assert screen(s).roll is None  # nothing answered yet
