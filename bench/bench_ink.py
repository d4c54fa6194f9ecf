"""Our compiler against inkjs's: `python bench/bench_ink.py` (docs/benchmarks.md, "Against ink").

    python bench/bench_ink.py                          # 10k and 100k steps, 5 runs each
    python bench/bench_ink.py --sizes 10000 --runs 3 --json /tmp/ink.json

For each size it writes the synthetic checklist (`python bench/generate.py --steps N -o
bench/generated/steps-N.flow`) and its ink translation (bench/generate_ink.py: the same steps,
prose and jumps, as knots, text, diverts, conditional diverts and choices), then times, turn
about, the whole command line of

* ours: `checklist check --no-cache --max-flow-mb N FILE` (the venv's `checklist`, or --checklist
  PATH): parsed and built every time, as inkjs compiles every time (without `--no-cache` every run
  after the first would read the cache of built flows, docs/cache.md); N is the flow's size in MB
  rounded up (at least 16, the default limit: the 100k-step flow is 20 MB), and
* ink: `node bench/ink_compile.js FILE` (inkjs's compiler, `new Compiler(source).Compile()`,
  version pinned in bench/package.json),

ours, ink, ours, ink, ... so that a busy spell on a shared machine falls on both.  Each run is
wall time (time.perf_counter around the child process, start to exit), its CPU time (user +
system, from os.wait4's rusage: what a busy machine inflates least) and its peak memory, that
child's own maxrss (the same rusage, so one run's peak does not leak into the next).
Every run must exit 0: a compile error in the ink (or an error found by `checklist check`) stops
the benchmark with the tool's message.  One untimed warm-up of each command per size comes
first (--warmup), and our bytecode is cached in a temporary PYTHONPYCACHEPREFIX, as for an
installed package.  A run that takes longer than --timeout seconds (default 600) is stopped and
that command is not run again for that size.

It prints a markdown table for docs/benchmarks.md: median (min-max) of each command, the ratio
of the medians ink/ours, inkjs's in-process `Compile()` time (reported by ink_compile.js; the
rest of its process time is starting node and loading inkjs), and the peak memory.  If inkjs is
not installed under bench/node_modules it runs `npm install --prefix bench` first.

Options: --sizes, --runs, --warmup, --timeout, --checklist, --node, --node-option,
--record-choices (see generate_ink.py), --json FILE.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import generate  # noqa: E402
import generate_ink  # noqa: E402

INK_SCRIPT = HERE / "ink_compile.js"
INKJS = HERE / "node_modules" / "inkjs" / "package.json"


class BenchError(RuntimeError):
    """Something the benchmark cannot go on without; the message says what."""


@dataclass
class Run:
    seconds: float
    maxrss_mb: float
    stdout: str
    cpu_seconds: float = 0.0  # user + system


@dataclass
class Series:
    label: str
    cmd: list[str]
    runs: list[Run] = field(default_factory=list)
    timed_out: float | None = None  # the time limit it ran into, if any

    def seconds(self) -> list[float]:
        return [r.seconds for r in self.runs]

    def cpu_seconds(self) -> list[float]:
        return [r.cpu_seconds for r in self.runs]


def run_once(cmd: list[str], env: dict[str, str], timeout: float) -> Run | None:
    """Run `cmd` to its end: its wall time, its own peak memory and its stdout; None if it
    ran past `timeout` seconds (it is killed).  A non-zero exit raises BenchError."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        result: dict[str, Any] = {}

        def reap(proc: subprocess.Popen[bytes]) -> None:
            _, status, usage = os.wait4(proc.pid, 0)
            result["end"] = time.perf_counter()
            result["status"], result["usage"] = status, usage
            proc.returncode = os.waitstatus_to_exitcode(status)  # reaped here, not by Popen

        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=out, stderr=err, env=env)
        reaper = threading.Thread(target=reap, args=(proc,), daemon=True)
        reaper.start()
        reaper.join(timeout)
        if reaper.is_alive():
            proc.kill()
            reaper.join()
            return None
        if proc.returncode:
            raise BenchError(f"`{shlex.join(cmd)}` exited {proc.returncode}:\n{tail(err)}{tail(out)}")
        out.seek(0)
        usage = result["usage"]
        maxrss_kib = usage.ru_maxrss  # KiB on Linux (bytes on macOS)
        scale = 1 / 1024 if sys.platform != "darwin" else 1 / 1024 / 1024
        stdout = out.read().decode("utf-8", "replace")
        return Run(result["end"] - start, maxrss_kib * scale, stdout, usage.ru_utime + usage.ru_stime)


def tail(stream: IO[bytes], lines: int = 25) -> str:
    stream.seek(0)
    text = stream.read().decode("utf-8", "replace").rstrip()
    kept = text.splitlines()[-lines:]
    return "\n".join(kept) + "\n" if kept else ""


def ensure_inkjs(node: str) -> str:
    """The installed inkjs version; installs bench/package.json's pin with npm if missing."""
    if not INKJS.exists():
        npm = shutil.which("npm")
        if npm is None:
            raise BenchError(
                f"inkjs is not installed ({INKJS.parent} is missing) and `npm` is not on PATH, so it cannot be "
                "installed: install Node.js with npm (e.g. `apt-get install nodejs npm`), then run "
                "`npm install --prefix bench` from the repository root"
            )
        print(f"inkjs missing: running `npm install --prefix {HERE}`", file=sys.stderr, flush=True)
        done = subprocess.run([npm, "install", "--prefix", str(HERE)], capture_output=True, text=True)
        if done.returncode or not INKJS.exists():
            raise BenchError(f"`npm install --prefix {HERE}` failed (exit {done.returncode}):\n"
                             f"{done.stderr.strip()[-3000:]}")  # fmt: skip
    version = json.loads(INKJS.read_text("utf-8"))["version"]
    probe = subprocess.run([node, "-e", "require('inkjs/full').Compiler"], cwd=HERE, capture_output=True, text=True)
    if probe.returncode:
        raise BenchError(f"node cannot load inkjs/full from {HERE / 'node_modules'}:\n{probe.stderr.strip()}")
    return str(version)


def default_checklist() -> str:
    for candidate in (ROOT / ".venv" / "bin" / "checklist", Path(sys.executable).with_name("checklist")):
        if candidate.exists():
            return str(candidate)
    found = shutil.which("checklist")
    if found is None:
        raise BenchError("no `checklist` command in .venv/bin, next to this Python, or on PATH: pass --checklist")
    return found


def make_files(steps: int, record_choices: bool) -> tuple[Path, Path]:
    flow = generate.OUT / f"steps-{steps}.flow"
    cmd = [sys.executable, str(HERE / "generate.py"), "--steps", str(steps), "-o", str(flow)]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    ink = generate_ink.write(steps, flow.with_suffix(".ink"), source=flow, record_choices=record_choices)
    return flow, ink


def bench_size(steps: int, args: argparse.Namespace, env: dict[str, str]) -> dict[str, Any]:
    flow, ink = make_files(steps, args.record_choices)
    megabytes = max(16, -(-flow.stat().st_size // 2**20))  # --max-flow-mb: the 100k flow is 20 MB
    ours = Series("ours", [args.checklist, "check", "--no-cache", "--max-flow-mb", str(megabytes), str(flow)])
    theirs = Series("ink", [args.node, *args.node_option, str(INK_SCRIPT), str(ink)])
    print(f"{steps:,} steps: {flow.name} {flow.stat().st_size / 1e6:.1f} MB, {ink.name} "
          f"{ink.stat().st_size / 1e6:.1f} MB", file=sys.stderr, flush=True)  # fmt: skip
    turns = [(i, s) for i in range(-args.warmup, args.runs) for s in (ours, theirs)]
    for i, series in turns:
        if series.timed_out is not None:
            continue
        run = run_once(series.cmd, env, args.timeout)
        what = "warm-up" if i < 0 else f"run {i + 1}/{args.runs}"
        if run is None:
            series.timed_out = args.timeout
            print(f"  {series.label} {what}: stopped after {args.timeout:g} s", file=sys.stderr, flush=True)
            continue
        extra = ""
        if series is theirs:
            extra = f" (Compile() {json.loads(run.stdout.splitlines()[-1])['compile_ms'] / 1e3:.2f} s)"
        print(f"  {series.label} {what}: {run.seconds:.2f} s (CPU {run.cpu_seconds:.2f} s), "
              f"{run.maxrss_mb:.0f} MB{extra}", file=sys.stderr, flush=True)  # fmt: skip
        if i >= 0:
            series.runs.append(run)
    row: dict[str, Any] = {"steps": steps, "flow": str(flow), "ink": str(ink),
                           "flow_bytes": flow.stat().st_size, "ink_bytes": ink.stat().st_size}  # fmt: skip
    for series in (ours, theirs):
        row[series.label] = summary(series)
    row["ink"]["compile_s"] = [json.loads(r.stdout.splitlines()[-1])["compile_ms"] / 1e3 for r in theirs.runs]
    if ours.runs and theirs.runs:
        row["ratio"] = statistics.median(theirs.seconds()) / statistics.median(ours.seconds())
    return row


def summary(series: Series) -> dict[str, Any]:
    return {"cmd": series.cmd, "seconds": series.seconds(), "cpu_s": series.cpu_seconds(),
            "maxrss_mb": [r.maxrss_mb for r in series.runs], "timed_out_s": series.timed_out}  # fmt: skip


def fmt_s(seconds: float) -> str:
    return f"{seconds:.2f} s" if seconds >= 1 else f"{seconds * 1e3:.0f} ms"


def spread(values: list[float]) -> str:
    """`median (min-max)`, the unit written once where all three share it: `4.12 s (3.98-4.50)`."""
    if not values:
        return "n/a"
    med, low, high = statistics.median(values), min(values), max(values)
    if len(values) == 1:
        return fmt_s(med)
    if low >= 1:
        return f"{med:.2f} s ({low:.2f}-{high:.2f})"
    if high < 1:
        return f"{med * 1e3:.0f} ms ({low * 1e3:.0f}-{high * 1e3:.0f})"
    return f"{fmt_s(med)} ({fmt_s(low)}-{fmt_s(high)})"


def cell(side: dict[str, Any]) -> str:
    shown = spread(side["seconds"])
    if side["timed_out_s"] is not None:
        shown = f"over {side['timed_out_s']:g} s (stopped)" if not side["seconds"] else f"{shown}; one run stopped"
    return shown


def table(rows: list[dict[str, Any]]) -> str:
    mb = "{:.0f} MB".format
    lines = [
        "| steps | `.flow` / `.ink` | `checklist check FILE` | `node bench/ink_compile.js FILE` | ink / ours "
        "| CPU, ours / ink | inkjs `Compile()` alone | peak memory, ours / ink |",
        "|---:|---|---:|---:|---:|---:|---:|---:|",
    ]
    for row in rows:
        ours, ink = row["ours"], row["ink"]
        ratio = f"{row['ratio']:.1f}x" if "ratio" in row else "n/a"
        memory = f"{mb(max(ours['maxrss_mb'])) if ours['maxrss_mb'] else 'n/a'} / "
        memory += mb(max(ink["maxrss_mb"])) if ink["maxrss_mb"] else "n/a"
        cpu = f"{fmt_s(statistics.median(ours['cpu_s']))} / " if ours["cpu_s"] else "n/a / "
        cpu += fmt_s(statistics.median(ink["cpu_s"])) if ink["cpu_s"] else "n/a"
        lines.append(
            f"| {row['steps']:,} | {row['flow_bytes'] / 1e6:.1f} / {row['ink_bytes'] / 1e6:.1f} MB | {cell(ours)} "
            f"| {cell(ink)} | {ratio} | {cpu} | {spread(ink['compile_s'])} | {memory} |"
        )
    return "\n".join(lines)


def tool_versions(args: argparse.Namespace, inkjs: str) -> str:
    node = subprocess.run([args.node, "--version"], capture_output=True, text=True).stdout.strip()
    cpu = platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (f"{cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}; Python "
            f"{platform.python_version()}, node {node}, inkjs {inkjs}")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--runs", type=int, default=5, help="timed runs of each command per size; default 5")
    parser.add_argument("--warmup", type=int, default=1, help="untimed runs of each first; default 1")
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds before a run is stopped; default 600")
    parser.add_argument("--checklist", help="the `checklist` to time (default: .venv/bin/checklist)")
    parser.add_argument("--node", default=shutil.which("node"), help="the node to run inkjs with")
    parser.add_argument("--node-option", action="append", default=[], help="passed to node, e.g. "
                        "--node-option=--max-old-space-size=8192 (repeatable)")  # fmt: skip
    parser.add_argument("--record-choices", action="store_true", help="ink choices also set their fact (see "
                        "generate_ink.py)")  # fmt: skip
    parser.add_argument("--json", type=Path, help="also write the raw figures here")
    args = parser.parse_args()
    try:
        if args.node is None:
            raise BenchError(
                "`node` is not on PATH: install Node.js (e.g. `apt-get install nodejs npm`) or pass --node"
            )
        args.checklist = args.checklist or default_checklist()
        inkjs = ensure_inkjs(args.node)
        machine = tool_versions(args, inkjs)
        command = shlex.join(["python", "bench/bench_ink.py", *sys.argv[1:]])
        print(f"command: {command}\nmachine: {machine}", flush=True)
        with tempfile.TemporaryDirectory(prefix="checklist-pycache-") as cache:
            env = dict(os.environ, PYTHONPYCACHEPREFIX=cache)
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            load = os.getloadavg()[0]
            rows = [bench_size(steps, args, env) for steps in args.sizes]
    except BenchError as err:
        sys.exit(f"bench_ink: {err}")
    print(f"\n`{command}`: {args.runs} runs each, turn about, after {args.warmup} warm-up(s); wall time of the "
          f"whole command, median (min-max); load average {load:.2f} at the start, {os.getloadavg()[0]:.2f} "
          f"at the end. {machine}.\n")  # fmt: skip
    print(table(rows))
    if args.json:
        args.json.write_text(json.dumps({"command": command, "machine": machine, "rows": rows}, indent=2))


if __name__ == "__main__":
    main()
