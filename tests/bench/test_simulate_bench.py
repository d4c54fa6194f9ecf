"""The simulate bench (bench/simulate.py, issue 30) runs on a few fights and gives whole figures; its
speed is the bench's to print (nothing about time is asserted: the machine is shared)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import ROOT, script

BENCH = script("simulate_bench", ROOT / "bench" / "simulate.py")


def test_a_few_fights_give_every_figure(tmp_path: Path) -> None:
    out = tmp_path / "simulate.json"
    argv = ["--fights", "2", "--skirmish", "1", "--sweep", "4", "--jobs", "2", "--screens", "1", "--profile", "1"]
    argv += ["--json", str(out)]
    assert BENCH.main(argv) == 0
    figures = json.loads(out.read_text("utf-8"))
    assert figures["duel"]["fights"] == 2 and figures["duel"]["answers_per_fight"] > 0
    assert figures["skirmish"]["fights"] == 1 and figures["sweep"]["fights"] == 4 and figures["sweep"]["jobs"] == 2
    assert figures["sweep"]["max_rss_mb_largest_worker"] > 0 and figures["screens"]["fights"] == 1


def test_repeat_plays_the_same_fights_again_and_gives_each_pass(tmp_path: Path) -> None:
    out = tmp_path / "simulate.json"
    argv = ["--fights", "2", "--skirmish", "0", "--sweep", "0", "--repeat", "3", "--json", str(out)]
    assert BENCH.main(argv) == 0
    duel = json.loads(out.read_text("utf-8"))["duel"]
    assert duel["passes"] == 3 and len(duel["fights_per_s_cpu_by_pass"]) == 3
    assert abs(duel["fights_per_s_cpu_best"] - max(duel["fights_per_s_cpu_by_pass"])) < 0.1  # rounded to 0.1
    once = BENCH.in_process(BENCH.DUEL, 2)
    assert "passes" not in once and once["answers_per_fight"] == duel["answers_per_fight"]  # the same fights
