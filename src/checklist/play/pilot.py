"""When the tool acts by itself, decided once for both front ends.

`--roll auto` rolls every roll question; `--autopilot` takes an NPC's decision (what its tactic
proposes, engine/defaults.py) and rolls its rolls. `Pilot.next` is pure: given the session, what
the tool does now. `fly` carries those steps out through play/commands.py, so each is saved as a
typed answer is, until a person must answer, and returns what it did as plain data (the roll
views and the NPCs' choices of present/autopilot.py) for the front end to paint.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from checklist.engine.session import Session
from checklist.play.commands import END_FACT, Commands
from checklist.present.autopilot import Chosen, Done
from checklist.present.rolls import last_roll
from checklist.present.screen import default_label

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass

Kind = Literal["ask", "roll", "default"]
MAX_STEPS = 5000  # a fight that cannot end (nobody can hurt anybody) must not hold the front end forever


@dataclass(frozen=True, slots=True)
class Act:
    """What the tool does now: ask (a person answers), roll the dice, or take the NPC's default."""

    kind: Kind
    npc: str | None = None  # whose decision or roll it is (None: a person's, or any roll under --roll auto)


ASK = Act("ask")


@dataclass(frozen=True, slots=True)
class Pilot:
    """The command line's `--roll auto` and `--autopilot`."""

    auto_roll: bool = False
    autopilot: bool = False

    def next(self, session: Session) -> Act:
        """What the tool does by itself now; ASK once the flow is over or a person must answer."""
        question = session.question
        if session.finished is not None or question is None:
            return ASK
        npc = question.npc if self.autopilot else None
        if question.kind == "roll" and (self.auto_roll or npc):
            return Act("roll", npc)
        if npc and question.default is not None:
            return Act("default", npc)
        return ASK  # a person's question, or an NPC's with no default (Is the combat over? in a free-for-all)


MANUAL = Pilot()  # neither flag: every question is asked


def answerer(session: Session) -> str | None:
    """Who may answer the pending question besides the game master: the combatant whose decision or
    roll it is (the question's `who`, engine/defaults.py's `decider`, the same one that makes it an
    NPC's), for a player on their own page (`checklist serve --players`). None when it is the
    table's alone: a rule in use (a fact of the whole combat), Is the combat over?, a split, a step
    that asks nothing, a correction, or a flow without a roster."""
    question = session.question
    if session.finished is not None or question is None or question.override or question.fact in (None, END_FACT):
        return None
    decl = session.program.facts.get(question.fact or "")
    if decl is None or decl.scope == "combat":
        return None
    return question.who


@dataclass(frozen=True, slots=True)
class Flight:
    """What `fly` did, for a front end to paint before the question."""

    done: tuple[Done, ...] = ()  # in order: each roll, and each NPC's choice (shown before it is answered)
    changed: bool = False  # a step was taken: show the whole step again
    rolled: bool = False  # the last step was a roll: its line is in `done`, so the screen leaves it out
    errors: tuple[str, ...] = ()  # why the tool stopped before a person's question: a person answers it


def fly(pilot: Pilot, commands: Commands) -> Flight:
    """Take the steps the pilot takes by itself, until a person must answer or the flow is over.

    A step the session refuses stops the flight with its message: tried again it would fail
    again (the dice are seeded, the default is the same), so a person answers that question."""
    session = commands.session
    done: list[Done] = []
    changed = rolled = False
    if commands.held:  # after `b` or `o`, the person answers this one (then the tool goes on)
        return Flight((), changed, rolled)
    for _ in range(MAX_STEPS):
        act = pilot.next(session)
        if act.kind == "ask":
            return Flight(tuple(done), changed, rolled)
        if not changed and (persons := last_roll(session)) is not None:
            done.append(persons)  # the person's roll just typed: the screen that said it is passed by
        if act.kind == "default":
            assert act.npc is not None and session.question is not None
            done.append(Chosen(act.npc, default_label(session.question) or ""))
        reply = commands.answer("r" if act.kind == "roll" else "")  # as typed: `r` rolls, Enter takes the default
        if reply.errors:
            return Flight(tuple(done), changed, rolled, reply.errors)  # the session is as the last step left it
        changed, rolled = True, act.kind == "roll"
        roll = last_roll(session) if rolled else None
        if roll is not None:
            done.append(roll)
    said = f"the tool took {MAX_STEPS} steps by itself and the flow goes on; answer this one yourself"
    return Flight(tuple(done), changed, rolled, (said,))
