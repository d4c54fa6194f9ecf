"""Shared fixtures for the `checklist paths` tests: flow/ and its coverage, made once."""

from __future__ import annotations

from pathlib import Path

import pytest

from checklist import load
from checklist.graph.program import Program
from checklist.paths.plan import Coverage, cover
from tests.conftest import DUEL, FLOW, HARDEST, ROOT

__all__ = ["DUEL", "FLOW", "HARDEST", "ROOT"]


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
