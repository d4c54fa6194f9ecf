"""Shared fixtures for the `checklist run` tests: the flows, loaded once."""

from __future__ import annotations

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


@pytest.fixture(scope="session")
def flow() -> Program:
    return load(FLOW)


@pytest.fixture(scope="session")
def duel() -> Program:
    return load(DUEL)


@pytest.fixture(scope="session")
def hardest() -> Program:
    return load(HARDEST)
