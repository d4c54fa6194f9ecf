"""`checklist simulate`'s speed: `python bench/simulate.py` (issue 30; docs/benchmarks.md, "Simulate").

Three figures, each through the library `checklist simulate` calls (play/simulate/), the flow loaded once:

* one core: --fights duels of tests/data/duel-sides.toml (the duel of tests/data/duel-roster.toml with
  sides; both follow the default tactic) played in this process: fights a second by wall clock and by
  CPU time (the machine is shared: CPU time is what other jobs inflate least), answers a fight, ms an answer;
* a sweep: --sweep duels on --jobs processes (concurrent.futures): wall time, fights a second, and the
  peak memory (max RSS) of the parent and of the largest worker;
* --screens N: N duels each played twice in a row, without and with each question's screen built after
  each answer as `checklist run` does: what a simulation saves by building none;
* a skirmish: --skirmish fights of examples/skirmish.toml (three against five), in this process.

--repeat R plays the one-core duels and skirmishes R times over and gives each pass's rate, the
fastest and the median (this machine's speed moves within minutes).

--profile N: N duels under cProfile, the top functions by cumulative and by own time printed: where a
simulated fight spends its time. --json FILE writes the figures. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import resource
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DUEL = ROOT / "tests" / "data" / "duel-sides.toml"
SKIRMISH = ROOT / "examples" / "skirmish.toml"
SEED = 1


def setup(roster: Path) -> Any:
    from checklist.play.simulate.setup import Spec, load_setup

    return load_setup(Spec((str(roster),), (str(ROOT / "flow"),)))


def in_process(roster: Path, fights: int, seed: int = SEED, repeat: int = 1) -> dict[str, Any]:
    """Fights played one after the other in this process, each timed by wall clock and CPU time; with
    `repeat` > 1 the same fights are played that many times over, and each pass's rate is kept too."""
    from checklist.play.simulate.fight import play
    from checklist.play.simulate.setup import fight_seed

    ready = setup(roster)
    play(ready, 0, fight_seed(seed, 0))  # a warm-up fight: the first computes the flow's caches
    walls, cpus, answers, passes = [], [], [], []
    for _ in range(repeat):
        start = time.process_time()
        for index in range(1, fights + 1):
            wall, cpu = time.perf_counter(), time.process_time()
            outcome = play(ready, index, fight_seed(seed, index))
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
            answers.append(outcome.answers)
        passes.append(fights / (time.process_time() - start))
    figures = {
        "roster": str(roster.relative_to(ROOT)),
        "fights": fights,
        "fights_per_s_wall": round(len(walls) / sum(walls), 2),
        "fights_per_s_cpu": round(len(cpus) / sum(cpus), 2),
        "median_fight_ms_cpu": round(1000 * statistics.median(cpus), 1),
        "answers_per_fight": round(sum(answers) / len(answers), 1),
        "ms_per_answer_cpu": round(1000 * sum(cpus) / sum(answers), 3),
    }
    if repeat > 1:  # the machine's speed moves within minutes: each pass's rate, the fastest and the median
        figures |= {"passes": repeat, "fights_per_s_cpu_by_pass": [round(p, 1) for p in passes],
                    "fights_per_s_cpu_best": round(max(passes), 2),
                    "fights_per_s_cpu_median": round(statistics.median(passes), 2)}  # fmt: skip
    return figures


def screens(fights: int, seed: int = SEED) -> dict[str, Any]:
    """What a simulation saves by building no screen: each duel played twice in a row, as `simulate` plays
    it and with each question's screen built after each answer (present/screen.py, as `checklist run`
    does), the CPU time of each summed: the pairs share the machine's load."""
    from checklist.play.simulate import fight
    from checklist.play.simulate.setup import fight_seed
    from checklist.present.screen import screen

    ready = setup(DUEL)
    plain = fight._answer

    def answer_and_screen(session: Any, question: Any, asked: list[str]) -> str:
        why: str = plain(session, question, asked)
        if session.question is not None:
            screen(session)
        return why

    cpu = {"without": 0.0, "with": 0.0}
    answers = 0
    try:
        for index in range(0, fights + 1):  # fight 0 warms up
            for kind, answer in (("without", plain), ("with", answer_and_screen)):
                fight._answer = answer
                began = time.process_time()
                outcome = fight.play(ready, index, fight_seed(seed, index))
                if index:
                    cpu[kind] += time.process_time() - began
                    answers += outcome.answers if kind == "with" else 0
    finally:
        fight._answer = plain
    return {
        "fights": fights,
        "ms_per_answer_cpu_without_screens": round(1000 * cpu["without"] / answers, 3),
        "ms_per_answer_cpu_with_screens": round(1000 * cpu["with"] / answers, 3),
        "saved_share": round(1 - cpu["without"] / cpu["with"], 3),
    }


def sweep(fights: int, jobs: int, seed: int = SEED) -> dict[str, Any]:
    """`simulate --fights N --jobs J` without printing: wall time and the memory of each process."""
    from checklist.play.simulate import pool

    ready = setup(DUEL)
    began = time.perf_counter()
    outcomes = pool.fights(ready, fights, seed, jobs)
    took = time.perf_counter() - began
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    me = resource.getrusage(resource.RUSAGE_SELF)
    return {
        "fights": len(outcomes),
        "jobs": pool.processes(fights, jobs),
        "wall_s": round(took, 1),
        "fights_per_s": round(fights / took, 2),
        "cpu_s_workers": round(children.ru_utime + children.ru_stime, 1),
        "max_rss_mb_largest_worker": round(children.ru_maxrss / 1024, 1),  # Linux: KiB
        "max_rss_mb_parent": round(me.ru_maxrss / 1024, 1),
    }


def profile(fights: int, top: int = 25) -> str:
    from checklist.play.simulate.fight import play
    from checklist.play.simulate.setup import fight_seed

    ready = setup(DUEL)
    play(ready, 0, fight_seed(SEED, 0))
    profiler = cProfile.Profile()
    profiler.enable()
    for index in range(1, fights + 1):
        play(ready, index, fight_seed(SEED, index))
    profiler.disable()
    out: list[str] = []
    for order in ("cumulative", "tottime"):
        stream = _Lines()
        pstats.Stats(profiler, stream=stream).strip_dirs().sort_stats(order).print_stats(top)  # type: ignore[arg-type]
        out.append(stream.text())
    return "\n".join(out)


class _Lines:
    def __init__(self) -> None:
        self.parts: list[str] = []

    def write(self, text: str) -> None:
        self.parts.append(text)

    def text(self) -> str:
        return "".join(self.parts)


def arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fights", type=int, default=100, help="duels on one core (100)")
    parser.add_argument("--sweep", type=int, default=10_000, help="duels on --jobs processes (10000; 0: none)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--skirmish", type=int, default=20, help="three-against-five fights on one core (20)")
    parser.add_argument(
        "--screens", type=int, default=0, metavar="N", help="N duels without and with screens, as run has (0)"
    )
    parser.add_argument("--repeat", type=int, default=1, metavar="R", help="one-core fights played R times over (1)")
    parser.add_argument("--profile", type=int, default=0, metavar="N", help="profile N duels (0: none)")
    parser.add_argument("--json", type=Path, metavar="FILE")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = arguments(argv)
    sys.path.insert(0, str(ROOT / "src"))
    figures: dict[str, Any] = {"load_before": os.getloadavg()[0]}
    if args.fights:
        figures["duel"] = in_process(DUEL, args.fights, repeat=args.repeat)
        print("duel, one core:", figures["duel"], flush=True)
    if args.skirmish:
        figures["skirmish"] = in_process(SKIRMISH, args.skirmish, repeat=args.repeat)
        print("3 against 5, one core:", figures["skirmish"], flush=True)
    if args.sweep:
        figures["sweep"] = sweep(args.sweep, args.jobs)
        print(f"{args.sweep} duels, --jobs {args.jobs}:", figures["sweep"], flush=True)
    if args.screens:
        figures["screens"] = screens(args.screens)
        print("duel, one core, without and with a screen after every answer:", figures["screens"], flush=True)
    figures["load_after"] = os.getloadavg()[0]
    print(f"load average before / after: {figures['load_before']:.2f} / {figures['load_after']:.2f}")
    if args.profile:
        print(profile(args.profile))
    if args.json is not None:
        args.json.write_text(json.dumps(figures, indent=2) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
