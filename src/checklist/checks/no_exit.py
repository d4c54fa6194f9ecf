"""E203 no-exit, E204 trap, E205 self-loop: steps that can never reach an end.

A trap (a loop with no way out) is reported once, naming its members; a step that only
jumps to itself is a self-loop; any other reachable step with no path to an end is a no-exit.
"""

from __future__ import annotations

from collections.abc import Iterator

from checklist.checks.util import step_list
from checklist.diagnostics import NO_EXIT, SELF_LOOP, TRAP, Diagnostic, diag
from checklist.graph import FlowGraph
from checklist.program import Program


def run(program: Program, graph: FlowGraph) -> Iterator[Diagnostic]:
    exits = graph.coreachable(graph.ends | graph.returns)
    stuck = {key for key in graph.steps if key not in exits}
    if not stuck:
        return
    reported: set[str] = set()
    for key in stuck:
        targets = set(graph.successors(key))
        if targets == {key}:
            reported.add(key)
            step = graph.steps[key]
            yield diag(SELF_LOOP, f"step {key} \"{step.title}\" jumps only to itself", step.span,
                       help="point the jump at the next step")  # fmt: skip
    for component in graph.strongly_connected():
        if len(component) < 2 or component[0] not in stuck:
            continue
        reported.update(component)
        first = min(component, key=lambda k: (graph.steps[k].checklist, graph.steps[k].number))
        step = graph.steps[first]
        yield diag(TRAP, f"{len(component)} steps form a loop with no way out", step.span,
                   f"members: {step_list(component)}",
                   "no step in the loop ends the flow or jumps outside it",
                   help="add an exit, e.g. `if combat-over -> post-combat.1` or `end`")  # fmt: skip
    reached = graph.reachable([graph.start]) if graph.start in graph.steps else set(graph.steps)
    for key in sorted(stuck - reported, key=lambda k: (graph.steps[k].checklist, graph.steps[k].number)):
        step = graph.steps[key]
        dead_end = not graph.out[key]
        if not dead_end and key not in reached:
            continue  # unreachable already says what is wrong
        reason = "it has no jumps" if dead_end else "every path from it ends in a loop with no way out"
        yield diag(NO_EXIT, f"step {key} \"{step.title}\" has no path to an end", step.span, reason,
                   help="add a `go`, an `else`, or `end`")  # fmt: skip
