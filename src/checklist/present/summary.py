"""The end of the run, as plain data: how it ended, the facts known, the whole trace and every reference met."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from checklist.engine.questions import Value
from checklist.engine.session import Session
from checklist.engine.state import Finish
from checklist.engine.trace import Visit
from checklist.graph.program import Program
from checklist.present.fight import FightView, fight_view
from checklist.present.rolls import RollView, last_roll
from checklist.present.screen import KnownView, RefView, known_view, ref_view
from checklist.present.worked import WorkedView, worked_since

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass


@dataclass(frozen=True, slots=True)
class UsedView:
    fact: str
    value: Value
    remembered: bool  # known before the visit (not asked, rolled or worked out there)


@dataclass(frozen=True, slots=True)
class VisitView:
    number: int
    step: str
    title: str
    branch: str
    resumed: bool
    outcome: str  # "-> duel.9 (skill < 3)"
    used: tuple[UsedView, ...]
    refs: tuple[str, ...]  # short forms; none for a return after a split


@dataclass(frozen=True, slots=True)
class SummaryView:
    kind: Literal["end", "stuck"]
    at: str  # the last step
    label: str  # the end's label, or why the flow is stuck
    visits: int
    distinct: int  # different steps visited
    facts: tuple[KnownView, ...]
    trace: tuple[VisitView, ...]
    refs: tuple[RefView, ...]  # every reference met, once
    fight: FightView | None = None  # with a roster: who is left with what, and the combat log
    worked: tuple[WorkedView, ...] = ()  # what the steps since the last answer worked out
    roll: RollView | None = None  # the roll the last answer made (an awakening roll: `3d6 → 9 vs 12: success by 3`)


def summary_view(session: Session) -> SummaryView:
    """The end of the run: how it ended, the facts known, the whole trace, every reference met."""
    state = session.state
    program = session.program
    finish: Finish | None = state.finished
    if finish is None:
        raise ValueError("the run has not finished: there is no summary yet")
    trace = state.trace
    refs: dict[str, RefView] = {}
    for visit in trace:
        for ref in program.steps[visit.step].refs:
            refs.setdefault(str(ref), ref_view(ref))
    return SummaryView(
        kind=finish.kind,
        at=state.last.step if state.last else "?",
        label=finish.label,
        visits=len(trace),
        distinct=len({v.step for v in trace}),
        facts=tuple(known_view(k) for k in state.facts),
        trace=tuple(_visit_view(number, visit, program) for number, visit in enumerate(trace, 1)),
        refs=tuple(refs.values()),
        fight=fight_view(session),
        worked=worked_since(session, roll := last_roll(session)),
        roll=roll,
    )


def _visit_view(number: int, visit: Visit, program: Program) -> VisitView:
    step = program.steps[visit.step]
    used = tuple(UsedView(fact, value, how == "set") for fact, value, how in visit.used)
    refs = () if visit.resumed else tuple(str(r) for r in step.refs)
    return VisitView(number, visit.step, step.title, visit.branch, visit.resumed, visit.outcome, used, refs)
