"""`w`, where am I: the path so far, the active splits, the known facts and the steps that start a scope."""

from __future__ import annotations

from typing import TYPE_CHECKING

from checklist.engine.scopes import RANK
from checklist.engine.session import Session
from checklist.present.screen import KnownView, known_view

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass

PATH_SHOWN = 12  # `where` shows the last visits of the path, and how many came before


@dataclass(frozen=True, slots=True)
class SplitView:
    """An active split, for `where`."""

    step: str
    label: str  # "defender Bob (1/2)"
    waiting: tuple[str, ...]  # the branches still to run
    until: str | None  # None: each branch ends at a return
    back_to: str | None  # the split's step, when the flow comes back to it after the split


@dataclass(frozen=True, slots=True)
class ScopeHeadsView:
    scope: str
    steps: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class WhereView:
    step: str
    title: str
    checklist: str
    path: tuple[str, ...]  # the last visits, oldest first
    earlier: int  # visits before those
    splits: tuple[SplitView, ...]  # innermost last
    facts: tuple[KnownView, ...]  # by scope (widest first), then name
    heads: tuple[ScopeHeadsView, ...]
    session_file: str | None


def where_view(session: Session, session_file: str | None) -> WhereView:
    """`w`: the path so far, the active splits, the known facts, the steps that start a scope."""
    state = session.state
    step = session.step
    visits = [v.step for v in state.trace]
    shown = tuple(visits[-PATH_SHOWN:])
    splits = tuple(
        SplitView(
            frame.step,
            frame.label,
            frame.names[frame.index + 1 :],
            frame.until,
            frame.step if frame.returns or frame.until is None else None,
        )
        for frame in state.frames
    )
    facts = tuple(known_view(k) for k in sorted(state.facts, key=lambda k: (RANK[k.scope], k.fact)))
    heads = tuple(ScopeHeadsView(scope, tuple(sorted(keys))) for scope, keys in session.scopes.heads.items())
    return WhereView(
        step.key,
        step.title,
        session.program.checklists[step.checklist].title,
        shown,
        len(visits) - len(shown),
        splits,
        facts,
        heads,
        session_file,
    )
