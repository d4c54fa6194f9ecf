"""W206: a conditional step whose conditions may all be false, with nothing after them."""

from __future__ import annotations

from collections.abc import Iterator

from checklist import model as m
from checklist.graph.flowgraph import FlowGraph
from checklist.graph.program import Program
from checklist.model.diagnostics import NO_OTHERWISE, Diagnostic, diag

_UNCONDITIONAL = (m.Go, m.Otherwise, m.Dispatch, m.End, m.Return)


def run(program: Program, graph: FlowGraph) -> Iterator[Diagnostic]:
    for step in program.steps.values():
        if not step.jumps or isinstance(step.jumps[-1], _UNCONDITIONAL):
            continue
        last = step.jumps[-1]
        if isinstance(last, m.Split) and last.until is not None and not last.returns:
            continue
        if isinstance(last, m.Choose) and _exhaustive(program, last):
            continue
        if isinstance(last, (m.Branch, m.Choose)):
            what = "`choose` does not cover every value" if isinstance(last, m.Choose) else "no `else`"
            yield diag(
                NO_OTHERWISE,
                f"step {step.key} has a condition but {what}",
                last.span,
                "when no condition holds, the flow has nowhere to go",
                help="add `else -> N` after the last `if`",
            )


def _exhaustive(program: Program, choose: m.Choose) -> bool:
    fact = program.facts.get(choose.fact)
    if fact is None or fact.kind != "choice":
        return False
    return set(fact.choices) <= {str(w.value) for w in choose.whens}
