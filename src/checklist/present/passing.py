"""What happened since the last answer: the visits, the steps that passed by, what was assumed.

The table view shows these on the next screen; the terminal and the web page read them here.
"""

from __future__ import annotations

from checklist.engine.questions import Value
from checklist.engine.session import Session
from checklist.engine.state import went_on_from
from checklist.engine.trace import Visit
from checklist.graph.program import Program


def since_answer(session: Session) -> tuple[Visit, ...]:
    """The visits from the one the last answer was given at (the first visit, at the start) to now."""
    anchor = went_on_from(session.history)
    answered = anchor.visit_count - 1 if anchor is not None else 0
    return session.state.trace_from(answered)


def assumed_since(session: Session) -> tuple[tuple[str, Value], ...]:
    """The facts the table view took without asking (`assume`) since the last answer: those known
    now, and those a split branch took and forgot when it ended (a hit of a burst)."""
    anchor = went_on_from(session.history)
    before = anchor.seq if anchor is not None else 0
    known_then = {k.fact for k in anchor.facts} if anchor is not None else set()
    passed = [
        (fact, value)
        for visit in since_answer(session)
        for fact, value, how in visit.used
        if how == "assumed" and fact not in known_then
    ]
    now = [(k.fact, k.value) for k in session.state.facts if k.how == "assumed" and k.seq > before]
    return tuple(dict.fromkeys(passed + now))


def passed_steps(session: Session) -> tuple[str, ...]:
    """The steps visited since the last answer, before this one (step numbers within a checklist)."""
    here = session.step.checklist
    keys = [v.step for v in since_answer(session)[1:-1] if not v.resumed]
    return tuple(k.rpartition(".")[2] if k.rpartition(".")[0] == here else k for k in keys)


def weapon_taken(program: Program, assumed: tuple[tuple[str, Value], ...]) -> str:
    """The weapon the table view took for the attack of the several the attacker has (`assume readied`), which
    the screen names: it asks none, and `o weapon` takes another (a punch for a kick needs no Ready, B366)."""
    return next((str(v) for f, v in assumed if f in program.facts and program.facts[f].kind == "weapon"), "")
