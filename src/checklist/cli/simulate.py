"""`checklist simulate ROSTER... [--fights N] [--seed S] [--jobs J] [--rounds MAX] [--format json] [--plot FILE]
[--replay K] [--check]`: many fights played by the tool alone, and who wins them, how (docs/simulate.md).

Exit codes (checklist.cli.exitcodes): 0 the report; 1 the flow has check errors; 2 bad command line or
roster; 7 a GCS sheet too old to read; 9 a fight broke an invariant (saved, named in the report).
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
import time
from pathlib import Path

from checklist.cli import exitcodes
from checklist.cli.data import default_flow
from checklist.cli.run import Fail, failed
from checklist.play.simulate import pool, tally
from checklist.play.simulate.fight import played
from checklist.play.simulate.setup import MAX_FIGHTS, MAX_ROUNDS, Setup, Spec, fight_seed, load_setup, replay_command
from checklist.play.start import Refused
from checklist.present.fight import fight_view
from checklist.present.simulation import Replayed, Report, replay_text, report_json, report_text

PLOTS = (".svg", ".png")


def run(args: argparse.Namespace) -> int:
    try:
        return _simulate(args)
    except (Fail, Refused) as exc:
        return failed(exc, "simulate")


def _simulate(args: argparse.Namespace) -> int:
    _bounds(args)
    flow = args.flow or default_flow()
    keep = str(args.keep)
    spec = Spec(tuple(str(r) for r in args.rosters), (str(flow),), args.flow is not None, args.rounds, args.check, keep)
    setup = load_setup(spec)
    if args.plot is not None:
        _plotting(args.plot)  # before the fights: a missing matplotlib is said at once
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    if args.replay is not None:
        return _replay(setup, seed, args.replay)
    jobs = args.jobs or pool.cores()
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
    if args.plot is not None and args.plot.suffix.lower() not in PLOTS:
        raise Fail(exitcodes.USAGE, f"--plot {args.plot}: name an .svg or .png file, e.g. --plot fights.svg")
    for folder, option in ((args.keep, "--keep"), (args.plot.parent if args.plot else None, "--plot")):
        if folder is not None and not Path(folder).is_dir():
            raise Fail(exitcodes.USAGE, f"{option}: the folder {folder} does not exist; create it (mkdir -p {folder})")


def _replay(setup: Setup, seed: int, index: int) -> int:
    """Fight `index` alone: its combat log and the `checklist run` command that plays it again."""
    outcome, session = played(setup, index, fight_seed(seed, index))
    view = fight_view(session)
    command = replay_command(setup, outcome.seed, outcome.asked)
    o = outcome
    events = view.events if view is not None else ()
    sys.stdout.write(replay_text(Replayed(o.index, o.seed, o.winner, o.end, o.rounds, events, command, o.problems)))
    return exitcodes.BROKEN if outcome.problems else exitcodes.OK
