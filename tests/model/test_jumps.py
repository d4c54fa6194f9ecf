"""model/jumps.py: what each kind of jump means, the one place every layer asks."""

from __future__ import annotations

from pathlib import Path

from checklist import model as m
from checklist.graph.program import Program
from checklist.model.jumps import chosen, describe, exits, reads, resolve
from checklist.program.load import load

FLOW = """checklist c "C"
start 1
fact a : yes/no per turn "A?"
fact b : yes/no per turn "B?"
fact pick : choice(left, right) per turn "Which?"
fact row : choice from routes per turn "Which route?"
table routes "Routes"
  columns route | step
  row North Road | 5
  row South | 9
step 1 "Branches"
  if a and (b or not a) -> 2
  else -> 3
step 2 "Choose"
  choose pick
    when left -> 4
    when right -> end
step 3 "Dispatch"
  dispatch routes.step by row
step 4 "Split"
  split 5 for each target until 6
step 5 "Branch"
  return
step 6 "Split back"
  split 5 once then return
  go other.1
step 9 "Nine"
  end "done"
checklist other "Other"
step 1 "Elsewhere"
  end
"""


def program(tmp_path: Path) -> Program:
    path = tmp_path / "j.flow"
    path.write_text(FLOW, "utf-8")
    return load(path)


def ways(prog: Program, key: str) -> list[tuple[int, str, str | None, str | None, str, str | None]]:
    step = prog.steps[key]
    return [(w.index, w.kind, w.key, w.ending, w.label, w.value) for w in exits(step, prog.tables)]


def test_branches_and_otherwise(tmp_path: Path) -> None:
    prog = program(tmp_path)
    assert ways(prog, "c.1") == [
        (0, "branch", "c.2", None, "a and (b or not a)", None),
        (1, "branch", "c.3", None, "otherwise", None),
    ]
    assert reads(prog.steps["c.1"].jumps[0]) == ["a", "b", "a"]


def test_choose_and_an_ending(tmp_path: Path) -> None:
    prog = program(tmp_path)
    assert ways(prog, "c.2") == [
        (0, "branch", "c.4", None, "pick = left", "left"),
        (0, "branch", None, "end", "pick = right", "right"),
    ]
    right = chosen(list(exits(prog.steps["c.2"], prog.tables)), "right")
    assert right is not None and right.ending == "end"


def test_dispatch_rows_find_their_step_by_the_first_cell_as_a_slug(tmp_path: Path) -> None:
    prog = program(tmp_path)
    assert ways(prog, "c.3") == [
        (0, "dispatch", "c.5", None, "North Road", "north-road"),
        (0, "dispatch", "c.9", None, "South", "south"),
    ]
    found = chosen(list(exits(prog.steps["c.3"], prog.tables)), "north-road")
    assert found is not None and found.key == "c.5"
    assert chosen(list(exits(prog.steps["c.3"], prog.tables)), "west") is None


def test_splits_return_and_foreign_targets(tmp_path: Path) -> None:
    prog = program(tmp_path)
    assert ways(prog, "c.4") == [
        (0, "split", "c.5", None, "for each target", None),
        (0, "return", "c.6", None, "after split", None),
    ]
    assert ways(prog, "c.5") == [(0, "goto", None, "return", "", None)]
    assert ways(prog, "c.6") == [(0, "split", "c.5", None, "once", None), (1, "goto", "other.1", None, "", None)]
    assert ways(prog, "c.9") == [(0, "goto", None, "end", "done", None)]
    start = prog.starts[0]
    assert resolve(start.target, "c") == "c.1" and prog.start == "c.1"


def test_one_item_groups_are_described_without_brackets() -> None:
    span = m.NOWHERE
    inner = m.AllOf((m.IsTrue("a", span),), span)
    assert describe(m.AnyOf((inner, m.IsFalse("b", span)), span)) == "a or not b"
    assert describe(m.AllOf((m.AnyOf((m.IsTrue("a", span), m.IsTrue("b", span)), span),), span)) == "a or b"
