"""Shared fixtures for the `checklist paths` tests: flow/ and its coverage, made once."""

from __future__ import annotations

from pathlib import Path

import pytest

from checklist import load
from checklist.paths.plan import Coverage, cover
from checklist.program import Program

ROOT = Path(__file__).resolve().parents[2]
FLOW = ROOT / "flow"
HARDEST = ROOT / "tests" / "data" / "design" / "hardest.flow"
DUEL = ROOT / "tests" / "run" / "data" / "duel.flow"


@pytest.fixture(scope="session")
def flow() -> Program:
    return load(FLOW)


@pytest.fixture(scope="session")
def duel() -> Program:
    return load(DUEL)


@pytest.fixture(scope="session")
def edges(flow: Program) -> Coverage:
    return cover(flow, "edges")


@pytest.fixture(scope="session")
def steps(flow: Program) -> Coverage:
    return cover(flow, "steps")


def program(tmp_path: Path, text: str) -> Program:
    path = tmp_path / "t.flow"
    path.write_text(text, encoding="utf-8")
    return load(path)
