"""`checklist check`: one rule per module, joined in RULES (as sqlglot's optimizer does)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from checklist.checks import (
    cards,
    computing,
    dispatch,
    expectations,
    facts,
    no_exit,
    no_otherwise,
    numbering,
    splits,
    start_end,
    tables,
    unknown_step,
    unreachable,
)  # fmt: skip
from checklist.graph.flowgraph import FlowGraph
from checklist.graph.memory import gc_paused
from checklist.graph.program import Program
from checklist.model.diagnostics import SYNTAX, Diagnostic

Rule = Callable[[Program, FlowGraph], Iterable[Diagnostic]]

RULES: tuple[Rule, ...] = (
    start_end.run,
    unknown_step.run,
    unreachable.run,
    no_exit.run,
    no_otherwise.run,
    splits.run,
    facts.run,
    tables.run,
    computing.run,
    cards.run,
    dispatch.run,
    numbering.run,
    expectations.run,
)


def check(program: Program) -> list[Diagnostic]:
    """Every finding for a program: load-time diagnostics, then each rule's.

    Graph rules are skipped when a line did not parse: the missing line would only
    produce misleading follow-on findings.
    """
    found = list(program.diagnostics)
    if not any(d.code is SYNTAX for d in found):
        with gc_paused():  # the rules make sets and lists of every step; see gc_paused
            for rule in RULES:
                found.extend(rule(program, program.flow))
    return sorted(found, key=Diagnostic.sort_key)
