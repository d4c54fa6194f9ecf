"""Load-and-check benchmark: `python bench/bench_check.py` (docs/benchmarks.md, "Load and check").

For each size (1k, 10k, 100k steps, from bench/generate.py) it reports the median of several
runs of:

* a bare Lark LALR parse of the same file with our grammar (contextual lexer), building the
  tree, and again with an inline no-op transformer (every rule returns None);
* `checklist.load` (read, parse, build, join);
* `FlowGraph.build` (`program.flow`) and `FlowGraph.to_networkx` (`program.graph`);
* each rule in `checklist.checks.RULES`, separately;
* `checklist check FILE` from the command line (hyperfine if installed, else subprocess wall time);

and the peak memory (maxrss) of `checklist check` at 100k steps, and the command-line time
of `checklist check` on a 150-step program.  Options: --sizes, --runs, --skip-lark, --json.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import generate  # noqa: E402

SMALL = 150
TARGETS = {
    "cli_100k_s": 4.0,
    "per_step_spread": 0.25,
    "load_vs_lark": 1.3,
    "cli_150_ms": 200.0,
    "maxrss_100k_mb": 300.0,
}


def checklist_command() -> list[str]:
    exe = Path(sys.executable).with_name("checklist")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "checklist"]


def _noop(self: object, children: object) -> None:
    return None


def median_time(fn: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        gc.collect()
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def cli_time(path: Path, runs: int) -> tuple[float, str]:
    """Median wall time of `checklist check PATH` (seconds) and the tool that measured it."""
    cmd = checklist_command() + ["check", str(path)]
    if shutil.which("hyperfine"):
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "h.json"
            subprocess.run(
                ["hyperfine", "-N", "--warmup", "1", "--runs", str(runs), "-i", "--style", "none",
                 "--export-json", str(out), " ".join(cmd)],
                check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            )  # fmt: skip
            return json.loads(out.read_text())["results"][0]["median"], "hyperfine"
    times = []
    for _ in range(runs + 1):
        t = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, check=False)
        times.append(time.perf_counter() - t)
    return statistics.median(times[1:]), "subprocess"


def peak_memory_mb(path: Path) -> float:
    """maxrss of `checklist check PATH`, measured in a fresh parent so no other child counts."""
    probe = (
        "import resource, subprocess, sys\n"
        "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=False)\n"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    )
    cmd = [sys.executable, "-c", probe, *checklist_command(), "check", str(path)]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    return int(out.split()[-1]) / 1024  # Linux reports KiB


def bench_size(steps: int, runs: int, lark_runs: int, skip_lark: bool) -> dict[str, Any]:
    import lark

    import checklist
    from checklist.checks import RULES
    from checklist.graph import FlowGraph
    from checklist.parse import grammar_text

    path = generate.write(steps)
    text = path.read_text("utf-8")
    row: dict[str, Any] = {"steps": steps, "bytes": len(text.encode()), "lines": text.count("\n")}

    if not skip_lark:
        grammar = grammar_text()
        tree_parser = lark.Lark(grammar, parser="lalr", lexer="contextual")
        # Every rule of ours returns None; Lark's own `__start_star_0` helpers keep their lists.
        names = {str(r.alias or r.origin.name) for r in tree_parser.rules}
        Noop = type("Noop", (lark.Transformer,), {n: _noop for n in names if not n.startswith("_")})
        noop_parser = lark.Lark(grammar, parser="lalr", lexer="contextual", transformer=Noop())
        row["lark_tree_s"] = median_time(lambda: tree_parser.parse(text + "\n"), lark_runs)
        row["lark_noop_s"] = median_time(lambda: noop_parser.parse(text + "\n"), lark_runs)

    program = checklist.load(path)
    errors = [d for d in checklist.check(program) if d.severity == "error"]
    if errors:
        raise SystemExit(f"{path}: the generated flow has {len(errors)} errors, e.g. {errors[0].message}")
    row["load_s"] = median_time(lambda: checklist.load(path), runs)
    row["flow_s"] = median_time(lambda: FlowGraph.build(program), runs)
    flow = program.flow
    row["networkx_s"] = median_time(flow.to_networkx, max(1, min(runs, 3)))
    rules: dict[str, float] = {}
    for rule in RULES:
        name = rule.__module__.rsplit(".", 1)[-1]
        rules[name] = median_time(lambda rule=rule: list(rule(program, flow)), runs)  # type: ignore[misc]
    row["rules_s"] = rules
    row["check_s"] = sum(rules.values())
    row["load_check_s"] = row["load_s"] + row["flow_s"] + row["check_s"]
    row["per_step_us"] = row["load_check_s"] / steps * 1e6
    row["cli_s"], row["cli_tool"] = cli_time(path, runs)
    row["cli_per_step_us"] = row["cli_s"] / steps * 1e6
    if "lark_tree_s" in row:
        row["load_vs_lark"] = row["load_s"] / min(row["lark_tree_s"], row["lark_noop_s"])
    return row


def fmt_s(seconds: float) -> str:
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds * 1e6:.0f} µs"


def table(row: dict[str, Any]) -> str:
    lines = [f"### {row['steps']:,} steps ({row['lines']:,} lines, {row['bytes'] / 1e6:.1f} MB)", "",
             "| what | median | per step |", "|---|---:|---:|"]  # fmt: skip

    def add(label: str, seconds: float) -> None:
        lines.append(f"| {label} | {fmt_s(seconds)} | {seconds / row['steps'] * 1e6:.2f} µs |")

    if "lark_tree_s" in row:
        add("bare Lark LALR parse, tree building", row["lark_tree_s"])
        add("bare Lark LALR parse, no-op transformer", row["lark_noop_s"])
    add("`checklist.load` (read, parse, build, join)", row["load_s"])
    add("`program.flow` (`FlowGraph.build`)", row["flow_s"])
    add("`program.graph` (networkx, not on the check path)", row["networkx_s"])
    for name, seconds in row["rules_s"].items():
        add(f"rule `{name}`", seconds)
    add("all rules", row["check_s"])
    add("load + flow + all rules (in process)", row["load_check_s"])
    add(f"`checklist check FILE` (command line, {row['cli_tool']})", row["cli_s"])
    if "load_vs_lark" in row:
        lines += ["", f"`checklist.load` / fastest bare Lark parse: {row['load_vs_lark']:.2f}x"]
    return "\n".join(lines)


def verdicts(rows: list[dict[str, Any]], small_s: float, rss_mb: float | None) -> list[tuple[str, str, bool]]:
    out: list[tuple[str, str, bool]] = []
    by = {r["steps"]: r for r in rows}
    if 100_000 in by:
        s = by[100_000]["cli_s"]
        out.append(("`checklist check`, 100k steps, command line <= 4 s", fmt_s(s), s <= TARGETS["cli_100k_s"]))
    if len(rows) > 1:
        costs = [r["per_step_us"] for r in rows]
        spread = max(costs) / min(costs) - 1
        shown = " / ".join(f"{c:.1f}" for c in costs) + f" µs ({spread:+.0%})"
        out.append(("cost per step flat from smallest to largest size (within 25%)", shown,
                    spread <= TARGETS["per_step_spread"]))  # fmt: skip
    ratios = [r["load_vs_lark"] for r in rows if "load_vs_lark" in r]
    if ratios:
        out.append(("full load within 1.3x of a bare Lark LALR parse", " / ".join(f"{x:.2f}x" for x in ratios),
                    max(ratios) <= TARGETS["load_vs_lark"]))  # fmt: skip
    out.append((f"`checklist check`, {SMALL} steps, command line <= 200 ms", fmt_s(small_s),
                small_s * 1e3 <= TARGETS["cli_150_ms"]))  # fmt: skip
    if rss_mb is not None:
        out.append(("peak memory (maxrss), 100k steps <= 300 MB", f"{rss_mb:.0f} MB",
                    rss_mb <= TARGETS["maxrss_100k_mb"]))  # fmt: skip
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[1_000, 10_000, 100_000])
    parser.add_argument("--runs", type=int, default=5, help="runs per measurement (median); default 5")
    parser.add_argument("--lark-runs", type=int, default=3, help="runs of each bare Lark parse; default 3")
    parser.add_argument("--skip-lark", action="store_true", help="leave out the (slow) bare Lark parses")
    parser.add_argument("--json", type=Path, help="also write the raw figures here")
    args = parser.parse_args()

    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}, {platform.system()} {platform.release()}")  # fmt: skip
    rows = []
    for steps in args.sizes:
        row = bench_size(steps, args.runs, args.lark_runs, args.skip_lark)
        rows.append(row)
        print()
        print(table(row), flush=True)
    small_path = generate.write(SMALL)
    small_s, tool = cli_time(small_path, max(args.runs, 20))
    rss = peak_memory_mb(generate.write(100_000)) if 100_000 in args.sizes else None
    print(f"\n`checklist check` on {SMALL} steps ({tool}): {fmt_s(small_s)}")
    if rss is not None:
        print(f"peak memory (maxrss) of `checklist check` at 100k steps: {rss:.0f} MB")
    print("\n| target | measured | met |\n|---|---|---|")
    for label, shown, ok in verdicts(rows, small_s, rss):
        print(f"| {label} | {shown} | {'yes' if ok else '**no**'} |")
    if args.json:
        args.json.write_text(json.dumps({"rows": rows, "cli_150_s": small_s, "maxrss_100k_mb": rss}, indent=2))


if __name__ == "__main__":
    main()
