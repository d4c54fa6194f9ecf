"""The session behind the page: what the page asks of it, one request at a time, saved after every change.

The page sends what the game master would type in the terminal (a choice's number or name,
a physical roll, `r`, Enter's empty answer), Back, or a fact to correct; play/commands.py
handles each as the terminal's commands are handled: the page has no rules of its own. A
bad answer leaves the session as it was and becomes a one-line message next to the
question, as in the terminal. After each, and before the first page, the tool takes the steps
`--roll auto` and `--autopilot` take by themselves (play/pilot.py, as the terminal does), and
the page lists them until the next request that changes something.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from checklist.engine.session import Session
from checklist.model.visible import visible
from checklist.play.commands import END_FACT, PAGE, Commands, Reply
from checklist.play.pilot import MANUAL, Pilot, fly
from checklist.present.autopilot import Done
from checklist.present.chart import ChartView, StepView, chart_view, step_view
from checklist.present.fight import FightView, fight_view
from checklist.present.quick import QuickFix, other_fixes, quick_fixes
from checklist.present.screen import Screen, screen
from checklist.present.summary import SummaryView, summary_view

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass

MAX_ANSWER = 200  # characters of an answer: far more than any value or roll


@dataclass(frozen=True, slots=True)
class View:
    """Everything the page shows, as plain data."""

    screen: Screen | None  # None once the flow is over
    summary: SummaryView | None  # the end of the flow (or why it stopped)
    chart: ChartView
    fight: FightView | None  # with a roster: the combatants and the combat log
    can_undo: bool
    messages: tuple[str, ...]  # for the game master, next to the question
    session_file: str
    done: tuple[Done, ...] = ()  # what the tool did by itself since the last answer (rolls, NPCs' choices)
    can_end: bool = False  # a fight goes on that the game master may end (play/commands.py's `e`)
    learn: bool = False  # --learn: every step shown, the flowchart open beside the question
    quick: tuple[QuickFix, ...] = ()  # the common corrections, as buttons on the combatants' cards
    fixes: tuple[str, ...] = ()  # the other known facts the step read: under "Correct a known fact"


class Game:
    """One session, its save function, and a lock: the page's requests come one at a time."""

    def __init__(
        self, session: Session, save: Callable[[bool], None], session_file: str, pilot: Pilot = MANUAL
    ) -> None:
        self.session = session
        self.save = save
        self.commands = Commands(session, lambda: save(True), PAGE)
        self.session_file = session_file
        self.lock = threading.Lock()
        self.pilot = pilot
        self.flight = fly(self.pilot, self.commands)  # an NPC may act first: its steps are on the first page

    def view(self, messages: tuple[str, ...] = ()) -> View:
        with self.lock:
            return self._view(messages)

    def step(self, key: str) -> StepView | None:
        return step_view(self.session.program, key)

    def answer(self, text: str) -> View:
        """Answer the pending question with what the game master typed or clicked."""
        if len(text) > MAX_ANSWER:
            return self.view((f"that answer is too long ({len(text)} characters); type a value or a number",))
        with self.lock:
            return self._shown(self.commands.answer(text))

    def undo(self) -> View:
        with self.lock:
            return self._shown(self.commands.undo())

    def end_fight(self) -> View:
        """End the fight early (the foes fled or surrendered): play/commands.py's `e`."""
        with self.lock:
            return self._shown(self.commands.end_fight())

    def override(self, fact: str) -> View:
        """Ask `fact` again: the answer replaces what the step took as known."""
        with self.lock:
            return self._shown(self.commands.override(fact))

    def _shown(self, reply: Reply) -> View:
        """The page after a command and the steps the tool then took: the errors, or what it did."""
        flight = fly(self.pilot, self.commands)
        if flight.changed or flight.errors or reply.show == "step":
            self.flight = flight  # else nothing changed: what the tool did before is still what led here
        said = tuple(visible(message, newlines=False) for message in reply.errors)
        return self._view(said + ((reply.done,) if reply.done else ()))

    def _view(self, messages: tuple[str, ...] = ()) -> View:
        session = self.session
        over = session.finished is not None
        messages += tuple(visible(message, newlines=False) for message in self.flight.errors)
        shown = None if over else replace(screen(session), messages=messages)
        if shown is not None and self.flight.rolled:
            shown = replace(shown, roll=None)  # the tool's roll is in `done`, as the terminal shows it once
        summary = summary_view(session) if over else None
        return View(
            shown,
            summary,
            chart_view(session),
            fight_view(session),
            len(session.history) > 1,
            messages if over else (),
            self.session_file,
            self.flight.done,
            not over and END_FACT in session.program.facts and session.step.checklist in session.program.turn_loop,
            session.pause,
            () if over else quick_fixes(session),
            () if over else other_fixes(session),
        )
