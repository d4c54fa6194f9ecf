"""Simulated fights of two source trees side by side (issue 30, "before and after"), alternating:
`python bench/simulate_before_after.py BEFORE AFTER [--rounds R] [--fights N] [--skirmish M]`.

BEFORE and AFTER are folders holding `src/`, `flow/`, `tests/data/` and `examples/` (make one with
`git archive REV src flow tests/data examples | tar -x -C DIR`). Each round plays, in a fresh process
per tree, one warm-up duel and then N duels (tests/data/duel-sides.toml, seeds 1..N of the fights'
seed stream) and M fights of three against five (examples/skirmish.toml), as `checklist simulate`
plays them, and times them by CPU time (the machine is shared: CPU time is what other jobs inflate
least) and wall clock. It prints, per tree, min and median over the rounds of: ms of CPU per answer
(an answer to the next question, the engine's hot path), duels a second and skirmishes a second, and
checks that both trees played the same fights (the same answers, winners and rounds). Nothing is
asserted.

`--sweep N [--jobs J]` plays instead, per round and tree, N duels on J processes as `simulate --fights N
--jobs J` does (the same fights: their answers and draws are printed), timing the wall and the workers' CPU.

`--before-python` and `--after-python` run each tree on its own interpreter (a venv's `bin/python`): give
the same folder twice to compare two interpreters.

`--instructions N` counts instead, under valgrind's callgrind, the instructions of N duels of each
tree ((N duels - 0 duels) / N, each after a warm-up duel and with the tree's built flow cached):
deterministic (string hashing fixed: PYTHONHASHSEED=0), and blind to the neighbours' load (about a minute
a duel).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time
from typing import Any

CHILD = """
import json, sys, time
from checklist.play.simulate.fight import play
from checklist.play.simulate.setup import Spec, fight_seed, load_setup
root, fights, skirmish = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
warm = sys.argv[4:] == ["warm"]  # 0 duels still loads the setup and plays the warm-up (--instructions)
out = {}
plan = (("duel", "/tests/data/duel-sides.toml", fights), ("skirmish", "/examples/skirmish.toml", skirmish))
for name, roster, count in plan:
    if not count and not (warm and name == "duel"):
        continue
    ready = load_setup(Spec((root + roster,), (root + "/flow",)))
    play(ready, 0, fight_seed(1, 0))  # warm-up
    cpu, wall, answers, seen = time.process_time(), time.perf_counter(), 0, []
    for index in range(1, count + 1):
        outcome = play(ready, index, fight_seed(1, index))
        answers += outcome.answers
        seen.append((outcome.answers, outcome.winner, outcome.rounds))
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    out[name] = {"cpu": cpu, "wall": wall, "answers": answers, "fights": count, "seen": seen}
print(json.dumps(out))
"""


SWEEP = """
import json, resource, sys, time
from checklist.play.simulate import pool
from checklist.play.simulate.setup import Spec, load_setup
root, fights, jobs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
ready = load_setup(Spec((root + "/tests/data/duel-sides.toml",), (root + "/flow",)))
wall = time.perf_counter()
outcomes = pool.fights(ready, fights, 1, jobs)
wall = time.perf_counter() - wall
workers = resource.getrusage(resource.RUSAGE_CHILDREN)
seen = sum(o.answers for o in outcomes), [o.winner for o in outcomes].count(None)
print(json.dumps({"wall": wall, "cpu": workers.ru_utime + workers.ru_stime, "seen": seen}))
"""


def sweep(root: str, fights: int, jobs: int, python: str = sys.executable) -> dict[str, Any]:
    """`simulate --fights N --jobs J` of the duel in a fresh process of `root`: wall and the workers' CPU."""
    env = {**os.environ, "PYTHONPATH": os.path.join(root, "src")}
    done = subprocess.run(
        [python, "-c", SWEEP, root, str(fights), str(jobs)], env=env, capture_output=True, text=True, check=True
    )
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def child(root: str, fights: int, skirmish: int, python: str = sys.executable) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": os.path.join(root, "src")}
    done = subprocess.run(
        [python, "-c", CHILD, root, str(fights), str(skirmish)],
        env=env, capture_output=True, text=True, check=True,
    )  # fmt: skip
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def instructions(root: str, duels: int, python: str = sys.executable) -> int:
    """Instructions a duel of `root`, by callgrind: the flow is built and cached, and the modules compiled, by a
    plain run first; both counts load the setup and play the warm-up duel, so that only the duels differ."""
    # one string hash for every run: with each process's own, the dicts' layout and so the count vary by 1-2%
    env = {**os.environ, "PYTHONPATH": os.path.join(root, "src"), "PYTHONHASHSEED": "0"}
    subprocess.run([python, "-c", CHILD, root, "0", "0", "warm"], env=env, capture_output=True, check=True)

    def counted(count: int) -> int:
        command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", python, "-c", CHILD]
        done = subprocess.run(
            [*command, root, str(count), "0", "warm"], env=env, capture_output=True, text=True, check=True
        )
        found = re.search(r"Collected : (\d+)", done.stderr)
        assert found is not None, done.stderr[-500:]
        return int(found.group(1))

    return (counted(duels) - counted(0)) // duels


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--fights", type=int, default=20, help="duels per round (20)")
    parser.add_argument("--skirmish", type=int, default=4, help="three-against-five fights per round (4)")
    parser.add_argument("--instructions", type=int, default=0, metavar="N", help="count N duels' instructions")
    parser.add_argument("--sweep", type=int, default=0, metavar="N", help="N duels on --jobs processes per round")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--before-python", default=sys.executable, help="the interpreter BEFORE runs on (this one)")
    parser.add_argument("--after-python", default=sys.executable, help="the interpreter AFTER runs on (this one)")
    args = parser.parse_args()
    python = {"before": args.before_python, "after": args.after_python}
    if args.sweep:
        for _ in range(args.rounds):
            for name, root in (("before", args.before), ("after", args.after)):
                r = sweep(root, args.sweep, args.jobs, python[name])
                print(f"{name}: {args.sweep} duels, --jobs {args.jobs}: {r['wall']:.1f} s wall, "
                      f"{r['cpu']:.1f} CPU s of the workers; answers, draws {r['seen']}", flush=True)  # fmt: skip
        return 0
    if args.instructions:
        for name, root in (("before", args.before), ("after", args.after)):
            count = instructions(root, args.instructions, python[name])
            print(f"{name}: {count / 1e6:.2f} M instructions a duel", flush=True)
        return 0
    runs: dict[str, list[dict[str, Any]]] = {"before": [], "after": []}
    load = os.getloadavg()[0]
    began = time.perf_counter()
    for _ in range(args.rounds):
        for name, root in (("before", args.before), ("after", args.after)):
            runs[name].append(child(root, args.fights, args.skirmish, python[name]))
    print(f"{args.rounds} rounds, alternating; load average {load:.2f} before, {os.getloadavg()[0]:.2f} after; "
          f"{time.perf_counter() - began:.0f} s")  # fmt: skip
    for kind in ("duel", "skirmish"):
        if kind not in runs["before"][0]:
            continue
        same = all(r[kind]["seen"] == runs["before"][0][kind]["seen"] for rs in runs.values() for r in rs)
        print(f"{kind}: {runs['before'][0][kind]['fights']} fights a round; both trees played the same fights: {same}")
        for name, rs in runs.items():
            per_answer = sorted(1000 * r[kind]["cpu"] / r[kind]["answers"] for r in rs)
            per_second = sorted(r[kind]["fights"] / r[kind]["cpu"] for r in rs)
            wall = sorted(r[kind]["fights"] / r[kind]["wall"] for r in rs)
            print(
                f"  {name}: ms CPU an answer min {per_answer[0]:.3f} median {statistics.median(per_answer):.3f}; "
                f"fights a second (CPU) max {per_second[-1]:.1f} median {statistics.median(per_second):.1f}; "
                f"(wall) max {wall[-1]:.1f} median {statistics.median(wall):.1f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
