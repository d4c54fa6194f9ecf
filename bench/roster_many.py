"""`checklist roster` on many sheets at once against one sheet (issue 27, part 5):
`python bench/roster_many.py [--sheets 50] [--runs 7] [FOLDER]`.

FOLDER (default ../shared/gcs beside the checkout) gives the real sheets; they are copied, round
robin, to a temporary folder as N files. One sheet and N sheets are timed alternately, CPU time
of the child beside the wall time. Target: N sheets take at most 1.5x one sheet + 20 ms a sheet.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from timing import timed  # noqa: E402


def roster(sheets: list[Path]) -> tuple[float, float, int]:
    """`checklist roster SHEETS`: wall s, CPU s, exit code."""
    return timed([sys.executable, "-m", "checklist", "roster", *map(str, sheets)])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", default=str(ROOT.parent / "shared" / "gcs"))
    parser.add_argument("--sheets", type=int, default=50)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    sheets = sorted(Path(args.folder).rglob("*.gcs"))
    if not sheets:
        print(f"no .gcs sheets under {args.folder}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        copies = [shutil.copy(sheets[i % len(sheets)], Path(tmp) / f"s{i:03d}.gcs") for i in range(args.sheets)]
        one: list[tuple[float, float, int]] = []
        many: list[tuple[float, float, int]] = []
        for _ in range(args.runs):
            one.append(roster([copies[0]]))
            many.append(roster(copies))
    for name, got in (("1 sheet", one), (f"{args.sheets} sheets", many)):
        wall, cpu = statistics.median(g[0] for g in got), statistics.median(g[1] for g in got)
        codes = sorted({g[2] for g in got})
        print(f"{name}: CPU median {cpu * 1000:.0f} ms, wall median {wall * 1000:.0f} ms, exit {codes}")
    for i, figure in ((1, "CPU"), (0, "wall")):
        base = statistics.median(g[i] for g in one)
        limit = 1.5 * base + 0.020 * args.sheets
        got_many = statistics.median(g[i] for g in many)
        verdict = "met" if got_many <= limit else "NOT met"
        print(f"{figure}: {got_many * 1000:.0f} ms for {args.sheets}, limit {limit * 1000:.0f} ms: {verdict}")
    print(f"(load average {os.getloadavg()[0]:.1f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
