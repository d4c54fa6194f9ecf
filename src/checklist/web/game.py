"""The session behind the page: what the page asks of it, one request at a time, saved after every change.

The page sends what the game master would type in the terminal (a choice's number or name,
a physical roll, `r`, Enter's empty answer), Back, or a fact to correct; play/commands.py
handles each as the terminal's commands are handled: the page has no rules of its own. A
bad answer leaves the session as it was and becomes a one-line message next to the
question, as in the terminal. After each, and before the first page, the tool takes the steps
`--roll auto` and `--autopilot` take by themselves (play/pilot.py, as the terminal does), and
the page lists them until the next request that changes something.

With `--players`, a player answers their own questions on their own page (play/pilot.py's
`answerer` says whose the pending question is); the game master may always answer instead.
Every change bumps the game's version: a page asks for news after the version it shows, and an
answer sent from an older version is not taken (the question changed under it: it was answered
on another page, or sent twice), so no answer lands on a question its sender did not see.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from checklist.engine.session import Session
from checklist.model.visible import visible
from checklist.play.commands import END_FACT, PAGE, Commands, Reply
from checklist.play.pilot import MANUAL, Pilot, answerer, fly
from checklist.present.autopilot import Done
from checklist.present.chart import ChartView, StepView, chart_view, step_view
from checklist.present.fight import FightView, fight_view
from checklist.present.player import PlayerView, player_view
from checklist.present.quick import QuickFix, other_fixes, quick_fixes
from checklist.present.screen import Screen, screen
from checklist.present.summary import SummaryView, summary_view

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass

MAX_ANSWER = 200  # characters of an answer: far more than any value or roll
LATE = (
    "that answer came after the question had changed (it was answered on another page, or sent twice); "
    "nothing was done: here is the current question"
)


class NotYours(Exception):
    """A player's answer to a question that is not theirs: another combatant's, an NPC's or the table's."""


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
    version: int = 0  # the game's version: the page asks for news after it, and its answers carry it
    waiting: str | None = None  # the player whose page may answer the question now (--players), if any


class Game:
    """One session, its save function, and a lock: the page's requests come one at a time."""

    def __init__(
        self,
        session: Session,
        save: Callable[[bool], None],
        session_file: str,
        pilot: Pilot = MANUAL,
        players: frozenset[str] = frozenset(),
    ) -> None:
        self.session = session
        self.save = save
        self.commands = Commands(session, lambda: save(True), PAGE)
        self.session_file = session_file
        self.lock = threading.Lock()
        self.pilot = pilot
        self.players = players  # the combatants with a page of their own
        self.version = 0
        self.flight = fly(self.pilot, self.commands)  # an NPC may act first: its steps are on the first page

    def view(self, messages: tuple[str, ...] = ()) -> View:
        with self.lock:
            return self._view(messages)

    def step(self, key: str) -> StepView | None:
        return step_view(self.session.program, key)

    def answer(self, text: str, version: int | None = None) -> View:
        """Answer the pending question with what the game master typed or clicked (`version`: the
        version of the page it was sent from; an older one is refused as late)."""
        if len(text) > MAX_ANSWER:
            return self.view((f"that answer is too long ({len(text)} characters); type a value or a number",))
        with self.lock:
            if self._late(version):
                return self._view((LATE,))
            return self._shown(self.commands.answer(text))

    def player(self, name: str, messages: tuple[str, ...] = ()) -> PlayerView:
        """`name`'s own page."""
        with self.lock:
            return self._player(name, messages)

    def player_answer(self, name: str, text: str, version: int | None) -> PlayerView:
        """A player's answer from their own page: only to their own question (else NotYours, and
        nothing changes), and only to the question their page showed (else it is late)."""
        if len(text) > MAX_ANSWER:
            return self.player(name, (f"that answer is too long ({len(text)} characters)",))
        with self.lock:
            if name not in self.players:
                raise NotYours(name)
            if self._late(version):
                return self._player(name, (LATE,))
            if answerer(self.session) != name:
                raise NotYours(name)
            reply = self.commands.answer(text)
            self._shown(reply)
            said = tuple(visible(message, newlines=False) for message in reply.errors)
            return self._player(name, said)

    def undo(self, version: int | None = None) -> View:
        with self.lock:
            if self._late(version):
                return self._view((LATE,))
            return self._shown(self.commands.undo())

    def end_fight(self, version: int | None = None) -> View:
        """End the fight early (the foes fled or surrendered): play/commands.py's `e`."""
        with self.lock:
            if self._late(version):
                return self._view((LATE,))
            return self._shown(self.commands.end_fight())

    def override(self, fact: str, version: int | None = None) -> View:
        """Ask `fact` again: the answer replaces what the step took as known."""
        with self.lock:
            if self._late(version):
                return self._view((LATE,))
            return self._shown(self.commands.override(fact))

    def _late(self, version: int | None) -> bool:
        return version is not None and version != self.version

    def _player(self, name: str, messages: tuple[str, ...] = ()) -> PlayerView:
        return player_view(self.session, name, answerer(self.session), self.version, messages)

    def _shown(self, reply: Reply) -> View:
        """The page after a command and the steps the tool then took: the errors, or what it did."""
        flight = fly(self.pilot, self.commands)
        if flight.changed or not reply.errors:
            self.version += 1  # every page shows something new
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
            self.version,
            self._waiting(),
        )

    def _waiting(self) -> str | None:
        who = answerer(self.session)
        return who if who in self.players else None
