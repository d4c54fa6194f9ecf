"""What a `.gcs` roster adds to `checklist run`'s start-up: `python bench/bench_gcs.py` (docs/benchmarks.md).

For each sheet (default: the sheets of ../shared/gcs beside the checkout of 100 KB or more, else a
100 KB sheet made from tests/fixtures/gcs/knight.gcs and filler skills) it reports:

* in process: `load_all([sheet])`, the work `run --roster SHEET` adds before the first screen
  (read, parse the JSON, map it to the roster, check it), median and max of --runs, after one warm
  run; and the same for bench/table_turn/roster.toml for scale;
* the imports it adds: the self time of the checklist.roster.gcs modules in `python -X importtime -c
  "import checklist.cli.run"` (median of --runs; what they import, json and re, the run imports anyway);
* the command line: `checklist roster SHEET` wall time (median of --runs), for scale.

Target (issue 16): a 100 KB sheet adds at most 30 ms to `checklist run`'s start-up.
Options: --runs N, --json, FILE... (sheets to measure instead).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "gcs"
TOML = ROOT / "bench" / "table_turn" / "roster.toml"
KNIGHT = ROOT / "tests" / "fixtures" / "gcs" / "knight.gcs"
TARGET_MS = 30.0


def sheets() -> list[Path]:
    big = [p for p in sorted(SHARED.glob("v*/*.gcs")) if p.stat().st_size >= 100_000] if SHARED.is_dir() else []
    return big or [made_up()]


def made_up() -> Path:
    """The knight, padded to 100 KB with skills (as a long sheet's skill list pads it)."""
    data = json.loads(KNIGHT.read_text(encoding="utf-8"))
    filler = {"name": "Filler", "reference": "B000", "tags": ["Padding"], "difficulty": "iq/a", "points": 1,
              "defaults": [{"type": "iq", "modifier": -5}], "calc": {"level": 10, "rsl": "IQ+0"}}  # fmt: skip
    i = 0
    while len(json.dumps(data, indent="\t")) < 100_000:
        data["skills"].append({**filler, "id": f"sfiller{i:010d}", "specialization": f"Topic {i}"})
        i += 1
    path = Path(tempfile.mkdtemp()) / "knight-100k.gcs"
    path.write_text(json.dumps(data, indent="\t"), encoding="utf-8")
    return path


def in_process(path: Path, runs: int) -> dict[str, float]:
    from checklist.roster.load import load_all

    load_all([path])  # warm: the modules are imported once, as the run imports them
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        load_all([path])
        times.append((time.perf_counter() - start) * 1000)
    return {"median_ms": statistics.median(times), "max_ms": max(times)}


def gcs_imports() -> float:
    found = subprocess.run([sys.executable, "-X", "importtime", "-c", "import checklist.cli.run"], check=True,
                           capture_output=True, text=True).stderr  # fmt: skip
    own = [line.split("|") for line in found.splitlines() if line.rstrip().endswith(("checklist.roster.gcs",))
           or "checklist.roster.gcs." in line]  # fmt: skip
    return sum(int(parts[0].split(":")[1]) for parts in own) / 1000


def command(args: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(args, check=True, capture_output=True)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path, help="sheets to measure (default: see above)")
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    checklist = str(Path(sys.executable).parent / "checklist")
    result: dict[str, Any] = {
        "python": platform.python_version(), "cpus": os.cpu_count(), "load": os.getloadavg()[0], "runs": args.runs,
        "toml": {"file": str(TOML.relative_to(ROOT)), **in_process(TOML, args.runs)},
        "import_ms": statistics.median(gcs_imports() for _ in range(args.runs)),
        "python_ms": command([sys.executable, "-c", "pass"], args.runs),
        "sheets": [],
    }  # fmt: skip
    for path in args.files or sheets():
        name = f"{path.parent.name}/{path.name}"
        one = {"file": name, "kb": round(path.stat().st_size / 1024, 1), **in_process(path, args.runs),
               "cli_ms": command([checklist, "roster", str(path)], max(3, args.runs // 5))}  # fmt: skip
        one["met"] = one["median_ms"] <= TARGET_MS and one["max_ms"] <= TARGET_MS
        result["sheets"].append(one)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"Python {result['python']}, {result['cpus']} CPUs, load {result['load']:.2f}, {args.runs} runs")
    print(f"TOML roster {result['toml']['file']}: {result['toml']['median_ms']:.2f} ms median")
    print(f"importing the GCS reader: {result['import_ms']:.1f} ms (python -c pass: {result['python_ms']:.0f} ms)")
    print("| sheet | size | load_all: median / max | `checklist roster` wall | target 30 ms |")
    print("|---|---:|---:|---:|---|")
    for one in result["sheets"]:
        print(f"| {one['file']} | {one['kb']} KB | {one['median_ms']:.1f} / {one['max_ms']:.1f} ms | "
              f"{one['cli_ms']:.0f} ms | {'met' if one['met'] else 'NOT met'} |")  # fmt: skip
    return 0 if all(one["met"] for one in result["sheets"]) else 1


if __name__ == "__main__":
    sys.exit(main())
