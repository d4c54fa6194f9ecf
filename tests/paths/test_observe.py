"""observe.py: the engine, watched, names the exact edge each decision follows."""

from __future__ import annotations

from pathlib import Path

from checklist.graph.flowgraph import Edge
from checklist.graph.program import Program
from checklist.paths.observe import Recorder
from checklist.paths.plan import Coverage
from tests.paths.conftest import program

HEAD = 'checklist t "T"\nstart 1\nfact a : yes/no per turn "A?"\nfact c : choice(x, y, z) per turn "C?"\n'


def taken(prog: Program, answers: list[str]) -> list[tuple[str, str | None, str, str]]:
    rec = Recorder(prog)
    for text in answers:
        rec.answer(text)
    return [(e.source, e.target, e.kind, e.label) for e in rec.taken]


def test_parallel_edges_are_told_apart(tmp_path: Path) -> None:
    prog = program(tmp_path, HEAD + 'step 1 "One"\n  if a -> 2\n  else -> 2\nstep 2 "Two"\n  end\n')
    assert taken(prog, ["yes", ""]) == [("t.1", "t.2", "branch", "a")]
    assert taken(prog, ["no", ""]) == [("t.1", "t.2", "branch", "otherwise")]


def test_choose_values_and_fall_through(tmp_path: Path) -> None:
    text = HEAD + 'step 1 "One"\n  choose c\n    when x -> 2\n    when y -> 2\n  go 3\nstep 2 "Two"\n  go 3\n'
    prog = program(tmp_path, text + 'step 3 "Three"\n  end\n')
    assert taken(prog, ["y", ""]) == [("t.1", "t.2", "branch", "c = y"), ("t.2", "t.3", "goto", "")]
    assert taken(prog, ["z"]) == [("t.1", "t.3", "goto", "")]


def test_dispatch_follows_the_row(duel: Program) -> None:
    assert taken(duel, ["12", "fist"])[-1] == ("duel.2", "duel.4", "dispatch", "Fist (unarmed)")


def test_split_edges(tmp_path: Path) -> None:
    text = HEAD + (
        'step 1 "Split"\n  split 2 for each foe until 3\nstep 2 "Branch"\n  go 3\nstep 3 "Join"\n'
        '  split 4 once until 3 then return\n  end\nstep 4 "Once"\n  go 3\n'
    )
    prog = program(tmp_path, text)
    assert taken(prog, ["2", "", "", "1", ""]) == [
        ("t.1", "t.2", "split", "for each foe"),
        ("t.2", "t.3", "goto", ""),  # ends Bob's branch
        ("t.2", "t.3", "goto", ""),  # ends the last branch; the flow goes on at 3 ...
        ("t.1", "t.3", "return", "after split"),  # ... by the split's `after split` edge
        ("t.3", "t.4", "split", "once"),
        ("t.4", "t.3", "goto", ""),  # `then return`: back to 3, no edge of its own
    ]
    assert taken(prog, ["0"]) == [("t.1", "t.3", "return", "after split")]  # nobody: straight on


def test_every_edge_taken_by_the_scripts_is_a_graph_edge(flow: Program, edges: Coverage) -> None:
    graph = {e for key in flow.steps for e in flow.flow.out[key]}
    for script in edges.scripts:
        rec = Recorder(flow)
        for text in script.answers:
            rec.answer(text)
        assert rec.taken and set(rec.taken) <= graph
        assert all(isinstance(e, Edge) for e in rec.taken)
        assert rec.visited[0] == flow.start


def test_two_dispatches_over_one_table_are_told_apart_by_their_statement(tmp_path: Path) -> None:
    """Both dispatches list the rows of `tb` (the same spans): the edge credited is the second's."""
    text = HEAD + (
        'fact d : choice(x, y, z) per turn "D?"\ntable tb "T"\n  columns key | step\n  row x | 2\n  row y | 3\n'
        'step 1 "One"\n  dispatch tb.step by c\n  dispatch tb.step by d\nstep 2 "Two"\n  end\nstep 3 "Three"\n  end\n'
    )
    prog = program(tmp_path, text)
    rec = Recorder(prog)
    for answer in ("z", "x", ""):  # c = z has no row: on to the second dispatch, d = x
        rec.answer(answer)
    assert [(e.source, e.target, e.label, e.jump) for e in rec.taken] == [("t.1", "t.2", "x", 1)]
