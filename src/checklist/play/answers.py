"""--answers FILE: the answers of a scripted run, one per prompt, exactly as typed.

A line is what the game master would type at one prompt: a choice number or name, a
number, `r` to roll, `b`, `w`, `o FACT`, `q`, or an empty line for Enter (go on from a step
that asks nothing, or take the prompt's default: at a player's defense, the best-scored one).
Lines starting with `#` are comments.  When the lines run out before the flow ends, the run
saves the session and exits with END_OF_INPUT (6).
"""

from __future__ import annotations

from pathlib import Path

from checklist.model.limits import MAX_INPUT_BYTES
from checklist.program.files import LoadError, read_file


class AnswersError(Exception):
    """An answers file that cannot be read."""


def read_answers(path: Path) -> list[str]:
    try:
        raw = read_file(path, "an answers file", MAX_INPUT_BYTES)
    except LoadError as exc:
        raise AnswersError(f"--answers {exc}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise AnswersError(f"--answers {path}:{line}: not UTF-8 text; save the file as UTF-8") from None
    return parse_answers(text)


def parse_answers(text: str) -> list[str]:
    lines = text.replace("\r\n", "\n").split("\n")
    if lines and lines[-1] == "":
        lines.pop()  # the newline that ends the last line
    return [line.strip() for line in lines if not line.lstrip().startswith("#")]


class Feed:
    """Answers handed out one at a time; EOFError when they run out (like input())."""

    def __init__(self, answers: list[str]) -> None:
        self._answers = answers
        self.used = 0

    def __call__(self, prompt: str = "") -> str:
        if self.used >= len(self._answers):
            raise EOFError
        self.used += 1
        return self._answers[self.used - 1]
