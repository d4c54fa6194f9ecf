"""`checklist ARGS` run inside the test's own process: `main()` with stdin, stdout and stderr captured.

For the tests whose point is what a command says and does, not the process around it. The
tests of exit codes under signals and resource limits, of pseudo-terminals and of the
installed wheel keep their subprocesses (tests/bad, tests/terminal, tests/test_wheel.py).
"""

from __future__ import annotations

import contextlib
import io
import subprocess
import sys
from pathlib import Path

from checklist.cli.main import main


def checklist(*args: str | Path, cwd: Path | None = None, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """What `python -m checklist ARGS` would give, with `stdin` as its input (not a terminal)."""
    argv = [str(a) for a in args]
    out, err = io.BytesIO(), io.BytesIO()
    stdout = io.TextIOWrapper(out, encoding="utf-8", write_through=True)
    stderr = io.TextIOWrapper(err, encoding="utf-8", write_through=True)
    with contextlib.ExitStack() as stack:
        if cwd is not None:
            stack.enter_context(contextlib.chdir(cwd))
        stack.enter_context(contextlib.redirect_stdout(stdout))
        stack.enter_context(contextlib.redirect_stderr(stderr))
        saved, sys.stdin = sys.stdin, io.StringIO(stdin)
        stack.callback(setattr, sys, "stdin", saved)
        code = main(argv)
    return subprocess.CompletedProcess(["checklist", *argv], code, _text(out), _text(err))


def _text(stream: io.BytesIO) -> str:
    return stream.getvalue().decode("utf-8", "replace")
