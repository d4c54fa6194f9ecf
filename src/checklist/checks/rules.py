"""The rules of `checklist check`, one module each, in the order they run."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from checklist.checks import (
    branches,
    cards,
    computing,
    dispatch,
    expectations,
    facts,
    formulas,
    no_exit,
    no_otherwise,
    numbering,
    splits,
    start_end,
    tables,
    unknown_step,
    unreachable,
)
from checklist.graph.flowgraph import FlowGraph
from checklist.graph.program import Program
from checklist.model.diagnostics import Diagnostic

Rule = Callable[[Program, FlowGraph], Iterable[Diagnostic]]

RULES: tuple[Rule, ...] = (
    start_end.run,
    unknown_step.run,
    unreachable.run,
    no_exit.run,
    no_otherwise.run,
    splits.run,
    branches.run,
    facts.run,
    formulas.run,
    tables.run,
    computing.run,
    cards.run,
    dispatch.run,
    numbering.run,
    expectations.run,
)
