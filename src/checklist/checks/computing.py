"""E311 computed facts in a circle, E312 a bad function call, E313 a bad ledger line."""

from __future__ import annotations

from collections.abc import Iterator

from checklist import model as m
from checklist.compute.evaluate import ROLES
from checklist.graph.flowgraph import FlowGraph
from checklist.graph.program import Program
from checklist.model.diagnostics import BAD_ATTRIBUTE, BAD_CALL, BAD_LEDGER, COMPUTE_CYCLE, Diagnostic, diag
from checklist.model.vocabulary import ATTRIBUTES, KEYED, STATE

ARITY = {"min": (1, 99), "max": (1, 99), "floor": (1, 1), "ceil": (1, 1), "abs": (1, 1), "success": (3, 3),
         "cell": (3, 3)}  # fmt: skip
NUMBERS = ("number", "roll", "ledger")


def run(program: Program, graph: FlowGraph) -> Iterator[Diagnostic]:
    for fact in program.facts.values():
        for expr in (fact.expr, fact.dice_expr):
            if expr is not None:
                yield from _calls(expr)
                yield from _attributes(expr)
    yield from _cycles(program)
    for step in program.steps.values():
        for action in step.actions:
            if isinstance(action, m.Add):
                yield from _line(program, action)
            elif isinstance(action, m.Record):
                yield from _attributes(action.expr)
                yield from _recorded(action)


def _attributes(expr: m.Expr) -> Iterator[Diagnostic]:

    if isinstance(expr, m.Attr):
        if expr.role not in ROLES:
            yield _no_role(f"`{expr.role}.{expr.name}`", expr.span)
        elif expr.name not in ATTRIBUTES:
            yield diag(BAD_ATTRIBUTE, f"a combatant has no `{expr.name}`", expr.span,
                       help=f"roster attributes: {', '.join(ATTRIBUTES)}")  # fmt: skip
    elif isinstance(expr, m.Lookup) and expr.table in ROLES and expr.column not in KEYED:
        yield diag(BAD_ATTRIBUTE, f"a combatant has no `{expr.column}[...]`", expr.span,
                   help=f"keyed roster attributes: {', '.join(KEYED)}")  # fmt: skip
    for child in m.expr_children(expr):
        yield from _attributes(child)


def _no_role(what: str, span: m.Span) -> Diagnostic:
    return diag(BAD_ATTRIBUTE, f"{what} names no role", span,
                help=f"a combatant is named by its role: {', '.join(ROLES)}")  # fmt: skip


def _recorded(action: m.Record) -> Iterator[Diagnostic]:

    if action.role not in ROLES:
        yield _no_role(f"`record {action.role}.{action.attr}`", action.span)
    elif action.attr not in STATE:
        yield diag(BAD_ATTRIBUTE, f"`{action.attr}` is not a state the flow can record", action.span,
                   help=f"recordable states: {', '.join(STATE)}")  # fmt: skip


def _calls(expr: m.Expr) -> Iterator[Diagnostic]:
    if isinstance(expr, m.Call):
        low, high = ARITY.get(expr.func, (0, -1))
        if high < 0:
            yield diag(BAD_CALL, f"there is no function `{expr.func}`", expr.span,
                       help=f"use one of: {', '.join(ARITY)}")  # fmt: skip
        elif not low <= len(expr.args) <= high:
            want = str(low) if low == high else f"{low} or more"
            yield diag(BAD_CALL, f"`{expr.func}` takes {want} arguments, not {len(expr.args)}", expr.span,
                       help="see docs/language.md, section Computed facts")  # fmt: skip
    for child in m.expr_children(expr):
        yield from _calls(child)


def _reads(program: Program, fact: m.Fact) -> list[str]:
    if fact.expr is None:
        return []
    names = [n.name for n in m.expr_names(fact.expr)]
    return [n for n in names if n in program.facts]


def _cycles(program: Program) -> Iterator[Diagnostic]:
    reads = {name: _reads(program, f) for name, f in program.facts.items() if f.expr is not None}
    done: set[str] = set()
    for start in reads:
        path: list[str] = []
        cycle = _find_cycle(start, reads, path, set(), done)
        if cycle:
            fact = program.facts[cycle[0]]
            shown = " -> ".join([*cycle, cycle[0]])
            yield diag(COMPUTE_CYCLE, f"computed fact `{cycle[0]}` depends on itself: {shown}", fact.span,
                       help="compute one of them from other facts, or ask it")  # fmt: skip
            done.update(cycle)


def _find_cycle(name: str, reads: dict[str, list[str]], path: list[str], seen: set[str],
                done: set[str]) -> list[str] | None:  # fmt: skip
    if name in path:
        return path[path.index(name) :]
    if name in seen or name in done or name not in reads:
        return None
    seen.add(name)
    path.append(name)
    for nxt in reads[name]:
        found = _find_cycle(nxt, reads, path, seen, done)
        if found:
            return found
    path.pop()
    return None


def _line(program: Program, action: m.Add) -> Iterator[Diagnostic]:
    ledger = program.facts.get(action.ledger)
    fact = program.facts.get(action.fact)
    if ledger is not None and ledger.kind != "ledger":
        yield diag(BAD_LEDGER, f"`{action.ledger}` is not a ledger", action.span,
                   f"it is declared `{ledger.kind}` at {ledger.span}",
                   help=f'declare it `fact {action.ledger} : ledger per {ledger.scope} "Title"`')  # fmt: skip
    if fact is not None and fact.kind not in NUMBERS:
        yield diag(BAD_LEDGER, f"`{action.fact}` is not a number, so it cannot be a ledger line", action.span,
                   f"it is declared `{fact.kind}` at {fact.span}",
                   help="add a number fact (computed, if need be) instead")  # fmt: skip
