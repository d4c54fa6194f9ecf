"""E104/E105: exactly one start step, and at least one end."""

from __future__ import annotations

from collections.abc import Iterator

from checklist.graph.flowgraph import FlowGraph
from checklist.graph.program import Program
from checklist.model import NOWHERE
from checklist.model.diagnostics import NO_END, NO_START, Diagnostic, diag


def run(program: Program, graph: FlowGraph) -> Iterator[Diagnostic]:
    if not program.starts:
        span = next(iter(program.checklists.values())).span if program.checklists else NOWHERE
        yield diag(
            NO_START,
            "the program declares no start step",
            span,
            help="add `start 1` under the checklist where play begins",
        )
    for extra in program.starts[1:]:
        yield diag(
            NO_START,
            f"a second start step `{extra.target}`",
            extra.span,
            f"the first start is declared at {program.starts[0].span}",
            help="keep one `start` line for the whole program",
        )
    if program.steps and not graph.ends:
        span = next(iter(program.checklists.values())).span
        yield diag(NO_END, "no step ends the flow", span, help="add `end` to the last step (or `if FACT -> end`)")
