"""Every valid sheet loads (GURPS issue 27, part 1): a weapon whose damage has no dice is an attack
of its own kind (an affliction, a Slam, a special attack) whose damage the flow asks when it hits,
or it is left out with one line that says why; it never stops the sheet.  Each case is a small
sheet written here (tests/roster/sheets.py), as GCS saves it."""

from __future__ import annotations

from pathlib import Path

import pytest

from checklist.roster.load import load
from checklist.roster.sheet import Weapon

from .sheets import equipment, fighter, skill, trait, weapon, write


def one(tmp_path: Path, item: dict[str, object], **lists: list[dict[str, object]]) -> tuple[Weapon, tuple[str, ...]]:
    group = "equipment" if str(item["id"]).startswith("e") else "traits"
    roster = load(write(tmp_path, fighter(**{group: [item]}, **lists)))
    assert len(roster.sheets[0].weapons) == 1
    return roster.sheets[0].weapons[0], roster.notes


def test_an_affliction_with_no_damage_is_an_affliction(tmp_path: Path) -> None:
    """A jelly's Affliction: GCS writes its damage as `{"type": ""}` and no calc at all (no damage,
    level 0). It was `damage {'type': ''} cannot be read`, exit 2."""
    attack, notes = one(tmp_path, trait("Affliction", weapon("Immobilize", None)))
    assert (attack.name, attack.kind, attack.damage, attack.type, attack.ask) == (
        "Affliction (Immobilize)", "affliction", "", "", ("damage", "type"))  # fmt: skip
    assert (attack.level, attack.skill) == (0, "DX")  # GCS leaves a level of 0 out of the file
    where = f"{tmp_path / 'sheet.gcs'} (Test Fighter), weapon `Affliction (Immobilize)`"
    assert f"{where}: no damage: an affliction: a resistance roll, not damage dice (B35); the flow asks its " \
        "damage when it hits" in notes  # fmt: skip


@pytest.mark.parametrize("name", ["Engulf", "Leeching"])
def test_engulf_and_leeching_with_no_damage_are_special(tmp_path: Path, name: str) -> None:
    attack, _ = one(tmp_path, trait(name, weapon(name, None)))
    assert (attack.kind, attack.damage, attack.type, attack.ask) == ("special", "", "", ("damage", "type"))


def test_a_slam_of_cr_with_no_dice_takes_its_damage_when_it_hits(tmp_path: Path) -> None:
    """A Dungeon Fantasy Slam technique: its weapon's damage is `cr` (GCS resolved its per-level dice
    with no level) and it names no default, so GCS gives it level 0; the technique's 15 is used."""
    slam = weapon("Slam", "cr", reach="8", strength="20")
    slam["damage"] = {"type": "cr", "base_leveled": "4d+4"}
    roster = load(write(tmp_path, fighter(skills=[skill("Slam", 15, slam, letter="q")])))
    attack = roster.sheets[0].weapons[0]
    assert (attack.name, attack.kind, attack.damage, attack.type, attack.ask) == (
        "Slam (Slam)", "slam", "", "cr", ("damage",))  # fmt: skip
    assert (attack.skill, attack.level, attack.reach, attack.min_st) == ("Slam", 15, "8", "20")
    assert roster.get(0, "weapon-type") == "cr" and roster.get(0, "weapon-damage") is None  # asked when it hits
    assert roster.get(0, "weapon-skill") == 15


@pytest.mark.parametrize(("written", "kind"), [
    ("R-HT-2 or KO", "affliction"),  # a stun phaser
    ("Blinds", "affliction"),
    ("see DFX39", "special"),
    ("Special", "special"),
])  # fmt: skip
def test_damage_that_is_words_is_an_attack_of_its_kind(tmp_path: Path, written: str, kind: str) -> None:
    gun = weapon("Stun", written, letter="W", level=14, accuracy="5", range="200/500", rate_of_fire="3")
    attack, notes = one(tmp_path, equipment("Phaser", gun))
    assert (attack.kind, attack.damage, attack.type, attack.ask, attack.level) == (
        kind, written, "", ("damage", "type"), 14)  # fmt: skip
    assert attack.ranged and attack.acc == 5
    assert any(f"damage `{written}`: a" in note for note in notes)


def test_a_cloak_whose_damage_is_a_dash_keeps_its_block(tmp_path: Path) -> None:
    cloak = weapon("Block", "-", block="9", level=12)
    roster = load(write(tmp_path, fighter(equipment=[equipment("Heavy Cloak", cloak)])))
    attack = roster.sheets[0].weapons[0]
    assert (attack.kind, attack.damage, attack.block, attack.parry) == ("special", "-", "9", "No")
    assert roster.get(0, "block") == 9 and roster.get(0, "weapon-blocks") == "yes"


def test_a_grapple_of_control_points_is_left_out_with_one_line(tmp_path: Path) -> None:
    """Technical Grappling's `ctrl` is no injury the flow could count: left out, and said why."""
    natural = trait("Natural Attacks", weapon("Punch", "1d-1 cr", level=12, parry="10"),
                    weapon("Grapple", "1d-1 ctrl", level=11))  # fmt: skip
    roster = load(write(tmp_path, fighter(traits=[natural])))
    assert [w.name for w in roster.sheets[0].weapons] == ["Natural Attacks (Punch)"]
    where = f"{tmp_path / 'sheet.gcs'} (Test Fighter), weapon `Natural Attacks (Grapple)`"
    assert (f"{where}: left out: `1d-1 ctrl` is control points of Technical Grappling, not injury; the flow's "
            "grapple (B370) is a maneuver") in roster.notes  # fmt: skip


def test_every_kind_on_one_sheet_loads(tmp_path: Path) -> None:
    gear = equipment("Phaser", weapon("Stun", "R-HT-2 or KO", letter="W", level=14),
                     weapon("Kill", "2d burn", letter="W", level=14))  # fmt: skip
    traits = [trait("Affliction", weapon("Immobilize", None)), trait("Engulf", weapon("Engulf", None))]
    roster = load(write(tmp_path, fighter(equipment=[gear], traits=traits)))
    assert [(w.name, w.kind) for w in roster.sheets[0].weapons] == [
        ("Phaser (Stun)", "affliction"), ("Phaser (Kill)", ""), ("Affliction (Immobilize)", "affliction"),
        ("Engulf (Engulf)", "special")]  # fmt: skip
