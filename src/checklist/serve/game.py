"""The session behind the page: what the page asks of it, one request at a time, saved after every change.

The page sends what the game master would type in the terminal (a choice's number or name,
a physical roll, `r`, Enter's empty answer) and the session parses it: the page has no rules
of its own. A bad answer leaves the session as it was and becomes a one-line message next
to the question, as in the terminal.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, replace

from checklist.model.visible import visible
from checklist.run.chart import ChartView, StepView, chart_view, step_view
from checklist.run.fight import FightView, fight_view
from checklist.run.questions import BadAnswer
from checklist.run.screen import Screen, SummaryView, screen, summary_view
from checklist.run.session import Session
from checklist.run.state import SessionError

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


class Game:
    """One session, its save function, and a lock: the page's requests come one at a time."""

    def __init__(self, session: Session, save: Callable[[bool], None], session_file: str) -> None:
        self.session = session
        self.save = save
        self.session_file = session_file
        self.lock = threading.Lock()

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
            if self.session.finished is not None:
                return self._view(("the flow stopped here: Back goes back one answer",))
            return self._act(lambda: self.session.answer(text.strip()))

    def undo(self) -> View:
        with self.lock:
            if not self.session.undo():
                return self._view(("nothing to undo: this is the start of the session",))
            self.save(True)
            return self._view(("went back one answer",))

    def override(self, fact: str) -> View:
        """Ask `fact` again: the answer replaces what the step took as known."""
        with self.lock:
            return self._act(lambda: self.session.override(fact))

    def _act(self, act: Callable[[], None]) -> View:
        try:
            act()
        except (BadAnswer, SessionError) as exc:
            return self._view((visible(str(exc), newlines=False),))
        self.save(True)
        return self._view()

    def _view(self, messages: tuple[str, ...] = ()) -> View:
        session = self.session
        over = session.finished is not None
        shown = None if over else replace(screen(session), messages=messages)
        summary = summary_view(session) if over else None
        return View(shown, summary, chart_view(session), fight_view(session), len(session.history) > 1,
                    messages if over else (), self.session_file)  # fmt: skip
