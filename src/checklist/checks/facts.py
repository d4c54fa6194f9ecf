"""E301 undefined fact, W302 unused fact, E305 a value the fact cannot take."""

from __future__ import annotations

from collections.abc import Iterator

from checklist import model as m
from checklist.graph.flowgraph import FlowGraph
from checklist.graph.program import Program
from checklist.model.conditions import condition_mentions
from checklist.model.diagnostics import BAD_REF, BAD_VALUE, UNDEFINED_FACT, UNUSED_FACT, Diagnostic, Fix, diag
from checklist.model.dice import Dice, DiceError
from checklist.model.jumps import mentions
from checklist.model.names import slug


def fact_values(program: Program, fact: m.Fact) -> set[str] | None:
    """The values a fact can take, or None when any number goes."""
    if fact.kind in ("yes/no", "choice"):
        return set(fact.choices)
    if fact.kind == "table" and fact.table in program.tables:
        return {slug(row.cells[0]) for row in program.tables[fact.table].rows if row.cells}
    return None


def uses(step: m.Step) -> Iterator[tuple[str, m.Span, str | int | None]]:
    """(fact, span, value tested or None) for every mention of a fact in a step."""
    for jump in step.jumps:
        yield from mentions(jump)
    for option in step.options:
        yield option.fact, option.span, None
    for action in step.actions:
        if isinstance(action, (m.Add, m.Find)):
            yield action.fact, action.span, None
        if isinstance(action, m.Add):
            yield action.ledger, action.span, None
    for card in step.cards:
        yield card.fact, card.span, None


def expr_uses(program: Program, fact: m.Fact) -> Iterator[tuple[str, m.Span, str | int | None]]:
    """Facts a computed fact reads: its names that are facts, and its conditions' facts."""
    for expr in (fact.expr, fact.dice_expr):
        if expr is not None:
            yield from _expr(program, expr)
    if fact.assumed_unless is not None:
        yield fact.assumed_unless, fact.span, None
    named = program.default_fact(fact)  # `default npc-maneuver`
    if named is not None:
        yield named, fact.span, None
    for _, guard in fact.guards:
        yield guard, fact.span, "yes"


def record_uses(program: Program, step: m.Step) -> Iterator[tuple[str, m.Span, str | int | None]]:
    """Facts a step's `record` lines read."""
    for action in step.actions:
        if isinstance(action, m.Record):
            yield from _expr(program, action.expr)
            if action.key is not None:
                yield from _expr(program, action.key)


def _expr(program: Program, expr: m.Expr) -> Iterator[tuple[str, m.Span, str | int | None]]:
    if isinstance(expr, m.Name) and expr.name in program.facts:
        yield expr.name, expr.span, None
    if isinstance(expr, m.IfElse):
        yield from condition_mentions(expr.condition)
    for child in m.expr_children(expr):
        yield from _expr(program, child)


def run(program: Program, graph: FlowGraph) -> Iterator[Diagnostic]:
    used: set[str] = set()
    allowed: dict[str, set[str] | None] = {}  # fact_values by fact name, worked out once per fact
    mentions = [u for step in program.steps.values() for u in (*uses(step), *record_uses(program, step))]
    mentions += [u for fact in program.facts.values() for u in expr_uses(program, fact)]
    for name, span, value in mentions:
        used.add(name)
        fact = program.facts.get(name)
        if fact is None:
            yield _undefined(program, name, span)
        elif value is not None:
            if name not in allowed:
                allowed[name] = fact_values(program, fact)
            values = allowed[name]
            if values is not None and str(value) not in values:
                yield from _value(program, fact, value, span, values)
    yield from _counts(program)
    for fact in program.facts.values():
        if fact.dice is not None:
            yield from _dice(fact)
        if fact.assumed is not None:
            yield from _assumed(program, fact, fact.assumed, "assume")
        literal = program.default_value(fact)
        if literal is not None:
            yield from _assumed(program, fact, literal, "default")
        if fact.name not in used:
            yield diag(
                UNUSED_FACT,
                f"fact `{fact.name}` is never asked",
                fact.span,
                "no condition, choose, dispatch or options names it",
                help="use it in a step, or remove it",
            )


def _dice(fact: m.Fact) -> Iterator[Diagnostic]:

    try:
        Dice.parse(fact.dice or "")
    except DiceError as exc:
        yield diag(
            BAD_REF,
            f"fact `{fact.name}` rolls impossible dice: {exc}",
            fact.span,
            help="write dice like 3d6, 1d6+2 or 2d6-1",
        )


def _assumed(program: Program, fact: m.Fact, value: str | int, word: str) -> Iterator[Diagnostic]:
    """`assume VALUE` or `default VALUE`: a value the fact can take."""
    if fact.kind == "weapon" and word == "assume" and value == "readied":
        return  # `assume readied`: the table view takes the readied weapon
    if fact.kind in ("ledger", "combatant", "weapon"):
        yield diag(
            BAD_VALUE,
            f"fact `{fact.name}` cannot {word} a value: a {fact.kind} "
            + ("is never assumed" if word == "assume" else "takes its default from the roster"),
            fact.span,
            help="a weapon fact may only `assume readied`" if fact.kind == "weapon" else f"remove `{word} ...`",
        )
    elif fact.kind in ("number", "roll"):
        if not isinstance(value, int):
            yield diag(
                BAD_VALUE,
                f"fact `{fact.name}` is a number and cannot {word} `{value}`",
                fact.span,
                help=f"{word} a whole number, e.g. `{word} 0`",
            )
    else:
        yield from _value(program, fact, str(value), fact.span, fact_values(program, fact))


def _counts(program: Program) -> Iterator[Diagnostic]:
    """A counted split (`for each hit of hits-landing`) counts with a number, and its branch number is one too."""
    for step in program.steps.values():
        for jump in step.jumps:
            if not isinstance(jump, m.Split) or jump.count is None:
                continue
            for name, role in ((jump.count, "counts the branches"), (jump.item, "is each branch's number")):
                fact = program.facts.get(name or "")
                if fact is not None and fact.kind not in ("number", "roll"):
                    yield diag(
                        BAD_VALUE,
                        f"split at {step.key}: `{name}` {role} but is a {fact.kind}",
                        jump.span,
                        f"`{name}` is declared at {fact.span}",
                        help=f"declare `{name}` as a number: `fact {name} : number per attack ...`",
                    )


def _undefined(program: Program, name: str, span: m.Span) -> Diagnostic:
    import difflib

    close = difflib.get_close_matches(name, program.facts, n=1)
    hint = f"did you mean `{close[0]}`?" if close else f'declare it: `fact {name} : yes/no per turn "Question?"`'
    fix = Fix(f"Change to `{close[0]}`", close[0], name) if close else None
    return diag(UNDEFINED_FACT, f"fact `{name}` is not declared", span, help=hint, fix=fix)


def _value(
    program: Program, fact: m.Fact, value: str | int, span: m.Span, allowed: set[str] | None
) -> Iterator[Diagnostic]:
    if allowed is None or str(value) in allowed:
        return
    shown = ", ".join(sorted(allowed)[:12])
    yield diag(
        BAD_VALUE,
        f"fact `{fact.name}` cannot be `{value}`",
        span,
        f"its values: {shown}",
        help=f"use one of the values declared at {fact.span}",
    )
