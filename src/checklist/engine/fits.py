"""Whether a worked-out value is one its fact can take: a number, one of its choices, a name, a table's row."""

from __future__ import annotations

from checklist import model as m
from checklist.engine.questions import Value
from checklist.model.kept import Kept
from checklist.model.names import slug


def fits(decl: m.Fact, value: Value, tables: dict[str, m.Table]) -> bool:
    """Whether `value` is one of `decl`'s values."""
    if decl.kind in ("number", "roll", "ledger"):
        return isinstance(value, int)
    if decl.kind in ("yes/no", "choice"):
        return str(value) in decl.choices
    if decl.kind in ("combatant", "weapon"):  # a name the roster gave
        return isinstance(value, str) and value != ""
    table = tables.get(decl.table or "")
    return table is not None and str(value) in _row_names(table)


_ROW_NAMES: Kept[m.Table, frozenset[str]] = Kept()


def _row_names(table: m.Table) -> frozenset[str]:
    """The values a table fact can take: its rows' first cells, as slugs (made once per table)."""
    return _ROW_NAMES.made(table, lambda t: frozenset(slug(r.cells[0]) for r in t.rows if r.cells))
