"""`checklist run [FLOW] [--at STEP] [--set F=V]... [--session FILE] [--resume FILE] [--answers FILE] [--seed N]`.

Importing this module costs argparse only; the engine is imported by `run`.
Exit codes (checklist.cli.exitcodes): 0 the flow ended or q saved; 1 the flow has check errors;
2 bad command line; 5 the session file is corrupt, foreign or lost its steps; 6 input ended
before the flow did (saved); 130 Ctrl-C (saved).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from checklist.cli import exitcodes
from checklist.cli.arguments import DEFAULT_SESSION
from checklist.cli.data import default_flow
from checklist.engine.session import Session
from checklist.graph.memory import gc_paused
from checklist.model.visible import visible
from checklist.play.answers import AnswersError, Feed, read_answers
from checklist.play.pilot import MANUAL, Pilot
from checklist.play.start import Prepared, Refused, Start, prepare

if TYPE_CHECKING:
    from checklist.engine.session import Session


CODES = {
    "usage": exitcodes.USAGE,
    "findings": exitcodes.FINDINGS,
    "bad-session": exitcodes.BAD_SESSION,
    "old-sheet": exitcodes.OLD_SHEET,
}


class Fail(Exception):
    def __init__(self, code: int, message: str) -> None:
        super().__init__(message)
        self.code = code


def failed(exc: Fail | Refused, command: str) -> int:
    """Say why a command stopped (it may quote a file, a name, a value) and give its exit code."""
    if isinstance(exc, Refused):
        sys.stderr.write(exc.report)
    print(f"checklist {command}: {visible(str(exc))}", file=sys.stderr)
    return exc.code if isinstance(exc, Fail) else CODES[exc.why]


def start_of(args: argparse.Namespace) -> Start:
    """What the command line asks `run` or `serve` to start."""
    roster = tuple(args.roster) if args.roster is not None else None
    npcs = tuple(getattr(args, "npc", None) or ())
    roll = None if args.roll is None else args.roll == "auto"  # None: a resume plays on as it was played
    return Start(
        args.flow, default_flow(), args.at, tuple(args.set), args.seed, roster, args.ask_computed, args.learn, npcs,
        roll, args.autopilot,
    )  # fmt: skip


def prepared(args: argparse.Namespace, resume: Path | None, session: Path, option: str) -> Prepared:
    """The session `args` asks for, with the notes its roster's sheets gave printed."""
    ready = prepare(start_of(args), resume, session, option)
    for note in ready.said:
        print(f"roster: {note}", file=sys.stderr)
    return ready


def run(args: argparse.Namespace) -> int:
    try:
        return _run(args)
    except (Fail, Refused) as exc:
        return failed(exc, "run")


def _run(args: argparse.Namespace) -> int:
    if args.resume is not None and start_of(args).starts:
        raise Fail(
            exitcodes.USAGE,
            "--at, --set, --seed, --roster, --npc and --learn start a new session; "
            "they do not go with --resume (a session keeps the view it started with)",
        )
    with gc_paused():  # loading and starting make objects by the thousand and no garbage cycles
        ready = prepared(
            args,
            args.resume,
            args.session or args.resume or DEFAULT_SESSION,
            "--session" if args.session else "--resume" if args.resume else "the session file",
        )
    trace = args.trace or args.learn
    return _play(ready.session, ready.save, ready.path, args.answers, ready.notes, trace, ready.pilot)


def _play(
    session: Session,
    save: Callable[[bool], None],
    path: Path,
    answers: Path | None,
    notes: tuple[str, ...],
    trace: bool = True,
    pilot: Pilot = MANUAL,
) -> int:

    from checklist.terminal.terminal import Quit, Terminal  # deferred: `checklist serve` shares this module

    out = sys.stdout

    def write(text: str) -> None:
        out.write(text)
        out.flush()

    read: Callable[[str], str] = input
    echo = not sys.stdin.isatty()
    if answers is not None:
        try:
            read = Feed(read_answers(answers))
        except AnswersError as exc:
            raise Fail(exitcodes.USAGE, str(exc)) from None
        echo = True
    colour = out.isatty() and not os.environ.get("NO_COLOR")
    durable = answers is None and sys.stdin.isatty()  # scripted runs fsync only when they stop

    def each_answer() -> None:
        save(durable)

    width = shutil.get_terminal_size().columns if out.isatty() else None  # piped or scripted: lines as they are
    terminal = Terminal(
        session,
        write,
        read,
        each_answer,
        colour=colour,
        echo=echo,
        session_file=str(path),
        trace=trace or session.pause,
        width=width,
        pilot=pilot,
    )
    for note in notes:
        write(f"note: {note}\n")
    try:
        save(True)  # inside: a Ctrl-C at any moment from here on saves and exits 130
        terminal.run()
    except Quit:
        save(True)
        write(f"Session saved to {path}. Resume with: checklist run --resume {path}\n")
        return exitcodes.OK
    except EOFError:
        save(True)
        print(
            f"\nchecklist run: input ended before the flow did; session saved to {path} (resume with --resume {path})",
            file=sys.stderr,
        )
        return exitcodes.END_OF_INPUT
    except KeyboardInterrupt:
        save(True)
        print(f"\nchecklist run: interrupted; session saved to {path} (resume with --resume {path})", file=sys.stderr)
        return exitcodes.INTERRUPTED
    except Exception:  # a bug: keep the answers given so far, then let main() report it (exit 70)
        with contextlib.suppress(Exception):
            save(True)
        raise
    save(True)
    return exitcodes.OK
