"""E202: a step that no path from the start reaches.

Reported once per root: an unreachable step that no other unreachable step leads to,
with the steps only it leads to listed as a note.
"""

from __future__ import annotations

from collections.abc import Iterator

from checklist.checks.util import step_list
from checklist.diagnostics import UNREACHABLE, Diagnostic, diag
from checklist.graph import FlowGraph
from checklist.program import Program


def run(program: Program, graph: FlowGraph) -> Iterator[Diagnostic]:
    if graph.start is None or graph.start not in graph.steps:
        return
    reached = graph.reachable([graph.start])
    lost = [key for key in graph.steps if key not in reached]
    lost_set = set(lost)
    claimed: set[str] = set()
    roots = [k for k in lost if not any(e.source in lost_set and e.source != k for e in graph.into[k])]
    roots += [k for k in lost if k not in roots]  # loops of unreachable steps have no root
    for root in roots:
        if root in claimed:
            continue
        family = graph.reachable([root]) & lost_set - claimed
        claimed |= family
        step = graph.steps[root]
        notes = [f"nothing that runs jumps to {root}"]
        rest = sorted(family - {root}, key=lambda k: graph.steps[k].number)
        if rest:
            notes.append(f"so these are unreachable too: {step_list(rest)}")
        yield diag(UNREACHABLE, f"step {root} \"{step.title}\" is unreachable from the start", step.span,
                   *notes, help=f"add a jump to {step.number}, or remove the step")  # fmt: skip
