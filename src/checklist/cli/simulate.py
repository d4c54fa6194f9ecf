"""`checklist simulate ROSTER... [--fights N] [--seed S] [--jobs J] [--rounds MAX] [--format json] [--plot FILE]
[--replay K] [--check]`: many fights played by the tool alone, and who wins them, how (docs/simulate.md).

Exit codes (checklist.cli.exitcodes): 0 the report; 1 the flow has check errors; 2 bad command line or
roster; 7 a GCS sheet too old to read; 9 a fight broke an invariant (saved, named in the report).
"""

from __future__ import annotations

import argparse
import json
import re
import secrets
import sys
import time
from dataclasses import replace
from pathlib import Path

from checklist.cli import exitcodes
from checklist.cli.data import default_flow
from checklist.cli.roster import to_toml
from checklist.cli.run import Fail, failed
from checklist.model.names import slug
from checklist.play.saving import write_text
from checklist.play.simulate import pool, tally
from checklist.play.simulate.fight import played
from checklist.play.simulate.setup import MAX_FIGHTS, MAX_ROUNDS, Setup, Spec, fight_seed, load_setup, replay_command
from checklist.play.start import Refused
from checklist.present.fight import fight_view
from checklist.present.simulation import (
    Replayed,
    Report,
    Varied,
    replay_text,
    report_json,
    report_text,
    vary_json,
    vary_text,
)

PLOTS = (".svg", ".png")
MAX_VARIED = 50  # --vary: the most of one combatant


def run(args: argparse.Namespace) -> int:
    try:
        return _simulate(args)
    except (Fail, Refused) as exc:
        return failed(exc, "simulate")


def _simulate(args: argparse.Namespace) -> int:
    _bounds(args)
    vary = _vary(args.vary, args.fights) if args.vary is not None else None
    flow = args.flow or default_flow()
    spec = Spec(
        tuple(str(r) for r in args.rosters),
        (str(flow),),
        args.flow is not None,
        args.rounds,
        args.check,
        str(args.keep),
        (vary[0], vary[1]) if vary is not None else None,
    )
    setup = load_setup(spec)
    if args.plot is not None:
        _plotting(args.plot)  # before the fights: a missing matplotlib is said at once
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    if args.replay is not None:
        return _replay(setup, seed, args.replay)
    jobs = args.jobs or pool.cores()
    if vary is not None:
        return _compare(args, setup, vary, seed, jobs)
    began = time.perf_counter()
    outcomes = pool.fights(setup, args.fights, seed, jobs)
    took = time.perf_counter() - began
    report = tally.report(setup, outcomes, seed)
    if args.format == "json":
        sys.stdout.write(json.dumps(report_json(report), indent=2, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(report_text(report))
    sys.stdout.flush()  # the report before the timing line, on a terminal that shows both
    print(f"simulate: {args.fights} fights in {took:.1f} s ({args.fights / took:.1f} a second, "
          f"{pool.processes(args.fights, jobs)} processes)", file=sys.stderr)  # fmt: skip
    if args.plot is not None:
        _plotting(args.plot, report)
    return exitcodes.BROKEN if report.broken else exitcodes.OK


def _plotting(path: Path, report: Report | None = None) -> None:
    """Draw the chart of `report`; without one, only make sure it can be drawn."""
    from checklist.play.simulate import plot  # deferred: matplotlib, for --plot only

    try:
        plot.plot(report, path) if report is not None else plot.pyplot()
    except plot.PlotError as exc:
        raise Fail(exitcodes.USAGE, f"--plot {path}: {exc}") from None


def _vary(text: str, fights: int) -> tuple[str, int, int]:
    """`orc=2..5`: the combatant, and the first and last numbers of them."""
    found = re.fullmatch(r"\s*([^=]+?)\s*=\s*(\d{1,4})\s*\.\.\s*(\d{1,4})\s*", text)
    if found is None:
        raise Fail(exitcodes.USAGE, f"--vary {text[:80]}: write NAME=A..B, e.g. --vary orc=2..5 (2, 3, 4 and 5 orcs)")
    name, low, high = found.group(1), int(found.group(2)), int(found.group(3))
    if not 1 <= low <= high <= MAX_VARIED:
        raise Fail(exitcodes.USAGE, f"--vary {text[:80]}: A and B from 1 to {MAX_VARIED}, A no more than B")
    if fights * (high - low + 1) > MAX_FIGHTS:
        raise Fail(exitcodes.USAGE, f"--vary {text[:80]}: {high - low + 1} runs of {fights} fights is over "
                   f"{MAX_FIGHTS:,}; give fewer --fights")  # fmt: skip
    return name, low, high


def _compare(args: argparse.Namespace, setup: Setup, vary: tuple[str, int, int], seed: int, jobs: int) -> int:
    """`--vary`: the fights played again for each number of the combatant, each with the same seed."""
    name, low, high = vary
    runs = []
    for count in range(low, high + 1):
        ready = setup if count == low else load_setup(replace(setup.spec, vary=(name, count)))
        runs.append((count, tally.report(ready, pool.fights(ready, args.fights, seed, jobs), seed)))
    varied = Varied(name, tuple(runs))
    if args.format == "json":
        sys.stdout.write(json.dumps(vary_json(varied), indent=2, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(vary_text(varied))
    return exitcodes.BROKEN if any(report.broken for _, report in runs) else exitcodes.OK


def _bounds(args: argparse.Namespace) -> None:
    """Each number in its range, said before anything is loaded."""
    checks = [
        (
            "--fights",
            args.fights,
            1,
            MAX_FIGHTS,
            "a bigger sweep runs on several machines (docs/simulate.md)",
        ),
        ("--rounds", args.rounds, 1, MAX_ROUNDS, "a fight still going after MAX rounds counts as a draw"),
        ("--jobs", args.jobs if args.jobs is not None else 1, 1, 256, "the default is every core"),
        ("--replay", args.replay if args.replay is not None else 1, 1, MAX_FIGHTS, "fights are numbered from 1"),
    ]
    for option, value, low, high, why in checks:
        if not low <= value <= high:
            raise Fail(exitcodes.USAGE, f"{option} {value}: give a whole number from {low} to {high:,}; {why}")
    if args.plot is not None and args.vary is not None:
        raise Fail(exitcodes.USAGE, "--plot draws one run: leave out --vary, or give one number (--vary orc=3..3)")
    if args.plot is not None and args.plot.suffix.lower() not in PLOTS:
        raise Fail(exitcodes.USAGE, f"--plot {args.plot}: name an .svg or .png file, e.g. --plot fights.svg")
    for folder, option in ((args.keep, "--keep"), (args.plot.parent if args.plot else None, "--plot")):
        if folder is not None and not Path(folder).is_dir():
            raise Fail(exitcodes.USAGE, f"{option}: the folder {folder} does not exist; create it (mkdir -p {folder})")


def _replay(setup: Setup, seed: int, index: int) -> int:
    """Fight `index` alone: its combat log and the `checklist run` command that plays it again."""
    outcome, session = played(setup, index, fight_seed(seed, index))
    view = fight_view(session)
    roster = _roster_file(setup) if setup.spec.vary is not None else None
    command = replay_command(setup, outcome.seed, outcome.asked, roster)
    o = outcome
    events = view.events if view is not None else ()
    sys.stdout.write(replay_text(Replayed(o.index, o.seed, o.winner, o.end, o.rounds, events, command, o.problems)))
    return exitcodes.BROKEN if outcome.problems else exitcodes.OK


def _roster_file(setup: Setup) -> str:
    """A `--vary` run's roster, which no file holds, written for `checklist run` (tactics included)."""
    assert setup.spec.vary is not None
    name, count = setup.spec.vary
    path = Path(setup.spec.keep) / f"simulate-roster-{slug(name)}-{count}.toml"
    rules = [f"{key} = {json.dumps(value)}" for key, value in setup.roster.rules]
    text = to_toml(setup.roster.source) + ("\n[rules]\n" + "\n".join(rules) + "\n" if rules else "")
    try:
        write_text(path, text, sync=False)
    except OSError as exc:
        raise Fail(exitcodes.USAGE, f"cannot write {path}: {exc.strerror or exc}; give --keep DIR") from None
    return str(path)
