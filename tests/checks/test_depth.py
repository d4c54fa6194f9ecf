"""Deep and long input (issue 17, class 2): the checker answers every nesting, up to 100 000 deep
or long, with a result or a diagnostic, never a RecursionError; and what it lets through, the
run works out within Python's default recursion limit."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from checklist import check, load
from checklist.checks.computing import READ_COST
from checklist.engine.reader import Reader
from checklist.engine.state import Known
from checklist.model.limits import MAX_COMPUTE_DEPTH, MAX_NESTING

HEAD = 'checklist t "T"\nstart 1\nfact a : yes/no per turn "A?"\nfact n : number per turn "N?"\n'
TAIL = 'step 1 "One"\n  if s > 3 -> end\n  else -> end\n'


def expression(shape: str, n: int) -> tuple[str, int]:
    """A flow of the given shape and size, and how deep it nests (as the limit counts)."""
    if shape == "sum":
        return HEAD + 'fact s : number per turn "S" = ' + " + ".join(["n"] * n) + "\n" + TAIL, n
    if shape == "product":
        return HEAD + 'fact s : number per turn "S" = ' + " * ".join(["n"] * n) + "\n" + TAIL, n
    if shape == "negation":
        return HEAD + 'fact s : number per turn "S" = ' + "-" * n + "n\n" + TAIL, n + 1
    if shape == "parentheses":  # parentheses alone add nothing: only the operators inside them
        return HEAD + 'fact s : number per turn "S" = ' + "(" * n + "n" + ")" * n + "\n" + TAIL, 1
    if shape == "right-nested":
        return HEAD + 'fact s : number per turn "S" = ' + "(n - " * n + "n" + ")" * n + "\n" + TAIL, n + 1
    if shape == "calls":
        return HEAD + 'fact s : number per turn "S" = ' + "min(" * n + "n" + ")" * n + "\n" + TAIL, n + 1
    if shape == "if-then":
        text = 'fact s : number per turn "S" = ' + "if a then " * n + "1" + " else 2" * n + "\n"
        return HEAD + text + TAIL, n + 1
    if shape == "and-chain":  # a flat `and`: one level
        return HEAD + 'step 1 "One"\n  if ' + " and ".join(["a"] * n) + " -> end\n  else -> end\n", 2
    if shape == "and-or-nested":
        half = max(1, n // 2)
        cond = "(a and (a or " * half + "a" + "))" * half
        return HEAD + 'step 1 "One"\n  if ' + cond + " -> end\n  else -> end\n", 2 * half + 1
    raise AssertionError(shape)


SHAPES = ("sum", "product", "negation", "parentheses", "right-nested", "calls", "if-then", "and-chain",
          "and-or-nested")  # fmt: skip
SIZES = st.one_of(st.integers(1, 300), st.sampled_from([MAX_NESTING - 1, MAX_NESTING, MAX_NESTING + 1, 2_000,
                                                         10_000]))  # fmt: skip


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])  # fmt: skip
@given(shape=st.sampled_from(SHAPES), n=SIZES)
@example(shape="sum", n=100_000)
@example(shape="if-then", n=100_000)
@example(shape="and-or-nested", n=100_000)
@example(shape="right-nested", n=100_000)
@example(shape="calls", n=100_000)
def test_any_nesting_gets_a_result_or_a_diagnostic(shape: str, n: int, tmp_path: Path) -> None:
    text, depth = expression(shape, n)
    path = tmp_path / "deep.flow"
    path.write_text(text, encoding="utf-8")
    codes = [d.code.code for d in check(load(path))]
    assert ("E007" in codes) == (depth > MAX_NESTING), (shape, n, depth, codes)
    assert "E001" not in codes


def chain(length: int, cost: int) -> str:
    """`length` computed facts, each reading the next, each `cost` deep of its own."""
    facts = []
    for i in range(length):
        read = f"c{i + 1}" if i + 1 < length else "n"
        facts.append(f'fact c{i} : number per turn "C" = {read}' + " + 1" * (cost - 1) + "\n")
    return HEAD + "".join(facts) + TAIL.replace("s >", "c0 >")


@pytest.mark.parametrize(("length", "cost"), [(1, MAX_NESTING), (37, 2), (38, 2), (5_000, 2), (15, 8), (16, 8)])
def test_chains_of_computed_facts_are_refused_past_the_limit_and_worked_out_below_it(
    length: int, cost: int, tmp_path: Path
) -> None:
    path = tmp_path / "chain.flow"
    path.write_text(chain(length, cost), encoding="utf-8")
    program = load(path)
    codes = [d.code.code for d in check(program)]
    total = length * cost + (length - 1) * READ_COST
    assert ("E007" in codes) == (total > MAX_COMPUTE_DEPTH), (length, cost, total, codes)
    if "E007" not in codes:  # what the checker lets through, the run works out, with stack to spare
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(700)
        try:
            reader = Reader(program, (Known("n", 1, "turn", "number", "t.1", 0),), "t.1", 1)
            assert reader.read("c0") == 1 + length * (cost - 1)
        finally:
            sys.setrecursionlimit(limit)


def test_a_cycle_of_5000_computed_facts_is_one_diagnostic(tmp_path: Path) -> None:
    facts = "".join(f'fact c{i} : number per turn "C" = c{(i + 1) % 5000} + 1\n' for i in range(5000))
    path = tmp_path / "cycle.flow"
    path.write_text(HEAD + facts + TAIL.replace("s >", "c0 >"), encoding="utf-8")
    assert [d.code.code for d in check(load(path)) if d.severity == "error"] == ["E311"]
