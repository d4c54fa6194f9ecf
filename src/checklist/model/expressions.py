"""Expressions of computed facts: numbers, names, table look-ups, calls and arithmetic."""

from __future__ import annotations

from dataclasses import field
from typing import TYPE_CHECKING, Literal

from checklist.model.nodes import Condition, Span, condition_facts

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass

# ---- expressions (computed facts) -----------------------------------------


@dataclass(frozen=True, slots=True)
class Num:
    value: int
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class Name:
    """A fact, if the flow declares one by this name; otherwise a value such as `yes` or `torso`."""

    name: str
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class Lookup:
    """`table.column[key, ...]`: the cell of the row whose leading cells match the keys."""

    table: str
    column: str
    keys: tuple[Expr, ...]
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class Call:
    func: str
    args: tuple[Expr, ...]
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class BinOp:
    op: Literal["+", "-", "*", "/"]
    left: Expr
    right: Expr
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class Neg:
    operand: Expr
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class IfElse:
    condition: Condition
    then: Expr
    other: Expr
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class Test:
    """`a > b` between two expressions: the value `yes` or `no`."""

    op: Literal[">=", "<=", ">", "<"]
    left: Expr
    right: Expr
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class Attr:
    """`actor.hp`: an attribute of a combatant of the roster, by role (actor, target)."""

    role: str
    name: str
    span: Span = field(compare=False)


Expr = Num | Name | Lookup | Call | BinOp | Neg | IfElse | Test | Attr


def expr_children(expr: Expr) -> tuple[Expr, ...]:
    if isinstance(expr, Lookup):
        return expr.keys
    if isinstance(expr, Call):
        return expr.args
    if isinstance(expr, (BinOp, Test)):
        return (expr.left, expr.right)
    if isinstance(expr, Neg):
        return (expr.operand,)
    if isinstance(expr, IfElse):
        return (expr.then, expr.other)
    return ()


def success_calls(expr: Expr | None) -> list[Call]:
    """Every `success(TABLE, ROLL, SKILL[, CRITICAL-SKILL])` in `expr`: what each roll is rolled
    against (the screen before the roll, the line after it, whose roll it is)."""
    if expr is None:
        return []
    found = [expr] if isinstance(expr, Call) and expr.func == "success" and len(expr.args) in (3, 4) else []
    return found + [call for child in expr_children(expr) for call in success_calls(child)]


def sum_terms(expr: Expr, sign: int = 1) -> list[tuple[int, Expr]]:
    """A sum's terms with their signs: `a + b - c` is (+1, a), (+1, b), (-1, c)."""
    if isinstance(expr, BinOp) and expr.op in "+-":
        return [*sum_terms(expr.left, sign), *sum_terms(expr.right, sign if expr.op == "+" else -sign)]
    return [(sign, expr)]


def expr_names(expr: Expr) -> list[Name]:
    """Every bare name in an expression (facts and values alike), conditions included."""
    out: list[Name] = [expr] if isinstance(expr, Name) else []
    if isinstance(expr, IfElse):
        out.extend(Name(f, s) for f, s in condition_facts(expr.condition))
    for child in expr_children(expr):
        out.extend(expr_names(child))
    return out
