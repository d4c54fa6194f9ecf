"""`checklist run [FLOW] [--at STEP] [--set F=V]... [--session FILE] [--resume FILE] [--answers FILE] [--seed N]`.

Importing this module costs argparse only; the engine is imported by `run`.
Exit codes (checklist.cli.exitcodes): 0 the flow ended or q saved; 1 the flow has check errors;
2 bad command line; 5 the session file is corrupt, foreign or lost its steps; 6 input ended
before the flow did (saved); 130 Ctrl-C (saved).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from checklist.cli import exitcodes
from checklist.cli.arguments import DEFAULT_SESSION
from checklist.cli.data import default_flow
from checklist.run import journal as jr
from checklist.run.answers import AnswersError, Feed, read_answers
from checklist.run.gcs import OldFormat
from checklist.run.programs import load_clean
from checklist.run.questions import BadAnswer
from checklist.run.roster import RosterError, load_all
from checklist.run.session import Session
from checklist.run.state import SessionError
from checklist.run.terminal import Quit, Terminal

if TYPE_CHECKING:
    from checklist.graph.program import Program
    from checklist.run.roster import Roster
    from checklist.run.session import Session


class _Fail(Exception):
    def __init__(self, code: int, message: str) -> None:
        super().__init__(message)
        self.code = code


def run(args: argparse.Namespace) -> int:
    try:
        return _run(args)
    except _Fail as fail:
        print(f"checklist run: {fail}", file=sys.stderr)
        return fail.code


def _run(args: argparse.Namespace) -> int:
    starts = args.at or args.set or args.seed is not None or args.roster is not None or args.learn
    if args.resume is not None and starts:
        raise _Fail(exitcodes.USAGE, "--at, --set, --seed, --roster and --learn start a new session; "
                    "they do not go with --resume (a session keeps the view it started with)")  # fmt: skip
    saved: jr.Journal | None = None
    if args.resume is not None:
        try:
            saved = jr.read(args.resume)
        except jr.JournalError as exc:
            raise _Fail(exitcodes.BAD_SESSION, f"{exc}\n  the file was left as it is") from None
    paths = _flow_paths(args.flow, saved)
    program, problems = load_clean(paths)
    if problems is not None:
        sys.stderr.write(problems)
        raise _Fail(exitcodes.FINDINGS, "the flow has errors (see above; `checklist check` lists them)")
    digest = jr.digest(program)
    session_path: Path = args.session or args.resume or DEFAULT_SESSION
    notes: tuple[str, ...] = ()
    if saved is not None:
        try:
            restored = jr.restore(saved, program, digest)
        except jr.JournalError as exc:
            raise _Fail(exitcodes.BAD_SESSION, f"{args.resume}: {exc}\n  the file was left as it is") from None
        session, notes = restored.session, restored.notes
    else:
        session = _new_session(program, args)
        _refuse_to_clobber(session_path)
    recorded = tuple(str(p.resolve()) for p in paths)

    def save(sync: bool = True) -> None:
        try:
            jr.write(session_path, jr.snapshot(session, digest, recorded), sync)
        except OSError as exc:
            raise _Fail(exitcodes.USAGE, f"cannot save the session to {session_path}: {exc.strerror}") from None

    return _play(session, save, session_path, args.answers, notes, args.trace or args.learn)


def _flow_paths(flow: Path | None, saved: object) -> list[Path]:
    if flow is not None:
        return [flow]
    recorded = [Path(p) for p in getattr(saved, "paths", ())]
    if recorded and all(p.exists() for p in recorded):
        return recorded

    return [default_flow()]


def _refuse_to_clobber(path: Path) -> None:
    if not path.exists():
        return

    try:
        existing = jr.read(path)
    except jr.JournalError:
        raise _Fail(exitcodes.BAD_SESSION, f"{path} exists and is not a session file; pass --session FILE") from None
    if not existing.finished:
        raise _Fail(exitcodes.USAGE, f"{path} holds an unfinished session: continue it with --resume {path}, "
                    "or start another with --session FILE")  # fmt: skip


def _new_session(program: Program, args: argparse.Namespace) -> Session:
    import secrets

    facts: dict[str, str] = {}
    for item in args.set:
        name, equals, value = item.partition("=")
        if not equals or not name.strip() or not value.strip():
            raise _Fail(exitcodes.USAGE, f"--set {item}: write FACT=VALUE, e.g. --set stunned=no")
        facts[name.strip()] = value.strip()
    at = _step_key(program, args.at) if args.at else None
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    roster = _roster(args.roster) if args.roster is not None else None
    try:
        return Session(
            program, at=at, facts=facts, seed=seed, roster=roster, compute=not args.ask_computed, pause=args.learn
        )
    except (SessionError, BadAnswer) as exc:
        raise _Fail(exitcodes.USAGE, str(exc)) from None


def _roster(paths: list[Path]) -> Roster:
    try:
        roster = load_all(paths)
    except OldFormat as exc:
        raise _Fail(exitcodes.OLD_SHEET, str(exc)) from None
    except RosterError as exc:
        raise _Fail(exitcodes.USAGE, str(exc)) from None
    for note in roster.notes:  # what the sheets did not say: the flow asks for it (docs/roster.md)
        print(f"roster: {note}", file=sys.stderr)
    return roster


def _step_key(program: Program, text: str) -> str:
    """`combat.54`, or a bare `54` when only one checklist has a step 54."""
    if text in program.steps:
        return text
    if text.isdigit():
        found = [key for key in program.steps if key.rsplit(".", 1)[-1] == text]
        if len(found) == 1:
            return found[0]
        if found:
            raise _Fail(exitcodes.USAGE, f"--at {text}: several checklists have a step {text}: {', '.join(found)}")
    raise _Fail(exitcodes.USAGE, f"--at {text}: no such step (write it like combat.54)")


def _play(
    session: Session, save: Callable[[bool], None], path: Path, answers: Path | None, notes: tuple[str, ...],
    trace: bool = True,
) -> int:  # fmt: skip

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
            raise _Fail(exitcodes.USAGE, str(exc)) from None
        echo = True
    colour = out.isatty() and not os.environ.get("NO_COLOR")
    durable = answers is None and sys.stdin.isatty()  # scripted runs fsync only when they stop

    def each_answer() -> None:
        save(durable)

    terminal = Terminal(session, write, read, each_answer, colour=colour, echo=echo, session_file=str(path),
                        trace=trace or session.pause)  # fmt: skip
    for note in notes:
        write(f"note: {note}\n")
    save(True)
    try:
        terminal.run()
    except Quit:
        save(True)
        write(f"Session saved to {path}. Resume with: checklist run --resume {path}\n")
        return exitcodes.OK
    except EOFError:
        save(True)
        print(f"\nchecklist run: input ended before the flow did; session saved to {path} "
              f"(resume with --resume {path})", file=sys.stderr)  # fmt: skip
        return exitcodes.END_OF_INPUT
    except KeyboardInterrupt:
        save(True)
        print(f"\nchecklist run: interrupted; session saved to {path} (resume with --resume {path})", file=sys.stderr)
        return exitcodes.INTERRUPTED
    save(True)
    return exitcodes.OK
