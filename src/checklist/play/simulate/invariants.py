"""What no simulated fight may break (issue 30, part 5), checked as the fight goes (`simulate --check`).

HP never rises inside a fight; the dead never act (no decision or roll of theirs in their turn,
no defense); nobody defends after an All-Out Attack (B365: no active defense until their next
turn); the session file of the fight resumes to the same place; every fight ends. Each is
followed apart from the flow, from the roster and the question asked: a broken one is a bug in
the flow or the engine, and the fight is saved so that `checklist run --resume` replays it.
"""

from __future__ import annotations

from checklist.engine import journal as jr
from checklist.engine.questions import Question
from checklist.engine.session import Session
from checklist.engine.state import branch_target
from checklist.graph.program import Program
from checklist.roster.combatants import Roster

NO_DEFENSE = "none"  # the defense value that is no active defense (flow/combat.flow, fact defense)


class Watch:
    """Follows one fight question by question; `problems` holds what it broke, in words."""

    def __init__(self) -> None:
        self.problems: list[str] = []
        self._hp: tuple[int, ...] | None = None

    def asked(self, roster: Roster, question: Question, step: str) -> None:
        """Before an answer: whose question it is, and what it offers."""
        self._hp_kept(roster, step)
        owner = roster.index(question.npc) if question.npc else None
        if owner is not None and roster.states[owner].dead and (owner == roster.current or question.fact == "defense"):
            self.problems.append(f"{roster.sheets[owner].name}, dead, is asked `{question.fact}` at {step}")

    def defends(self, roster: Roster, question: Question, session: Session) -> None:
        """A defense question: one who made an All-Out Attack may only answer none."""
        name = branch_target(session.state.frames)
        who = roster.index(name) if name else None
        if who is None or not roster.states[who].all_out:
            return
        offered = sorted(o.value for o in question.options if o.value != NO_DEFENSE)
        if offered:
            self.problems.append(
                f"{name} made an All-Out Attack and is offered {', '.join(offered)} at {session.state.step}"
            )

    def _hp_kept(self, roster: Roster, step: str) -> None:
        hp = tuple(s.current_hp for s in roster.states)
        if self._hp is not None:
            for sheet, before, after in zip(roster.sheets, self._hp, hp, strict=True):
                if after > before:
                    self.problems.append(f"{sheet.name}'s HP rose from {before} to {after} at {step}")
        self._hp = hp


def resumes(session: Session, program: Program, digest: str, paths: tuple[str, ...]) -> str | None:
    """Why the fight's session file does not resume to where the fight is; None when it does."""
    text = jr.dumps(jr.snapshot(session, digest, paths))
    try:
        restored = jr.restore(jr.loads(text.encode("utf-8"), "the fight's session"), program, digest).session
    except jr.JournalError as exc:
        return f"its session file does not resume: {exc}"
    mine, theirs = session.state, restored.state
    if (mine.step, mine.roster, mine.question) != (theirs.step, theirs.roster, theirs.question):
        return f"its session file resumes at {theirs.step}, not where the fight is ({mine.step})"
    return None
