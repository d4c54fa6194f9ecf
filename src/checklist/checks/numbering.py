"""W401: gaps in a checklist's step numbering."""

from __future__ import annotations

from collections.abc import Iterator

from checklist.graph.flowgraph import FlowGraph
from checklist.graph.program import Program
from checklist.model.diagnostics import NUMBERING_GAP, Diagnostic, diag


def run(program: Program, graph: FlowGraph) -> Iterator[Diagnostic]:
    for checklist in program.checklists.values():
        ordered = sorted(checklist.steps, key=lambda s: s.number)
        expected = 1
        for step in ordered:
            if step.number > expected:
                missing = f"{expected}" if step.number == expected + 1 else f"{expected}-{step.number - 1}"
                what = "steps" if "-" in missing else "step"
                yield diag(
                    NUMBERING_GAP,
                    f"`{checklist.id}` skips {what} {missing}",
                    step.span,
                    f"step {step.number} follows step {expected - 1}"
                    if expected > 1
                    else f"the first step is {step.number}",
                    help="renumber the steps or add the missing ones",
                )
            expected = step.number + 1
