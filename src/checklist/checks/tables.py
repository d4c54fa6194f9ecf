"""E303 undefined table (or column), W304 unused table, E308 no columns, W309 duplicate rows."""

from __future__ import annotations

from collections.abc import Iterator

from checklist import model as m
from checklist.checks.resolve import undefined_column, undefined_table
from checklist.compute.evaluate import ROLES
from checklist.graph.flowgraph import FlowGraph
from checklist.graph.program import Program
from checklist.model.diagnostics import BAD_TABLE, DUPLICATE_ROW, UNUSED_TABLE, Diagnostic, diag


def mentions(program: Program) -> Iterator[tuple[str, m.Span, str | None]]:
    """(table, span, column or None) for every place that names a table."""
    for step in program.steps.values():
        for jump in step.jumps:
            if isinstance(jump, m.Dispatch):
                yield jump.table, jump.span, jump.column
        for use in step.uses:
            yield use.table, use.span, None
    for fact in program.facts.values():
        if fact.table is not None:
            yield fact.table, fact.span, None
        for expr in (fact.expr, fact.dice_expr):
            if expr is not None:
                yield from lookups(expr)
    for step in program.steps.values():
        for action in step.actions:
            if isinstance(action, m.Record):
                yield from lookups(action.expr)
                if action.key is not None:
                    yield from lookups(action.key)


def lookups(expr: m.Expr) -> Iterator[tuple[str, m.Span, str | None]]:
    if isinstance(expr, m.Lookup) and expr.table not in ROLES:
        yield expr.table, expr.span, expr.column
    elif isinstance(expr, m.Call) and expr.func in ("success", "cell") and isinstance(expr.args[0], m.Name):
        yield expr.args[0].name, expr.args[0].span, None
    for child in m.expr_children(expr):
        yield from lookups(child)


def _key_widths(program: Program) -> dict[str, int]:
    """How many key columns each table's look-ups give (`consciousness.roll[a, b, c, d]`: 4)."""
    widths: dict[str, int] = {}
    stack = [f.expr for f in program.facts.values() if f.expr is not None]
    while stack:
        expr = stack.pop()
        if isinstance(expr, m.Lookup) and expr.table not in ROLES:
            widths[expr.table] = max(widths.get(expr.table, 0), len(expr.keys))
        stack.extend(m.expr_children(expr))
    return widths


def run(program: Program, graph: FlowGraph) -> Iterator[Diagnostic]:
    used: set[str] = set()
    for name, span, column in mentions(program):
        used.add(name)
        table = program.tables.get(name)
        if table is None:
            yield undefined_table(program, name, span)
        elif column is not None and table.column(column) is None:
            yield undefined_column(table, column, span)
    widths = _key_widths(program)
    for table in program.tables.values():
        if not table.columns:
            yield diag(
                BAD_TABLE,
                f"table `{table.name}` has no `columns` line",
                table.span,
                help="add `columns first | second | ...` under the table",
            )
        yield from _duplicate_rows(table, widths.get(table.name))
        if table.name not in used:
            yield diag(
                UNUSED_TABLE,
                f"table `{table.name}` is never used",
                table.span,
                "no dispatch, fact, look-up or `uses` line names it",
                help=f"add `uses {table.name}` to the step that consults it",
            )


def _duplicate_rows(table: m.Table, keys: int | None) -> Iterator[Diagnostic]:
    """Rows with the same key cells: the look-ups give the keys; with none, the first cell (and with
    3+ columns the second, which may refine the first)."""
    first: dict[tuple[str, ...], m.Row] = {}
    width = keys or (2 if len(table.columns) >= 3 else 1)
    for row in table.rows:
        key = tuple(row.cells[:width])
        if not key or not key[0]:
            continue  # rows keyed by a later column (e.g. hit-location sub-areas) have an empty first cell
        if key in first:
            same = "the same cells" if row.cells == first[key].cells else "different cells"
            shown = " | ".join(key)
            yield diag(
                DUPLICATE_ROW,
                f"table `{table.name}` has a second `{shown}` row, with {same}",
                row.span,
                f"the first is at {first[key].span}",
                help="remove the copy, or tell the rows apart",
            )
        else:
            first[key] = row
