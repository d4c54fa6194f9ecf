"""`checklist fmt --check` against `checklist check`, side by side: `python bench/fmt.py`
(issue 28 part 2; docs/benchmarks.md, "Formatting").

Both commands are run as processes on the same input, in one run, turn about (fmt, check, fmt,
check, ...), so that a busy machine slows both alike. Each run's wall time (perf_counter around
the process) and CPU time (the child's user + system, from os.times) are kept; the medians are
printed. The inputs: the bundled flow/ (ten files, 3 765 lines), and a flow of --steps steps made
by bench/generate.py and formatted first (so that `--check` reads it all and finds it formatted).
Bytecode is cached in a temporary PYTHONPYCACHEPREFIX, as for an installed package, and two
runs of each command are thrown away first. Nothing is asserted.

Options: --runs N (10), --steps N (10000; 0 for flow/ alone), --json FILE.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT / "src"))

import generate  # noqa: E402
from timing import timed  # noqa: E402

WARM_UP = 2  # runs of each command thrown away first
COMMANDS = {"fmt --check": ["fmt", "--check"], "check": ["check"]}


def side_by_side(path: Path, runs: int, env: dict[str, str]) -> dict[str, dict[str, float]]:
    base = [sys.executable, "-m", "checklist"]
    samples: dict[str, list[tuple[float, float]]] = {name: [] for name in COMMANDS}
    for turn in range(runs + WARM_UP):
        for name, args in COMMANDS.items():
            wall, cpu, code = timed([*base, *args, str(path)], env)
            if code != 0:
                raise SystemExit(f"`checklist {' '.join(args)} {path}` exited {code}: the input must be clean")
            if turn >= WARM_UP:
                samples[name].append((wall, cpu))
    return {
        name: {
            "wall_median_s": statistics.median(w for w, _ in runs_),
            "wall_min_s": min(w for w, _ in runs_),
            "cpu_median_s": statistics.median(c for _, c in runs_),
        }
        for name, runs_ in samples.items()
    }


def main(argv: list[str] | None = None) -> int:
    options = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    options.add_argument("--runs", type=int, default=10)
    options.add_argument("--steps", type=int, default=10000)
    options.add_argument("--json", type=Path)
    args = options.parse_args(argv)
    from checklist.syntax.format import format_text

    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "PYTHONPYCACHEPREFIX": str(Path(tmp) / "pyc")}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        inputs = {"flow/ (10 files, 3765 lines)": ROOT / "flow"}
        if args.steps:
            big = Path(tmp) / f"generated-{args.steps}.flow"
            text = format_text(generate.generate(args.steps), str(big))
            big.write_text(text, "utf-8")
            inputs[f"generated, {args.steps} steps ({text.count(chr(10))} lines)"] = big
        results = {what: side_by_side(path, args.runs, env) for what, path in inputs.items()}
    print(
        f"Python {platform.python_version()}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}, {args.runs} runs"
    )
    print("| input | command | wall, median | wall, min | CPU, median |")
    print("|---|---|---:|---:|---:|")
    for what, by_command in results.items():
        for name, figures in by_command.items():
            print(
                f"| {what} | `checklist {name}` | {figures['wall_median_s'] * 1000:.0f} ms"
                f" | {figures['wall_min_s'] * 1000:.0f} ms | {figures['cpu_median_s'] * 1000:.0f} ms |"
            )
        ratio = by_command["fmt --check"]["cpu_median_s"] / by_command["check"]["cpu_median_s"]
        print(f"| {what} | fmt / check, CPU | {ratio:.2f} | | |")
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
