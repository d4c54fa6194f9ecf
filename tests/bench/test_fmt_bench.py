"""The fmt bench (bench/fmt.py, issue 28) runs both commands on both inputs and gives every figure;
its speed is the bench's to print (nothing about time is asserted: the machine is shared)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import ROOT, script

BENCH = script("fmt_bench", ROOT / "bench" / "fmt.py")


def test_one_run_gives_every_figure(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(BENCH, "WARM_UP", 0)
    out = tmp_path / "fmt.json"
    assert BENCH.main(["--runs", "1", "--steps", "20", "--json", str(out)]) == 0
    figures = json.loads(out.read_text("utf-8"))
    assert len(figures) == 2  # flow/ and the generated flow
    for by_command in figures.values():
        assert set(by_command) == {"fmt --check", "check"}
        for numbers in by_command.values():
            assert numbers["wall_median_s"] > 0 and numbers["cpu_median_s"] >= 0
