from __future__ import annotations

import atexit
import importlib.util
import os
import shutil
import signal
import sys
import tempfile
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import settings

from checklist import load
from checklist.graph.program import Program

# The test command runs the same examples every time (scripts/test.sh sets CHECKLIST_CI=1), so that
# a run is red only for a change; plain pytest tries new ones, as fuzzing should. No deadline: speed is measured
# by the benchmarks, and a busy machine must not turn a slow example red.
settings.register_profile("ci", derandomize=True, deadline=None)
settings.register_profile("local", deadline=None)
settings.load_profile("ci" if os.environ.get("CHECKLIST_CI") == "1" else "local")

# The cache of built flows (docs/cache.md) in a folder of this process's own, never the user's, set
# before any test module is imported: each xdist worker has its own, and the commands the tests start
# inherit it. An entry holds exactly what building gives (tests/program/test_cache.py), so tests
# sharing it stay independent; a test of the cache itself points CHECKLIST_CACHE_DIR at its tmp_path.
CACHE_FOLDER = tempfile.mkdtemp(prefix="checklist-test-cache-")
os.environ["CHECKLIST_CACHE_DIR"] = CACHE_FOLDER
os.environ.pop("CHECKLIST_NO_CACHE", None)
atexit.register(shutil.rmtree, CACHE_FOLDER, ignore_errors=True)

# A suite started in the background by a shell without job control inherits Ctrl-C ignored, and so would the
# commands the tests stop with Ctrl-C (a Python that starts with SIGINT ignored never raises KeyboardInterrupt):
# restored here, each such command starts with Ctrl-C as a terminal gives it.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

ROOT = Path(__file__).resolve().parent.parent
FLOW = ROOT / "flow"
DUEL = ROOT / "tests" / "data" / "duel.flow"
HARDEST = ROOT / "tests" / "data" / "design" / "hardest.flow"
UPDATE_GOLDEN = os.environ.get("UPDATE_GOLDEN") == "1"


def script(name: str, path: Path) -> ModuleType:
    """A script of bench/ or scripts/ (not a package) imported as module `name`, for a test to drive."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # its dataclasses look themselves up there
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def root() -> Path:
    return ROOT


# The flows the suite reads but never changes, loaded once per run.
@pytest.fixture(scope="session")
def flow() -> Program:
    return load(FLOW)


@pytest.fixture(scope="session")
def duel() -> Program:
    return load(DUEL)


@pytest.fixture(scope="session")
def hardest() -> Program:
    return load(HARDEST)


def golden(path: Path, actual: str) -> None:
    """Compare with a golden file; UPDATE_GOLDEN=1 rewrites it instead."""
    if UPDATE_GOLDEN or not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(actual, encoding="utf-8")
        if not UPDATE_GOLDEN:
            pytest.fail(f"golden file {path} was missing and has been written; check it and rerun")
    assert actual == path.read_text(encoding="utf-8"), f"differs from golden {path} (UPDATE_GOLDEN=1 to rewrite)"
