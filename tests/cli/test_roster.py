"""`checklist roster FILE... [--toml]` and `checklist run --roster` with GCS sheets: output, exit
codes and messages (never a traceback)."""

from __future__ import annotations

import json
import subprocess
import tomllib
from pathlib import Path

import pytest

from checklist.cli import exitcodes
from tests.conftest import ROOT
from tests.inprocess import checklist as in_process

KNIGHT = ROOT / "tests" / "fixtures" / "gcs" / "knight.gcs"


def checklist(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return in_process(*args)


def test_roster_prints_each_combatant_and_the_notes() -> None:
    result = checklist("roster", KNIGHT)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "1. Sir Tobin: ST 12, DX 12, IQ 10, HT 11, Will 11, Move 4, SM 1"  # his shield's DB: asked
    assert lines[2] == "   dodge 7, parry 10, block 11"
    assert "   * Broadsword (Swung): 2d cut, Broadsword 14, reach 1, parry 10F, block No, ST 10" in lines
    assert "   - Broadsword (Thrust): 1d+1(2) imp, Broadsword 14, reach 1, parry 10F, block No, ST 10" in lines
    assert f"  - {KNIGHT} (Sir Tobin): light encumbrance (52 lb carried, Basic Lift 29 lb): Dodge 7, Move 4" in lines


def test_roster_toml_is_a_roster_the_run_reads(tmp_path: Path) -> None:
    result = checklist("roster", KNIGHT, "--toml")
    assert result.returncode == 0, result.stderr
    data = tomllib.loads(result.stdout)
    assert [p["name"] for p in data["combatant"]] == ["Sir Tobin"]
    assert data["combatant"][0]["dr"]["torso"] == {"all": 5, "cr": 3, "pi-small": 6, "pi": 6, "pi-large": 6,
                                                   "pi-huge": 6}  # fmt: skip
    saved = tmp_path / "tobin.toml"
    saved.write_text(result.stdout, encoding="utf-8")
    again = checklist("roster", saved)
    assert (
        again.returncode == 0 and again.stdout.splitlines()[:5] == checklist("roster", KNIGHT).stdout.splitlines()[:5]
    )


def test_run_takes_gcs_sheets_and_says_what_they_do_not(tmp_path: Path) -> None:
    answers = tmp_path / "a.txt"
    answers.write_text("no\n", encoding="utf-8")
    result = checklist("run", "--roster", KNIGHT, "--roster", KNIGHT, "--at", "combat.1", "--answers", answers,
                       "--session", tmp_path / "s.json")  # fmt: skip
    assert result.returncode == exitcodes.END_OF_INPUT, result.stderr
    assert "roster: 2 combatants are called Sir Tobin: they are Sir Tobin 1 to Sir Tobin 2, in the order given" in (
        result.stderr)  # fmt: skip
    saved = json.loads((tmp_path / "s.json").read_text(encoding="utf-8"))
    assert [p["name"] for p in saved["roster"]["source"]["combatant"]] == ["Sir Tobin 1", "Sir Tobin 2"]


def bad(tmp_path: Path, kind: str) -> Path:
    data = json.loads(KNIGHT.read_text(encoding="utf-8"))
    path = tmp_path / "bad.gcs"
    if kind == "xml":
        path.write_text('<?xml version="1.0"?>\n<character version="3">\n</character>\n', encoding="utf-8")
        return path
    if kind == "version":
        data["version"] = 9
    elif kind == "attribute":
        data["attributes"] = [a for a in data["attributes"] if a["attr_id"] != "hp"]
    elif kind == "damage":
        data["traits"][1]["weapons"][0]["calc"]["damage"] = ["punchy"]
    elif kind == "missing":
        return tmp_path / "nowhere.gcs"
    text = json.dumps(data)
    path.write_text(text[:-3] if kind == "json" else text, encoding="utf-8")
    return path


@pytest.mark.parametrize(("kind", "code", "words"), [
    ("json", exitcodes.USAGE, "bad.gcs: not a GCS character sheet: broken JSON at line 1"),
    ("attribute", exitcodes.USAGE, "bad.gcs (Sir Tobin), attribute `hp`: missing"),
    ("damage", exitcodes.USAGE, "bad.gcs (Sir Tobin), weapon `Natural Attacks (Punch)`: damage is a list"),
    ("missing", exitcodes.USAGE, "nowhere.gcs: no such file or folder; check the path"),
    ("xml", exitcodes.OLD_SHEET, "bad.gcs: an XML character sheet (data version 3), from GCS before 4.20"),
    ("version", exitcodes.OLD_SHEET, "bad.gcs: GCS data version 9, newer than the versions this tool reads (2, 4, 5); "
                                     "open it in a current GCS (5.24 or later) and save it again"),
])  # fmt: skip
@pytest.mark.parametrize("command", ["roster", "run"])
def test_a_bad_sheet_gets_its_message_and_exit_code(tmp_path: Path, kind: str, code: int, words: str,
                                                    command: str) -> None:  # fmt: skip
    path = bad(tmp_path, kind)
    args = ["roster", path] if command == "roster" else ["run", "--roster", path, "--session", tmp_path / "s.json"]
    result = checklist(*args)
    assert result.returncode == code
    assert "Traceback" not in result.stderr and result.stdout == ""
    assert result.stderr.startswith(f"checklist {command}: {tmp_path}") and words in result.stderr
    assert len(result.stderr.splitlines()) == 1
