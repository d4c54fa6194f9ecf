"""E311 computed facts in a circle, E312 a bad function call, E313 a bad ledger line, E007 a chain
of computed facts too deep to work out."""

from __future__ import annotations

from collections.abc import Iterator

from checklist import model as m
from checklist.checks.resolve import undefined_function
from checklist.compute.evaluate import ROLES
from checklist.compute.functions import FUNCTIONS
from checklist.graph.flowgraph import FlowGraph
from checklist.graph.program import Program
from checklist.model.diagnostics import (
    BAD_ATTRIBUTE,
    BAD_CALL,
    BAD_LEDGER,
    COMPUTE_CYCLE,
    TOO_DEEP,
    Diagnostic,
    diag,
)
from checklist.model.limits import MAX_COMPUTE_DEPTH
from checklist.model.vocabulary import ATTRIBUTES, KEYED, KEYED_STATE, STATE

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
                for expr in (action.expr, action.key):
                    if expr is not None:
                        yield from _calls(expr)
                        yield from _attributes(expr)
                yield from _recorded(action)


def _attributes(expr: m.Expr) -> Iterator[Diagnostic]:

    if isinstance(expr, m.Attr):
        if expr.role not in ROLES:
            yield _no_role(f"`{expr.role}.{expr.name}`", expr.span)
        elif expr.name not in ATTRIBUTES:
            yield diag(
                BAD_ATTRIBUTE,
                f"a combatant has no `{expr.name}`",
                expr.span,
                help=f"roster attributes: {', '.join(ATTRIBUTES)}",
            )
    elif isinstance(expr, m.Lookup) and expr.table in ROLES and expr.column not in KEYED:
        yield diag(
            BAD_ATTRIBUTE,
            f"a combatant has no `{expr.column}[...]`",
            expr.span,
            help=f"keyed roster attributes: {', '.join(KEYED)}",
        )
    for child in m.expr_children(expr):
        yield from _attributes(child)


def _no_role(what: str, span: m.Span) -> Diagnostic:
    return diag(
        BAD_ATTRIBUTE, f"{what} names no role", span, help=f"a combatant is named by its role: {', '.join(ROLES)}"
    )


def _recorded(action: m.Record) -> Iterator[Diagnostic]:

    if action.role not in ROLES:
        yield _no_role(f"`record {action.role}.{action.attr}`", action.span)
    elif action.key is None and action.attr in KEYED_STATE:
        yield diag(
            BAD_ATTRIBUTE,
            f"`{action.attr}` is kept for each key, and this record names none",
            action.span,
            help=f"name the key: record {action.role}.{action.attr}[wound-location] = ...",
        )
    elif action.key is None and action.attr not in STATE:
        yield diag(
            BAD_ATTRIBUTE,
            f"`{action.attr}` is not a state the flow can record",
            action.span,
            help=f"recordable: {', '.join(STATE)}; by key: {', '.join(KEYED_STATE)}",
        )
    elif action.key is not None and action.attr not in KEYED_STATE:
        yield diag(
            BAD_ATTRIBUTE,
            f"`{action.attr}[...]` is not a state kept for each key",
            action.span,
            help=f"kept for each key: {', '.join(KEYED_STATE)}; record the others without one",
        )


def _calls(expr: m.Expr) -> Iterator[Diagnostic]:
    if isinstance(expr, m.Call):
        function = FUNCTIONS.get(expr.func)
        if function is None:
            yield undefined_function(expr.func, expr.span)
        elif not function.least <= len(expr.args) <= function.most:
            low = function.least
            want = str(low) if low == function.most else f"{low} or more"
            yield diag(
                BAD_CALL,
                f"`{expr.func}` takes {want} arguments, not {len(expr.args)}",
                expr.span,
                help="see docs/language.md, section Computed facts",
            )
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
    finished: set[str] = set()  # explored to the end without a circle: never walked again
    for start in reads:
        cycle = _find_cycle(start, reads, done, finished)
        if cycle:
            fact = program.facts[cycle[0]]
            shown = " -> ".join([*cycle, cycle[0]])
            yield diag(
                COMPUTE_CYCLE,
                f"computed fact `{cycle[0]}` depends on itself: {shown}",
                fact.span,
                help="compute one of them from other facts, or ask it",
            )
            done.update(cycle)
    yield from _chains(program, reads, done)


def _find_cycle(start: str, reads: dict[str, list[str]], done: set[str], finished: set[str]) -> list[str] | None:
    """A circle of computed facts through `start`'s reads, by an explicit stack (chains of
    thousands of facts must not use up Python's recursion)."""
    path: list[str] = []
    on_path: set[str] = set()
    stack: list[tuple[str, int]] = [(start, 0)]
    while stack:
        name, index = stack.pop()
        if index == 0:
            if name in on_path:
                return path[path.index(name) :]
            if name in finished or name in done or name not in reads:
                continue
            path.append(name)
            on_path.add(name)
        if index < len(reads[name]):
            stack.append((name, index + 1))
            stack.append((reads[name][index], 0))
        else:
            on_path.discard(path.pop())
            finished.add(name)
    return None


READ_COST = 2  # reading a computed fact costs the run about as much stack as two levels of nesting
# (the limit, MAX_COMPUTE_DEPTH, keeps the run under 700 frames: tests/checks/test_depth.py)


def _chains(program: Program, reads: dict[str, list[str]], cyclic: set[str]) -> Iterator[Diagnostic]:
    """E007: working out a fact nests too deep, counting the computed facts it reads in turn."""
    depth: dict[str, int] = {}
    via: dict[str, str] = {}
    for start in reads:
        stack, waiting = [start], {start}
        while stack:
            name = stack[-1]
            if name in depth or name in cyclic:
                waiting.discard(stack.pop())
                continue
            todo = [n for n in reads[name] if n in reads and n not in depth and n not in cyclic and n not in waiting]
            if todo:
                stack.extend(todo)
                waiting.update(todo)
                continue
            waiting.discard(stack.pop())
            inputs = [n for n in reads[name] if n in depth]
            deepest = max(inputs, key=depth.__getitem__, default=None)
            expr = program.facts[name].expr
            assert expr is not None
            depth[name] = nesting(expr) + (depth[deepest] + READ_COST if deepest is not None else 0)
            if deepest is not None:
                via[name] = deepest
    for name, total in depth.items():
        first = via.get(name)
        if total > MAX_COMPUTE_DEPTH and (first is None or depth[first] <= MAX_COMPUTE_DEPTH):
            chain = [name]
            while chain[-1] in via and len(chain) < 6:
                chain.append(via[chain[-1]])
            yield diag(
                TOO_DEEP,
                f"working out `{name}` nests {total} deep, more than {MAX_COMPUTE_DEPTH}, through the "
                f"computed facts it reads: {' -> '.join(chain)}" + (" -> ..." if chain[-1] in via else ""),
                program.facts[name].span,
                f"each computed fact read counts {READ_COST}, plus the nesting of its expression",
                help="ask one of the facts in the chain instead of computing it, or compute it from "
                "facts nearer the inputs",
            )


def nesting(expr: m.Expr) -> int:
    """How deep an expression nests (conditions of `if` included); the parser keeps it at most MAX_NESTING."""
    deepest, stack = 0, [(expr, 1)]
    while stack:
        node, level = stack.pop()
        deepest = max(deepest, level)
        if isinstance(node, m.IfElse):
            deepest = max(deepest, level + condition_nesting(node.condition))
        stack.extend((child, level + 1) for child in m.expr_children(node))
    return deepest


def condition_nesting(cond: m.Condition) -> int:
    deepest, stack = 0, [(cond, 1)]
    while stack:
        node, level = stack.pop()
        deepest = max(deepest, level)
        if isinstance(node, (m.AllOf, m.AnyOf)):
            stack.extend((item, level + 1) for item in node.items)
    return deepest


def _line(program: Program, action: m.Add) -> Iterator[Diagnostic]:
    ledger = program.facts.get(action.ledger)
    fact = program.facts.get(action.fact)
    if ledger is not None and ledger.kind != "ledger":
        yield diag(
            BAD_LEDGER,
            f"`{action.ledger}` is not a ledger",
            action.span,
            f"it is declared `{ledger.kind}` at {ledger.span}",
            help=f'declare it `fact {action.ledger} : ledger per {ledger.scope} "Title"`',
        )
    if fact is not None and fact.kind not in NUMBERS:
        yield diag(
            BAD_LEDGER,
            f"`{action.fact}` is not a number, so it cannot be a ledger line",
            action.span,
            f"it is declared `{fact.kind}` at {fact.span}",
            help="add a number fact (computed, if need be) instead",
        )
