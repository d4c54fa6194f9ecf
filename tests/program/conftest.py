"""The cache tests' folder of their own, and a count of the loader's builds."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from checklist.program import cache
from checklist.program import load as loader


@pytest.fixture
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty cache folder of this test's own, and no entry remembered in this process."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("CHECKLIST_CACHE_DIR", str(folder))
    cache.forget()
    yield folder
    cache.forget()


@pytest.fixture
def builds(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many times the loader built a folder's files rather than take them from the cache."""
    count: list[int] = []
    real = loader._build_all

    def counted(texts: list[tuple[str, str]], pieces: bool = False) -> list[loader.Built]:
        if cache.enabled():  # not the loads with the cache off that the tests compare with
            count.append(len(texts))
        return real(texts, pieces)

    monkeypatch.setattr(loader, "_build_all", counted)
    return count
