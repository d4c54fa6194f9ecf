"""The thin terminal front end: show the step, read a line, hand it to the session.

All decisions live in the engine; a typed line is handled by play/commands.py, and what is
shown comes from the views of present/, painted as text by paint.py (the web page draws the
same views).  `save` is called after every change and before the next prompt is shown, so an
answer the screen has moved past is on disk.  EOFError and KeyboardInterrupt are left to the
caller (cli/run.py), which saves and exits with the documented code.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from checklist.engine.session import Session
from checklist.model.visible import visible
from checklist.play.commands import TERMINAL_HELP, Commands, Panel
from checklist.play.pilot import MANUAL, Pilot, fly
from checklist.present.screen import QuestionView, question_view, screen
from checklist.present.summary import SummaryView, summary_view
from checklist.present.where import where_view
from checklist.terminal import paint


class Quit(Exception):
    """The game master typed q."""


class Terminal:
    def __init__(
        self,
        session: Session,
        write: Callable[[str], None],
        read: Callable[[str], str],
        save: Callable[[], None],
        *,
        colour: bool = False,
        echo: bool = False,  # print the answer after the prompt (scripted input is not echoed by a tty)
        session_file: str | None = None,
        trace: bool = True,  # at the end, every step visited (the table view: the fight and its log only)
        width: int | None = None,  # a terminal's columns: long lines break between words (None: as they are)
        pilot: Pilot = MANUAL,  # `--roll auto`, `--autopilot`: what the tool does without asking
    ) -> None:
        self.pilot = pilot
        self.trace = trace
        self.session = session
        self.write = write if width is None else (lambda text: write(paint.fit(text, width)))
        self.read = read
        self.commands = Commands(session, save)
        self.echo = echo
        self.session_file = session_file
        self.paint = paint.Painter(colour, width or 96)

    def run(self) -> None:
        """Until the flow ends (returns) or the game master quits (raises Quit)."""
        redraw = True
        while True:
            flight = fly(self.pilot, self.commands)  # what the tool does by itself first (play/pilot.py)
            for done in flight.done:
                self.write(paint.done_text(done, self.paint) + "\n")
            finished = self.session.finished
            if finished is not None and finished.kind == "end":
                self.write(paint.summary_text(self._summary(flight.rolled), self.paint, self.trace) + "\n")
                return
            redraw = redraw or flight.changed
            if redraw and finished is not None:
                self.write(paint.summary_text(self._summary(flight.rolled), self.paint, self.trace) + "\n")
            elif redraw:
                view = screen(self.session)  # a roll the tool made is on its line above
                self.write(paint.screen_text(replace(view, roll=None) if flight.rolled else view, self.paint) + "\n")
            for message in flight.errors:
                self.write(self._error(message))
            question = self._again() if flight.errors and not redraw else question_view(self.session)
            self.write(paint.prompt(question))
            line = self.read("")
            if self.echo:
                self.write(f"{visible(line, newlines=False)}\n")
            redraw = self.handle(line)

    def _summary(self, rolled: bool) -> SummaryView:
        """The end of the run; without the last roll when the tool rolled it (its line is above)."""
        view = summary_view(self.session)
        return replace(view, roll=None) if rolled else view

    def handle(self, line: str) -> bool:
        """Act on one line (play/commands.py); True when the step should be shown again in full."""
        reply = self.commands.handle(line)
        if reply.quit:
            raise Quit
        if reply.panel is not None:
            self.write(self._panel(reply.panel) + "\n")
        for message in reply.errors:
            self.write(self._error(message))
        if reply.done:
            self.write(self.paint(f"   ({reply.done})", "dim") + "\n")
        if reply.show == "question":
            self._again()
        return reply.show == "step"

    def _panel(self, panel: Panel) -> str:
        if panel == "help":
            return TERMINAL_HELP
        if panel == "prose":
            return paint.prose_text(screen(self.session), self.paint)
        return paint.where_text(where_view(self.session, self.session_file), self.paint)

    def _again(self) -> QuestionView | None:
        """After a message: show the question again, not the whole step."""
        question = question_view(self.session)
        if question is not None:
            self.write("\n".join(paint.question_lines(question, self.paint, not self.session.pause)) + "\n")
        return question

    def _error(self, message: str) -> str:
        return self.paint(f"  ! {visible(message)}", "error") + "\n"  # messages quote what was typed
