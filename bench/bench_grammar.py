"""Every figure of "One grammar, clear layers", side by side in one run (docs/benchmarks.md).

    python bench/bench_grammar.py                   # about 10 minutes
    python bench/bench_grammar.py --quick           # 10k steps only, fewer runs

1. Start-up: `checklist check flow/` against `python -c "import lark, networkx"`, turn about.
2. Synthetic flows (bench/generate.py) of 10k and 100k steps: `checklist check --no-cache
   --max-flow-mb N FILE`, wall time, CPU time and peak memory, turn about with inkjs 2.4's
   compiler on the same flow as ink (bench/bench_ink.py's runner and translation).
3. The engine: answer -> next prompt inside a Session, over the melee turn of
   tests/plans/melee-turn.testplan (bench/bench_run.py's engine figure).

Every command line is timed as a whole process with bytecode cached (a temporary
PYTHONPYCACHEPREFIX), as for an installed package.
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import bench_ink  # noqa: E402
import bench_run  # noqa: E402

TARGETS = {"check_ms": 250.0, "check_ratio": 1.5, "10000_s": 1.5, "100000_s": 10.0, "100000_mb": 350.0,
           "ink_ratio": 2.5, "engine_median_ms": 5.0, "engine_max_ms": 20.0}  # fmt: skip


def startup(checklist: str, runs: int, env: dict[str, str]) -> dict[str, Any]:
    ours = bench_ink.Series("check flow/", [checklist, "check", str(ROOT / "flow")])
    base = bench_ink.Series("import lark, networkx", [sys.executable, "-c", "import lark, networkx"])
    for i in range(-2, runs):
        for series in (ours, base):
            run = bench_ink.run_once(series.cmd, env, 60)
            if run is not None and i >= 0:
                series.runs.append(run)
    check, imports = statistics.median(ours.seconds()), statistics.median(base.seconds())
    return {"check_s": ours.seconds(), "imports_s": base.seconds(), "check_ms": check * 1000,
            "imports_ms": imports * 1000, "ratio": check / imports}  # fmt: skip


def verdict(ok: bool) -> str:
    return "met" if ok else "**missed**"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="10k steps only, 3 runs")
    parser.add_argument("--runs", type=int, default=5, help="runs of each big-flow command (default 5; 100k: 3)")
    args = parser.parse_args()
    checklist = bench_ink.default_checklist()
    node = shutil.which("node")
    if node is None:
        sys.exit("bench_grammar: `node` is not on PATH: install Node.js (apt-get install nodejs npm)")
    inkjs = bench_ink.ensure_inkjs(node)
    command = shlex.join(["python", "bench/bench_grammar.py", *sys.argv[1:]])
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="checklist-pycache-") as cache:
        env = dict(os.environ, PYTHONPYCACHEPREFIX=cache)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        start = startup(checklist, 10 if args.quick else 20, env)
        sizes = [10_000] if args.quick else [10_000, 100_000]
        rows = []
        for steps in sizes:
            runs = 3 if args.quick or steps >= 100_000 else args.runs
            ns = argparse.Namespace(runs=runs, warmup=1, timeout=600.0, checklist=checklist, node=node,
                                    node_option=[], record_choices=False)  # fmt: skip
            rows.append(bench_ink.bench_size(steps, ns, env))
    engine = bench_run.engine(3 if args.quick else 10)
    print(
        f"\n`{command}`; load average {load:.2f} at the start, {os.getloadavg()[0]:.2f} at the end; "
        f"inkjs {inkjs}; Python {sys.version.split()[0]}.\n"
    )
    print("| measure | result | target | |\n|---|---:|---|---|")
    print(
        f"| `checklist check flow/`, median of {len(start['check_s'])} | {start['check_ms']:.0f} ms | <= 250 ms "
        f"| {verdict(start['check_ms'] <= TARGETS['check_ms'])} |"
    )
    print(f'| `python -c "import lark, networkx"`, same run | {start["imports_ms"]:.0f} ms | | |')
    print(f"| ratio | {start['ratio']:.2f}x | <= 1.5x | {verdict(start['ratio'] <= TARGETS['check_ratio'])} |")
    for row in rows:
        steps = row["steps"]
        ours = statistics.median(row["ours"]["seconds"])
        ours_cpu = statistics.median(row["ours"]["cpu_s"])
        mb = max(row["ours"]["maxrss_mb"])
        ink = statistics.median(row["ink"]["seconds"]) if row["ink"]["seconds"] else float("nan")
        ink_cpu = statistics.median(row["ink"]["cpu_s"]) if row["ink"]["cpu_s"] else float("nan")
        ink_mb = max(row["ink"]["maxrss_mb"]) if row["ink"]["maxrss_mb"] else float("nan")
        limit = TARGETS[f"{steps}_s"]
        print(
            f"| {steps:,} steps, `checklist check --no-cache`, median of {len(row['ours']['seconds'])} | "
            f"{ours:.2f} s (CPU {ours_cpu:.2f} s), {mb:.0f} MB | <= {limit:g} s"
            + (" and 350 MB" if steps >= 100_000 else "")
            + " | "
            f"{verdict(ours <= limit and (steps < 100_000 or mb <= TARGETS['100000_mb']))} |"
        )
        print(f"| {steps:,} steps, inkjs compiler, same run | {ink:.2f} s (CPU {ink_cpu:.2f} s), {ink_mb:.0f} MB | | |")
        print(f"| ink / ours, wall (CPU) | {ink / ours:.1f}x ({ink_cpu / ours_cpu:.1f}x) | >= 2.5x "
              f"| {verdict(ink / ours >= TARGETS['ink_ratio'])} |")  # fmt: skip
    bare = engine["engine"]
    print(
        f"| engine, answer -> next prompt ({engine['answers']} answers x runs) | {bare['median_ms']:.2f} ms median, "
        f"{bare['max_ms']:.1f} ms worst | <= 5 ms, <= 20 ms | "
        f"{verdict(bare['median_ms'] <= 5 and bare['max_ms'] <= 20)} |"
    )


if __name__ == "__main__":
    main()
