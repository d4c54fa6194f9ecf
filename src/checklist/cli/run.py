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
import stat
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from checklist.cli import exitcodes
from checklist.cli.arguments import DEFAULT_SESSION
from checklist.cli.data import default_flow
from checklist.engine import journal as jr
from checklist.engine.questions import BadAnswer
from checklist.engine.session import Session
from checklist.engine.state import SessionError
from checklist.model.names import did_you_mean
from checklist.model.visible import visible
from checklist.play import saving
from checklist.play.answers import AnswersError, Feed, read_answers
from checklist.play.programs import load_clean
from checklist.roster.combatants import RosterError
from checklist.roster.gcs import OldFormat
from checklist.roster.load import load_all
from checklist.terminal.terminal import Quit, Terminal

if TYPE_CHECKING:
    from checklist.engine.session import Session
    from checklist.graph.program import Program
    from checklist.roster.combatants import Roster


LEFT_AS_IT_IS = "\n  the file was left as it is; to start afresh instead: checklist run FLOW --session NEW.json"


class Fail(Exception):
    def __init__(self, code: int, message: str) -> None:
        super().__init__(message)
        self.code = code


def run(args: argparse.Namespace) -> int:
    try:
        return _run(args)
    except Fail as fail:
        print(f"checklist run: {visible(str(fail))}", file=sys.stderr)  # it may quote a file, a name, a value
        return fail.code


def _run(args: argparse.Namespace) -> int:
    starts = args.at or args.set or args.seed is not None or args.roster is not None or args.learn
    if args.resume is not None and starts:
        raise Fail(exitcodes.USAGE, "--at, --set, --seed, --roster and --learn start a new session; "
                    "they do not go with --resume (a session keeps the view it started with)")  # fmt: skip
    prepared = prepare(args, args.resume, args.session or args.resume or DEFAULT_SESSION,
                       "--session" if args.session else "--resume" if args.resume else "the session file")  # fmt: skip
    return _play(prepared.session, prepared.save, prepared.path, args.answers, prepared.notes,
                 args.trace or args.learn)  # fmt: skip


@dataclass(frozen=True)
class Prepared:
    """A session ready to play, and how to save it (after every answer)."""

    session: Session
    save: Callable[[bool], None]  # save(sync): write the session file, fsync'd when sync
    path: Path
    notes: tuple[str, ...]  # what resuming noticed, for the game master


def prepare(args: argparse.Namespace, resume: Path | None, session_path: Path, option: str) -> Prepared:
    """Load the flow and start a session from `args`, or resume `resume`; raise Fail with the message."""
    saved: jr.Journal | None = None
    if resume is not None:
        try:
            saved = saving.read(resume)
        except jr.JournalError as exc:
            raise Fail(exitcodes.BAD_SESSION, f"--resume {exc}{LEFT_AS_IT_IS}") from None
    paths = _flow_paths(args.flow, saved, resume)
    _writable(session_path, option)
    program, problems = load_clean(paths)
    if problems is not None:
        sys.stderr.write(problems)
        shown = " ".join(str(p) for p in paths)
        raise Fail(exitcodes.FINDINGS, f"{shown}: the flow has errors (see above); fix them and run again "
                   f"(`checklist check {shown}` lists them)")  # fmt: skip
    digest = jr.digest(program)
    notes: tuple[str, ...] = ()
    if saved is not None:
        try:
            restored = jr.restore(saved, program, digest)
        except jr.JournalError as exc:
            raise Fail(exitcodes.BAD_SESSION, f"--resume {resume}: {exc}{LEFT_AS_IT_IS}") from None
        session, notes = restored.session, restored.notes
    else:
        session = _new_session(program, args)
        _refuse_to_clobber(session_path)
    recorded = tuple(str(p.resolve()) for p in paths)

    def save(sync: bool = True) -> None:
        try:
            saving.write(session_path, jr.snapshot(session, digest, recorded), sync)
        except OSError as exc:
            raise Fail(exitcodes.USAGE, f"cannot save the session to {session_path}: {exc.strerror or exc}; "
                       "the file holds the last answer saved: free some space or make it writable, then "
                       f"continue with --resume {session_path}") from None  # fmt: skip

    return Prepared(session, save, session_path, notes)


def _flow_paths(flow: Path | None, saved: jr.Journal | None, resume: Path | None) -> list[Path]:
    """The flow to run: FLOW, else the one the session names (where a flow can be), else flow/."""
    if flow is not None:
        return [flow]
    recorded = [Path(p) for p in saved.paths] if saved is not None else []
    for path in recorded:  # a session file is input too: it may name /etc/passwd or a FIFO
        if not path.is_absolute() or (path.exists() and not _flow_place(path)):
            raise Fail(exitcodes.BAD_SESSION, f"{resume}: flow.paths names {str(path)[:200]}, which is not a "
                       "folder or a .flow file; pass the flow yourself: checklist run FLOW --resume FILE"
                       + LEFT_AS_IT_IS)  # fmt: skip
    if recorded and all(p.exists() for p in recorded):
        return recorded
    return [default_flow()]


def _flow_place(path: Path) -> bool:
    if path.is_dir():
        return True
    return path.suffix == ".flow" and stat.S_ISREG(path.stat().st_mode)


def _writable(path: Path, option: str) -> None:
    """Where the session is saved must be a regular file (or none yet) in a folder we can write."""
    folder = path.parent
    if not folder.is_dir():
        raise Fail(exitcodes.USAGE, f"{option} {path}: the folder {folder} does not exist; "
                    f"create it (mkdir -p {folder}) or save the session elsewhere with --session FILE")  # fmt: skip
    if not os.access(folder, os.W_OK | os.X_OK):
        raise Fail(exitcodes.USAGE, f"{option} {path}: cannot write in the folder {folder} (permission denied); "
                    "save the session elsewhere with --session FILE")  # fmt: skip
    if (path.exists() or path.is_symlink()) and not stat.S_ISREG(path.stat().st_mode if path.exists() else 0):
        raise Fail(exitcodes.USAGE, f"{option} {path}: is not a regular file (a folder, FIFO or device); "
                    "save the session to a file with --session FILE")  # fmt: skip


def _refuse_to_clobber(path: Path) -> None:
    if not path.exists():
        return

    try:
        existing = saving.read(path)
    except jr.JournalError:
        raise Fail(exitcodes.BAD_SESSION, f"{path} exists and is not a session file; pass --session FILE") from None
    if not existing.finished:
        raise Fail(exitcodes.USAGE, f"{path} holds an unfinished session: continue it with --resume {path}, "
                    "or start another with --session FILE")  # fmt: skip


def _new_session(program: Program, args: argparse.Namespace) -> Session:
    import secrets

    roster = _roster(args.roster) if args.roster is not None else None
    facts = _rules(program, roster)  # the roster file's [rules]; --set wins
    for item in args.set:
        name, equals, value = item.partition("=")
        if not equals or not name.strip() or not value.strip():
            raise Fail(exitcodes.USAGE, f"--set {item[:80]}: write FACT=VALUE, e.g. --set stunned=no")
        if name.strip() not in program.facts:
            raise Fail(exitcodes.USAGE, f"--set {item[:80]}: no fact `{name.strip()[:40]}` in this flow"
                       + (did_you_mean(name.strip(), program.facts) or _some_facts(program)))  # fmt: skip
        facts[name.strip()] = value.strip()
    at = _step_key(program, args.at) if args.at else None
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    try:
        return Session(
            program, at=at, facts=facts, seed=seed, roster=roster, compute=not args.ask_computed, pause=args.learn
        )
    except (SessionError, BadAnswer) as exc:
        where = "--set" if args.set else "--roster [rules]" if roster is not None and roster.rules else ""
        raise Fail(exitcodes.USAGE, f"{where}: {exc}" if where else str(exc)) from None


def _rules(program: Program, roster: Roster | None) -> dict[str, str]:
    """A roster's `[rules]`: facts the flow asks once per combat (optional rules), set before it starts."""
    if roster is None:
        return {}
    for name, _ in roster.rules:
        decl = program.facts.get(name)
        if decl is None:
            raise Fail(exitcodes.USAGE, f"--roster: [rules] {visible(name[:40])}: no fact of that name in this flow"
                        + did_you_mean(name, program.facts))  # fmt: skip
        if decl.scope != "combat":
            raise Fail(exitcodes.USAGE, f"--roster: [rules] {name}: it is asked per {decl.scope}, not once per "
                        "combat; [rules] holds options set once (docs/roster.md), --set sets any fact")  # fmt: skip
    return dict(roster.rules)


def _some_facts(program: Program) -> str:
    names = sorted(name for name, fact in program.facts.items() if fact.expr is None)
    return f"; facts it asks: {', '.join(names[:8])}{', ...' if len(names) > 8 else ''}" if names else ""


def _roster(paths: list[Path]) -> Roster:
    try:
        roster = load_all(paths)
    except OldFormat as exc:
        raise Fail(exitcodes.OLD_SHEET, str(exc)) from None
    except RosterError as exc:
        raise Fail(exitcodes.USAGE, str(exc)) from None
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
            raise Fail(exitcodes.USAGE, f"--at {text}: several checklists have a step {text}: {', '.join(found)}; "
                       f"write one of them, e.g. --at {found[0]}")  # fmt: skip
    raise Fail(exitcodes.USAGE, f"--at {text[:80]}: no such step (write it like combat.54)"
                + did_you_mean(text, program.steps))  # fmt: skip


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
            raise Fail(exitcodes.USAGE, str(exc)) from None
        echo = True
    colour = out.isatty() and not os.environ.get("NO_COLOR")
    durable = answers is None and sys.stdin.isatty()  # scripted runs fsync only when they stop

    def each_answer() -> None:
        save(durable)

    width = shutil.get_terminal_size().columns if out.isatty() else None  # piped or scripted: lines as they are
    terminal = Terminal(session, write, read, each_answer, colour=colour, echo=echo, session_file=str(path),
                        trace=trace or session.pause, width=width)  # fmt: skip
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
    except Exception:  # a bug: keep the answers given so far, then let main() report it (exit 70)
        with contextlib.suppress(Exception):
            save(True)
        raise
    save(True)
    return exitcodes.OK
