"""report.py: scripts that read back as the same answers, and a report that says what is missing."""

from __future__ import annotations

from pathlib import Path

from checklist.graph.program import Program
from checklist.paths.plan import Coverage, cover
from checklist.paths.scripts import names, report_text, script_text
from checklist.play.answers import parse_answers
from tests.paths.conftest import program


def test_script_text_reads_back_as_its_answers(edges: Coverage) -> None:
    files = names(edges)
    assert files[0] == "script-01.answers"
    for index, name in enumerate(files):
        text = script_text(edges, index, name)
        assert parse_answers(text) == edges.scripts[index].answers  # Enter lines included, comments not
        assert text.startswith("# checklist paths --cover edges: script ")


def test_report_lists_every_script_and_the_reasons(flow: Program, edges: Coverage, tmp_path: Path) -> None:
    text = report_text(flow, edges, names(edges), "flow")
    assert text.startswith(f"edges of flow: {len(edges.targets)} of {len(edges.targets)} covered by ")
    assert text.rstrip().endswith("every edge is covered")
    prog = program(tmp_path, 'checklist t "T"\nstart 1\nstep 1 "One"\n  end\nstep 2 "Two"\n  go 1\n')
    partial = cover(prog, "steps")
    lines = report_text(prog, partial, names(partial), "t.flow").splitlines()
    assert lines[-3:] == [
        "not covered (1 steps):",
        f"  {tmp_path / 't.flow'}:5:6: t.2",
        "    unreachable from the start",
    ]
