"""Names and types inside formulas and conditions: E301 a formula names a fact the flow does not
declare (`medic-skil`, or `a-b` meaning `a - b`), E316 a yes/no or choice fact used as a number,
or a number compared with a value name, E305 a computed fact that can come out as a value it
cannot take.

A formula's bare name is a fact when the flow declares one by that name, otherwise a value
(`yes`, `torso`). Where a number is needed (`+ - * /`, a comparison, `min`, `success`), or where a
number fact's value comes out, a value makes no sense: the name was meant as a fact.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from checklist import model as m
from checklist.checks.facts import fact_values
from checklist.checks.resolve import looks_like_fact, undefined_fact
from checklist.compute.evaluate import ROLES, matches
from checklist.graph.flowgraph import FlowGraph
from checklist.graph.program import Program
from checklist.model.diagnostics import BAD_VALUE, TYPE_MISMATCH, Diagnostic, diag
from checklist.model.names import slug

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass

NUMBER_KINDS = ("number", "roll", "ledger")
NUMERIC_FUNCTIONS = ("min", "max", "floor", "ceil", "abs")
TABLE_FIRST = ("success", "cell")  # functions whose first argument names a table


@dataclass(frozen=True, slots=True)
class Want:
    """What a place in a formula takes: a number, one of a fact's values, a table key, or anything."""

    number: bool = False
    of: m.Fact | None = None  # the computed fact whose value comes out here
    values: frozenset[str] | None = None  # the values it can take
    table: m.Table | None = None  # a key of this table's look-up
    index: int = 0  # the key's position


NUMBER = Want(number=True)
ANY = Want()


def run(program: Program, graph: FlowGraph) -> Iterator[Diagnostic]:
    kinds = _Kinds(program)
    for fact in program.facts.values():
        if fact.expr is not None:
            yield from _walk(program, kinds, fact.expr, kinds.result(fact))
        if fact.dice_expr is not None:
            yield from _walk(program, kinds, fact.dice_expr, ANY)
    for step in program.steps.values():
        for jump in step.jumps:
            if isinstance(jump, m.Branch):
                yield from _condition(kinds, jump.condition)
        for action in step.actions:
            if isinstance(action, m.Record):
                for expr in (action.expr, action.key):
                    if expr is not None:
                        yield from _walk(program, kinds, expr, ANY)


class _Kinds:
    """Each fact's values and whether it is a number, worked out once per fact."""

    def __init__(self, program: Program) -> None:
        self.program = program
        self.values: dict[str, frozenset[str] | None] = {}
        self.every: frozenset[str] | None = None

    def of(self, fact: m.Fact) -> frozenset[str] | None:
        if fact.name not in self.values:
            found = fact_values(self.program, fact)
            self.values[fact.name] = frozenset(found) if found is not None else None
        return self.values[fact.name]

    def known(self) -> frozenset[str]:
        """Every value the flow names: the facts' choices, the tables' cells, `yes`, `no`, `none`."""
        if self.every is None:
            found = {"yes", "no", "none"}
            for fact in self.program.facts.values():
                found.update(self.of(fact) or ())
            for table in self.program.tables.values():
                found.update(slug(cell) for row in table.rows for cell in row.cells)
            self.every = frozenset(found)
        return self.every

    def numeric(self, fact: m.Fact) -> bool:
        if fact.kind in NUMBER_KINDS:
            return True
        values = self.of(fact) if fact.kind in ("choice", "table") else None
        return bool(values) and all(_is_int(v) for v in values or ())

    def result(self, fact: m.Fact) -> Want:
        """What a computed fact's formula must come out as."""
        if self.numeric(fact):
            return Want(number=True, of=fact)
        values = self.of(fact)
        return Want(of=fact, values=values) if values is not None and fact.kind != "table" else ANY


def _walk(program: Program, kinds: _Kinds, expr: m.Expr, want: Want) -> Iterator[Diagnostic]:
    if isinstance(expr, m.Name):
        yield from _name(program, kinds, expr, want)
    elif isinstance(expr, m.IfElse):
        yield from _condition(kinds, expr.condition)
        yield from _walk(program, kinds, expr.then, want)
        yield from _walk(program, kinds, expr.other, want)
    elif isinstance(expr, (m.BinOp, m.Neg, m.Test)):
        for child in m.expr_children(expr):
            yield from _walk(program, kinds, child, NUMBER)
    elif isinstance(expr, m.Lookup):
        table = program.tables.get(expr.table) if expr.table not in ROLES else None
        for index, key in enumerate(expr.keys):
            yield from _walk(program, kinds, key, Want(table=table, index=index) if table is not None else ANY)
    elif isinstance(expr, m.Call):
        for index, arg in enumerate(expr.args):
            if index > 0 or expr.func not in TABLE_FIRST:  # the table is resolved by checks/tables.py
                yield from _walk(program, kinds, arg, _argument(expr.func, index))


def _argument(func: str, index: int) -> Want:
    """What argument `index` of a call takes: `success(TABLE, ROLL, SKILL)` numbers after the table."""
    return NUMBER if func in NUMERIC_FUNCTIONS or (func == "success" and index > 0) else ANY


def _name(program: Program, kinds: _Kinds, expr: m.Name, want: Want) -> Iterator[Diagnostic]:
    fact = program.facts.get(expr.name)
    if fact is not None:
        if want.number and not kinds.numeric(fact):
            yield _not_a_number(fact, expr.span, want)
        return
    if want.number:
        why = f"`{want.of.name}` is a number" if want.of is not None else "a number is needed here"
        yield undefined_fact(program, expr.name, expr.span, f"{why}; a name that is not a fact is a value, like `yes`")
    elif want.values is not None:
        if expr.name not in want.values:
            yield _bad_result(program, want, expr)
    elif want.table is not None and _keys(want.table, want.index, expr.name):
        return  # a value some row has as its key
    elif expr.name not in kinds.known() and looks_like_fact(program, expr.name):
        where = f"; no row of `{want.table.name}` has it either" if want.table is not None else ""
        yield undefined_fact(program, expr.name, expr.span, f"no fact, table row or choice has this value{where}")


def _keys(table: m.Table, index: int, value: str) -> bool:
    """Whether some row of `table` names `value` as its key at `index` (an empty cell takes any
    value, and so names none)."""
    return any(index < len(r.cells) and r.cells[index] and matches(r.cells[index], value) for r in table.rows)


def _bad_result(program: Program, want: Want, expr: m.Name) -> Diagnostic:
    assert want.of is not None and want.values is not None
    if looks_like_fact(program, expr.name):
        return undefined_fact(
            program, expr.name, expr.span, f"`{expr.name}` is no value of `{want.of.name}`, and no fact either"
        )
    return diag(
        BAD_VALUE,
        f"fact `{want.of.name}` cannot be `{expr.name}`",
        expr.span,
        f"its values: {', '.join(sorted(want.values)[:12])}",
        help=f"use one of the values declared at {want.of.span}, or a fact",
    )


def _not_a_number(fact: m.Fact, span: m.Span, want: Want) -> Diagnostic:
    where = f"`{want.of.name}` is a number" if want.of is not None else "a number is needed here"
    return diag(
        TYPE_MISMATCH,
        f"fact `{fact.name}` is {_kind(fact)}, not a number",
        span,
        f"{where}; `{fact.name}` is declared at {fact.span}",
        help=_test_instead(fact),
    )


def _condition(kinds: _Kinds, cond: m.Condition) -> Iterator[Diagnostic]:
    """`if bleeding >= 5` of a yes/no fact, `if hp = low` of a number."""
    if isinstance(cond, (m.AllOf, m.AnyOf)):
        for item in cond.items:
            yield from _condition(kinds, item)
        return
    fact = kinds.program.facts.get(cond.fact)
    if fact is None:
        return  # E301, from checks/facts.py
    if isinstance(cond, m.Compare) and not kinds.numeric(fact):
        yield diag(
            TYPE_MISMATCH,
            f"fact `{fact.name}` is {_kind(fact)} and cannot be compared with a number",
            cond.span,
            f"`{fact.name}` is declared at {fact.span}",
            help=_test_instead(fact),
        )
    elif isinstance(cond, m.Equals) and isinstance(cond.value, str) and fact.kind in NUMBER_KINDS:
        yield diag(
            TYPE_MISMATCH,
            f"fact `{fact.name}` is a number and cannot be `{cond.value}`",
            cond.span,
            f"`{fact.name}` is declared at {fact.span}",
            help=f"compare it with a number: `{fact.name} = 0`, `{fact.name} >= 5`",
        )


def _kind(fact: m.Fact) -> str:
    return {"yes/no": "a yes/no fact", "choice": "a choice", "table": "a choice"}.get(fact.kind, f"a {fact.kind}")


def _test_instead(fact: m.Fact) -> str:
    if fact.kind == "yes/no":
        return f"test it as yes or no: `if {fact.name}`, `if not {fact.name}`"
    return f"test one of its values: `if {fact.name} = VALUE`"


def _is_int(text: str) -> bool:
    return text.lstrip("-").isdigit()
