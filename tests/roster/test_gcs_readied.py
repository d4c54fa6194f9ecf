"""The right weapon readied (GURPS issue 27, part 4): readied is the first melee weapon that can parry,
unless the roster says otherwise; weapons GCS hides are left out.  Small sheets written here."""

from __future__ import annotations

from pathlib import Path

from checklist.roster.load import load, load_all

from .sheets import equipment, fighter, trait, weapon, write

BASH = weapon("Shield Bash", "1d cr", level=13, block="11", reach="1")
SWORD = weapon("Swung", "2d cut", level=14, parry="10", reach="1")
GUN = weapon("Shoot", "2d-1 pi", letter="W", level=13, accuracy="1", range="100/1,100")
BITE = weapon("Bite", "1d-2 cr", level=12, reach="C")
PUNCH = weapon("Punch", "1d-2 cr", level=12, reach="C", parry="9")


def test_a_sword_is_readied_rather_than_the_shield_bash_listed_before_it(tmp_path: Path) -> None:
    """It was the shield bash, which cannot parry: the fighter had no parry (14 library sheets)."""
    gear = [equipment("Medium Shield", BASH, tags=["Shield"]), equipment("Broadsword", SWORD)]
    roster = load(write(tmp_path, fighter(equipment=gear)))
    assert roster.states[0].readied == ("Broadsword (Swung)",) and roster.states[0].in_hand == "Broadsword (Swung)"
    assert (roster.get(0, "has-parry"), roster.get(0, "parry"), roster.get(0, "block")) == ("yes", 10, 11)


def test_a_knife_is_readied_rather_than_a_gun(tmp_path: Path) -> None:
    knife = weapon("Swung", "1d-2 cut", level=12, parry="8", reach="C,1")
    roster = load(write(tmp_path, fighter(equipment=[equipment("Pistol", GUN), equipment("Knife", knife)])))
    assert roster.states[0].readied == ("Knife (Swung)",) and roster.get(0, "weapon-ranged") == "no"


def test_a_punch_is_readied_rather_than_a_bite(tmp_path: Path) -> None:
    roster = load(write(tmp_path, fighter(traits=[trait("Natural Attacks", BITE, PUNCH)])))
    assert roster.states[0].readied == ("Natural Attacks (Punch)",)


def test_with_no_weapon_that_parries_the_first_is_readied(tmp_path: Path) -> None:
    roster = load(write(tmp_path, fighter(equipment=[equipment("Pistol", GUN)], traits=[trait("Teeth", BITE)])))
    assert roster.states[0].readied == ("Pistol (Shoot)",)


def test_the_roster_may_ready_another(tmp_path: Path) -> None:
    write(tmp_path, fighter(equipment=[equipment("Pistol", GUN), equipment("Broadsword", SWORD)]), "gunner.gcs")
    toml = tmp_path / "fight.toml"
    toml.write_text('[[combatant]]\ngcs = "gunner.gcs"\nreadied = "Pistol (Shoot)"\n', encoding="utf-8")
    roster = load_all([toml])
    assert roster.states[0].readied == ("Pistol (Shoot)",) and roster.get(0, "weapon-ranged") == "yes"


def test_weapons_gcs_hides_are_left_out(tmp_path: Path) -> None:
    """GCS's `hide`: a weapon the sheet does not show. It was listed (34 library weapons), and could
    be readied."""
    hidden = weapon("Swung", "2d cut", level=14, parry="10", reach="1", hide=True)
    natural = trait("Natural Attacks", BITE, weapon("Kick", "1d cr", level=10, reach="C,1", hide=True))
    roster = load(write(tmp_path, fighter(equipment=[equipment("Broadsword", hidden)], traits=[natural])))
    assert [w.name for w in roster.sheets[0].weapons] == ["Natural Attacks (Bite)"]
    assert roster.states[0].readied == ("Natural Attacks (Bite)",)
    where = f"{tmp_path / 'sheet.gcs'} (Test Fighter)"
    assert (f"{where}: the weapons GCS hides are left out: Broadsword (Swung), Natural Attacks (Kick)"
            in roster.notes)  # fmt: skip
