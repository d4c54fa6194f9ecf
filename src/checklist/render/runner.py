"""Run the real Graphviz `dot` on DOT text, with a time limit.

`graphviz.pipe()` (the `graphviz` package, 0.21) has no timeout argument, so `dot` is run
with subprocess.run(timeout=...), which kills it when the limit passes.
"""

from __future__ import annotations

import shutil
import subprocess

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
    """The picture `dot -T<fmt>` draws from `source`; `size` (nodes, edges) goes into messages."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown image format {fmt!r}")
    exe = find_dot()
    if exe is None:
        raise NoGraphviz("the Graphviz `dot` program was not found on PATH")
    try:
        proc = subprocess.run([exe, f"-T{fmt}"], input=source.encode("utf-8"), capture_output=True,
                              timeout=timeout, check=False)  # fmt: skip
    except FileNotFoundError:
        raise NoGraphviz("the Graphviz `dot` program was not found on PATH") from None
    except subprocess.TimeoutExpired:
        nodes, edges = size
        what = f" ({nodes} nodes, {edges} edges)" if nodes else ""
        raise DotFailed(
            f"dot did not finish within {timeout:g} s{what} and was stopped.\n"
            "Draw a smaller part with --checklist, --section or --around STEP --depth N, "
            "or allow more time with --dot-timeout SECONDS."
        ) from None
    if proc.returncode != 0:
        detail = proc.stderr.decode("utf-8", "replace").strip() or f"exit status {proc.returncode}"
        raise DotFailed(f"dot failed: {detail}")
    return proc.stdout
