"""Load-and-check benchmark: `python bench/bench_check.py` (docs/benchmarks.md, "Load and check").

For each size (1k, 10k, 100k steps, written by bench/generate.py) it reports the median of
several runs of:

* a bare Lark LALR parse of the same file with our grammar (contextual lexer), building the
  tree, and again with an inline no-op transformer (every rule of ours returns None);
* `checklist.load` (read, parse, build, join);
* `FlowGraph.build` (`program.flow`) and `FlowGraph.to_networkx` (`program.graph`);
* each rule in `checklist.checks.RULES`, separately;
* `checklist check FILE` from the command line (hyperfine if installed, else subprocess
  wall time);

then the peak memory (maxrss) of `checklist check` at 100k steps and the command-line time
of `checklist check` on a 150-step program, and checks them against the targets.

Command-line times are taken with bytecode cached, as for an installed package (the .pyc
files go to a temporary PYTHONPYCACHEPREFIX, not into the tree).  The 150-step command is
also timed with PYTHONDONTWRITEBYTECODE=1 and no cache (as in a sandbox with an editable
install), where every run compiles the package's sources first.

Options: --sizes, --runs, --lark-runs, --skip-lark, --json FILE.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import generate  # noqa: E402

SMALL = 150
TARGETS = {"cli_100k_s": 4.0, "per_step_spread": 0.25, "load_vs_lark": 1.3, "cli_150_s": 0.2, "maxrss_100k_mb": 300.0}


def checklist_command(env: dict[str, str]) -> list[str]:
    exe = Path(sys.executable).with_name("checklist")
    return [str(exe)] if exe.exists() and "PYTHONPATH" not in env else [sys.executable, "-m", "checklist"]


def cli_env(cache: Path | None, src: Path | None) -> dict[str, str]:
    """The environment for the command: bytecode cached under `cache`, or (None) never
    written, so that an editable install without __pycache__ compiles its sources each run;
    `src`, if given, goes first on PYTHONPATH."""
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = str(src.resolve())
    if cache is None:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env.pop("PYTHONPYCACHEPREFIX", None)
    else:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(cache)
    return env


def cli_time(path: Path, runs: int, env: dict[str, str]) -> tuple[float, str, float]:
    """Median wall time of `checklist check PATH`, the tool that measured it, and the mean
    CPU time (user + system; on a shared machine it moves less than the wall time)."""
    cmd = checklist_command(env) + ["check", str(path)]
    if shutil.which("hyperfine"):
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "h.json"
            subprocess.run(
                ["hyperfine", "-N", "--warmup", "2", "--runs", str(runs), "-i", "--style", "none",
                 "--export-json", str(out), " ".join(cmd)],
                check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
            )  # fmt: skip
            result = json.loads(out.read_text())["results"][0]
            return result["median"], "hyperfine", result["user"] + result["system"]
    times, cpu = [], []
    for _ in range(runs + 2):
        before = os.times()
        t = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, check=False, env=env)
        times.append(time.perf_counter() - t)
        after = os.times()
        cpu.append(after.children_user - before.children_user + after.children_system - before.children_system)
    return statistics.median(times[2:]), "subprocess", statistics.mean(cpu[2:])


def peak_memory_mb(path: Path, env: dict[str, str]) -> float:
    """maxrss of `checklist check PATH`, measured in a fresh parent so no other child counts."""
    probe = (
        "import resource, subprocess, sys\n"
        "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=False)\n"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    )
    cmd = [sys.executable, "-c", probe, *checklist_command(env), "check", str(path)]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, env=env).stdout
    return int(out.split()[-1]) / 1024  # Linux reports KiB


WORKER = """
import contextlib, gc, json, sys, time
import networkx  # imported up front: its import is not part of building the graph
import checklist
from checklist.checks import RULES
from checklist.graph.flowgraph import FlowGraph
try:  # the production path: check() runs the rules with the collector paused
    from checklist.graph.program import gc_paused
except ImportError:  # the code before this benchmark's optimisations
    gc_paused = contextlib.nullcontext
path, repeat, networkx = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1"
program = checklist.load(path)
errors = [d for d in checklist.check(program) if d.severity == "error"]
if errors:
    sys.exit(f"{path}: the generated flow has {len(errors)} errors, e.g. {errors[0].message}")
out = {}
def timed(what, fn):
    gc.collect()
    t = time.perf_counter()
    fn()
    out.setdefault(what, []).append(time.perf_counter() - t)
def cold_load():
    built = getattr(sys.modules.get("checklist.program.load"), "_built", None)
    if built is not None:  # the loader keeps the files it built last: each run builds from scratch
        built.cache_clear()
    checklist.load(path)
for _ in range(repeat):
    timed("load", cold_load)
    timed("flow", lambda: FlowGraph.build(program))
    flow = program.flow
    for rule in RULES:
        def run(rule=rule):
            with gc_paused():
                list(rule(program, flow))
        timed(rule.__module__.rsplit(".", 1)[-1], run)
if networkx:
    timed("networkx", program.flow.to_networkx)
print(json.dumps(out))
"""

LARK_WORKER = """
import gc, json, statistics, sys, time
import lark
from checklist.syntax.parser import grammar_text
path, runs = sys.argv[1], int(sys.argv[2])
text = open(path, encoding="utf-8").read() + "\\n"
grammar = grammar_text()
tree = lark.Lark(grammar, parser="lalr", lexer="contextual")
# Every rule of ours returns None; Lark's own `__start_star_0` helpers keep their lists.
names = {str(r.alias or r.origin.name) for r in tree.rules}
noop = type("Noop", (lark.Transformer,), {n: (lambda self, c: None) for n in names if not n.startswith("_")})
noop_parser = lark.Lark(grammar, parser="lalr", lexer="contextual", transformer=noop())
out = {}
for name, parser in (("lark_tree_s", tree), ("lark_noop_s", noop_parser)):
    times = []
    for _ in range(runs):
        gc.collect()
        t = time.perf_counter()
        parser.parse(text)
        times.append(time.perf_counter() - t)
    out[name] = statistics.median(times)
print(json.dumps(out))
"""


def worker(code: str, env: dict[str, str], *argv: object) -> dict[str, Any]:
    done = subprocess.run([sys.executable, "-c", code, *map(str, argv)], capture_output=True, text=True, env=env)
    if done.returncode:
        raise SystemExit(f"worker failed: {done.stderr.strip()}")
    return json.loads(done.stdout.splitlines()[-1])  # type: ignore[no-any-return]


def bench(args: argparse.Namespace, env: dict[str, str]) -> list[dict[str, Any]]:
    """Every figure for every size.  In-process timings run in a fresh interpreter per size
    and turn (after one untimed load), and the turns go round the sizes, so that neither the
    heap left by a larger flow nor a busy spell on a shared machine lands on one size only;
    small sizes are timed several times per turn."""
    rows: list[dict[str, Any]] = []
    runs: dict[int, dict[str, list[float]]] = {}
    for steps in args.sizes:
        path = generate.write(steps)
        text = path.read_text("utf-8")
        row: dict[str, Any] = {"steps": steps, "path": str(path), "bytes": len(text.encode()),
                               "lines": text.count("\n")}  # fmt: skip
        if not args.skip_lark:
            row.update(worker(LARK_WORKER, env, path, args.lark_runs))
            print(f"  {steps:,} steps: bare Lark parses timed", file=sys.stderr, flush=True)
        rows.append(row)
        runs[steps] = {}
    for turn in range(args.runs):
        for row in rows:
            repeat = max(1, 30_000 // row["steps"])  # more samples where they are cheap
            for what, times in worker(WORKER, env, row["path"], repeat, int(turn < 3)).items():
                runs[row["steps"]].setdefault(what, []).extend(times)
        print(f"  in-process turn {turn + 1} of {args.runs} done", file=sys.stderr, flush=True)
    for row in rows:
        med = {what: statistics.median(times) for what, times in runs[row["steps"]].items()}
        row["load_s"], row["flow_s"], row["networkx_s"] = med.pop("load"), med.pop("flow"), med.pop("networkx")
        row["rules_s"] = med
        row["check_s"] = sum(med.values())
        row["load_check_s"] = row["load_s"] + row["flow_s"] + row["check_s"]
        row["per_step_us"] = row["load_check_s"] / row["steps"] * 1e6
        if "lark_tree_s" in row:
            row["load_vs_lark"] = row["load_s"] / min(row["lark_tree_s"], row["lark_noop_s"])
        row["cli_s"], row["cli_tool"], row["cli_cpu_s"] = cli_time(Path(row["path"]), args.runs, env)
        print(f"  {row['steps']:,} steps: command line timed", file=sys.stderr, flush=True)
    return rows


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
    add("`program.graph` (networkx; not on the check path)", row["networkx_s"])
    for name, seconds in row["rules_s"].items():
        add(f"rule `{name}`", seconds)
    add("all rules", row["check_s"])
    add("load + flow + all rules, in process", row["load_check_s"])
    add(f"`checklist check FILE`, command line ({row['cli_tool']})", row["cli_s"])
    add("the same, CPU time (user + system, mean)", row["cli_cpu_s"])
    if "load_vs_lark" in row:
        lines += ["", f"`checklist.load` / the faster bare Lark parse: {row['load_vs_lark']:.2f}x"]
    return "\n".join(lines)


def verdicts(rows: list[dict[str, Any]], small: dict[str, float], rss_mb: float | None) -> list[tuple[str, str, bool]]:
    out: list[tuple[str, str, bool]] = []
    by = {r["steps"]: r for r in rows}
    if 100_000 in by:
        s = by[100_000]["cli_s"]
        out.append(("`checklist check`, 100k steps, command line: <= 4 s", fmt_s(s), s <= TARGETS["cli_100k_s"]))
    if len(rows) > 1:
        costs = [r["per_step_us"] for r in rows]
        spread = max(costs) / min(costs) - 1
        shown = " / ".join(f"{c:.1f}" for c in costs) + f" µs per step (max/min {spread + 1:.2f})"
        out.append((f"cost per step (load + flow + rules) flat from {rows[0]['steps']:,} to {rows[-1]['steps']:,} "
                    "steps, within 25%", shown, spread <= TARGETS["per_step_spread"]))  # fmt: skip
    ratios = [r["load_vs_lark"] for r in rows if "load_vs_lark" in r]
    if ratios:
        out.append(("full load within 1.3x of a bare Lark LALR parse", " / ".join(f"{x:.2f}x" for x in ratios),
                    max(ratios) <= TARGETS["load_vs_lark"]))  # fmt: skip
    out.append((f"`checklist check`, {SMALL} steps, command line: <= 200 ms", fmt_s(small["cached"]),
                small["cached"] <= TARGETS["cli_150_s"]))  # fmt: skip
    if rss_mb is not None:
        out.append(("peak memory (maxrss), 100k steps: <= 300 MB", f"{rss_mb:.0f} MB",
                    rss_mb <= TARGETS["maxrss_100k_mb"]))  # fmt: skip
    return out


def machine() -> str:
    cpu = platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    import lark

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}, lark {lark.__version__}, "
            f"{platform.system()} {platform.release()}; load average {load:.2f}")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[1_000, 10_000, 100_000])
    parser.add_argument("--runs", type=int, default=5, help="runs per measurement (median); default 5")
    parser.add_argument("--lark-runs", type=int, default=3, help="runs of each bare Lark parse; default 3")
    parser.add_argument("--skip-lark", action="store_true", help="leave out the (slow) bare Lark parses")
    parser.add_argument("--json", type=Path, help="also write the raw figures here")
    parser.add_argument("--src", type=Path, help="time the checklist package in this folder instead (e.g. an old copy)")
    args = parser.parse_args()

    print(f"machine: {machine()}", flush=True)
    with tempfile.TemporaryDirectory(prefix="checklist-pycache-") as cache:
        env = cli_env(Path(cache), args.src)
        rows = bench(args, env)
        for row in rows:
            print()
            print(table(row), flush=True)
        small_path = generate.write(SMALL)
        cached = cli_time(small_path, max(args.runs, 30), env)
        uncached = cli_time(small_path, max(args.runs, 30), cli_env(None, args.src))
        small = {"cached": cached[0], "cached_cpu": cached[2], "uncached": uncached[0], "uncached_cpu": uncached[2]}
        rss = peak_memory_mb(generate.write(100_000), env) if 100_000 in args.sizes else None
    print(
        f"\n`checklist check` on {SMALL} steps: {fmt_s(small['cached'])} with bytecode cached "
        f"(CPU {fmt_s(small['cached_cpu'])}), {fmt_s(small['uncached'])} compiling every module each run "
        f"(PYTHONDONTWRITEBYTECODE=1, no cache; CPU {fmt_s(small['uncached_cpu'])})"
    )
    if rss is not None:
        print(f"peak memory (maxrss) of `checklist check` at 100k steps: {rss:.0f} MB")
    print("\n| target | measured | met |\n|---|---|---|")
    for label, shown, ok in verdicts(rows, small, rss):
        print(f"| {label} | {shown} | {'yes' if ok else '**no**'} |")
    print(f"\nload average at the end: {os.getloadavg()[0]:.2f}")
    if args.json:
        payload = {"machine": machine(), "rows": rows, "cli_150_s": small, "maxrss_100k_mb": rss}
        args.json.write_text(json.dumps(payload, indent=2))


if __name__ == "__main__":
    main()
