"""Loading the flow for a run: parse and check it; a run refuses a flow with check errors."""

from __future__ import annotations

from pathlib import Path

from checklist.checks import check
from checklist.checks.report import render_text
from checklist.graph.program import Program
from checklist.program import cache
from checklist.program.load import load


def load_clean(paths: list[Path]) -> tuple[Program, str | None]:
    """The program, and the rendered error report when `checklist check` finds errors."""

    program = load(list(paths))
    found = cache.findings(list(program.sources.items()), lambda: check(program))
    errors = [d for d in found if d.severity == "error"]
    if errors:
        return program, render_text(errors, program.sources)
    return program, None
