"""E202: a step that no path from the start reaches.

Reported once per root: an unreachable step that no other unreachable step leads to,
with the steps only it leads to listed as a note.
"""

from __future__ import annotations

from collections.abc import Iterator

from checklist.checks.util import step_list
from checklist.graph.flowgraph import FlowGraph
from checklist.graph.program import Program
from checklist.model.diagnostics import UNREACHABLE, Diagnostic, diag


def run(program: Program, graph: FlowGraph) -> Iterator[Diagnostic]:
    if graph.start is None or graph.start not in graph.steps:
        return
    reached = graph.reachable([graph.start])
    lost = [key for key in graph.steps if key not in reached]
    lost_set = set(lost)
    claimed: set[str] = set()
    roots = [k for k in lost if not any(e.source in lost_set and e.source != k for e in graph.into[k])]
    rooted = set(roots)
    roots += [k for k in lost if k not in rooted]  # loops of unreachable steps have no root
    for root in roots:
        if root in claimed:
            continue
        family = _family(graph, root, lost_set, claimed)
        claimed |= family
        step = graph.steps[root]
        notes = [f"nothing that runs jumps to {root}"]
        rest = sorted(family - {root}, key=lambda k: graph.steps[k].number)
        if rest:
            notes.append(f"so these are unreachable too: {step_list(rest)}")
        yield diag(
            UNREACHABLE,
            f'step {root} "{step.title}" is unreachable from the start',
            step.span,
            *notes,
            help=f"add a jump to {step.number}, or remove the step",
        )


def _family(graph: FlowGraph, root: str, lost: set[str], claimed: set[str]) -> set[str]:
    """graph.reachable([root]) & lost - claimed, walking only lost, unclaimed steps.

    The same set, in time linear in the whole flow over all roots: a path from an unreachable
    step to another never passes a reachable one, and whatever a claimed step leads to was
    claimed with it (a thousand unreachable steps no longer cost a million set operations).
    """
    seen = {root}
    queue = [root]
    while queue:
        for edge in graph.out[queue.pop()]:
            nxt = edge.target
            if nxt is not None and nxt not in seen and nxt in lost and nxt not in claimed:
                seen.add(nxt)
                queue.append(nxt)
    return seen
