from __future__ import annotations

from pathlib import Path

from checklist.play import programs
from tests.turns import DUEL


def test_a_clean_flow_loads() -> None:
    program, problems = programs.load_clean([DUEL])
    assert problems is None and "duel.1" in program.steps


def test_errors_are_rendered_for_the_game_master(tmp_path: Path) -> None:
    bad = tmp_path / "bad.flow"
    bad.write_text('checklist t "T"\nstart 1\nstep 1 "A"\n  go 2\n', encoding="utf-8")
    _, problems = programs.load_clean([bad])
    assert problems is not None and "error[E201]" in problems
