"""`checklist run` benchmark: `python bench/bench_run.py` (docs/benchmarks.md, "Run").

The script is the full melee turn of tests/plans/melee-turn.testplan (65 steps, 77 answers,
from combat.1 to the next combatant's combat.1).  It reports:

* engine: answer -> next prompt inside the Session (median, p95, max over every answer);
* engine + screen + session file: the same plus rendering the next screen and the atomic
  write of the session file (no fsync, as in a scripted run);
* command line: `checklist run flow --at combat.1 --answers FILE --session FILE` wall time and
  CPU time (load, check, 76 answers, a session file written after each; CPU time is what a
  busy machine does not inflate), and `python -c pass` for scale;
* which heavy modules the command imports (networkx and graphviz must not be among them).

Options: --runs N, --json.  Targets: engine <= 5 ms per answer, command line <= 300 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
FLOW = ROOT / "flow"
PLAN = ROOT / "tests" / "plans" / "melee-turn.testplan"
TARGETS = {"engine_ms": 5.0, "cli_ms": 300.0}


def plan_answers() -> tuple[str, list[str]]:
    from checklist.play import testplan

    plan = testplan.read(PLAN)
    assert plan.at is not None
    return plan.at, [line.value for line in plan.lines if line.key == "answer"]


def engine(runs: int) -> dict[str, Any]:
    from checklist.engine import journal
    from checklist.engine.session import Session
    from checklist.play import saving
    from checklist.play.programs import load_clean
    from checklist.terminal import paint as render

    program, problems = load_clean([FLOW])
    assert problems is None, problems
    at, answers = plan_answers()
    digest = journal.digest(program)
    plain = render.Painter(False)
    bare: list[float] = []
    full: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "s.json"
        for _ in range(runs):
            s = Session(program, at=at, seed=1)
            for answer in answers:
                start = time.perf_counter()
                s.answer(answer)
                bare.append(time.perf_counter() - start)
            s = Session(program, at=at, seed=1)
            for answer in answers:
                start = time.perf_counter()
                s.answer(answer)
                render.step_screen(s, plain)
                saving.write(path, journal.snapshot(s, digest, (str(FLOW),)), sync=False)
                full.append(time.perf_counter() - start)
        steps = len(s.state.trace)
    return {"answers": len(answers), "steps": steps, "engine": _stats(bare), "engine_screen_file": _stats(full)}


def _stats(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {
        "median_ms": round(statistics.median(ordered) * 1000, 3),
        "p95_ms": round(ordered[int(len(ordered) * 0.95)] * 1000, 3),
        "max_ms": round(ordered[-1] * 1000, 3),
    }


def command_line(runs: int) -> dict[str, Any]:
    at, answers = plan_answers()
    exe = Path(sys.executable).with_name("checklist")
    base = [str(exe)] if exe.exists() else [sys.executable, "-m", "checklist"]
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "answers.txt"
        script.write_text("".join(f"{a}\n" for a in answers), encoding="utf-8")
        times, cpu = [], []
        for i in range(runs + 1):  # the first run warms the OS caches
            session = Path(tmp) / f"s{i}.json"
            cmd = [*base, "run", str(FLOW), "--learn", "--at", at, "--answers", str(script), "--session", str(session)]
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            done = subprocess.run(cmd, capture_output=True, text=True, stdin=subprocess.DEVNULL)
            elapsed = time.perf_counter() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            if done.returncode != 6:  # the plan stops at the next turn: input ends before the flow
                raise SystemExit(f"unexpected exit {done.returncode}: {done.stderr}")
            if i:
                times.append(elapsed)
                cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        out["run"] = {"median_ms": round(statistics.median(times) * 1000, 1), "min_ms": round(min(times) * 1000, 1),
                      "cpu_median_ms": round(statistics.median(cpu) * 1000, 1)}  # fmt: skip
        bare = []
        for _ in range(runs):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-c", "pass"], check=True)
            bare.append(time.perf_counter() - start)
        out["python"] = {"median_ms": round(statistics.median(bare) * 1000, 1), "min_ms": round(min(bare) * 1000, 1)}
        probe = (
            "import sys; from checklist.cli.main import main; "
            f"main(['run', {str(FLOW)!r}, '--at', {at!r}, '--answers', {str(script)!r}, "
            f"'--session', {str(Path(tmp) / 'probe.json')!r}]); "
            "print('HEAVY', sorted(m for m in ('networkx', 'graphviz', 'lark') if m in sys.modules), file=sys.stderr)"
        )
        done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
        heavy = [line for line in done.stderr.splitlines() if line.startswith("HEAVY")]
        out["heavy_imports"] = heavy[-1][len("HEAVY ") :] if heavy else "?"
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT / "src"))
    result = {
        "python": platform.python_version(),
        "machine": f"{platform.machine()}, {os.cpu_count()} cpu",
        "engine": engine(args.runs),
        "cli": command_line(args.runs),
        "targets": TARGETS,
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return
    e, c = result["engine"], result["cli"]
    print(f"Python {result['python']} on {result['machine']}")
    print(f"script: {e['answers']} answers, {e['steps']} steps (tests/plans/melee-turn.testplan)")
    for key, label in (("engine", "engine"), ("engine_screen_file", "engine + screen + session file")):
        st = e[key]
        print(f"{label:<32} median {st['median_ms']:.3f} ms  p95 {st['p95_ms']:.3f} ms  max {st['max_ms']:.3f} ms")
    for key, label in (("run", "command line, full turn"), ("python", "python -c pass (for scale)")):
        st = c[key]
        cpu = f"  (CPU time: median {st['cpu_median_ms']:.0f} ms)" if "cpu_median_ms" in st else ""
        print(f"{label:<32} median {st['median_ms']:.0f} ms  min {st['min_ms']:.0f} ms{cpu}")
    print(f"load average while measuring: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"heavy modules imported by the command: {c['heavy_imports']}")


if __name__ == "__main__":
    main()
