"""`checklist paths`: the scripts it writes replay through `checklist run --answers`, to an end."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from checklist.cli import exitcodes
from checklist.cli.main import main
from tests.paths.conftest import FLOW


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    out = tmp_path_factory.mktemp("paths") / "scripts"
    import contextlib
    import io

    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        assert main(["paths", str(FLOW), "--cover", "edges", "-o", str(out)]) == exitcodes.OK
    return out, buffer.getvalue()


def test_every_edge_script_replays_to_an_end(written: tuple[Path, str], tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    out, report = written
    files = sorted(out.iterdir())
    assert [f.name for f in files] == [f"script-{i:02d}.answers" for i in range(1, len(files) + 1)]
    assert f"covered by {len(files)} scripts" in report and "every edge is covered" in report
    for script in files:
        session = tmp_path / f"{script.stem}.json"
        code = main(
            [
                "run",
                str(FLOW),
                "--ask-computed",
                "--learn",
                "--answers",
                str(script),
                "--session",
                str(session),
                "--seed",
                "1",
            ]  # fmt: skip
        )
        captured = capsys.readouterr()
        assert code == exitcodes.OK, (script.name, captured.err[-2000:])
        assert "Traceback" not in captured.err and "!" not in "".join(
            line for line in captured.out.splitlines() if line.startswith("  !")
        )
        saved = json.loads(session.read_text(encoding="utf-8"))
        assert saved["finished"] is True
        stop = next(line for line in report.splitlines() if line.strip().startswith(script.name)).split()[-1]
        assert saved["trace"][-1] == stop


def test_one_script_through_a_real_subprocess(written: tuple[Path, str], tmp_path: Path) -> None:
    out, _ = written
    script = sorted(out.iterdir())[0]
    result = subprocess.run(
        [sys.executable, "-m", "checklist", "run", str(FLOW), "--ask-computed", "--learn", "--answers", str(script),
         "--session", str(tmp_path / "s.json")],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert result.returncode == exitcodes.OK, result.stderr
    assert "Steps visited:" in result.stdout and "  ! " not in result.stdout


def test_without_output_the_scripts_are_printed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["paths", str(FLOW), "--cover", "steps"]) == exitcodes.OK
    out = capsys.readouterr().out
    covered = re.match(rf"steps of {re.escape(str(FLOW))}: (\d+) of (\d+) covered by ", out)
    assert covered and covered[1] == covered[2] and int(covered[2]) >= 148  # the printed 148, and flow/'s own
    assert "# ---- script-01.answers ----\n# checklist paths --cover steps: script 1 of " in out


def test_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    partial = tmp_path / "p.flow"
    partial.write_text('checklist t "T"\nstart 1\nstep 1 "One"\n  end\nstep 2 "Two"\n  go 1\n', encoding="utf-8")
    assert main(["paths", str(partial)]) == exitcodes.FINDINGS  # something is not covered
    assert "unreachable from the start" in capsys.readouterr().out
    assert main(["paths", str(tmp_path / "missing.flow")]) == exitcodes.USAGE
    assert main(["paths", str(partial), "--budget", "0"]) == exitcodes.USAGE
    assert main(["paths", str(partial), "--cover", "lines"]) == exitcodes.USAGE
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    assert main(["paths", str(partial), "-o", str(blocker / "out")]) == exitcodes.USAGE
    empty = tmp_path / "e.flow"
    empty.write_text("# nothing\n", encoding="utf-8")
    assert main(["paths", str(empty)]) == exitcodes.FINDINGS
    assert "no steps" in capsys.readouterr().err
