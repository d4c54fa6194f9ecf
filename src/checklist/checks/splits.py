"""E207: a split whose branches can never rejoin, so the call never returns."""

from __future__ import annotations

from collections.abc import Iterator

from checklist import model as m
from checklist.graph.flowgraph import FlowGraph
from checklist.graph.program import Program
from checklist.model.diagnostics import SPLIT_NEVER_RETURNS, Diagnostic, diag


def run(program: Program, graph: FlowGraph) -> Iterator[Diagnostic]:
    for step in program.steps.values():
        for index, jump in enumerate(step.jumps):
            if isinstance(jump, m.Split):
                yield from _check(program, graph, step, jump, index == len(step.jumps) - 1)


def _check(program: Program, graph: FlowGraph, step: m.Step, split: m.Split, last: bool) -> Iterator[Diagnostic]:
    if split.until is None and not split.returns:
        yield diag(
            SPLIT_NEVER_RETURNS,
            f"split at {step.key} names no join",
            split.span,
            "nothing says where its branches rejoin or where the flow goes afterwards",
            help=f"add `until STEP` (carry on there) or `then return` (come back to {step.number})",
        )
        return
    if split.returns and last:
        yield diag(
            SPLIT_NEVER_RETURNS,
            f"split at {step.key} returns to a step with nothing after it",
            split.span,
            "after the branches come back, the step has no jump",
            help="add a `go` after the split",
        )
    start = program.resolve(split.target, step.checklist)
    if start not in graph.steps:
        return  # unknown-step reports it
    until = program.resolve(split.until, step.checklist) if split.until else None
    avoid = frozenset({until}) if until else frozenset()
    branch = graph.reachable([start], avoid)
    joins = until is not None and (start == until or any(until in graph.successors(k) for k in branch))
    if joins or branch & graph.returns:
        return
    goal = f"step {split.until}" if split.until else "a `return`"
    yield diag(
        SPLIT_NEVER_RETURNS,
        f"split at {step.key} never returns: no branch from {split.target} reaches {goal}",
        split.span,
        f"the branch starting at {start} covers {len(branch)} steps and none leads to {goal}",
        help="point the split at the right step, or name the join with `until STEP`",
    )
