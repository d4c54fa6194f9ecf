"""Shared fixtures for the `checklist run` tests: the flows, loaded once, and a private cache."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from checklist import load
from checklist.program import Program

ROOT = Path(__file__).resolve().parents[2]
FLOW = ROOT / "flow"
DATA = Path(__file__).resolve().parent / "data"
DUEL = DATA / "duel.flow"
HARDEST = ROOT / "tests" / "data" / "design" / "hardest.flow"
PLANS = ROOT / "tests" / "plans"


@pytest.fixture(autouse=True, scope="session")
def _private_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Never touch the user's cache: every test (and every subprocess) uses a fresh folder."""
    folder = tmp_path_factory.mktemp("cache")
    folder.chmod(0o700)
    old = os.environ.get("CHECKLIST_CACHE_DIR")
    os.environ["CHECKLIST_CACHE_DIR"] = str(folder)
    yield
    if old is None:
        os.environ.pop("CHECKLIST_CACHE_DIR", None)
    else:
        os.environ["CHECKLIST_CACHE_DIR"] = old


@pytest.fixture(scope="session")
def flow() -> Program:
    return load(FLOW)


@pytest.fixture(scope="session")
def duel() -> Program:
    return load(DUEL)


@pytest.fixture(scope="session")
def hardest() -> Program:
    return load(HARDEST)
