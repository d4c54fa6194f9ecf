"""`checklist check`: one rule per module, joined in RULES (as sqlglot's optimizer does)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from checklist.graph.memory import gc_paused
from checklist.graph.program import Program
from checklist.model.diagnostics import SYNTAX, Diagnostic
from checklist.model.limits import MAX_LISTED_PER_CODE

if TYPE_CHECKING:
    from checklist.checks.rules import Rule


def __getattr__(name: str) -> tuple[Rule, ...]:
    """`RULES`, the rules in order (checks/rules.py), imported when first asked for."""
    if name != "RULES":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from checklist.checks.rules import RULES  # deferred: a command whose findings are cached runs no rule

    return RULES


def check(program: Program) -> list[Diagnostic]:
    """Every finding for a program: load-time diagnostics, then each rule's.

    Graph rules are skipped when a line did not parse: the missing line would only
    produce misleading follow-on findings.
    """
    from checklist.checks.rules import RULES  # deferred: see __getattr__

    listed = _Listed()
    listed.extend(program.diagnostics)
    if not any(d.code is SYNTAX for d in program.diagnostics):
        with gc_paused():  # the rules make sets and lists of every step; see gc_paused
            for rule in RULES:
                listed.extend(rule(program, program.flow))
    return sorted(listed.found + listed.more(), key=Diagnostic.sort_key)


class _Listed:
    """At most MAX_LISTED_PER_CODE findings of each code are kept (memory and output stay bounded
    on a flow with 100 000 broken steps); the rest become one line that counts them."""

    def __init__(self) -> None:
        self.found: list[Diagnostic] = []
        self.per_code: dict[str, int] = {}
        self.last: dict[str, Diagnostic] = {}

    def extend(self, diagnostics: Iterable[Diagnostic]) -> None:
        for d in diagnostics:
            seen = self.per_code.get(d.code.code, 0)
            self.per_code[d.code.code] = seen + 1
            if seen < MAX_LISTED_PER_CODE:
                self.found.append(d)
                self.last[d.code.code] = d

    def more(self) -> list[Diagnostic]:
        out = []
        for code, seen in self.per_code.items():
            if seen > MAX_LISTED_PER_CODE:
                last = self.last[code]
                hidden = seen - MAX_LISTED_PER_CODE
                out.append(
                    Diagnostic(
                        last.code,
                        f"and {hidden} more {last.code.name} findings, not listed",
                        last.span,
                        (f"only the first {MAX_LISTED_PER_CODE} findings of each code are listed",),
                        help="fix the listed ones first: one fix often clears many",
                        more=hidden,
                    )
                )
        return out
