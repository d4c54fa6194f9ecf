"""`checklist render` from the command line: outputs, exit codes, and clear messages."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from checklist.cli import exitcodes
from checklist.cli.main import main
from tests.render.conftest import DATA, HARDEST, needs_dot

INSTALL = ("apt install graphviz", "brew install graphviz", "winget install graphviz")


def fake_dot(folder: Path, body: str) -> Path:
    """A `dot` on PATH that runs `body` (a Python snippet) instead of Graphviz."""
    folder.mkdir(exist_ok=True)
    script = folder / "dot"
    script.write_text(f"#!{sys.executable}\nimport sys, time\nsys.stdin.read()\n{body}\n", encoding="utf-8")
    script.chmod(0o755)
    return folder


def test_missing_dot_still_writes_the_dot_file_and_says_how_to_install(tmp_path: Path) -> None:
    out = tmp_path / "pics" / "combat.svg"
    env = {**os.environ, "PATH": str(tmp_path / "empty")}
    result = subprocess.run([sys.executable, "-m", "checklist", "render", str(HARDEST), "-o", str(out)],
                            capture_output=True, text=True, env=env, timeout=60)  # fmt: skip
    assert result.returncode == exitcodes.NO_GRAPHVIZ == 3
    assert "Traceback" not in result.stderr
    for words in INSTALL:
        assert words in result.stderr
    assert str(out.with_suffix(".dot")) in result.stderr
    assert out.with_suffix(".dot").read_text(encoding="utf-8").startswith("digraph")
    assert not out.exists()


def test_dot_past_its_time_limit_is_stopped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    monkeypatch.setenv("PATH", str(fake_dot(tmp_path / "bin", "time.sleep(30)")))
    code = main(["render", str(HARDEST), "-o", str(tmp_path / "x.svg"), "--dot-timeout", "0.5"])
    err = capsys.readouterr().err
    assert code == exitcodes.DOT_FAILED == 4
    assert "did not finish within 0.5 s" in err and "--dot-timeout" in err and "--section" in err
    assert (tmp_path / "x.dot").exists()


def test_dot_errors_are_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    monkeypatch.setenv("PATH", str(fake_dot(tmp_path / "bin", "sys.stderr.write('Error: boom'); sys.exit(1)")))
    assert main(["render", str(HARDEST), "-o", str(tmp_path / "x.png")]) == exitcodes.DOT_FAILED
    assert "dot failed: Error: boom" in capsys.readouterr().err


def test_text_formats_go_to_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["render", str(HARDEST), "--format", "dot", "--section", "start"]) == 0
    assert capsys.readouterr().out.startswith('digraph "Combat Checklist (design sample): Start of the turn"')
    assert main(["render", str(HARDEST), "--format", "mermaid"]) == 0
    assert "flowchart TB" in capsys.readouterr().out


def test_format_follows_the_output_suffix(tmp_path: Path) -> None:
    assert main(["render", str(HARDEST), "-o", str(tmp_path / "f.mmd")]) == 0
    assert "flowchart TB" in (tmp_path / "f.mmd").read_text(encoding="utf-8")


@needs_dot
@pytest.mark.parametrize(("fmt", "magic"), [("svg", b"<?xml"), ("png", b"\x89PNG"), ("pdf", b"%PDF")])
def test_images(tmp_path: Path, fmt: str, magic: bytes) -> None:
    out = tmp_path / f"x.{fmt}"
    assert main(["render", str(HARDEST), "--around", "combat.54", "--depth", "1", "-o", str(out)]) == 0
    assert out.read_bytes().startswith(magic)
    assert (tmp_path / "x.dot").exists()


def test_default_output_name_comes_from_the_scope(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PATH", str(tmp_path / "nothing"))
    assert main(["render", str(HARDEST), "--section", "start"]) == exitcodes.NO_GRAPHVIZ
    assert (tmp_path / "combat-start.dot").exists()


def test_trace_highlights_the_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    session = tmp_path / "s.json"
    session.write_text(json.dumps({"trace": ["first.1", "first.2", "first.3", "nope.9", "second.1"],
                                   "current": "second.1"}), encoding="utf-8")  # fmt: skip
    assert main(["render", str(DATA / "ports.flow"), "--trace", str(session), "--format", "dot"]) == 0
    captured = capsys.readouterr()
    assert "step nope.9 is not in this flow" in captured.err
    dot = captured.out
    assert '"first.1" -> "first.2" [color="#ad1457"' in dot and 'label="(1)\\nfor each foe"' in dot
    assert '"first.2" -> "first.3"' in dot and 'label="(2)"' in dot
    assert "current step" in dot.split('"second.1" [')[1].split("\n")[0]


@pytest.mark.parametrize("content", ["{", "[]", '{"trace": "first.1"}', '{"trace": [1]}'])
def test_bad_session_files_are_usage_errors(tmp_path: Path, content: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    session = tmp_path / "s.json"
    session.write_text(content, encoding="utf-8")
    assert main(["render", str(DATA / "ports.flow"), "--trace", str(session), "--format", "dot"]) == 2
    assert str(session) in capsys.readouterr().err


def test_findings_are_drawn(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["render", str(DATA / "findings.flow"), "--findings", "--format", "dot"]) == 0
    dot = capsys.readouterr().out
    assert '"stub:bad.1:99" [shape="box", style="filled,dashed", fillcolor="#ffcdd2"' in dot
    assert 'fillcolor="#eeeeee"' in dot.split('"bad.4" [')[1].split("\n")[0]  # unreachable: grey
    for loop in ('"bad.5" [', '"bad.6" ['):
        assert 'color="#c62828", penwidth="3"' in dot.split(loop)[1].split("\n")[0]  # trap: red outline
    assert "E204 2 steps form a loop with no way out" in dot


def test_unknown_scope_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["render", str(HARDEST), "--section", "nope"]) == exitcodes.USAGE
    assert "--section nope: no such section" in capsys.readouterr().err


def test_check_does_not_import_the_renderer_or_its_libraries() -> None:
    code = ("import sys; from checklist.cli.main import main; main(['check', sys.argv[1]]); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('networkx', 'graphviz') "
            "or m.startswith('checklist.render.') and m != 'checklist.cli.render'))")  # fmt: skip
    result = subprocess.run([sys.executable, "-c", code, str(HARDEST)], capture_output=True, text=True, timeout=60)
    assert result.stdout.strip().splitlines()[-1] == "[]"
