"""What happened since the last answer: the visits, the steps that passed by, what was assumed.

The table view shows these on the next screen; the terminal and the web page read them here.
"""

from __future__ import annotations

from checklist.run.questions import Value
from checklist.run.session import Session
from checklist.run.state import State, Trail, Visit


def since_answer(session: Session) -> tuple[Visit, ...]:
    """The visits from the one the last answer was given at (the first visit, at the start) to now."""
    visits = session.state.trace
    anchor = _anchor(session)
    answered = len(anchor.trace) - 1 if anchor is not None else 0
    return visits[max(answered, 0) :]


def assumed_since(session: Session) -> tuple[tuple[str, Value], ...]:
    """The facts the table view took without asking (`assume`) since the last answer."""
    anchor = _anchor(session)
    before = anchor.seq if anchor is not None else 0
    return tuple((k.fact, k.value) for k in session.state.facts if k.how == "assumed" and k.seq > before)


def _anchor(session: Session) -> State | None:
    """The state the last answer was given at: the latest one the run went on from (an override that
    ran the last answer again went on from an earlier one; None: from the start)."""
    now = session.state.trail
    for state in reversed(session.history[:-1]):
        if _leads_to(state.trail, now):
            return state
    return None


def _leads_to(before: Trail | None, now: Trail | None) -> bool:
    """Whether the visits of `now` go on from `before` (its last visit is rewritten once decided)."""
    if before is None:
        return True
    while now is not None and now.length > before.length:
        now = now.prev
    return now is not None and now.prev is before.prev and now.visit.step == before.visit.step


def passed_steps(session: Session) -> tuple[str, ...]:
    """The steps visited since the last answer, before this one (step numbers within a checklist)."""
    here = session.step.checklist
    keys = [v.step for v in since_answer(session)[1:-1] if not v.resumed]
    return tuple(k.rpartition(".")[2] if k.rpartition(".")[0] == here else k for k in keys)
