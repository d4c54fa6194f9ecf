"""One process timed, for the benches that run commands side by side: wall seconds (perf_counter
around it), CPU seconds (the child's user + system, from os.times: what a busy machine inflates
least) and the exit code. Its output is thrown away."""

from __future__ import annotations

import os
import subprocess
import time


def timed(argv: list[str], env: dict[str, str] | None = None) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds (the child's user + system) and the exit code of one run."""
    before = os.times()
    start = time.perf_counter()
    done = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, env=env)
    wall = time.perf_counter() - start
    after = os.times()
    cpu = after.children_user - before.children_user + after.children_system - before.children_system
    return wall, cpu, done.returncode
