"""The run's program cache: clean flows come back equal; anything odd falls back to parsing."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from checklist import load
from checklist.run import programs

from .conftest import DUEL, FLOW


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("CHECKLIST_CACHE_DIR", str(folder))
    return folder


def test_cached_program_equals_the_parsed_one(cache: Path) -> None:
    first, problems = programs.load_clean([FLOW])
    assert problems is None
    assert len(list(cache.glob("*.json"))) == 1
    assert oct(cache.stat().st_mode & 0o777) == "0o700"
    second, _ = programs.load_clean([FLOW])
    parsed = load(FLOW)
    assert second.steps == parsed.steps and second.facts == parsed.facts and second.tables == parsed.tables
    assert second.start == parsed.start and second.sources == parsed.sources
    assert first.steps == second.steps


def test_damaged_cache_is_ignored(cache: Path) -> None:
    programs.load_clean([DUEL])
    for entry in cache.glob("*.json"):
        entry.write_text('{"modules": [{"@": "Nope", "v": []}]}', encoding="utf-8")
    program, problems = programs.load_clean([DUEL])
    assert problems is None and "duel.1" in program.steps


def test_shared_folders_are_not_trusted(cache: Path) -> None:
    cache.mkdir(mode=0o777)
    os.chmod(cache, 0o777)
    programs.load_clean([DUEL])
    assert list(cache.iterdir()) == []


def test_flows_with_errors_are_reported_not_cached(cache: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.flow"
    bad.write_text('checklist t "T"\nstart 1\nstep 1 "A"\n  go 2\n', encoding="utf-8")
    _, problems = programs.load_clean([bad])
    assert problems is not None and "error" in problems
    assert not cache.exists() or list(cache.glob("*.json")) == []


def test_no_cache_env(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CHECKLIST_NO_CACHE", "1")
    programs.load_clean([DUEL])
    assert not cache.exists()
