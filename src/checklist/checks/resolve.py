"""Resolving a name, written once: a fact, a table, a column or a function that the flow does not
declare gets the same code and the same did-you-mean (model/names.py `closest`) wherever it is
written, in a condition, a jump or a formula."""

from __future__ import annotations

from checklist import model as m
from checklist.compute.functions import FUNCTIONS
from checklist.graph.program import Program
from checklist.model.diagnostics import BAD_CALL, UNDEFINED_FACT, UNDEFINED_TABLE, Diagnostic, Fix, diag
from checklist.model.names import closest


def undefined_fact(program: Program, name: str, span: m.Span, *notes: str) -> Diagnostic:
    """E301: `name` is no fact; the help says what it most likely meant (`a - b` for `a-b`)."""
    meant = closest(name, program.facts)
    if meant is None:
        hint = f'declare it: `fact {name} : yes/no per turn "Question?"`'
    elif " - " in meant:
        hint = f"did you mean `{meant}`? `-` between two names needs spaces around it"
    else:
        hint = f"did you mean `{meant}`?"
    return diag(UNDEFINED_FACT, f"fact `{name}` is not declared", span, *notes, help=hint, fix=_change(name, meant))


def _change(name: str, meant: str | None) -> Fix | None:
    """The quick fix of a did-you-mean: the name becomes the one meant."""
    return Fix(f"Change to `{meant}`", meant, name) if meant is not None else None


def looks_like_fact(program: Program, name: str) -> bool:
    """Whether an unknown name reads as a misspelt fact, or as `a-b` of two facts."""
    return closest(name, program.facts) is not None


def undefined_table(program: Program, name: str, span: m.Span) -> Diagnostic:
    meant = closest(name, program.tables)
    hint = f"did you mean `{meant}`?" if meant else f'declare it: `table {name} "Title"`'
    return diag(UNDEFINED_TABLE, f"table `{name}` is not declared", span, help=hint, fix=_change(name, meant))


def undefined_column(table: m.Table, column: str, span: m.Span) -> Diagnostic:
    meant = closest(column, table.columns)
    return diag(
        UNDEFINED_TABLE,
        f"table `{table.name}` has no column `{column}`",
        span,
        f"its columns: {', '.join(table.columns)}",
        help=f"did you mean `{meant}`?" if meant else "name one of its columns",
        fix=_change(column, meant),
    )


def undefined_function(name: str, span: m.Span) -> Diagnostic:
    meant = closest(name, FUNCTIONS)
    known = f"use one of: {', '.join(FUNCTIONS)}"
    return diag(
        BAD_CALL, f"there is no function `{name}`", span, help=f"did you mean `{meant}`? {known}" if meant else known
    )
