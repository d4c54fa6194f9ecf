"""What a step's jumps mean, written once: where each can lead, on what, what it reads, and which it takes.

The graph, the session, the path planner, the renderer and the checks all ask this module:
`exits` says where a step can go, `take` which exit a jump takes given the facts known (or
which fact it needs first), and `always_decides` whether the statements after a jump are ever
reached.
A step's jumps are tried in order; each jump has one or more *exits*:

- `go N` / `else -> N`: one exit, always taken;
- `if COND -> N`: one exit, taken when COND holds;
- `choose F` + `when V -> N`: one exit per `when`, taken when F = V;
- `dispatch T.C by F`: one exit per table row, taken when F is the row's first cell (as a slug);
- `split N ... until M`: an exit into the branch and, without `then return`, one to the join M;
- `end` / `return`, and targets that say `end` or `return`: an exit that ends the flow or the branch.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Literal

from checklist import model as m
from checklist.model.conditions import Value, condition_mentions, decide
from checklist.model.kept import Kept
from checklist.model.names import slug

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass

EdgeKind = Literal["goto", "branch", "split", "return", "dispatch"]
Ending = Literal["end", "return"]


@dataclass(frozen=True, slots=True)
class Exit:
    """One way out of a step."""

    index: int  # which of the step's jumps
    kind: EdgeKind
    key: str | None  # the step it names (which may not exist); None for an ending
    ending: Ending | None  # the exit ends the flow or the split branch instead
    label: str  # why it is taken, as the author wrote it: `otherwise`, `a and b`, `defense = parry`
    written: str  # the target as written
    span: m.Span
    value: str | None = None  # choose and dispatch: the value of the jump's fact that selects it


def resolve(target: m.Target, checklist: str | None) -> str | None:
    """The step key a target names, or None for end/return or a missing checklist."""
    if target.special is not None or target.number is None:
        return None
    owner = target.checklist or checklist
    return f"{owner}.{target.number}" if owner is not None else None


def describe(cond: m.Condition) -> str:
    """A condition as the author wrote it, without the brackets of one-item groups."""
    if isinstance(cond, m.IsTrue):
        return cond.fact
    if isinstance(cond, m.IsFalse):
        return f"not {cond.fact}"
    if isinstance(cond, m.Equals):
        return f"{cond.fact} {'!=' if cond.negated else '='} {cond.value}"
    if isinstance(cond, m.Compare):
        return f"{cond.fact} {cond.op} {cond.value}"
    if len(cond.items) == 1:
        return describe(cond.items[0])
    joiner = " and " if isinstance(cond, m.AllOf) else " or "
    return joiner.join(f"({describe(i)})" if _is_group(i) else describe(i) for i in cond.items)


def _is_group(cond: m.Condition) -> bool:
    while isinstance(cond, (m.AllOf, m.AnyOf)) and len(cond.items) == 1:
        cond = cond.items[0]
    return isinstance(cond, (m.AllOf, m.AnyOf))


def reads(jump: m.Jump) -> list[str]:
    """The facts a jump reads to decide (a split asks its own question, unless a fact counts it)."""
    if isinstance(jump, m.Split):
        return [jump.count] if jump.count else []
    if isinstance(jump, m.Branch):
        return [name for name, _ in m.condition_facts(jump.condition)]
    if isinstance(jump, (m.Choose, m.Dispatch)):
        return [jump.fact]
    return []


def mentions(jump: m.Jump) -> Iterator[tuple[str, m.Span, str | int | None]]:
    """(fact, span, value tested or None) for every fact a jump names, the table view's assumptions included."""
    if isinstance(jump, m.Branch):
        yield from condition_mentions(jump.condition)
    elif isinstance(jump, m.Choose):
        yield jump.fact, jump.span, None
        yield from ((jump.fact, when.span, when.value) for when in jump.whens)
    elif isinstance(jump, m.Dispatch):
        yield jump.fact, jump.span, None
    elif isinstance(jump, m.Split):
        named = [jump.assumed] if jump.assumed not in (None, "none") else []
        yield from ((str(f), jump.span, None) for f in [*named, jump.assumed_unless, jump.count] if f is not None)


@dataclass(frozen=True, slots=True)
class Ask:
    """A jump cannot decide until this fact is known."""

    fact: str


def take(
    step: m.Step,
    index: int,
    jump: m.Jump,
    read: Callable[[str], Value | None],
    tables: Mapping[str, m.Table],
    steps: Container[str],
) -> Exit | Ask | None:
    """The exit jump `index` of `step` takes, given the facts `read` knows: an Exit; Ask(fact) when
    it needs a fact not known yet; None when it does not decide (an `if` that does not hold, a
    value no `when` names, a dispatch row with no step), so the next statement is tried.

    A split takes its way into the branches; how many, and who, is asked (or counted) apart."""
    if isinstance(jump, m.Branch):
        held = decide(jump.condition, read)
        if isinstance(held, str):
            return Ask(held)
        return _exits(step, index, jump, tables)[0] if held else None
    if isinstance(jump, (m.Choose, m.Dispatch)):
        value = read(jump.fact)
        if value is None:
            return Ask(jump.fact)
        way = chosen(_exits(step, index, jump, tables), value)
        if isinstance(jump, m.Dispatch) and way is not None and way.key not in steps:
            return None
        return way
    return _exits(step, index, jump, tables)[0]


_KEPT: Kept[m.Step, tuple[Mapping[str, m.Table], dict[int, tuple[Exit, ...]]]] = Kept(100_000)


def _exits(step: m.Step, index: int, jump: m.Jump, tables: Mapping[str, m.Table]) -> tuple[Exit, ...]:
    """`jump_exits`, kept for the step and the tables they were made from: a run takes the same jumps
    again and again."""
    kept = _KEPT.get(step)
    if kept is None or kept[0] is not tables:
        kept = _KEPT.put(step, (tables, {}))
    made = kept[1].get(index)
    if made is None:
        made = kept[1][index] = tuple(jump_exits(step, index, jump, tables))
    return made


def always_decides(jump: m.Jump) -> bool:
    """Whether a jump decides whatever is known, so the statements after it are never reached
    (a split that comes back to its step, `then return` or without `until`, goes on to the next)."""
    if isinstance(jump, m.Split):
        return jump.until is not None and not jump.returns
    return isinstance(jump, (m.Go, m.Otherwise, m.End, m.Return))


def exits(step: m.Step, tables: Mapping[str, m.Table]) -> Iterator[Exit]:
    """Every exit of every jump of a step, in statement order."""
    for index, jump in enumerate(step.jumps):
        yield from jump_exits(step, index, jump, tables)


def jump_exits(step: m.Step, index: int, jump: m.Jump, tables: Mapping[str, m.Table]) -> Iterator[Exit]:
    checklist = step.checklist
    if isinstance(jump, m.Go):
        yield _to(index, "goto", jump.target, "", checklist)
    elif isinstance(jump, m.Branch):
        yield _to(index, "branch", jump.target, describe(jump.condition), checklist)
    elif isinstance(jump, m.Otherwise):
        yield _to(index, "branch", jump.target, "otherwise", checklist)
    elif isinstance(jump, m.Choose):
        for when in jump.whens:
            yield _to(index, "branch", when.target, f"{jump.fact} = {when.value}", checklist, str(when.value))
    elif isinstance(jump, m.Split):
        label = f"for each {jump.item}" + (f" of {jump.count}" if jump.count else "") if jump.item else "once"
        yield _to(index, "split", jump.target, label, checklist)
        if jump.until is not None and not jump.returns:
            yield _to(index, "return", jump.until, "after split", checklist)
    elif isinstance(jump, m.Dispatch):
        yield from dispatch_exits(step, index, jump, tables)
    elif isinstance(jump, m.End):
        yield Exit(index, "goto", None, "end", jump.label or "", "end", jump.span)
    else:
        yield Exit(index, "goto", None, "return", "", "return", jump.span)


def _to(index: int, kind: EdgeKind, target: m.Target, label: str, checklist: str, value: str | None = None) -> Exit:
    ending: Ending | None = target.special
    return Exit(index, kind, resolve(target, checklist), ending, label, str(target), target.span, value)


def dispatch_exits(step: m.Step, index: int, jump: m.Dispatch, tables: Mapping[str, m.Table]) -> Iterator[Exit]:
    """One exit per row of the dispatch table: the row's first cell selects the step in the column."""
    table = tables.get(jump.table)
    column = table.column(jump.column) if table is not None else None
    if table is None or column is None:
        return
    for row in table.rows:
        cell = row.cells[column].strip() if column < len(row.cells) else ""
        key = f"{step.checklist}.{cell}" if cell.isdigit() else None
        label = row.cells[0] if row.cells else ""
        yield Exit(index, "dispatch", key, None, label, cell, row.span, slug(label))


def chosen(options: Iterable[Exit], value: object) -> Exit | None:
    """The exit of a choose or dispatch that `value` selects, if any."""
    wanted = str(value)
    for way in options:  # a loop, not next(generator): a generator left open costs an exception (GeneratorExit)
        if way.value == wanted:
            return way
    return None
