"""A sheet's own hit locations (`[[combatant.location]]`, roster/body.py; docs/roster.md, "The body's
hit locations"): read from a GCS body, written by `checklist roster --toml` and read back, and a
mistake in a TOML roster's is one clear line."""

from __future__ import annotations

from pathlib import Path

import pytest

from checklist.cli.roster import to_toml
from checklist.roster.combatants import RosterError
from checklist.roster.load import load
from tests.roster.test_gcs_library import SHARED, needs_library

BRUNO = 'name = "Bruno"\nst = 13\ndx = 11\nht = 12\nhp = 13\nbasic-speed = 5.5\ndr = { torso = 2 }\n'


@needs_library
def test_the_wolfs_table_as_gcs_gives_it_and_back_from_toml(tmp_path: Path) -> None:
    """Timber Wolf (Quadruped): roll, penalty, id and natural DR of each location, as the sheet's
    settings.body_type gives them; `--toml` writes them and the roster reads the same back."""
    roster = load(SHARED / "v5" / "Wolf, Timber.gcs")
    table = [(p.key, p.roll, p.penalty, p.kind, p.natural) for p in roster.sheets[0].locations]
    assert table == [
        ("eyes", "-", -9, "eye", 0), ("skull", "3-4", -7, "skull", 2), ("face", "5", -5, "face", 0),
        ("neck", "6", -5, "neck", 0), ("foreleg", "7-8", -2, "leg", 0), ("torso", "9-11", 0, "torso", 0),
        ("groin", "12", -3, "groin", 0), ("hindleg", "13-14", -2, "leg", 0), ("foot", "15-16", -4, "foot", 0),
        ("tail", "17-18", -3, "tail", 0), ("vitals", "-", -3, "vitals", 0),
    ]  # fmt: skip
    assert roster.get(0, "location-at", "8") == "foreleg" and roster.get(0, "location-at", "11") == "torso"
    assert roster.get(0, "in-body", "foreleg") == "yes" and roster.get(0, "in-body", "right-arm") == "no"
    assert roster.get(0, "dr", "skull") == 3  # GCS's 3, its own 2 included: not 3 - 2
    path = tmp_path / "wolf.toml"
    path.write_text(to_toml(roster.source), "utf-8")
    assert load(path).sheets[0].locations == roster.sheets[0].locations


def test_a_sheet_without_a_body_has_none(tmp_path: Path) -> None:
    path = tmp_path / "r.toml"
    path.write_text(f"[[combatant]]\n{BRUNO}", "utf-8")
    roster = load(path)
    assert roster.sheets[0].locations == () and roster.get(0, "has-body") == "no"
    assert roster.locations(0) == ()


@pytest.mark.parametrize(
    ("location", "said"),
    [
        ('name = "Tail"\nid = "tail"\nroll = "19-20"', 'roll: the 3d6 roll that lands there, such as "7-8"'),
        ('name = "Tail"\nid = "tail"\nwings = 2', "unknown key `wings`; known: name, id, roll, penalty, natural-dr"),
        ('name = "Tail"\nroll = "17"', 'a hit location needs name and id, e.g. name = "Foreleg", id = "leg"'),
        ('name = "Tail"\nid = "tail"\npenalty = "-3"', "penalty: a whole number such as -2, not '-3'"),
    ],
)
def test_a_mistake_in_a_location_is_one_line(tmp_path: Path, location: str, said: str) -> None:
    path = tmp_path / "r.toml"
    path.write_text(f"[[combatant]]\n{BRUNO}\n[[combatant.location]]\n{location}\n", "utf-8")
    with pytest.raises(RosterError) as error:
        load(path)
    assert said in str(error.value) and "combatant 1 (Bruno), location 1" in str(error.value)


def test_two_locations_of_one_name_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "r.toml"
    twice = '\n[[combatant.location]]\nname = "Tail"\nid = "tail"\n'
    path.write_text(f"[[combatant]]\n{BRUNO}{twice}{twice}", "utf-8")
    with pytest.raises(RosterError, match="two hit locations are called `Tail`"):
        load(path)
