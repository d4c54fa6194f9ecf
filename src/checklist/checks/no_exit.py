"""E203 no-exit, E204 trap, E205 self-loop: steps that can never reach an end.

Every path from a stuck step ends in a loop or a dead end, so only those root causes
are reported: a trap (a loop with no way out) once, naming its members; a step that
only jumps to itself; and a dead end, a step with no jumps that does not end the flow.
"""

from __future__ import annotations

from collections.abc import Iterator

from checklist import model as m
from checklist.checks.util import step_list
from checklist.graph.flowgraph import FlowGraph
from checklist.graph.program import Program
from checklist.model.diagnostics import NO_EXIT, SELF_LOOP, TRAP, Diagnostic, diag


def exits(program: Program, graph: FlowGraph) -> set[str]:
    """Steps with a path to an end.

    A `return` is no exit of its own: it goes back to the split that called the branch,
    so it counts only when that split's step can itself reach an end.  A jump to a step that
    does not exist (E201) counts as an exit when the checklist it names has a step with a path
    to an end: fixed, it may well go there, so the loops it leaves are not reported as traps.
    """
    calls: list[tuple[str, set[str]]] = []
    for step in program.steps.values():
        for jump in step.jumps:
            if isinstance(jump, m.Split) and jump.returns:
                target = program.resolve(jump.target, step.checklist)
                until = program.resolve(jump.until, step.checklist) if jump.until else None
                if target in graph.steps:
                    branch = graph.reachable([target], frozenset({until}) if until else frozenset())
                    calls.append((step.key, branch & graph.returns))
    seeds = set(graph.ends)
    broken = _broken(program, graph)
    while True:
        found = graph.coreachable(seeds)
        new = {r for caller, returns in calls if caller in found for r in returns}
        new |= {source for source, keys in broken if not found.isdisjoint(keys)}
        new -= seeds
        if not new:
            return found
        seeds |= new


def _broken(program: Program, graph: FlowGraph) -> list[tuple[str, set[str]]]:
    """Each step with a jump to no step, and the steps the fixed jump could go to: those of the
    checklist it names, or every step when no checklist has that name."""
    steps: dict[str, set[str]] = {}
    for key, step in graph.steps.items():
        steps.setdefault(step.checklist, set()).add(key)
    out: list[tuple[str, set[str]]] = []
    for edge in graph.dangling:
        named, dot, _ = edge.written.rpartition(".")
        checklist = named if dot else graph.steps[edge.source].checklist
        out.append((edge.source, steps.get(checklist) or set(graph.steps)))
    return out


def run(program: Program, graph: FlowGraph) -> Iterator[Diagnostic]:
    exits_ = exits(program, graph)
    stuck = {key for key in graph.steps if key not in exits_}
    if not stuck:
        return
    reported: set[str] = set()
    for key in stuck:
        targets = set(graph.successors(key))
        if targets == {key}:
            reported.add(key)
            step = graph.steps[key]
            yield diag(
                SELF_LOOP,
                f'step {key} "{step.title}" jumps only to itself',
                step.span,
                help="point the jump at the next step",
            )
    for component in graph.strongly_connected():
        looped = len(component) > 1 or component[0] in set(graph.successors(component[0]))
        if not looped or component[0] not in stuck or component[0] in reported:
            continue
        reported.update(component)
        first = min(component, key=lambda k: (graph.steps[k].checklist, graph.steps[k].number))
        step = graph.steps[first]
        yield diag(
            TRAP,
            f"{len(component)} steps form a loop with no way out",
            step.span,
            f"members: {step_list(component)}",
            "no step in the loop ends the flow or jumps outside it",
            help="add an exit, e.g. `if combat-over -> post-combat.1` or `end`",
        )
    for key in sorted(stuck - reported, key=lambda k: (graph.steps[k].checklist, graph.steps[k].number)):
        step = graph.steps[key]
        if step.jumps:
            continue  # it leads into a trap, a dead end or a broken jump, each reported at its source
        yield diag(
            NO_EXIT,
            f'step {key} "{step.title}" has no path to an end',
            step.span,
            "it has no jumps and does not end the flow",
            help="add a `go`, an `else`, or `end`",
        )
