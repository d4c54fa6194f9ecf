"""The instructions each start-up measure takes (issue 29): what the load of a shared machine does not change.

    python bench/instructions.py                           # this checkout's src/
    python bench/instructions.py --before /tmp/before/src  # and another copy of the package

Runs each command of bench/startup.py once under `valgrind --tool=callgrind` (the Python process
alone: a render's `dot` is not counted) after running it once to warm the cache, and prints the
instructions it executed, in millions; `serve` is counted from its start to its first 200 (the
counters dumped then with `callgrind_control`). The floor, `python -c "import lark, networkx"`,
and `dot -Tsvg` on the combat checklist's DOT file are counted too. Needs valgrind; bytecode is
cached in a temporary PYTHONPYCACHEPREFIX.
"""

from __future__ import annotations

import argparse
import http.client
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FLOW = ROOT / "flow"
ROSTER = ROOT / "examples" / "duel.toml"


def counted(cmd: list[str], env: dict[str, str], out: Path) -> float:
    """Millions of instructions `cmd` executes, run to its end."""
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *cmd],
        env=env, capture_output=True, text=True,
    )  # fmt: skip
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"instructions bench: `{' '.join(cmd)}` was not counted: {done.stderr[-500:]}")
    return int(found.group(1)) / 1e6


def served(cmd: list[str], env: dict[str, str], out: Path | None) -> float:
    """Millions of instructions `checklist serve` executes until its first 200 (`out` None: run it
    so, uncounted, to warm the caches up)."""
    counter = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"] if out is not None else []
    proc = subprocess.Popen(
        [*counter, *cmd], env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )  # fmt: skip
    try:
        assert proc.stdout is not None
        found = None
        while found is None:
            line = proc.stdout.readline()
            if not line:
                raise SystemExit("instructions bench: checklist serve printed no address")
            found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        while True:
            try:
                conn = http.client.HTTPConnection("127.0.0.1", int(found.group(1)), timeout=60)
                conn.request("GET", "/static/serve.css")
                if conn.getresponse().status == 200:
                    break
            except OSError:
                time.sleep(0.05)
        if out is not None:
            subprocess.run(["callgrind_control", "--dump", str(proc.pid)], capture_output=True, check=True)
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=300)
    if out is None:
        return 0.0
    first = out.with_name(out.name + ".1")  # the first dump: from the start to the first 200
    totals = re.search(r"^(?:summary|totals): (\d+)", first.read_text(), re.M)
    assert totals is not None
    return int(totals.group(1)) / 1e6


def measures(src: Path, work: Path, base: dict[str, str]) -> dict[str, float]:
    """Each measure's instructions, for the package at `src`."""
    env = base | {"PYTHONPATH": str(src), "CHECKLIST_CACHE_DIR": str(work / "cache")}
    me = [sys.executable, "-m", "checklist"]
    run = [*me, "run", str(FLOW), "--roster", str(ROSTER), "--seed", "1", "--answers", os.devnull]
    run += ["--session", str(work / "r.json")]
    render = [*me, "render", str(FLOW), "--checklist", "combat", "--format", "svg", "-o", str(work / "c.svg")]
    serve = [*me, "serve", str(FLOW), "--roster", str(ROSTER), "--port", "0", "--session", str(work / "s.json")]
    found: dict[str, float] = {}
    for label, cmd, cold in [
        ("check flow/, warm", [*me, "check", str(FLOW)], False),
        ("run to its first screen, warm", run, False),
        ("run to its first screen, cold", run, True),
        ("render --checklist combat, warm", render, False),
        ("render --checklist combat, cold", render, True),
    ]:
        here = env | {"CHECKLIST_CACHE_DIR": str(work / "cold")} if cold else env
        shutil.rmtree(work / "cold", ignore_errors=True)
        (work / "r.json").unlink(missing_ok=True)
        subprocess.run(cmd, env=here, capture_output=True)  # bytecode written, and for warm, the cache filled
        shutil.rmtree(work / "cold", ignore_errors=True)
        (work / "r.json").unlink(missing_ok=True)
        found[label] = counted(cmd, here, work / "cg")
    (work / "s.json").unlink(missing_ok=True)
    served(serve, env, None)  # bytecode and the cache warmed up
    (work / "s.json").unlink(missing_ok=True)
    found["serve to its first 200, warm"] = served(serve, env, work / "serve.cg")
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, help="another copy's src/ folder, counted too")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="checklist-instructions-") as temp:
        work = Path(temp)
        base = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        base |= {"PYTHONPYCACHEPREFIX": str(work / "pyc"), "NO_COLOR": "1"}
        dot_file = work / "dot" / "combat.dot"
        dot_file.parent.mkdir()
        subprocess.run([sys.executable, "-m", "checklist", "render", str(FLOW), "--checklist", "combat", "--format",
                        "dot", "-o", str(dot_file)], env=base | {"PYTHONPATH": str(ROOT / "src")}, check=True,
                       capture_output=True)  # fmt: skip
        subprocess.run([sys.executable, "-c", "import lark, networkx"], env=base, check=True)  # its bytecode
        fixed = {
            "floor": counted([sys.executable, "-c", "import lark, networkx"], base, work / "cg"),
            "dot -Tsvg combat.dot": counted([shutil.which("dot") or "dot", "-Tsvg", str(dot_file)], base, work / "cg"),
        }
        sources = {"now": ROOT / "src"} | ({"before": args.before.resolve()} if args.before else {})
        found = {who: measures(src, work, base) for who, src in sources.items()}
    print(f"python bench/instructions.py {' '.join(sys.argv[1:])}: millions of instructions")
    print("| measure | " + " | ".join(found) + " |")
    print("|---|" + "---:|" * len(found))
    for label, value in fixed.items():
        print(f"| {label} | {value:.0f} |" + " |" * (len(found) - 1))
    for label in found["now"]:
        print(f"| {label} | " + " | ".join(f"{found[who][label]:.0f}" for who in found) + " |")


if __name__ == "__main__":
    main()
