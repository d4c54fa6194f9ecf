"""`checklist check` ends its process as soon as it has written what it found (cli/main.py,
`_exit_at_once`), without freeing the flow it built: what it writes and its exit code are those of
the usual exit, to a pipe and to a file, and a reader that goes away early is no error."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT

BROKEN = 'checklist t "T"\nstart 1\nstep 1 "One"\n  go 2\n'


def checklist(*args: str | Path, **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "checklist", *map(str, args)], capture_output=True, text=True, timeout=120, **kwargs
    )  # type: ignore[call-overload, no-any-return]


def test_the_whole_report_is_written_and_the_exit_code_kept(tmp_path: Path) -> None:
    flow = tmp_path / "broken.flow"
    flow.write_text(BROKEN, encoding="utf-8")
    done = checklist("check", "--no-cache", "--format", "json", flow)
    assert done.returncode == 1, done.stderr
    found = json.loads(done.stdout)
    assert found and done.stderr == ""
    clean = checklist("check", "--no-cache", ROOT / "flow")
    assert clean.returncode == 0 and clean.stdout.strip().endswith("no problems found"), clean


def test_a_report_to_a_file_is_whole(tmp_path: Path) -> None:
    flow = tmp_path / "broken.flow"
    flow.write_text(BROKEN * 1 + "".join(f'step {n} "S"\n  go {n + 1}\n' for n in range(2, 3000)), encoding="utf-8")
    out = tmp_path / "report.txt"
    with out.open("w") as stream:
        done = subprocess.run([sys.executable, "-m", "checklist", "check", "--no-cache", str(flow)], stdout=stream)
    assert done.returncode == 1
    assert out.read_text("utf-8").rstrip().endswith("warnings")


def test_a_reader_that_goes_away_is_no_error(tmp_path: Path) -> None:
    flow = tmp_path / "broken.flow"
    flow.write_text("".join(f'step {n} "S"\n  go {n + 10000}\n' for n in range(1, 3000)), encoding="utf-8")
    check = subprocess.Popen(
        [sys.executable, "-m", "checklist", "check", "--no-cache", str(flow)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert check.stdout is not None and check.stderr is not None
    check.stdout.read(10)
    check.stdout.close()  # `checklist check | head -c 10`
    err = check.stderr.read().decode()
    assert check.wait(timeout=120) in (0, 1) and "Traceback" not in err, err
