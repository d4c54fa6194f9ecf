"""The whole-fight bench (bench/fight.py, GURPS issue 25) plays its physical-dice fight once: the
run reaches the end table with the Ogre down and the party standing, every line sent is counted
as an input, and the turns, their kinds and the parts before and after the fight add up to the
whole run. The fight is also its test plan: every damage line is worked out by hand below, and
the whole transcript (every roll line, the status line after each turn, the log and the end
table) is golden (tests/rules/golden/fight-physical.txt; UPDATE_GOLDEN=1 rewrites it). The
targets are the bench's to print, not asserted here."""

from __future__ import annotations

import argparse
import itertools
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT, golden, script

pytest.importorskip("pexpect")


BENCH = script("fight_bench", ROOT / "bench" / "fight.py")
CHECKLIST = [sys.executable, "-m", "checklist"]  # the sources this test runs with (PYTHONPATH)


@pytest.mark.skipif(not BENCH.SHEETS.is_dir(), reason=f"the GCS sheets are not beside the checkout ({BENCH.SHEETS})")
def test_the_physical_dice_fight(tmp_path: Path) -> None:
    args = argparse.Namespace(timeout=60, max_turns=14, min_turns=10)
    figures = BENCH.fight(CHECKLIST, "physical", BENCH.PHYSICAL_SEED, args, tmp_path)
    played = figures.pop("_play")
    fp = BENCH.fp

    rows = fp.end_table(played)  # the end table, each combatant's row
    assert set(rows) == {"Donn Estevane", "Fiasco Felicity Tanner", "Ogre"}, rows
    fell = [line for line in fp.log_lines(played) if "Ogre unconscious" in line]
    assert fell == ["  round 4  Ogre unconscious: failed the HT roll to stay conscious"], fp.log_lines(played)
    assert fp.DOWN.search(rows["Ogre"]) is None and "-1/20" in rows["Ogre"]  # awake after an hour's HT roll (B423)
    assert not any(fp.DOWN.search(row) for name, row in rows.items() if name != "Ogre"), rows
    assert played.status == 0

    # Inputs: every line sent, each echoed after its prompt; the turns and both ends add up.
    turns = figures["turns"]
    assert figures["inputs"] == played.sent == len(played.asked) == len(figures["answers"])
    assert all(played.lines[a.line] == a.prompt + a.answer for a in played.asked)
    parts = [*turns, figures["before"], figures["after"]]
    assert sum(p["inputs"] for p in parts) == figures["inputs"]
    assert sum(p["printed_lines"] for p in parts) == figures["printed_lines"] == played.rows(0, len(played.lines))
    for p in parts:
        assert p["inputs"] == p["decisions"] + p["enter"] + p["rolls"]

    # The kinds: the script's eleven turns, each of one kind, the kinds' counts adding up.
    kinds = figures["kinds"]
    assert set(kinds) == set(fp.KINDS)
    assert sum(k["turns"] for k in kinds.values()) == len(turns) == len(BENCH.fs.PLANS)
    assert sum(k["inputs"] for k in kinds.values()) == sum(t["inputs"] for t in turns)
    assert [t["kind"] for t in turns] == [p.kind for p in BENCH.fs.PLANS]
    assert kinds["melee attack"]["turns"] >= 3 and kinds["ranged attack"]["turns"] >= 1
    assert kinds["nothing to decide"]["turns"] >= 1  # the stunned Ogre
    assert figures["median_melee_inputs"] is not None

    # The damage, worked out by hand from the sheets (seed 003 steps 89-93; B379 wounding): the Ogre's
    # torso DR 3; Donn's broadsword cuts (x1.5), Felicity's .38 is pi (x1), rounded down.
    lines = played.lines

    def whole(i: int) -> str:  # a line with its wrapped rest
        rest = itertools.takewhile(lambda x: x.startswith("      "), lines[i + 1 :])
        return " ".join([lines[i].strip(), *(x.strip() for x in rest)])

    hits = [whole(i) for i, line in enumerate(lines) if line.startswith("   → ") and " to the torso · " in line]
    assert hits == [
        "→ 5 cut to the torso · DR 3 · penetrating 2 × 1.5 (cut) · injury 3 · Ogre's HP 20 → 17",  # 2 x 1.5 = 3
        "→ 4 pi to the torso · DR 3 · penetrating 1 · injury 1 · Ogre's HP 17 → 16",  # a burst: 2 of 3 hit
        "→ 5 pi to the torso · DR 3 · penetrating 2 · injury 2 · Ogre's HP 16 → 14",
        "→ 11 cut to the torso · DR 3 · penetrating 8 × 1.5 (cut) · injury 12 · major wound · Ogre's HP 14 → 2",
        # 2 - 3 leaves nothing to get through, and 2 stopped is too little for blunt trauma (10 for pi, B379):
        # the armor is not asked about, so the line says so at once
        "→ 2 pi to the torso · DR 3 · penetrating 0 · injury 0 · Ogre's HP 2 → 2",
        "→ 6 pi to the torso · DR 3 · penetrating 3 · injury 3 · Ogre's HP 2 → -1",
    ], hits
    log = fp.log_lines(played)  # the 2 pi between them: 2 - 3 leaves nothing to get through
    assert "  round 3  Ogre injury 0 (HP 2 → 2)" in log and "  round 2  Ogre knockdown check 17 vs 16: failure" in log
    sheets = str(BENCH.SHEETS)
    golden(ROOT / "tests" / "rules" / "golden" / "fight-physical.txt",
           "\n".join(line.replace(sheets, "GCS") for line in played.lines) + "\n")  # fmt: skip
