"""Start-up against the floor (issue 29): each command started until its first screen, side by side.

    python bench/startup.py                              # this checkout's src/, 10 rounds
    python bench/startup.py --before /tmp/before/src     # and another copy of the package, turn about

The floor is `python -c "import lark, networkx"`. Each round runs, one after the other: the floor;
`checklist check flow/` (warm cache); `checklist run flow/ --roster examples/duel.toml` with no answers
(it prints its first screen and stops at the end of its input), warm and cold (an empty cache
folder each time); `checklist serve` until GET /static/serve.css answers 200 (warm), and then until
GET / answers with the first page (its section laid out by dot: what a browser shows first);
`checklist render flow/ --checklist combat --format svg`, warm and cold, and beside it `dot -Tsvg`
on the same DOT file (the one render writes beside the SVG); and the same commands of `--before`
when it is given. Wall time and the process's CPU time (user + system, the children's included: a
render's `dot` counts; what the load of a shared machine does not inflate as much) are both kept;
the table gives the minimum and the median of each, and their ratios to the floor's (to `dot
-Tsvg`'s for a render). Bytecode is cached in a temporary PYTHONPYCACHEPREFIX, as for an installed
package.
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


def served(cmd: list[str], env: dict[str, str], cwd: Path) -> tuple[tuple[float, float], tuple[float, float]]:
    """(wall, CPU) seconds from starting `checklist serve` until its first 200, and until its first page."""
    began = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert proc.stdout is not None
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", proc.stdout.readline())
        if found is None:
            raise SystemExit("startup bench: checklist serve printed no address")
        first = page = None
        while page is None:
            try:
                conn = http.client.HTTPConnection("127.0.0.1", int(found.group(1)), timeout=30)
                conn.request("GET", "/static/serve.css" if first is None else "/")
                answer = conn.getresponse()
                answer.read()
                if answer.status == 200:
                    if first is None:
                        first = time.perf_counter() - began, _cpu(proc.pid)
                    else:
                        page = time.perf_counter() - began, _cpu(proc.pid)
            except OSError:
                time.sleep(0.002)
        return first, page
    finally:
        proc.kill()
        proc.wait()


def _cpu(pid: int) -> float:
    """The CPU seconds (user + system) a running process has used."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def commands(python: str, work: Path) -> dict[str, tuple[list[str], str]]:
    """Each measure: its command line, and how it is run (to its end, or served, warm or cold)."""
    me = [python, "-m", "checklist"]
    run = [*me, "run", str(FLOW), "--roster", str(ROSTER), "--seed", "1", "--answers", os.devnull]
    render = [*me, "render", str(FLOW), "--checklist", "combat", "--format", "svg", "-o", str(work / "combat.svg")]
    return {
        "check flow/ (warm)": ([*me, "check", str(FLOW)], "warm"),
        "run to its first screen (warm)": ([*run, "--session", str(work / "w.json")], "warm"),
        "run to its first screen (cold)": ([*run, "--session", str(work / "c.json")], "cold"),
        "serve to its first 200, then its first page (warm)": (
            [*me, "serve", str(FLOW), "--roster", str(ROSTER), "--port", "0", "--session", str(work / "s.json")],
            "served",
        ),  # fmt: skip
        "render --checklist combat --format svg (warm)": (render, "warm"),
        "render --checklist combat --format svg (cold)": (render, "cold"),
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
        dot = [shutil.which("dot") or "dot", "-Tsvg", str(work / "dot" / "combat.dot"), "-o", str(work / "dot.svg")]
        for round_ in range(-1, args.rounds):  # round -1 warms bytecode and the caches up
            times.setdefault(("floor", "floor"), []).append(timed(floor, base, work)) if round_ >= 0 else None
            if round_ == -1:  # the DOT file dot is timed on: the one render writes beside its SVG
                (work / "dot").mkdir()
                made = [*commands(sys.executable, work)["render --checklist combat --format svg (warm)"][0][:-1]]
                subprocess.run([*made, str(work / "dot" / "combat.svg")], env=base | {"PYTHONPATH": str(ROOT / "src"),
                               "CHECKLIST_NO_CACHE": "1"}, cwd=work, check=True, capture_output=True)  # fmt: skip
            else:
                times.setdefault(("dot", "dot -Tsvg combat.dot"), []).append(timed(dot, base, work))
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
                    if how == "served":
                        first, page = served(cmd, env_here, work)
                        took = {"serve to its first 200 (warm)": first, "serve to its first page, GET / (warm)": page}
                    else:
                        took = {label: timed(cmd, env_here, work)}
                    for name, value in took.items():
                        if round_ >= 0:
                            times.setdefault((who, name), []).append(value)
            print(f"round {round_ + 1} of {args.rounds} done", file=sys.stderr, flush=True)
    report(times, args)


def report(times: dict[tuple[str, str], list[tuple[float, float]]], args: argparse.Namespace) -> None:
    def low_and_median(key: tuple[str, str]) -> tuple[float, float, float, float]:
        """(wall min, wall median, CPU min, CPU median)."""
        walls, cpus = [w for w, _ in times[key]], [c for _, c in times[key]]
        return min(walls), statistics.median(walls), min(cpus), statistics.median(cpus)

    floor, dot = low_and_median(("floor", "floor")), low_and_median(("dot", "dot -Tsvg combat.dot"))
    print(f"python bench/startup.py {' '.join(sys.argv[1:])}; load average {os.getloadavg()[0]:.2f}")
    print("| measure | source | wall: min, median | CPU: min, median | x floor (x dot): wall min, median; CPU |")
    print("|---|---|---:|---:|---:|")
    for who, label in times:
        found = low_and_median((who, label))
        base, x = (dot, "x dot") if label.startswith("render") else (floor, "x floor")
        ratios = [f / b for f, b in zip(found, base, strict=True)]
        cells = f"{found[0] * 1000:.0f}, {found[1] * 1000:.0f} ms | {found[2] * 1000:.0f}, {found[3] * 1000:.0f} ms"
        shown = f"{x}: {ratios[0]:.2f}, {ratios[1]:.2f}; {ratios[2]:.2f}, {ratios[3]:.2f}"
        print(f"| {label} | {who} | {cells} | {shown} |")


if __name__ == "__main__":
    main()
