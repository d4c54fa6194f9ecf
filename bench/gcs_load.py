"""Does every GCS sheet load? `python bench/gcs_load.py FOLDER` (GURPS issue 27; docs/benchmarks.md).

Loads every `.gcs` under FOLDER (its subfolders too) as `checklist run --roster SHEET` would
(`load_all`, in this process) and prints how many loaded, how many were refused with a clear error
(a RosterError: one line naming the file; the command exits 2, or 7 for another format), and how
many crashed (any other exception: a bug), with the median and the largest time per sheet and
the refusals and crashes by name.

`--bad` measures instead the bad inputs of the issue's part 6, each written to a temporary folder
and given to `checklist roster` in a process of its own: its exit code, wall time and peak memory
(the target: a clear error within 1 s and 200 MB, never a traceback).
Options: --json, --runs N (loads of each sheet; the median is kept), --src PATH (the checklist
sources to measure: another checkout's, for a before), --timeout S (--bad: a child is killed then).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
KNIGHT = ROOT / "tests" / "fixtures" / "gcs" / "knight.gcs"
ROSTER = '[[combatant]]\nname = "Ann"\nst = 10\ndx = 12\nht = 11\nhp = 10\nbasic-speed = 5.75\n'
WEAPON = '[[combatant.weapon]]\nname = "club"\ntype = "cr"\nskill = "brawling"\n'


def load_folder(folder: Path, runs: int) -> dict[str, Any]:
    from checklist.roster.load import load_all
    from checklist.roster.sheet import RosterError

    result: dict[str, Any] = {"folder": str(folder), "loaded": 0, "refused": [], "crashed": [], "times_ms": {}}
    for path in sorted(folder.rglob("*.gcs")):
        name = str(path.relative_to(folder))
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            try:
                load_all([path])
                outcome = "loaded"
            except RosterError as exc:
                outcome = str(exc)
            except Exception:  # a bug: counted, with where it happened
                outcome = "crash: " + traceback.format_exc(limit=-2).strip().splitlines()[-1]
            times.append((time.perf_counter() - start) * 1000)
        result["times_ms"][name] = statistics.median(times)
        if outcome == "loaded":
            result["loaded"] += 1
        else:
            result["crashed" if outcome.startswith("crash: ") else "refused"].append(f"{name}: {outcome}")
    values = list(result["times_ms"].values()) or [0.0]
    result.update(sheets=len(result["times_ms"]), median_ms=statistics.median(values), max_ms=max(values))
    failed = {line.split(": ", 1)[0] for line in result["refused"] + result["crashed"]}
    by_folder: dict[str, list[int]] = {}  # subfolder: [loaded, sheets]
    for name in result["times_ms"]:
        counts = by_folder.setdefault(str(Path(name).parent), [0, 0])
        counts[0] += name not in failed
        counts[1] += 1
    result["by_folder"] = {k: f"{v[0]}/{v[1]}" for k, v in by_folder.items()}
    return result


def bad_inputs(folder: Path) -> dict[str, list[Path]]:
    """The part 6 cases, written to `folder`: a name and the files given to `checklist roster`."""
    knight = KNIGHT.read_text("utf-8")
    data = json.loads(knight)
    cases: dict[str, str | tuple[bytes, bytes, int, bytes]] = {
        "a 5 000-digit attribute.gcs": knight.replace('"value": 12', '"value": ' + "9" * 5000, 1),
        "NaN as an attribute.gcs": knight.replace('"value": 12', '"value": NaN', 1),
        "-Infinity as an attribute.gcs": knight.replace('"value": 12', '"value": -Infinity', 1),
        "JSON nested 1 000 deep.gcs": '{"version": 5, "attributes": ' + "[" * 1000 + "]" * 1000 + "}",
        "containers nested 900 deep (loads).gcs": _nested(knight, 900),
        "a weapon's defaults of 3.gcs": knight.replace(
            '"defaults": [{"type": "dx", "modifier": -5}', '"defaults": 3, "x": [{"type": "dx", "modifier": -5}', 1
        ),
        "100 MB of [].gcs": (b"", b"[]", 50 * 1024 * 1024, b""),
        "16 MB of [[], [], ...].gcs": (b'{"version": 5, "a": [', b"[],", 5_000_000, b"[]]}"),
        "a 1 MB version.gcs": json.dumps({**data, "version": "x" * (1 << 20)}),
        "ask = [{}].toml": ROSTER + WEAPON + 'damage = "1d"\nask = [{}]\n',
        "a dotted key of 5 000 parts.toml": ROSTER + "skills." + ".".join(["k"] * 5000) + " = 1\n",
        "a TOML date as damage.toml": ROSTER + WEAPON + "damage = 1979-05-27\n",
        "a roster's gcs = a FIFO.toml": '[[combatant]]\ngcs = "fifo.gcs"\n',
        "a roster's gcs = /dev/zero.toml": '[[combatant]]\ngcs = "zero.gcs"\n',
    }
    made: dict[str, list[Path]] = {}
    for name, content in cases.items():
        path = folder / name.replace(" ", "_").replace("/", "_")
        if isinstance(content, str):
            path.write_text(content, encoding="utf-8")
        else:
            _repeat(path, *content)
        made[name.rsplit(".", 1)[0]] = [path]
    os.mkfifo(folder / "fifo.gcs")
    (folder / "zero.gcs").symlink_to("/dev/zero")
    made["a FIFO as a sheet"] = [folder / "fifo.gcs"]
    made["a link to /dev/zero as a sheet"] = [folder / "zero.gcs"]
    return made


def _repeat(path: Path, head: bytes, unit: bytes, count: int, tail: bytes) -> None:
    """head, `count` units, tail: written a megabyte at a time (this process stays small, and the
    children's peak memory is theirs: a child starts as a copy of it)."""
    per = max(1, (1 << 20) // len(unit))
    with path.open("wb") as out:
        out.write(head)
        for done in range(0, count, per):
            out.write(unit * min(per, count - done))
        out.write(tail)


def _nested(knight: str, depth: int) -> str:
    bags = "".join(f'{{"id": "E{i:016d}", "description": "Bag", "children": [' for i in range(depth))
    pebble = '{"id": "epebble0000000001", "description": "Pebble", "calc": {"extended_weight": "1 lb"}}'
    return knight.replace('"equipment": [', f'"equipment": [{bags}{pebble}{"]}" * depth}, ', 1)


def measure_bad(timeout: float, src: Path) -> list[dict[str, Any]]:
    rows = []
    env = {**os.environ, "PYTHONPATH": str(src)}
    with tempfile.TemporaryDirectory() as tmp:
        for name, files in bad_inputs(Path(tmp)).items():
            err_path = Path(tmp) / "stderr.txt"
            with err_path.open("w") as err_file:
                start = time.perf_counter()
                child = subprocess.Popen([sys.executable, "-m", "checklist", "roster", *map(str, files)], env=env,
                                         stdout=subprocess.DEVNULL, stderr=err_file, preexec_fn=_cap)  # fmt: skip
                status, usage = _wait(child.pid, start + timeout)
                wall = time.perf_counter() - start
            err = err_path.read_text("utf-8", "replace").strip()
            rows.append({"case": name, "exit": status, "seconds": round(wall, 2),
                         "peak_mb": round(usage.ru_maxrss / 1024, 1), "traceback": "Traceback" in err,
                         "stderr_chars": len(err), "message": err.splitlines()[-1][:160] if err else ""})  # fmt: skip
    return rows


def _cap() -> None:
    """At most 2 GB of address space for a child: the tool before issue 27 read /dev/zero until it ran out."""
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


def _wait(pid: int, deadline: float) -> tuple[int | None, Any]:
    """The child's exit code (None: killed at the deadline) and its resource usage (peak memory)."""
    while True:
        done, status, usage = os.wait4(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status), usage
        if time.perf_counter() > deadline:
            os.kill(pid, 9)
            _, status, usage = os.wait4(pid, 0)
            return None, usage
        time.sleep(0.01)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path, default=ROOT.parent / "shared" / "gcs")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--bad", action="store_true", help="measure the bad inputs of part 6 instead")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--src", type=Path, default=ROOT / "src", help="the checklist sources to measure")
    parser.add_argument("--timeout", type=float, default=30.0, help="--bad: seconds before a child is killed")
    args = parser.parse_args()
    sys.path.insert(0, str(args.src))
    if args.bad:
        rows = measure_bad(args.timeout, args.src)
        print(
            json.dumps(rows, indent=2)
            if args.json
            else "\n".join(
                f"| {r['case']} | {r['exit']} | {r['seconds']} s | {r['peak_mb']} MB | {r['stderr_chars']} | "
                f"{r['message']} |"
                for r in rows
            )
        )
        return 0 if not any(r["traceback"] or r["exit"] not in (0, 2, 7) for r in rows) else 1
    result = load_folder(args.folder, args.runs)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(f"{result['folder']}: {result['sheets']} sheets: {result['loaded']} loaded, {len(result['refused'])} "
              f"refused with a clear error, {len(result['crashed'])} crashed; per sheet {result['median_ms']:.1f} ms "
              f"median, {result['max_ms']:.1f} ms max (median of {args.runs} loads each)")  # fmt: skip
        print("  loaded by folder: " + ", ".join(f"{k} {v}" for k, v in result["by_folder"].items()))
        for line in result["refused"] + result["crashed"]:
            print(f"  {line}")
    return 1 if result["crashed"] else 0


if __name__ == "__main__":
    sys.exit(main())
