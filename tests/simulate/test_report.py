"""`checklist simulate` (issue 30): the report, the same with any --jobs, a fight replayed in `checklist run`
with the same log, and bad input refused with a clear message (never a traceback)."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest

from checklist.cli import exitcodes
from tests.conftest import ROOT
from tests.inprocess import checklist

DUEL = ROOT / "tests" / "data" / "duel-sides.toml"
UNSIDED = ROOT / "examples" / "duel.toml"


def test_the_same_seed_gives_the_same_json_with_one_or_two_processes() -> None:
    runs = [checklist("simulate", DUEL, "--fights", "16", "--seed", "7", "--jobs", j, "--format", "json")
            for j in ("1", "2")]  # fmt: skip
    assert [r.returncode for r in runs] == [0, 0], runs[0].stderr + runs[1].stderr
    assert runs[0].stdout == runs[1].stdout
    assert "2 processes" in runs[1].stderr and "1 processes" in runs[0].stderr
    report = json.loads(runs[0].stdout)
    assert report["fights"] == 16 and sum(s["wins"] for s in report["sides"]) + report["draws"] == 16
    for side in report["sides"]:
        assert side["low"] <= side["share"] <= side["high"]
    assert [f["name"] for f in report["fighters"]] == ["Alice", "Bruno"]
    assert report["ways"] and all(w["way"] for w in report["ways"])
    assert report["replay_any"].endswith("--replay K")


def test_the_table_names_every_part_of_the_report() -> None:
    done = checklist("simulate", DUEL, "--fights", "6", "--seed", "2", "--jobs", "1")
    assert done.returncode == 0, done.stderr
    for said in ("95% interval (Wilson)", "Rounds to the end: median", "HP left: median (quartiles)",
                 "How the losing side went down", "checklist run --roster"):  # fmt: skip
        assert said in done.stdout


def _log(text: str) -> list[str]:
    """The combat log's lines, as printed after `Combat log:`."""
    lines = text.splitlines()
    start = lines.index("Combat log:") + 1
    return [line for line in lines[start:] if line.startswith("  round ")]


def test_a_fight_replayed_in_run_gives_the_same_log(tmp_path: Path) -> None:
    shown = checklist("simulate", DUEL, "--seed", "5", "--replay", "3", cwd=tmp_path)
    assert shown.returncode == 0, shown.stderr
    command = shlex.split(shown.stdout.strip().splitlines()[-1])
    assert command[:2] == ["checklist", "run"] and "--seed" in command
    played = checklist(*command[1:], cwd=tmp_path, stdin="")
    assert played.returncode == 0, played.stderr
    assert _log(played.stdout) == _log(shown.stdout) and len(_log(shown.stdout)) > 3


@pytest.mark.parametrize(
    ("args", "said"),
    [
        ((UNSIDED,), "the roster gives no sides"),
        ((f"{UNSIDED}@party",), "every combatant is on side party"),
        ((DUEL, "--fights", "0"), "--fights 0: give a whole number from 1 to 1,000,000"),
        ((DUEL, "--fights", "1000000000000", "--rounds", "1"), "--fights 1000000000000: give a whole number"),
        ((DUEL, "--rounds", "0"), "--rounds 0: give a whole number from 1"),
        ((DUEL, "--jobs", "0"), "--jobs 0"),
        ((DUEL, "--replay", "0"), "--replay 0"),
        ((DUEL, "--plot", "chart.jpg"), "name an .svg or .png file"),
        ((DUEL, "--keep", "no/such/folder"), "the folder no/such/folder does not exist"),
        (("missing.toml@foes", DUEL), "missing.toml"),
    ],
)
def test_bad_input_is_refused_with_what_to_do(tmp_path: Path, args: tuple[object, ...], said: str) -> None:
    done = checklist("simulate", *args, cwd=tmp_path)
    assert done.returncode == exitcodes.USAGE, done.stdout + done.stderr
    assert said in done.stderr and "Traceback" not in done.stderr and done.stdout == ""


def test_a_side_with_nobody_able_to_fight_is_refused(tmp_path: Path) -> None:
    unarmed = DUEL.read_text("utf-8").split("[[combatant.weapon]]")[0]  # Bruno, with no weapon
    alice = DUEL.read_text("utf-8").split('[[combatant]]\nname = "Alice"')[1]
    path = tmp_path / "r.toml"
    path.write_text(unarmed + '[[combatant]]\nname = "Alice"' + alice, "utf-8")
    done = checklist("simulate", path, "--fights", "2")
    assert done.returncode == exitcodes.USAGE and "side foes (Bruno) has nobody able to fight" in done.stderr


def test_a_huge_number_of_fights_with_one_round_gives_a_valid_report() -> None:
    done = checklist("simulate", DUEL, "--fights", "40", "--rounds", "1", "--seed", "1", "--jobs", "1", "--format",
                     "json")  # fmt: skip
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["rounds_median"] == 1 and report["draws"] == report["at_limit"] > 0


def test_the_plot_is_drawn(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    for name in ("chart.svg", "chart.png"):
        done = checklist("simulate", DUEL, "--fights", "4", "--seed", "1", "--jobs", "1", "--plot", tmp_path / name)
        assert done.returncode == 0, done.stderr
    assert (tmp_path / "chart.svg").read_text("utf-8").lstrip().startswith("<?xml")
    assert (tmp_path / "chart.png").read_bytes()[:4] == b"\x89PNG"


def test_a_missing_matplotlib_is_said_before_any_fight(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib raises ImportError
    done = checklist("simulate", DUEL, "--fights", "1000", "--plot", tmp_path / "c.svg")
    assert done.returncode == exitcodes.USAGE and 'pip install "gurps-checklist[plot]"' in done.stderr
    assert done.stdout == "" and not (tmp_path / "c.svg").exists()


def test_vary_compares_runs_with_the_same_dice_and_their_fights_replay(tmp_path: Path) -> None:
    args = ("simulate", DUEL, "--vary", "bruno=1..2", "--fights", "3", "--seed", "4", "--jobs", "1", "--keep", tmp_path)
    done = checklist(*args, "--format", "json")
    assert done.returncode == 0, done.stderr
    varied = json.loads(done.stdout)
    assert varied["vary"] == "bruno" and [r["count"] for r in varied["runs"]] == [1, 2]
    names = [[f["name"] for f in r["report"]["fighters"]] for r in varied["runs"]]
    assert names == [["Alice", "Bruno"], ["Alice", "Bruno 1", "Bruno 2"]]
    table = checklist(*args)
    assert "bruno  party won (95%)" in table.stdout and "--vary bruno=2..2 --seed 4" in table.stdout
    shown = checklist("simulate", DUEL, "--vary", "bruno=2..2", "--seed", "4", "--replay", "1", "--keep", tmp_path)
    assert shown.returncode == 0, shown.stderr
    command = shlex.split(shown.stdout.strip().splitlines()[-1])
    assert command[command.index("--roster") + 1] == str(tmp_path / "simulate-roster-bruno-2.toml")
    played = checklist(*command[1:], cwd=tmp_path, stdin="")
    assert played.returncode == 0, played.stderr
    assert _log(played.stdout) == _log(shown.stdout) and "Bruno 2" in shown.stdout


@pytest.mark.parametrize(
    ("vary", "said"),
    [
        ("orc=2..3", "--vary orc: no combatant is called orc (or orc 1, ...); the roster has: Bruno, Alice"),
        ("bruno=3..1", "A and B from 1 to 50, A no more than B"),
        ("bruno", "write NAME=A..B, e.g. --vary orc=2..5"),
    ],
)
def test_a_bad_vary_is_refused(vary: str, said: str) -> None:
    done = checklist("simulate", DUEL, "--vary", vary, "--fights", "2")
    assert done.returncode == exitcodes.USAGE and said in done.stderr, done.stderr
