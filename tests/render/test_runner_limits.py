"""`dot` under limits (issue 17, classes 7 and 9): its whole process group is stopped at the
time limit, what it writes is read with a bound, and its error output is shown as visible text."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from checklist.render import runner
from checklist.render.runner import DotFailed, run_dot
from tests.render.conftest import needs_dot


def fake_dot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, script: str) -> None:
    exe = tmp_path / "dot"
    exe.write_text("#!/bin/sh\n" + script, encoding="utf-8")
    exe.chmod(0o755)
    monkeypatch.setattr(runner, "find_dot", lambda: str(exe))


def gone(pid: int, within: float = 5.0) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        with open(f"/proc/{pid}/stat", encoding="utf-8") as stat:  # a zombie waiting for its reaper is gone
            if stat.read().split(") ", 1)[1].startswith("Z"):
                return True
        time.sleep(0.05)
    return False


def test_at_the_time_limit_the_whole_process_group_is_stopped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pidfile = tmp_path / "child"
    fake_dot(tmp_path, monkeypatch, f"sleep 300 &\necho $! > {pidfile}\nwait\n")
    started = time.monotonic()
    with pytest.raises(DotFailed, match="(?s)did not finish within 1 s.*--dot-timeout"):
        run_dot("digraph {}", "svg", timeout=1.0)
    assert time.monotonic() - started < 10
    assert gone(int(pidfile.read_text(encoding="utf-8")))  # the helper dot started died with it


def test_endless_output_is_read_with_a_bound(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake_dot(tmp_path, monkeypatch, "cat > /dev/null\nexec yes\n")
    monkeypatch.setattr(runner, "MAX_IMAGE_BYTES", 1 << 20)
    with pytest.raises(DotFailed, match="wrote more than 1 MB"):
        run_dot("digraph {}", "svg", timeout=30.0)


def test_endless_error_output_is_clipped_and_escapes_are_shown(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake_dot(tmp_path, monkeypatch, "cat > /dev/null\nprintf '\\033]0;pwned\\007' >&2\nhead -c 10000000 /dev/zero >&2\n"
                                    "exit 1\n")  # fmt: skip
    with pytest.raises(DotFailed) as caught:
        run_dot("digraph {}", "svg", timeout=30.0)
    message = str(caught.value)
    assert "\x1b" not in message and "\\x1b]0;pwned\\x07" in message
    assert len(message) < 5 * runner.MAX_ERROR_BYTES


@pytest.mark.parametrize("seconds", [float("nan"), float("inf"), 0.0, -1.0])
def test_a_timeout_that_is_no_time_is_refused(seconds: float) -> None:
    with pytest.raises(ValueError, match="seconds above 0"):
        run_dot("digraph {}", "svg", timeout=seconds)


@needs_dot
def test_the_real_dot_error_output_reaches_the_message_as_visible_text() -> None:
    with pytest.raises(DotFailed) as caught:
        run_dot('digraph { a -> \x1b[2J "b }', "svg")
    assert "dot failed" in str(caught.value) and "\x1b" not in str(caught.value)
