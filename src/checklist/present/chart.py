"""Where the run stands in the flowchart, as plain data: the section drawn, the step lit, the path numbered.

A front end that draws the checklist (the web page of `checklist serve`) lights the current
step of the section it sits in and numbers the steps the current turn has visited. What
"this turn" is comes from the flow: the visits since the run last arrived at a head of the
`turn` scope (scopes.py; combat.1 in the combat checklist), or since the start.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from checklist.engine.session import Session
from checklist.graph.program import Program
from checklist.present.screen import RefView, ref_view

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass

MAX_PATH = 200  # a turn that loops longer than this numbers its last visits only


@dataclass(frozen=True, slots=True)
class ChartView:
    checklist: str  # the checklist's id, e.g. combat
    section: str | None  # the section's name, e.g. damage; None: the checklist has no sections here
    current: str  # the step the run is at, e.g. combat.83
    path: tuple[str, ...]  # the steps this turn visited, oldest first, ending at the current one


@dataclass(frozen=True, slots=True)
class StepView:
    """One step of the flow for reading: what clicking it in the flowchart shows."""

    step: str
    number: int
    title: str
    section: str | None  # the section's title
    prose: tuple[str, ...]
    refs: tuple[RefView, ...]


def chart_view(session: Session) -> ChartView:
    step = session.step
    heads = session.scopes.heads.get("turn", frozenset())
    path: list[str] = []
    trail = session.state.trail
    while trail is not None and len(path) < MAX_PATH:
        path.append(trail.visit.step)
        if trail.visit.step in heads and not trail.visit.resumed:
            break
        trail = trail.prev
    return ChartView(step.checklist, step.section, step.key, tuple(reversed(path)))


def step_view(program: Program, key: str) -> StepView | None:
    """The step `key` for reading, or None when the flow has no such step."""
    step = program.steps.get(key)
    if step is None:
        return None
    checklist = program.checklists.get(step.checklist)
    section = checklist.section_title(step.section) if checklist is not None else None
    return StepView(step.key, step.number, step.title, section, step.prose, tuple(ref_view(r) for r in step.refs))
