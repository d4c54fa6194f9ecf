"""E306: a dispatch row that names no existing step; W307: a step in range no row names."""

from __future__ import annotations

from collections.abc import Iterator

from checklist import model as m
from checklist.graph.flowgraph import FlowGraph
from checklist.graph.program import Program
from checklist.model.diagnostics import DISPATCH_MISSING, DISPATCH_ROW, Diagnostic, diag


def run(program: Program, graph: FlowGraph) -> Iterator[Diagnostic]:
    for step in program.steps.values():
        for jump in step.jumps:
            if isinstance(jump, m.Dispatch):
                yield from _dispatch(program, graph, step, jump)


def _dispatch(program: Program, graph: FlowGraph, step: m.Step, jump: m.Dispatch) -> Iterator[Diagnostic]:
    edges = [e for e in graph.out[step.key] if e.kind == "dispatch"]
    for edge in (e for e in graph.dangling if e.source == step.key and e.kind == "dispatch"):
        what = f"step {edge.written}, which `{step.checklist}` does not have" if edge.written else "no step"
        yield diag(
            DISPATCH_ROW,
            f"row `{edge.label}` of table `{jump.table}` names {what}",
            edge.span,
            f"step {step.key} dispatches through column `{jump.column}`",
            help=f"put an existing step number in the `{jump.column}` cell",
        )
    if jump.over is None:
        return
    low, high = jump.over
    named = {e.target for e in edges}
    for edge in edges:
        number = graph.steps[edge.target].number if edge.target else None
        if number is not None and not low <= number <= high:
            yield diag(
                DISPATCH_ROW,
                f"row `{edge.label}` of table `{jump.table}` sends to step {number}, "
                f"outside the range {low}-{high} that step {step.number} dispatches over",
                edge.span,
                help=f"check the `{jump.column}` cell against the printed table",
            )
    checklist = program.checklists.get(step.checklist)
    numbers = sorted({s.number for s in checklist.steps if low <= s.number <= high}) if checklist else []
    for number in numbers:  # the steps there are, not the range (it may span 10^9 numbers)
        key = f"{step.checklist}.{number}"
        if key in graph.steps and key not in named:
            yield diag(
                DISPATCH_MISSING,
                f"no row of table `{jump.table}` leads to step {key}",
                graph.steps[key].span,
                f"step {step.key} dispatches over {low}-{high}",
                help=f"add a row whose `{jump.column}` cell is {number}",
            )
