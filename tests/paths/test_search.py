"""search.py: the answers that make the real engine reach a goal."""

from __future__ import annotations

from checklist.graph.program import Program
from checklist.paths.observe import Recorder
from checklist.paths.search import Search


def test_finds_the_answers_to_a_step(duel: Program) -> None:
    search = Search(duel)
    start = Recorder(duel).state
    answers = search.find(start, lambda rec: "duel.10" in rec.visited, frozenset({"duel.10"}), 500)
    assert answers is not None
    rec = Recorder(duel)
    for text in answers:
        rec.answer(text)
    assert rec.state.step == "duel.10"


def test_gives_up_when_the_graph_has_no_way_or_the_budget_runs_out(duel: Program) -> None:
    search = Search(duel)
    rec = Recorder(duel)
    rec.answer("1")  # skill 1: too clumsy, the flow ends at 9
    rec.answer("")
    assert rec.finished is not None
    assert search.find(rec.state, lambda r: True, frozenset({"duel.2"}), 500) is None
    start = Recorder(duel).state
    before = search.expanded
    assert search.find(start, lambda r: False, frozenset({"duel.8"}), 7) is None
    assert search.expanded - before == 7


def test_estimate_counts_jumps_out_of_a_split(duel: Program) -> None:
    search = Search(duel)
    rec = Recorder(duel)
    for text in ["12", "broadsword", "", "3", "1"]:  # into the split per target, at 7
        rec.answer(text)
    assert rec.state.frames and rec.state.step == "duel.7"
    assert search.graph_estimate(rec.state, frozenset({"duel.9"})) == 3  # 7 -> 8 -> 1 -> 9
    assert search.estimate(rec.state, frozenset({"duel.9"})) >= 3
