"""reach.py: where the flow can still go, given the facts known."""

from __future__ import annotations

from pathlib import Path

from checklist import model as m
from checklist.graph.program import Program
from checklist.model.conditions import holds
from checklist.paths.reach import Reach
from tests.paths.conftest import program

SPAN = m.Span("x", 1, 1, 1, 1)


def test_holds_is_three_valued() -> None:
    a, b = m.IsTrue("a", SPAN), m.IsFalse("b", SPAN)
    assert holds(m.AllOf((a, b), SPAN), {"a": "yes"}) is None
    assert holds(m.AllOf((a, b), SPAN), {"a": "no"}) is False  # settled without b
    assert holds(m.AnyOf((a, b), SPAN), {"b": "no"}) is True
    assert holds(m.Compare("n", ">=", 3, SPAN), {"n": 3}) is True
    assert holds(m.Equals("c", "x", True, SPAN), {"c": "x"}) is False


def test_known_facts_close_jumps_until_a_scope_head(tmp_path: Path) -> None:
    prog: Program = program(tmp_path, (
        'checklist t "T"\nstart 1\nfact a : yes/no per turn "A?"\nfact more : yes/no per combat "More?"\n'
        'step 1 "Head"\n  if a -> 2\n  else -> 3\nstep 2 "Yes"\n  go 4\nstep 3 "No"\n  go 4\n'
        'step 4 "Again"\n  if a -> 5\n  else -> 6\nstep 5 "A"\n  go 7\nstep 6 "Not a"\n  go 7\n'
        'step 7 "Loop"\n  if more -> 1\n  else -> end\n'
    ))  # fmt: skip
    reach = Reach(prog)
    assert reach.successors("t.4", {"a": "no"}) == ("t.6",)
    assert reach.successors("t.4", {}) == ("t.5", "t.6")
    assert reach.distance("t.2", {"a": "yes"}, frozenset({"t.6"})) == 7  # 2 4 5 7 1 (forgets a) 3 4 6
    assert reach.distance("t.2", {"a": "yes"}, frozenset({"t.5"})) == 2
    assert reach.distance("t.5", {}, frozenset({"t.9"})) is None
