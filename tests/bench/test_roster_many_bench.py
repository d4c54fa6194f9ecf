"""bench/roster_many.py stays runnable: it times one sheet and many, and says the limit (not asserted: speed is
the bench's to report, not a test's)."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT


def test_the_bench_times_one_sheet_and_many() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "roster_many.py"), str(ROOT / "tests" / "fixtures" / "gcs"),
         "--sheets", "3", "--runs", "1"],
        capture_output=True, text=True, timeout=600, cwd=ROOT,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("1 sheet: CPU median") and lines[0].endswith("exit [0]")
    assert lines[1].startswith("3 sheets: CPU median") and lines[1].endswith("exit [0]")
    assert any(line.startswith("CPU: ") and "limit" in line for line in lines)
