"""choices.py: one answer per way the flow can go on, typed as at the prompt."""

from __future__ import annotations

from pathlib import Path

from checklist.engine import questions as q
from checklist.engine.questions import CONTINUE
from checklist.paths.choices import Choices
from tests.paths.conftest import program


def test_numbers_come_from_the_comparisons(tmp_path: Path) -> None:
    prog = program(tmp_path, (
        'checklist t "T"\nstart 1\nfact n : number per turn "N?"\nfact r : roll 3d6 per turn "R?"\n'
        'fact k : number per turn "K?"\n'
        'step 1 "One"\n  if n >= 4 or r < 5 -> 2\n  if k = 7 -> 2\n  else -> 2\nstep 2 "Two"\n  end\n'
    ))  # fmt: skip
    choices = Choices(prog)
    assert choices(q.fact_question(prog, prog.facts["n"])) == ["3", "4", "5"]
    # within 3d6, plus the middle (10, 11, 13): a roll against a middling skill succeeds, misses by one, misses
    assert choices(q.fact_question(prog, prog.facts["r"])) == ["3", "4", "5", "6", "10", "11", "13", "18"]
    assert choices(q.fact_question(prog, prog.facts["k"])) == ["7", "8"]


def test_options_by_name_or_by_number_when_the_name_is_a_number(tmp_path: Path) -> None:
    prog = program(tmp_path, (
        'table t "T"\n  columns n | step\n  row 12 | 2\n  row Fist | 2\n'
        'checklist c "C"\nstart 1\nfact w : choice from t per turn "W?"\nfact a : yes/no per turn "A?"\n'
        'step 1 "One"\n  dispatch t.step by w\nstep 2 "Two"\n  if a -> end\n  else -> end\n'
    ))  # fmt: skip
    choices = Choices(prog)
    assert choices(q.fact_question(prog, prog.facts["w"])) == ["1", "fist"]
    assert choices(q.fact_question(prog, prog.facts["a"])) == ["yes", "no"]
    assert choices(CONTINUE) == [""]
    assert choices(q.split_question("foe", "from 2")) == ["1", "0"]
    assert choices(q.fact_question(prog, prog.facts["w"])) == [
        str(i) if o.value.isdigit() else o.value
        for i, o in enumerate(q.fact_question(prog, prog.facts["w"]).options, 1)
    ]
