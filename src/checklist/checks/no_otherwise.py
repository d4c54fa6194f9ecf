"""E210: a step whose conditions can all be false, with nothing after them, so the run stops there;
W206: a step whose conditions provably cover every case, but with no `else` to say so."""

from __future__ import annotations

from collections.abc import Iterator

from checklist import model as m
from checklist.checks.coverage import covers
from checklist.checks.facts import fact_values
from checklist.graph.flowgraph import FlowGraph
from checklist.graph.program import Program
from checklist.model.diagnostics import NO_OTHERWISE, NO_WAY_ON, Diagnostic, Fix, diag
from checklist.model.jumps import always_decides


def run(program: Program, graph: FlowGraph) -> Iterator[Diagnostic]:
    for step in program.steps.values():
        last = step.jumps[-1] if step.jumps else None
        if last is None or always_decides(last) or isinstance(last, m.Dispatch):  # a dispatch: the table's rows
            continue
        if isinstance(last, m.Choose) and _exhaustive(program, last):
            continue
        if isinstance(last, (m.Branch, m.Choose)):
            yield _finding(program, step, last)


def _finding(program: Program, step: m.Step, last: m.Branch | m.Choose) -> Diagnostic:
    what = "`choose` does not cover every value" if isinstance(last, m.Choose) else "no `else`"
    if covers(_conditions(step), program.facts, lambda fact: fact_values(program, fact)):
        return diag(
            NO_OTHERWISE,
            f"step {step.key} has a condition but {what}",
            last.span,
            "its conditions cover every case, so the flow always has somewhere to go",
            help="say so: make the last `if` an `else -> N`",
            fix=_else(program, step, last),
        )
    return diag(
        NO_WAY_ON,
        f"step {step.key} has a condition but {what}, and its conditions can all be false",
        last.span,
        "when no condition holds, the flow has nowhere to go: the run stops here",
        help="add `else -> N` after the last `if`",
        fix=_else(program, step, last),
    )


def _conditions(step: m.Step) -> list[m.Condition]:
    """What the step's jumps test, as conditions (`if X -> return` cannot apply outside a split)."""
    found: list[m.Condition] = []
    for jump in step.jumps:
        if isinstance(jump, m.Branch) and jump.target.special != "return":
            found.append(jump.condition)
        elif isinstance(jump, m.Choose):
            found.extend(m.Equals(jump.fact, when.value, False, when.span) for when in jump.whens)
    return found


def _else(program: Program, step: m.Step, last: m.Branch | m.Choose) -> Fix:
    """The quick fix: `else ->` the next step, as a printed checklist reads on (or `end` after its last)."""
    checklist = program.checklists.get(step.checklist)
    later = [s.number for s in checklist.steps if s.number > step.number] if checklist else []
    target = str(min(later)) if later else "end"
    lines = [last.span.line] + ([w.span.line for w in last.whens] if isinstance(last, m.Choose) else [])
    return Fix(f"Add `else -> {target}`", f"else -> {target}", after=max(lines))


def _exhaustive(program: Program, choose: m.Choose) -> bool:
    fact = program.facts.get(choose.fact)
    if fact is None or fact.kind != "choice":
        return False
    return set(fact.choices) <= {str(w.value) for w in choose.whens}
