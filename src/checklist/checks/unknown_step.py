"""E201: a jump, split, start or assertion names a step that does not exist."""

from __future__ import annotations

import difflib
from collections.abc import Iterator

from checklist import model as m
from checklist.graph.flowgraph import FlowGraph
from checklist.graph.program import Program
from checklist.model.diagnostics import UNKNOWN_STEP, Diagnostic, Fix, diag


def run(program: Program, graph: FlowGraph) -> Iterator[Diagnostic]:
    for edge in graph.dangling:
        owner = edge.source.rsplit(".", 1)[0]
        what = "table row" if edge.kind == "dispatch" else "jump"
        if edge.kind == "dispatch":
            continue  # reported by the dispatch rule, with the table row
        yield _unknown(program, edge.written, owner, edge.span, f"{what} from {edge.source}")
    for step in program.steps.values():
        for jump in step.jumps:
            if isinstance(jump, m.Split) and jump.until is not None and jump.returns:
                yield from _check_target(program, jump.until, step.checklist, f"split's join at {step.key}")
    for start in program.starts:
        yield from _check_target(program, start.target, start.checklist, "start")
    for expect in program.expects:
        for target in (expect.source, expect.target, *expect.avoiding):
            yield from _check_target(program, target, expect.checklist, "assertion")


def _check_target(program: Program, target: m.Target, checklist: str | None, what: str) -> Iterator[Diagnostic]:
    key = program.resolve(target, checklist)
    if target.special is None and key not in program.steps:
        yield _unknown(program, str(target), checklist, target.span, what)


def _unknown(program: Program, written: str, owner: str | None, span: m.Span, what: str) -> Diagnostic:
    checklist, _, number = written.rpartition(".")
    checklist = checklist or owner or "?"
    notes: list[str] = []
    if checklist not in program.checklists:
        known = ", ".join(sorted(program.checklists)) or "none"
        notes.append(f"no checklist is called `{checklist}`; checklists: {known}")
        close = difflib.get_close_matches(checklist, program.checklists, n=1)
        hint = f"did you mean `{close[0]}.{number}`?" if close else None
        hint = hint or f"jump to CHECKLIST.NUMBER in one of: {known}, or add a checklist `{checklist}`"
        fix = Fix(f"Change to `{close[0]}.{number}`", f"{close[0]}.{number}", written) if close else None
        return diag(UNKNOWN_STEP, f"{what} goes to `{written}`, which does not exist", span, *notes, help=hint, fix=fix)
    numbers = [s.number for s in program.checklists[checklist].steps]
    hint = f"add a step {number} to `{checklist}`, or jump to one of its steps"
    fix = None
    if number.isdigit() and numbers:
        near = min(numbers, key=lambda n: (abs(n - int(number)), n))
        fuzzy = difflib.get_close_matches(number, [str(n) for n in numbers], n=1, cutoff=0.6)
        guess = fuzzy[0] if fuzzy else str(near)
        hint = f"did you mean step {guess}? `{checklist}` has steps {min(numbers)}-{max(numbers)}"
        new = f"{checklist}.{guess}" if "." in written else guess  # as it was written: local or not
        fix = Fix(f"Change to step {new}", new, written)
    return diag(
        UNKNOWN_STEP,
        f"{what} goes to step {written}, which `{checklist}` does not have",
        span,
        *notes,
        help=hint,
        fix=fix,
    )
