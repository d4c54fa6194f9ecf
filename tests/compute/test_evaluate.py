"""compute/evaluate.py: the value of an expression that reads nothing, as the evaluator works it out."""

from __future__ import annotations

import pytest

from checklist import model as m
from checklist.compute.evaluate import Evaluator, as_value, constant
from checklist.graph.program import Program

HERE = m.Span("combat.flow", 1, 1, 1, 2)


def nothing(_: object) -> None:
    raise AssertionError("a constant reads nothing")


@pytest.mark.parametrize(
    "expr",
    [m.Num(0, HERE), m.Num(3, HERE), m.Num(-2, HERE), m.Name("no", HERE), m.Name("lying", HERE)],
)
def test_a_constant_is_what_the_evaluator_works_it_out_to(flow: Program, expr: m.Expr) -> None:
    worked = Evaluator(flow, nothing, nothing).run(expr)
    assert constant(flow, expr) == as_value(worked.value)[0]
    assert worked.facts == ()


def test_a_name_that_is_a_fact_and_arithmetic_are_not_constants(flow: Program) -> None:
    assert "failed-consciousness" in flow.facts
    assert constant(flow, m.Name("failed-consciousness", HERE)) is None
    assert constant(flow, m.BinOp("+", m.Num(1, HERE), m.Num(2, HERE), HERE)) is None
