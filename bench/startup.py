"""Start-up against the floor (issue 29): each command started until its first screen, side by side.

    python bench/startup.py                              # this checkout's src/, 10 rounds
    python bench/startup.py --before /tmp/before/src     # and another copy of the package, turn about

The floor is `python -c "import lark, networkx"`. Each round runs, one after the other: the floor;
`checklist check flow/` (warm cache); `checklist run flow/ --roster examples/duel.toml` with no answers
(it prints its first screen and stops at the end of its input), warm and cold (an empty cache
folder each time); `checklist serve` until GET /static/serve.css answers 200 (warm); and the same
commands of `--before` when it is given. Wall time and the process's CPU time (user + system: what
the load of a shared machine does not inflate as much) are both kept; the table gives medians and
each median's ratio to the floor's. Bytecode is cached in a temporary PYTHONPYCACHEPREFIX, as for
an installed package.
"""

from __future__ import annotations

import argparse
import http.client
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FLOW = ROOT / "flow"
ROSTER = ROOT / "examples" / "duel.toml"
TICK = os.sysconf("SC_CLK_TCK")


def timed(cmd: list[str], env: dict[str, str], cwd: Path) -> tuple[float, float]:
    """(wall, CPU) seconds of a command run to its end."""
    began = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - began
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode not in (0, 6):  # 6: the answers ran out, after the first screen
        assert proc.stderr is not None
        raise SystemExit(f"`{' '.join(cmd)}` exited {proc.returncode}: {proc.stderr.read().decode()[-500:]}")
    return wall, usage.ru_utime + usage.ru_stime


def served(cmd: list[str], env: dict[str, str], cwd: Path) -> tuple[float, float]:
    """(wall, CPU) seconds from starting `checklist serve` until its first 200."""
    began = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert proc.stdout is not None
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", proc.stdout.readline())
        if found is None:
            raise SystemExit("startup bench: checklist serve printed no address")
        while True:
            try:
                conn = http.client.HTTPConnection("127.0.0.1", int(found.group(1)), timeout=5)
                conn.request("GET", "/static/serve.css")
                if conn.getresponse().status == 200:
                    break
            except OSError:
                time.sleep(0.002)
        wall = time.perf_counter() - began
        fields = Path(f"/proc/{proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return wall, (int(fields[11]) + int(fields[12])) / TICK
    finally:
        proc.kill()
        proc.wait()


def commands(python: str, work: Path) -> dict[str, tuple[list[str], str]]:
    """Each measure: its command line, and how it is run (to its end, or served, warm or cold)."""
    me = [python, "-m", "checklist"]
    run = [*me, "run", str(FLOW), "--roster", str(ROSTER), "--seed", "1", "--answers", os.devnull]
    return {
        "check flow/ (warm)": ([*me, "check", str(FLOW)], "warm"),
        "run to its first screen (warm)": ([*run, "--session", str(work / "w.json")], "warm"),
        "run to its first screen (cold)": ([*run, "--session", str(work / "c.json")], "cold"),
        "serve to its first 200 (warm)": (
            [*me, "serve", str(FLOW), "--roster", str(ROSTER), "--port", "0", "--session", str(work / "s.json")],
            "served",
        ),  # fmt: skip
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--before", type=Path, help="another copy's src/ folder, measured turn about")
    args = parser.parse_args()
    sources = {"now": ROOT / "src"} | ({"before": args.before.resolve()} if args.before else {})
    times: dict[tuple[str, str], list[tuple[float, float]]] = {}
    with tempfile.TemporaryDirectory(prefix="checklist-startup-") as temp:
        work = Path(temp)
        base = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        base |= {"PYTHONPYCACHEPREFIX": str(work / "pyc"), "NO_COLOR": "1"}
        floor = [sys.executable, "-c", "import lark, networkx"]
        for round_ in range(-1, args.rounds):  # round -1 warms bytecode and the caches up
            times.setdefault(("floor", "floor"), []).append(timed(floor, base, work)) if round_ >= 0 else None
            for who, src in sources.items():
                env = base | {"PYTHONPATH": str(src), "CHECKLIST_CACHE_DIR": str(work / f"cache-{who}")}
                for label, (cmd, how) in commands(sys.executable, work).items():
                    for name in ("w.json", "c.json", "s.json"):
                        (work / name).unlink(missing_ok=True)
                    if how == "cold":
                        shutil.rmtree(work / "cold", ignore_errors=True)
                        env_here = env | {"CHECKLIST_CACHE_DIR": str(work / "cold")}
                    else:
                        env_here = env
                    took = served(cmd, env_here, work) if how == "served" else timed(cmd, env_here, work)
                    if round_ >= 0:
                        times.setdefault((who, label), []).append(took)
            print(f"round {round_ + 1} of {args.rounds} done", file=sys.stderr, flush=True)
    report(times, args)


def report(times: dict[tuple[str, str], list[tuple[float, float]]], args: argparse.Namespace) -> None:
    floor_wall = statistics.median(w for w, _ in times[("floor", "floor")])
    floor_cpu = statistics.median(c for _, c in times[("floor", "floor")])
    print(f"python bench/startup.py {' '.join(sys.argv[1:])}; load average {os.getloadavg()[0]:.2f}")
    print("| measure | source | wall, median | x floor | CPU, median | x floor |")
    print("|---|---|---:|---:|---:|---:|")
    for (who, label), found in times.items():
        wall = statistics.median(w for w, _ in found)
        cpu = statistics.median(c for _, c in found)
        print(f"| {label} | {who} | {wall * 1000:.0f} ms | {wall / floor_wall:.2f} | {cpu * 1000:.0f} ms | "
              f"{cpu / floor_cpu:.2f} |")  # fmt: skip


if __name__ == "__main__":
    main()
