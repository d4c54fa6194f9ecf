"""Run the real Graphviz `dot` on DOT text, with a time limit.

`graphviz.pipe()` (the `graphviz` package, 0.21) has no timeout argument, so `dot` is run
here: in a process group of its own (killed whole when the time passes), its output read
with a bound.
"""

from __future__ import annotations

import contextlib
import math
import os
import selectors
import shutil
import signal
import subprocess
import time

from checklist.model.visible import visible

FORMATS = ("svg", "png", "pdf", "json")  # json: for tests
DEFAULT_TIMEOUT = 20.0

INSTALL_HELP = """\
Install Graphviz, then run the command again:
  Debian/Ubuntu:  sudo apt install graphviz
  macOS:          brew install graphviz
  Windows:        winget install graphviz
(https://graphviz.org/download/ lists other systems.)"""


class NoGraphviz(Exception):
    """The `dot` program is not on PATH."""


class DotFailed(Exception):
    """`dot` exited with an error, or ran past its time limit."""


def find_dot() -> str | None:
    return shutil.which("dot")


def run_dot(source: str, fmt: str, timeout: float = DEFAULT_TIMEOUT, size: tuple[int, int] = (0, 0)) -> bytes:
    """The picture `dot -T<fmt>` draws from `source`; `size` (nodes, edges) goes into messages.

    `dot` runs in its own process group, which is killed whole when the time passes (it may
    start helpers); what it writes is read with a bound (MAX_IMAGE_BYTES, MAX_ERROR_BYTES).
    """
    if fmt not in FORMATS:
        raise ValueError(f"unknown image format {fmt!r}")
    if not math.isfinite(timeout) or timeout <= 0:
        raise ValueError(f"timeout {timeout!r}: give a number of seconds above 0")
    exe = find_dot()
    if exe is None:
        raise NoGraphviz("the Graphviz `dot` program was not found on PATH")
    try:
        proc = subprocess.Popen(
            [exe, f"-T{fmt}"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
    except FileNotFoundError:
        raise NoGraphviz("the Graphviz `dot` program was not found on PATH") from None
    try:
        out, err, late = _talk(proc, source.encode("utf-8"), time.monotonic() + timeout)
    finally:
        _stop(proc)
    nodes, edges = size
    what = f" ({nodes} nodes, {edges} edges)" if nodes else ""
    if late:
        raise DotFailed(
            f"dot did not finish within {timeout:g} s{what} and was stopped.\n"
            "Draw a smaller part with --checklist, --section or --around STEP --depth N, "
            "or allow more time with --dot-timeout SECONDS."
        )
    if len(out) > MAX_IMAGE_BYTES:
        raise DotFailed(
            f"dot wrote more than {MAX_IMAGE_BYTES // 2**20} MB{what} and was stopped; "
            "draw a smaller part with --checklist, --section or --around STEP --depth N"
        )
    if proc.returncode != 0:
        detail = visible(err[:MAX_ERROR_BYTES].decode("utf-8", "replace").strip()) or f"exit status {proc.returncode}"
        raise DotFailed(f"dot failed: {detail}")
    return out


MAX_IMAGE_BYTES = 256 * 2**20  # what dot may write: far above any flow's picture
MAX_ERROR_BYTES = 4000  # of its error output, shown


def _talk(proc: subprocess.Popen[bytes], data: bytes, deadline: float) -> tuple[bytes, bytes, bool]:
    """Feed `data`, read both outputs (each up to its bound) until dot exits or the deadline: (out, err, late)."""
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    limits: dict[object, int] = {proc.stdout: MAX_IMAGE_BYTES + 1, proc.stderr: MAX_ERROR_BYTES}
    got: dict[object, list[bytes]] = {proc.stdout: [], proc.stderr: []}
    sizes: dict[object, int] = dict.fromkeys(got, 0)
    with selectors.DefaultSelector() as sel:
        if data:
            sel.register(proc.stdin, selectors.EVENT_WRITE)
        else:
            proc.stdin.close()
        sel.register(proc.stdout, selectors.EVENT_READ)
        sel.register(proc.stderr, selectors.EVENT_READ)
        view, sent = memoryview(data), 0
        while sel.get_map():
            left = deadline - time.monotonic()
            if left <= 0:
                return b"", b"", True
            for key, _ in sel.select(left):
                stream = key.fileobj
                if stream is proc.stdin:
                    try:
                        sent += os.write(proc.stdin.fileno(), view[sent : sent + 65536])
                    except BrokenPipeError:
                        sent = len(data)
                    if sent >= len(data):
                        sel.unregister(proc.stdin)
                        proc.stdin.close()
                    continue
                chunk = os.read(key.fd, 65536)
                if not chunk:
                    sel.unregister(stream)
                    continue
                if sizes[stream] < limits[stream]:
                    got[stream].append(chunk[: limits[stream] - sizes[stream]])
                sizes[stream] += len(chunk)
                if stream is proc.stdout and sizes[stream] > MAX_IMAGE_BYTES:
                    return b"".join(got[proc.stdout]), b"", False  # too much: stop it
    try:
        proc.wait(max(0.0, deadline - time.monotonic()))
    except subprocess.TimeoutExpired:
        return b"", b"", True
    return b"".join(got[proc.stdout]), b"".join(got[proc.stderr]), False


def _stop(proc: subprocess.Popen[bytes]) -> None:
    """Kill dot's whole process group if anything of it still runs, and reap it."""
    if proc.poll() is None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
    for stream in (proc.stdin, proc.stdout, proc.stderr):
        if stream is not None:
            with contextlib.suppress(OSError):
                stream.close()
    proc.wait()
