"""`checklist check` from the command line: exit codes and clear messages for bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from checklist.cli import exitcodes
from checklist.cli.main import main
from tests.inprocess import checklist as in_process

GOOD = 'checklist demo "Demo"\nstart 1\nstep 1 "First"\n  go 2\nstep 2 "Last"\n  end\n'


def run_cli(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return in_process(*args)


def write(tmp_path: Path, name: str, data: str | bytes) -> Path:
    path = tmp_path / name
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(data, encoding="utf-8", newline="")
    return path


def assert_clean_failure(result: subprocess.CompletedProcess[str], code: int, *words: str) -> None:
    assert result.returncode == code, result.stderr + result.stdout
    assert "Traceback" not in result.stderr + result.stdout
    assert "internal error" not in result.stderr + result.stdout  # in-process, main() says a crash so
    for word in words:
        assert word in result.stderr + result.stdout


def test_clean_flow_exits_0(tmp_path: Path) -> None:
    result = run_cli("check", write(tmp_path, "a.flow", GOOD))
    assert result.returncode == 0
    assert result.stdout.strip() == "no problems found"


def test_errors_exit_1_and_warnings_exit_0_unless_werror(tmp_path: Path) -> None:
    broken = write(tmp_path, "b.flow", GOOD.replace("go 2", "go 7"))
    assert run_cli("check", broken).returncode == 1
    gap = write(tmp_path, "g.flow", GOOD.replace("go 2", "go 3").replace('step 2 "Last"', 'step 3 "Last"'))
    assert run_cli("check", gap).returncode == 0
    assert run_cli("check", "--werror", gap).returncode == 1


@pytest.mark.parametrize(
    ("name", "data", "words"),
    [
        ("latin1.flow", 'checklist demo "Caf\xe9"\n'.encode("latin-1"), ["not valid UTF-8", "latin1.flow:1"]),
        ("binary.flow", b"\x7fELF\x00\x01\x02", ["NUL byte", "binary"]),
        ("utf16.flow", GOOD.encode("utf-16"), ["UTF-16", "UTF-8"]),
    ],
)
def test_unreadable_input_exits_2(tmp_path: Path, name: str, data: bytes, words: list[str]) -> None:
    assert_clean_failure(run_cli("check", write(tmp_path, name, data)), 2, *words)


def test_missing_file_and_empty_folder_exit_2(tmp_path: Path) -> None:
    assert_clean_failure(run_cli("check", tmp_path / "nope.flow"), 2, "no such file")
    assert_clean_failure(run_cli("check", tmp_path), 2, "holds no .flow files")


def test_usage_error_exits_2() -> None:
    assert_clean_failure(run_cli("check", "--format", "xml"), 2, "invalid choice")
    assert main(["frobnicate"]) == 2


def test_empty_file_is_reported(tmp_path: Path) -> None:
    result = run_cli("check", write(tmp_path, "empty.flow", ""))
    assert_clean_failure(result, 1, "E003", "declares nothing")


def test_ten_megabyte_line_gets_one_clipped_error(tmp_path: Path) -> None:
    path = write(tmp_path, "long.flow", GOOD + "x" * 10_000_000 + "\n")
    result = run_cli("check", path)
    assert_clean_failure(result, 1, "E001", "long.flow:7:1")
    assert len(result.stdout) < 2_000


def test_windows_line_endings_and_tabs_are_fine(tmp_path: Path) -> None:
    text = GOOD.replace("\n  ", "\n\t").replace("\n", "\r\n")
    result = run_cli("check", write(tmp_path, "crlf.flow", text))
    assert result.returncode == 0, result.stdout
    broken = write(tmp_path, "crlf-bad.flow", text.replace("go 2", "go 9"))
    out = run_cli("check", broken).stdout
    assert "crlf-bad.flow:4:5" in out and "\r" not in out


def test_folder_loads_every_flow_together(tmp_path: Path) -> None:
    write(tmp_path, "one.flow", 'checklist one "One"\nstart 1\nstep 1 "First"\n  go two.1\n')
    write(tmp_path, "two.flow", 'checklist two "Two"\nstep 1 "Last"\n  end\n')
    assert run_cli("check", tmp_path).returncode == 0


def test_json_format_is_stable(tmp_path: Path) -> None:
    path = write(tmp_path, "b.flow", GOOD.replace("go 2", "go 7"))
    payload = json.loads(run_cli("check", "--format", "json", path).stdout)
    assert payload["version"] == 1
    assert payload["summary"] == {"errors": 2, "warnings": 0}  # E201 and, so, E202
    first = payload["diagnostics"][0]
    assert set(first) == {"code", "name", "severity", "message", "span", "notes", "help"}
    assert set(first["span"]) == {"file", "line", "column", "end_line", "end_column"}
    assert (first["code"], first["name"], first["severity"]) == ("E201", "unknown-step", "error")
    assert (first["span"]["line"], first["span"]["column"]) == (4, 6)
    assert "did you mean step 2?" in first["help"]


def test_check_does_not_import_networkx_or_graphviz(tmp_path: Path) -> None:
    code = (
        "import sys; from checklist.cli.main import main; main(['check', sys.argv[1]]); "
        "print(sorted(m for m in ('networkx', 'graphviz') if m in sys.modules))"
    )
    path = write(tmp_path, "a.flow", GOOD)
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True).stdout
    assert out.strip().endswith("[]")


def test_version_is_the_packages() -> None:
    from importlib.metadata import version

    done = subprocess.run([sys.executable, "-m", "checklist", "--version"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == f"checklist {version('gurps-checklist')}"


def test_a_crash_that_escapes_exits_70_with_a_message_not_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 17, class 1: a bug is never reported as exit 1 ("check found errors") nor as a traceback."""
    from checklist.cli import main as cli_main

    def broken(args: object) -> int:
        raise RuntimeError("boom \x1b[2J")

    monkeypatch.setitem(cli_main.COMMANDS, "check", broken)
    assert cli_main.main(["check"]) == exitcodes.INTERNAL == 70
    err = capsys.readouterr().err
    assert "internal error" in err and "RuntimeError" in err and "report" in err
    assert "\x1b" not in err and "\\x1b[2J" in err
    assert "| 70 |" in (Path(__file__).resolve().parents[2] / "docs" / "exit-codes.md").read_text(encoding="utf-8")
