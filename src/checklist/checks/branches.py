"""E208 a jump into a split's branch from outside it, E209 a `return` outside any split.

A `return` ends the branch of the innermost split running; with no split running, the run stops
there (docs/run.md). So a flow must not reach a `return` without the split that owns it. The
proof is on the graph: the steps the run reaches with no split running are those the start
reaches without going into a branch (a split's own step goes on after its branches, so the walk
takes its `until` or its next statement, never its branch). Inside a branch a `return` is always
sound: it ends the innermost one. Each `return` among the steps the run reaches outside every
split is a finding: at the jump that entered the branch from outside, naming the split (E208);
or, when no split's branch leads to it, at the `return` itself (E209).

`if X -> return` is no such `return`: outside a split it cannot apply, and the run skips it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from checklist import model as m
from checklist.graph.flowgraph import Edge, FlowGraph
from checklist.graph.program import Program
from checklist.model.diagnostics import JUMP_INTO_BRANCH, RETURN_OUTSIDE_SPLIT, Diagnostic, diag
from checklist.model.jumps import always_decides, jump_exits

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass


@dataclass(frozen=True, slots=True)
class Owner:
    """A split and the steps its branch runs (without passing its `until`)."""

    step: str
    split: m.Split
    target: str
    branch: frozenset[str]


def run(program: Program, graph: FlowGraph) -> Iterator[Diagnostic]:
    if graph.start is None or graph.start not in graph.steps:
        return
    outside = walk(graph, [graph.start])
    # only a step with an exit that returns (graph.returns) may say `return`: the others' jumps are not read again
    stops = [(key, span) for key in outside if key in graph.returns for span in returns(program, graph.steps[key])]
    if not stops:
        return
    owners = _owners(program, graph)
    reported: set[tuple[str, m.Span]] = set()
    for key, span in sorted(stops, key=lambda s: (graph.steps[s[0]].checklist, graph.steps[s[0]].number)):
        mine = sorted((o for o in owners if key in o.branch), key=lambda o: len(o.branch))
        entered = next(((o, found) for o in mine if (found := _entries(graph, o, key, outside))), None)
        if entered is None:
            yield _outside(graph, key, span, mine)
            continue
        owner, entries = entered  # the smallest branch that owns the `return` and was entered from outside
        for edge in entries:
            if (edge.source, edge.span) not in reported:
                reported.add((edge.source, edge.span))
                yield _into(owner, edge, key)


def walk(graph: FlowGraph, sources: Iterable[str], avoid: frozenset[str] = frozenset()) -> set[str]:
    """The steps reached from `sources` without going into a split's branch, nor past `avoid`."""
    seen = {s for s in sources if s in graph.out and s not in avoid}
    queue = deque(seen)
    while queue:
        for edge in graph.out[queue.popleft()]:
            nxt = edge.target
            if nxt is not None and edge.kind != "split" and nxt not in seen and nxt not in avoid:
                seen.add(nxt)
                queue.append(nxt)
    return seen


def returns(program: Program, step: m.Step) -> Iterator[m.Span]:
    """Where a step says `return` in a way that applies with no split running (not `if X -> return`)."""
    for index, jump in enumerate(step.jumps):
        if not isinstance(jump, m.Branch):
            for way in jump_exits(step, index, jump, program.tables):
                if way.ending == "return":
                    yield way.span
        if always_decides(jump):
            return


def _owners(program: Program, graph: FlowGraph) -> list[Owner]:
    owners: list[Owner] = []
    for key, step in graph.steps.items():
        for jump in step.jumps:
            if not isinstance(jump, m.Split):
                continue
            target = program.resolve(jump.target, step.checklist)
            until = program.resolve(jump.until, step.checklist) if jump.until else None
            if target in graph.steps:
                branch = walk(graph, [target], frozenset({until}) if until else frozenset())
                owners.append(Owner(key, jump, target, frozenset(branch)))
    return owners


def _entries(graph: FlowGraph, owner: Owner, stop: str, outside: set[str]) -> list[Edge]:
    """The jumps from outside the branch, run with no split, into its steps that lead to `stop`."""
    leads = {stop}
    queue = deque(leads)
    while queue:
        for edge in graph.into[queue.popleft()]:
            if edge.kind != "split" and edge.source in owner.branch and edge.source not in leads:
                leads.add(edge.source)
                queue.append(edge.source)
    return [
        edge
        for key in sorted(leads & outside, key=lambda k: graph.steps[k].number)
        for edge in graph.into[key]
        if edge.kind != "split" and edge.source in outside and edge.source not in owner.branch
    ]


def _into(owner: Owner, edge: Edge, stop: str) -> Diagnostic:
    target = edge.target or edge.written
    return diag(
        JUMP_INTO_BRANCH,
        f"jump from {edge.source} goes to {target}, inside the branch of the split at {owner.step}",
        edge.span,
        f"the split at {owner.step} runs {owner.target} for each branch, and the branch ends at the `return` of {stop}",
        f"arriving from {edge.source}, no split is running: the run stops at that `return`",
        help=f"jump to the split's step {owner.step} instead, or to a step outside its branch",
    )


def _outside(graph: FlowGraph, key: str, span: m.Span, owners: list[Owner]) -> Diagnostic:
    notes = [f"no split runs step {key}, so there is nothing to return to: the run stops here"]
    if owners:
        notes = [f"step {key} is in the branch of the split at {owners[0].step}, and so is the start, {graph.start}"]
    return diag(
        RETURN_OUTSIDE_SPLIT,
        f"step {key} says `return` outside any split",
        span,
        *notes,
        help="go on with `go N`, or end the flow with `end`; a `return` ends a split's branch",
    )
