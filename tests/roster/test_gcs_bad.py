"""Bad sheets and rosters are refused cleanly (GURPS issue 27, part 6): a clear error that names the
file and the field, an exit code of docs/exit-codes.md (2; 7 for a sheet of another format), never
a traceback, a hang or a runaway; text from a sheet never reaches the terminal with its control
characters.  What each took (time, memory) is measured in docs/benchmarks.md, not asserted here."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from checklist.cli import exitcodes
from checklist.roster.gcs import GcsError, OldFormat
from checklist.roster.load import load, load_all
from checklist.roster.sheet import RosterError
from tests.inprocess import checklist

from .sheets import equipment, fighter, weapon, write

SWORD = weapon("Swung", "2d cut", level=14, parry="10", reach="1", defaults=[{"type": "skill", "name": "Broadsword"}])
COMBATANT = '[[combatant]]\nname = "Ann"\nst = 10\ndx = 12\nht = 11\nhp = 10\nbasic-speed = 5.75\n'


def sheet_text(tmp_path: Path, st: str = "12", **changes: object) -> Path:
    """The fighter with a broadsword, ST written as `st` (JSON text: 999..., NaN, -Infinity)."""
    data = fighter(equipment=[equipment("Broadsword", SWORD)])
    data.update(changes)
    text = json.dumps(data).replace('"value": 12', f'"value": {st}', 1)
    path = tmp_path / "bad.gcs"
    path.write_text(text, encoding="utf-8")
    return path


def refused(path: Path) -> str:
    with pytest.raises(RosterError) as caught:
        load_all([path])
    message = str(caught.value)
    assert message.startswith(str(path).split(".")[0]) and len(message) < 400, message
    return message


@pytest.mark.parametrize(("st", "shown"), [
    ("9" * 5000, "'999999999999... (5000 digits)'"),
    ("NaN", "'NaN'"),
    ("Infinity", "'Infinity'"),
    ("-Infinity", "'-Infinity'"),
    ("1e999", "'1e999'"),
])  # fmt: skip
def test_an_attribute_no_sheet_holds_is_refused(tmp_path: Path, st: str, shown: str) -> None:
    message = refused(sheet_text(tmp_path, st))
    assert message == (f"{tmp_path / 'bad.gcs'} (Test Fighter), attribute `st`: calc.value is {shown}, not a number "
                       "below 1,000,000,000; open it in a current GCS (5.24 or later) and save it again")  # fmt: skip


def test_json_nested_1000_deep_is_refused_at_its_field(tmp_path: Path) -> None:
    path = tmp_path / "bad.gcs"
    path.write_text('{"version": 5, "attributes": ' + "[" * 1000 + "]" * 1000 + "}", encoding="utf-8")
    assert refused(path).endswith("bad.gcs (bad), attributes: an item is a list of 1 item, where GCS writes a "
                                  "JSON object for each item; open it in a current GCS (5.24 or later) and save "
                                  "it again")  # fmt: skip
    path.write_text('{"version": 5, "x": ' + "[" * 20_000 + "]" * 20_000 + "}", encoding="utf-8")
    assert "JSON nested 20001 deep, deeper than any sheet's containers (at most 10000)" in refused(path)


def test_containers_nested_900_deep_load(tmp_path: Path) -> None:
    """Some real sheets nest containers 600 to 900 deep (1 800 JSON levels, past Python's recursion
    limit): they load, and what the innermost holds is carried."""
    text = json.dumps(fighter(equipment=[equipment("Broadsword", SWORD)]))
    inner = json.dumps(equipment("Pebble", SWORD))
    nested = "".join(f'{{"id": "E{i:016d}", "description": "Bag", "children": [' for i in range(900))
    path = tmp_path / "deep.gcs"
    path.write_text(text.replace('"equipment": [', f'"equipment": [{nested}{inner}{"]}" * 900}, ', 1), "utf-8")
    roster = load(path)
    assert [w.name for w in roster.sheets[0].weapons] == ["Pebble (Swung)", "Broadsword (Swung)"]


def test_a_weapons_defaults_that_is_a_number_is_refused(tmp_path: Path) -> None:
    data = fighter(equipment=[equipment("Broadsword", {**SWORD, "defaults": 3})])
    assert refused(write(tmp_path, data, "bad.gcs")).endswith(
        "bad.gcs (Test Fighter), weapon `Broadsword (Swung)`, defaults: 3, where GCS writes a list; open it in a "
        "current GCS (5.24 or later) and save it again")  # fmt: skip


def test_a_1_mb_version_is_not_echoed_whole(tmp_path: Path) -> None:
    with pytest.raises(OldFormat) as caught:
        load(write(tmp_path, {**fighter(), "version": "x" * 1_000_000}, "bad.gcs"))
    assert str(caught.value).endswith("no data version in the file (`version` is 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
                                      "xxxxxxx'... (1000000 characters)); open it in a current GCS (5.24 or later) "
                                      "and save it again")  # fmt: skip


def test_too_big_or_too_many_values_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bad.gcs"
    path.write_text("[]" * (8 * 1024 * 1024 + 1), encoding="utf-8")  # 16 MB and 2 bytes
    assert (
        refused(path)
        == f"{path}: too big for a GCS character sheet (.gcs) (at most 16 MB); pass the .gcs file GCS saved"
    )
    path.write_text('{"version": 5, "a": [' + "[]," * 5_000_000 + "[]]}", encoding="utf-8")  # 15 MB, 400 MB as lists
    assert "about 5000005 JSON values, more than any sheet holds (at most 1000000)" in refused(path)


@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
@pytest.mark.parametrize("given", ["directly", "from-a-roster"])
def test_a_fifo_or_dev_zero_is_refused_without_waiting(tmp_path: Path, kind: str, given: str) -> None:
    """It hung (a FIFO with no writer) or grew to 3.7 GB (/dev/zero); the command exits 2."""
    sheet = tmp_path / "bad.gcs"
    if kind == "fifo":
        os.mkfifo(sheet)
    else:
        sheet.symlink_to("/dev/zero")
    path = sheet
    if given == "from-a-roster":
        path = tmp_path / "fight.toml"
        path.write_text('[[combatant]]\ngcs = "bad.gcs"\n', encoding="utf-8")
    result = checklist("roster", path)
    assert result.returncode == exitcodes.USAGE and "Traceback" not in result.stderr
    assert result.stderr == (f"checklist roster: {sheet}: is not a regular file (a FIFO, device or socket), expected "
                             "a GCS character sheet (.gcs); save it to a file and pass that\n")  # fmt: skip


def test_a_sheets_control_characters_never_reach_the_terminal(tmp_path: Path) -> None:
    data = fighter("Evil\x1b[31m Red\u202e", equipment=[equipment("Sword\x07", {**SWORD, "usage": "Sw\x1bung"})])
    result = checklist("roster", write(tmp_path, data))
    assert result.returncode == 0 and "\x1b" not in result.stdout + result.stderr and "\u202e" not in result.stdout
    assert "1. Evil [31m Red:" in result.stdout and "Sword (Sw ung)" in result.stdout


# ---- TOML rosters -------------------------------------------------------------------------------


def toml(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "fight.toml"
    path.write_text(text, encoding="utf-8")
    return path


WEAPON = '[[combatant.weapon]]\nname = "club"\ntype = "cr"\nskill = "brawling"\n'


@pytest.mark.parametrize(("text", "words"), [
    (COMBATANT + WEAPON + 'damage = "1d"\nask = [{}]\n',
     "fight.toml: combatant 1 (Ann), weapon 1, ask: a list of what the flow asks for this weapon, from: skill,"),
    (COMBATANT + WEAPON + "damage = 1979-05-27\n",
     "fight.toml: '1979-05-27' is a TOML date or time; a roster holds text, numbers, true or false, lists and "
     "tables: put it in quotes if it is text"),
    (COMBATANT + "skills." + ".".join(["k"] * 5000) + " = 1\n",
     "fight.toml:8: a dotted key of more than 64 parts; a roster's keys have a few (combatant.weapon, dr.torso): "
     "write it as tables (docs/roster.md)"),
    (COMBATANT.replace("st = 10", "st = " + "9" * 5000), "fight.toml: not a TOML roster: 'Exceeds the limit (4300 "),
    (COMBATANT + WEAPON + "damage = [[[1]]]\n", 'fight.toml: combatant 1 (Ann), weapon 1, damage: text in quotes, '
     'such as "2d+1" or "mace", not a list of 1 item'),
    ("[rules]\n\"\\u001b[31m\" = true\n" + COMBATANT, "fight.toml: `\\x1b[31m` holds a control character"),
    ("[rules]\ngrip-rules = 2024-01-01\n" + COMBATANT, "fight.toml: '2024-01-01' is a TOML date or time"),
])  # fmt: skip
def test_a_bad_roster_is_refused_with_the_file_and_the_field(tmp_path: Path, text: str, words: str) -> None:
    path = toml(tmp_path, text)
    with pytest.raises(RosterError) as caught:
        load_all([path])
    assert str(caught.value).startswith(str(tmp_path)) and words in str(caught.value), str(caught.value)
    assert not isinstance(caught.value, GcsError)


def test_a_roster_with_a_date_no_longer_crashes_the_run_as_it_saves(tmp_path: Path) -> None:
    path = toml(tmp_path, COMBATANT + WEAPON + "damage = 1979-05-27\n")
    result = checklist("run", "flow", "--roster", path, "--session", tmp_path / "s.json")
    assert result.returncode == exitcodes.USAGE and "Traceback" not in result.stderr
    assert "is a TOML date or time" in result.stderr


def test_an_error_in_a_rosters_rules_names_the_file(tmp_path: Path) -> None:
    path = toml(tmp_path, "[rules]\nno-such-rule = true\n" + COMBATANT)
    result = checklist("run", "flow", "--roster", path, "--session", tmp_path / "s.json")
    assert result.returncode == exitcodes.USAGE
    assert result.stderr.startswith(f"checklist run: --roster {path}: [rules] no-such-rule: no fact of that name")
