"""plan.py: a few scripts that cover flow/, and the reasons for what cannot be covered."""

from __future__ import annotations

from pathlib import Path

from checklist import load
from checklist.graph.flowgraph import Edge
from checklist.graph.program import Program
from checklist.paths.observe import Recorder
from checklist.paths.plan import Coverage, cover, describe
from tests.paths.conftest import HARDEST, program


def replayed(prog: Program, answers: list[str]) -> Recorder:
    rec = Recorder(prog)
    for text in answers:
        rec.answer(text)
    return rec


def test_flow_edges_are_all_covered_by_few_scripts(flow: Program, edges: Coverage) -> None:
    every = [e for key in flow.steps for e in flow.flow.out[key]]
    assert edges.missed == {}
    assert edges.covered == len(every) == len(edges.targets)
    assert len(edges.scripts) <= 16  # 14 since the rules compute (more questions per attack)
    taken: set[Edge] = set()
    for script in edges.scripts:
        rec = replayed(flow, script.answers)
        taken.update(rec.taken)
        assert script.ended and rec.finished is not None and rec.finished.kind == "end"
        assert rec.state.step == script.stop
        assert script.visits == len(rec.state.trace)
    assert taken == set(every)


def test_flow_steps_are_all_covered(flow: Program, steps: Coverage) -> None:
    assert steps.missed == {}
    visited = {v.step for s in steps.scripts for v in replayed(flow, s.answers).state.trace}
    assert visited == set(flow.steps)


def test_reasons_for_what_cannot_be_covered(tmp_path: Path) -> None:
    prog = program(tmp_path, (
        'checklist t "T"\nstart 1\nfact x : yes/no per combat "X?"\n'
        'step 1 "One"\n  if x -> 2\n  else -> 3\n'
        'step 2 "Two"\n  if not x -> 4\n  else -> 3\n'  # x is yes here: 2 -> 4 is never taken
        'step 3 "Three"\n  go 5\n  go 4\n'  # the second go is dead
        'step 4 "Four"\n  end\n'
        'step 5 "Five"\n  end\n'
        'step 6 "Nobody comes here"\n  go 4\n'
    ))  # fmt: skip
    coverage = cover(prog, "edges", budget=200)
    why = {describe(t): reason for t, reason in coverage.missed.items()}
    assert why == {
        "t.2 -> t.4 (branch: not x)": "the engine never takes it: on every way there (6 states of the session "
        "tried), the facts already known send the flow elsewhere",
        "t.3 -> t.4 (goto)": "never taken: an earlier statement of the step always jumps first",
        "t.6 -> t.4 (goto)": "unreachable from the start",
    }
    steps = cover(prog, "steps").missed
    assert steps["t.6"] == "unreachable from the start"
    assert steps["t.4"].startswith("the engine never takes it")  # only 2 -> 4 and a dead `go` lead there
    assert cover(prog, "edges", budget=1).missed[coverage.targets[2]].startswith("not reached within the search")


def test_a_missing_step_and_a_trap(tmp_path: Path) -> None:
    prog = program(tmp_path, (
        'checklist t "T"\nstart 1\nfact x : yes/no per turn "X?"\n'
        'step 1 "One"\n  if x -> 9\n  else -> 2\n'
        'step 2 "Trap"\n  go 3\nstep 3 "Trap too"\n  go 2\n'
    ))  # fmt: skip
    coverage = cover(prog, "edges")
    assert [describe(t) for t in coverage.missed] == ["t.1 -> 9 (branch: x)"]
    assert "does not exist" in next(iter(coverage.missed.values()))
    (script,) = coverage.scripts
    assert not script.ended
    assert "only reachable through a trap" in script.why


def test_the_design_sample_names_its_dead_jump() -> None:
    coverage = cover(load(HARDEST), "edges")
    assert {describe(t): r for t, r in coverage.missed.items()} == {
        "combat.59 -> combat.128 (goto)": "never taken: an earlier statement of the step always jumps first",
    }


def test_a_session_that_cannot_start_misses_everything_with_the_reason(tmp_path: Path) -> None:
    prog = program(tmp_path, 'checklist t "T"\nstart 1\nstep 1 "One"\n  if ghost -> end\n  else -> end\n')
    coverage = cover(prog, "steps")
    assert coverage.scripts == []
    assert coverage.missed == {
        "t.1": "the session cannot start: step t.1 reads `ghost`, which the flow does not declare"
    }
