"""Evaluating an expression over known facts, showing the work.

Expressions have no loops and no recursion: each computed fact is a finite tree over other
facts, and the checker refuses cycles between computed facts (E311).  A name is a fact if
the flow declares one by that name, otherwise a value (`yes`, `torso`).  Numbers are exact
fractions while evaluating; a number fact keeps the value rounded down (GURPS rounds down
unless a rule says otherwise, B9).
"""

from __future__ import annotations

import math
import operator
import re
from collections.abc import Callable, Iterable
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from checklist import model as m
from checklist.compute import cells
from checklist.compute.functions import FUNCTIONS
from checklist.compute.success import success
from checklist.graph.program import Program
from checklist.model.conditions import COMPARE
from checklist.model.kept import Kept
from checklist.model.names import slug
from checklist.model.vocabulary import NAMED_KEYS

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass

Scalar = Fraction | str
Reader = Callable[[str], "int | str | None"]
TestCondition = Callable[[m.Condition], bool]
AttrReader = Callable[[str, str, "str | None"], "int | str"]  # (role, attribute, key) -> value
ROLES = ("actor", "target")


_ARITHMETIC: dict[str, Callable[[Fraction, Fraction], Fraction]] = {
    "+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv,
}  # fmt: skip
_SMALL = {n: Fraction(n) for n in range(-64, 257)}  # a Fraction takes a microsecond to make; these are shared


def fraction(number: int) -> Fraction:
    """`Fraction(number)`, shared for the small whole numbers the rules use most."""
    made = _SMALL.get(number)
    return made if made is not None else Fraction(number)


class Need(Exception):
    """An input fact is not known yet: ask (or compute) it first."""

    def __init__(self, fact: str) -> None:
        self.args = (fact,)  # what `super().__init__(fact)` sets, without its call: raised at every unknown read
        self.fact = fact


class Undecided(Need):
    """A condition the evaluator reads names a fact not known yet (`undecided`): `fact` is what to ask first."""

    def __init__(self, fact: str, undecided: str) -> None:
        super().__init__(fact)
        self.undecided = undecided


class Lacking:
    """Need's twin, given back instead of raised where the engine meets it most (a read of a fact not known yet):
    an exception makes a frame object for each frame it leaves. `fact` is what to ask first."""

    __slots__ = ("fact",)

    def __init__(self, fact: str) -> None:
        self.fact = fact


class CannotCompute(Exception):
    """The expression has no answer here (no table row, an empty cell): the game master decides."""


class NoRoster(CannotCompute):
    """The expression reads a combatant, and the run has no roster (or not that one): ask instead."""


@dataclass(frozen=True, slots=True)
class Worked:
    value: Scalar
    work: str
    facts: tuple[str, ...]  # the facts it read


Read = tuple[str, str] | tuple[str, str, str, str | None]  # ("input"|"read", fact) | ("attr", role, name, key)
Got = int | str | None  # what a read gave (a condition's read gives None for a fact not known)
Reads = list[Any]  # each read (a Read), then what it gave (a Got); a read last gave nothing: it raised


class Evaluator:
    __slots__ = ("program", "read", "holds", "attr", "facts", "reads")

    def __init__(self, program: Program, read: Reader, holds: TestCondition, attr: AttrReader | None = None) -> None:
        self.program = program
        self.read = read
        self.holds = holds  # a condition's truth; raises Need for an unknown fact
        self.attr = attr
        self.facts: list[str] = []
        self.reads: Reads | None = None  # a list: each read is noted there, in order (compute/recall.py)

    def run(self, expr: m.Expr) -> Worked:
        outer, self.facts = self.facts, []  # a run inside a run (a fact computed on the way) has its own
        try:
            value, work = self.worked(expr)
            return Worked(value, work, tuple(dict.fromkeys(self.facts)))
        finally:
            self.facts = outer

    def value_of(self, expr: m.Expr) -> Scalar:
        """`run(expr).value`, without the facts it read gathered: what a `record` keeps is the value alone."""
        outer, self.facts = self.facts, []
        try:
            return self.worked(expr)[0]
        finally:
            self.facts = outer

    def run_unnoted(self, expr: m.Expr) -> Worked:
        """`run`, its reads not noted: they are not the reads of the expression being worked out meanwhile."""
        reads, self.reads = self.reads, None
        try:
            return self.run(expr)
        finally:
            self.reads = reads

    def worked(self, expr: m.Expr) -> tuple[Scalar, str]:
        return _WORKED[type(expr)](self, expr)  # by the node's class: evaluating is the engine's hot path

    def num(self, expr: m.Num) -> tuple[Scalar, str]:
        return fraction(expr.value), str(expr.value)

    def named(self, expr: m.Name) -> tuple[Scalar, str]:
        return self.name(expr.name)

    def attribute(self, expr: m.Attr) -> tuple[Scalar, str]:
        return self.combatant(expr.role, expr.name, None)

    def looked_up(self, expr: m.Lookup) -> tuple[Scalar, str]:
        named = key_named(expr.column, expr.keys[0]) if expr.table in ROLES else None
        if named is not None:
            return self.combatant(expr.table, expr.column, named, named)
        if expr.table in ROLES:
            key, work = self.worked(expr.keys[0])
            return self.combatant(expr.table, expr.column, show(key), work)
        return self.lookup(expr)

    def negated(self, expr: m.Neg) -> tuple[Scalar, str]:
        value, work = self.number(expr.operand)
        return -value, f"-{work}"

    def test(self, expr: m.Test) -> tuple[Scalar, str]:
        left, lw = self.number(expr.left)
        right, rw = self.number(expr.right)
        ok = COMPARE[expr.op](left, right)
        return ("yes" if ok else "no"), f"{lw} {expr.op} {rw}"

    def either(self, expr: m.IfElse) -> tuple[Scalar, str]:
        chosen = expr.then if self.holds(expr.condition) else expr.other
        return self.worked(chosen)

    def combatant(self, role: str, attr: str, key: str | None, key_work: str = "") -> tuple[Scalar, str]:
        if self.attr is None:
            raise NoRoster("no roster")
        reads = self.reads
        if reads is not None:
            reads.append(("attr", role, attr, key))
        value = self.attr(role, attr, key)
        if reads is not None:
            reads.append(value)
        scalar: Scalar = fraction(value) if isinstance(value, int) else value
        where = f"{role}.{attr}" + (f"[{key_work}]" if key is not None else "")
        return scalar, f"{where} {show(scalar)}"

    def name(self, name: str) -> tuple[Scalar, str]:
        if name not in self.program.facts:
            return name, name
        reads = self.reads
        if reads is not None:
            reads.append(("input", name))
        value = self.read(name)
        if value is None:
            raise Need(name)
        if reads is not None:
            reads.append(value)
        self.facts.append(name)
        scalar: Scalar = fraction(value) if isinstance(value, int) else value
        return scalar, f"{name} {show(scalar)}"

    def number(self, expr: m.Expr) -> tuple[Fraction, str]:
        value, work = self.worked(expr)
        if isinstance(value, str):
            found = cells.number(value)
            if found is None:
                raise CannotCompute(f"`{value}` is not a number")
            value = found
        return value, work

    def binop(self, expr: m.BinOp) -> tuple[Scalar, str]:
        left, lw = self.number(expr.left)
        right, rw = self.number(expr.right)
        if expr.op == "/" and right == 0:
            raise CannotCompute(f"{rw} is 0: cannot divide by it")
        value = _ARITHMETIC[expr.op](left, right) if right or expr.op != "/" else left
        return value, f"({lw} {expr.op} {rw})"

    def call(self, expr: m.Call) -> tuple[Scalar, str]:
        if expr.func == "success":
            return self.success(expr)
        if expr.func == "cell":
            return self.cell(expr)
        function = FUNCTIONS.get(expr.func)
        if function is None or function.numeric is None:
            raise CannotCompute(f"no function `{expr.func}`")  # the checker reports it first (E312)
        args = [self.number(a) for a in expr.args]
        work = f"{expr.func}({', '.join(w for _, w in args)})"
        return function.numeric([v for v, _ in args]), work

    def success(self, expr: m.Call) -> tuple[Scalar, str]:
        table_name = expr.args[0].name if isinstance(expr.args[0], m.Name) else ""
        table = self.program.tables.get(table_name)
        if table is None:
            raise CannotCompute(f"no table `{table_name}`")
        roll, rw = self.number(expr.args[1])
        skill, sw = self.number(expr.args[2])
        result = success(table, roll, skill)
        work = f"{rw} against {sw} on {table_name}"
        if len(expr.args) > 3 and result == "critical-success":  # criticals judged against another skill
            plain, pw = self.number(expr.args[3])
            if success(table, roll, plain) != "critical-success":
                return "success", f"{work}; not critical against {pw}"
        return result, work

    def cell(self, expr: m.Call) -> tuple[Scalar, str]:
        """`cell(TABLE, ROW, COLUMN)`: the column named by a value (the wounding table by damage type)."""
        name = expr.args[0].name if isinstance(expr.args[0], m.Name) else ""
        column, work = self.worked(expr.args[2])
        lookup = m.Lookup(name, slug(show(column)), (expr.args[1],), expr.span)
        table = self.program.tables.get(name)
        if table is None or table.column(lookup.column) is None:
            raise CannotCompute(f"table `{name}` has no column `{show(column)}`")
        value, where = self.lookup(lookup)
        return value, f"{where} (column from {work})"

    def lookup(self, expr: m.Lookup) -> tuple[Scalar, str]:
        table = self.program.tables.get(expr.table)
        column = table.column(expr.column) if table is not None else None
        if table is None or column is None:
            raise CannotCompute(f"no column `{expr.column}` in table `{expr.table}`")
        found = _found(table)
        chosen: tuple[tuple[int, Scalar], ...] = ()
        shown: list[str] = []
        for index, key in enumerate(expr.keys):
            if found.keyless(chosen, index):
                continue  # every row left takes any value here: the key need not be known
            value, work = self.worked(key)
            shown.append(work)
            chosen += ((index, value),)
        rows = found.rows(chosen)
        where = f"{expr.table}.{expr.column}[{', '.join(shown)}]"
        if not rows:
            raise CannotCompute(f"table `{expr.table}` has no row for {', '.join(shown)}")
        cell = rows[0].cells[column] if column < len(rows[0].cells) else ""
        if not cell or cell.strip() in cells.NO_VALUE:
            raise CannotCompute(f"{where} gives no value (`{cell}`)")
        number = cells.number(cell)
        if number is None and not _WORD.fullmatch(cell.strip()):
            raise CannotCompute(f"{where} gives no single value (`{cell}`)")
        where += f" {cell}" + (f" ({refs})" if (refs := found.refs) else "")
        return (number if number is not None else slug(cell)), where


_WORKED: dict[type, Callable[[Evaluator, Any], tuple[Scalar, str]]] = {
    m.Num: Evaluator.num, m.Name: Evaluator.named, m.Attr: Evaluator.attribute, m.Lookup: Evaluator.looked_up,
    m.Call: Evaluator.call, m.Neg: Evaluator.negated, m.BinOp: Evaluator.binop, m.Test: Evaluator.test,
    m.IfElse: Evaluator.either,
}  # fmt: skip


class _Found:
    """How a table's rows are found, key by key, kept for the table: the rows left after each run of
    keys, and whether every one of them takes any value at the next key (lookups repeat every turn)."""

    __slots__ = ("refs", "_rows", "_keyless")

    def __init__(self, table: m.Table) -> None:
        self.refs = ", ".join(str(r) for r in table.refs)
        self._rows: dict[tuple[tuple[int, Scalar], ...], list[m.Row]] = {(): list(table.rows)}
        self._keyless: dict[tuple[tuple[tuple[int, Scalar], ...], int], bool] = {}

    def rows(self, chosen: tuple[tuple[int, Scalar], ...]) -> list[m.Row]:
        """The rows holding each (index, value) of `chosen`, in order."""
        rows = self._rows.get(chosen)
        if rows is None:
            if len(self._rows) > 4096:  # values read from facts: bounded in a fight, not in a server's life
                self._rows = {(): self._rows[()]}
                self._keyless.clear()
            index, value = chosen[-1]
            rows = self._rows[chosen] = rows_holding(self.rows(chosen[:-1]), index, value)
        return rows

    def keyless(self, chosen: tuple[tuple[int, Scalar], ...], index: int) -> bool:
        """Whether every row left after `chosen` has no cell at `index` (takes any value there)."""
        kept = self._keyless.get((chosen, index))
        if kept is None:
            rows = self.rows(chosen)
            kept = self._keyless[(chosen, index)] = all(index >= len(r.cells) or not r.cells[index] for r in rows)
        return kept


_FOUND: Kept[m.Table, _Found] = Kept()


def _found(table: m.Table) -> _Found:
    """The table's _Found, made once per table."""
    return _FOUND.made(table, _Found)


_WORD = re.compile(r"[A-Za-z][A-Za-z0-9 ,./'()+-]*")  # a value such as `Right Leg`, not `- (*1)`


def rows_holding(rows: Iterable[m.Row], index: int, value: Scalar) -> list[m.Row]:
    """The rows whose cell at `index` holds `value`, in order: how a lookup finds its row, key by key."""
    return [r for r in rows if index < len(r.cells) and matches(r.cells[index], value)]


@lru_cache(maxsize=16384)  # a table is looked up at every step that reads it, with few distinct keys
def matches(cell: str, value: Scalar) -> bool:
    """Whether a table's key cell holds `value`: empty (any), a range such as `less than 1/3`, or the
    same word; how every lookup finds its row."""
    if not cell:
        return True
    if isinstance(value, Fraction):
        inside = cells.in_range(cell, value)
        if inside is not None:
            return inside
    return slug(cell) == slug(str(value) if isinstance(value, str) else show(value))


def show(value: Scalar) -> str:
    if isinstance(value, str):
        return value
    if value.denominator == 1:
        return str(value.numerator)
    return str(float(value)).rstrip("0").rstrip(".")


def constant(program: Program, expr: m.Expr) -> int | str | None:
    """The value of an expression that reads nothing (a number, a word that names no fact), as `as_value`
    gives it after `Evaluator.run`; None for any other."""
    if isinstance(expr, m.Num):
        return expr.value
    if isinstance(expr, m.Name) and expr.name not in program.facts:
        return expr.name
    return None


def as_value(value: Scalar) -> tuple[int | str, bool]:
    """A computed value as a fact value: numbers rounded down; True if rounding changed it."""
    if isinstance(value, str):
        return value, False
    whole = math.floor(value)
    return whole, whole != value


def key_named(attr: str, key: m.Expr) -> str | None:
    """The key of `ROLE.ATTR[KEY]` as written when ATTR is keyed by a fact's name (`actor.habit[maneuver]`: the
    habit for `maneuver`, not for its value); None for every other key, which is worked out."""
    return key.name if attr in NAMED_KEYS and isinstance(key, m.Name) else None
