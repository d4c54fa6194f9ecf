"""The thin terminal front end: show the step, read a line, hand it to the session.

All decisions live in session.py; what is shown comes from the views of screen.py, painted
as text by paint.py (a web page can draw the same views).  `save` is called after every
change and before the next prompt is shown, so an answer the screen has moved past is on
disk.  EOFError and KeyboardInterrupt are left to the caller (command.py), which saves and
exits with the documented code.
"""

from __future__ import annotations

from collections.abc import Callable

from checklist.model.names import did_you_mean
from checklist.model.visible import visible
from checklist.run import paint
from checklist.run.questions import BadAnswer
from checklist.run.screen import question_view, screen, summary_view, where_view
from checklist.run.session import Session
from checklist.run.state import SessionError


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
    ) -> None:
        self.trace = trace
        self.session = session
        self.write = write if width is None else (lambda text: write(paint.fit(text, width)))
        self.read = read
        self.save = save
        self.echo = echo
        self.session_file = session_file
        self.paint = paint.Painter(colour, width or 96)

    def run(self) -> None:
        """Until the flow ends (returns) or the game master quits (raises Quit)."""
        redraw = True
        while True:
            finished = self.session.finished
            if finished is not None and finished.kind == "end":
                self.write(paint.summary_text(summary_view(self.session), self.paint, self.trace) + "\n")
                return
            if redraw:
                if finished is not None:
                    self.write(paint.summary_text(summary_view(self.session), self.paint, self.trace) + "\n")
                else:
                    self.write(paint.screen_text(screen(self.session), self.paint) + "\n")
            self.write(paint.prompt(question_view(self.session)))
            line = self.read("")
            if self.echo:
                self.write(f"{visible(line, newlines=False)}\n")
            redraw = self.handle(line)

    def handle(self, line: str) -> bool:
        """Act on one line; True when the step should be shown again in full."""
        text = line.strip()
        key = text.lower()
        if key == "q":
            raise Quit
        if key in ("?", "h", "help"):
            self.write(paint.HELP + "\n")
            return self._again()
        if key == "p" and self.session.finished is None:
            self.write(paint.prose_text(screen(self.session), self.paint) + "\n")
            return self._again()
        if key == "w":
            self.write(paint.where_text(where_view(self.session, self.session_file), self.paint) + "\n")
            return self._again()
        if key == "b":
            if not self.session.undo():
                self.write(self._error("nothing to undo: this is the start of the session"))
                return self._again()
            self.save()
            self.write(self.paint("   (went back one answer)", "dim") + "\n")
            return True
        if key == "o" or key.startswith("o "):
            return self._override(text[1:].strip())
        if self.session.finished is not None:
            self.write(self._error("the flow stopped here: b goes back, q saves and quits"))
            return False
        try:
            self.session.answer(text)
        except (BadAnswer, SessionError) as exc:
            self.write(self._error(str(exc)))
            return self._again()
        self.save()
        return True

    def _override(self, name: str) -> bool:
        candidates = screen(self.session).overridable
        if not name:
            if len(candidates) != 1:
                listed = ", ".join(f"`o {c}`" for c in candidates)
                hint = f"which one? {listed}" if candidates else "nothing known was used here; `o FACT` names one"
                self.write(self._error(hint))
                return self._again()
            name = candidates[0]
        if name not in self.session.program.facts:
            close = did_you_mean(name, self.session.program.facts)
            self.write(self._error(f"no fact `{name[:40]}` in this flow{close}; `o` alone lists the facts used here"))
            return self._again()
        try:
            self.session.override(name)
        except SessionError as exc:
            self.write(self._error(str(exc)))
            return self._again()
        self.save()
        return True

    def _again(self) -> bool:
        """After a message: show the question again, not the whole step."""
        question = question_view(self.session)
        if question is not None:
            self.write("\n".join(paint.question_lines(question, self.paint, not self.session.pause)) + "\n")
        return False

    def _error(self, message: str) -> str:
        return self.paint(f"  ! {visible(message)}", "error") + "\n"  # messages quote what was typed
