"""What the run worked out, shown where the rule asks for it: the computed facts a step `find`s,
with their value and formula, and the row of a `uses TABLE` that the step's facts pick.

A step that passes by itself in the table view is not shown, so what it found would be lost:
the next screen lists it (`HP restored 1 = max((restore-dice 3 - 2), 1)`), and so
does the end of the run.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from checklist import model as m
from checklist.engine.questions import Value
from checklist.engine.session import Session
from checklist.engine.trace import Visit
from checklist.model.names import slug
from checklist.present.passing import since_answer
from checklist.present.rolls import RollView, label

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass


@dataclass(frozen=True, slots=True)
class WorkedView:
    """A computed fact a step found: `HP restored 1 = max((restore-dice 3 - 2), 1)`."""

    fact: str
    label: str  # the fact as the game master says it (present/rolls.py `label`): "HP restored"
    value: Value
    work: str  # the formula with the values it read; "" when the fact was forgotten since
    read: tuple[str, ...] = ()  # the facts it was worked out from

    @property
    def formula(self) -> str:
        """The work without its result: `max((restore-dice 4 - 2), 1)`."""
        return self.work.rpartition(" = ")[0]


@dataclass(frozen=True, slots=True)
class RowView:
    """The row of a table a step uses, picked by a fact the step read: `Posture table, Kneeling`."""

    table: str  # the table's title
    by: str  # the fact and value that picked it: "attacker-posture kneeling"
    cells: tuple[tuple[str, str], ...]  # (column, cell) after the first, the empty ones left out


def worked_text(view: WorkedView, width: int = 10_000) -> str:
    """`HP restored 2 = max((restore-dice 4 - 2), 1)`: the value, and the formula when it fits in `width`."""
    said = f"{view.label} {view.value}"
    formula = view.formula
    return f"{said} = {formula}" if formula and len(said) + 3 + len(formula) <= width else said


def worked_since(session: Session, roll: RollView | None, skip_answered: bool = False) -> tuple[WorkedView, ...]:
    """The computed facts found (`find`) at the steps since the last answer, in the order found;
    none after a damage roll (`roll`, the last answer's: its line says what the damage did).
    `skip_answered`: not those of the answered step itself (its roll's line says them)."""
    if roll is not None and roll.then is not None:
        return ()
    visits = since_answer(session)
    if skip_answered:
        visits = visits[1:]
    return _found(session, visits)


def _found(session: Session, visits: tuple[Visit, ...]) -> tuple[WorkedView, ...]:
    program = session.program
    known = session.state.known()
    out: dict[str, WorkedView] = {}
    for visit in visits:
        finds = {a.fact for a in program.steps[visit.step].actions if isinstance(a, m.Find)}
        for fact, value, how in visit.used:
            if fact in finds and how == "computed" and fact not in out:
                now = known.get(fact)
                same = now is not None and now.value == value
                work, read = (now.work, now.deps) if now is not None and same else ("", ())
                out[fact] = WorkedView(fact, label(program, fact), value, work, read)
    return tuple(out.values())


def behind(session: Session, fact: str) -> set[str]:
    """A computed fact and every fact it was worked out from, as far back as they are known."""
    known = session.state.known()
    seen: set[str] = set()
    todo = [fact]
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            found = known.get(name)
            todo.extend(found.deps if found is not None else ())
    return seen


def rows_used(session: Session) -> tuple[RowView, ...]:
    """For each `uses TABLE` of the current step, the rows that the facts it read pick: a row whose
    first cell holds a fact's value (the posture table's `Kneeling` for attacker-posture kneeling)."""
    step = session.step
    state = session.state
    known = state.known()
    out: list[RowView] = []
    for uses in step.uses:
        table = session.program.tables.get(uses.table)
        if table is None:
            continue
        for fact in state.consulted:
            found = known.get(fact)
            if found is None or found.value is None:
                continue
            view = _row(table, fact, found.value)
            if view is not None and all(v.cells != view.cells for v in out):
                out.append(view)
    return tuple(out)


def _row(table: m.Table, fact: str, value: Value) -> RowView | None:
    if not isinstance(value, str) or value in ("yes", "no"):
        return None  # a number matches ranges by chance: only a choice's value picks a row
    rows = [r for r in table.rows if r.cells and slug(r.cells[0]) == value]  # by name: no range, no blank
    if not rows:
        return None
    cells = tuple(
        (column, cell) for column, cell in zip(table.columns[1:], rows[0].cells[1:], strict=False) if cell.strip()
    )
    return RowView(table.title, f"{fact} {value}", cells)
