"""GURPS Character Sheet files as roster combatants (checklist.roster.gcs, docs/roster.md "From GCS"),
on small sheets written for these tests (tests/fixtures/gcs): what is read, what is asked, and
every mistake's message.  The values are worked out by hand from the fixture files."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

from checklist.cli.roster import to_toml
from checklist.roster.combatants import RosterError, from_data
from checklist.roster.gcs import GcsError, OldFormat, combatant
from checklist.roster.load import load, load_all
from tests.conftest import ROOT

FIXTURES = ROOT / "tests" / "fixtures" / "gcs"
KNIGHT = FIXTURES / "knight.gcs"


def knight() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(KNIGHT.read_text(encoding="utf-8"))
    return data


def write(tmp_path: Path, data: object, name: str = "sheet.gcs") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


# ---- what a version 5 sheet gives --------------------------------------------------------------


def test_the_knight_field_by_field() -> None:
    roster = load(KNIGHT)
    sheet, state = roster.sheets[0], roster.states[0]
    assert sheet.name == "Sir Tobin"
    # no shield-db: the Medium Shield's DB is no bonus to Dodge, Parry and Block on the sheet, so the flow asks
    assert dict(sheet.numbers) == {"st": 12, "dx": 12, "iq": 10, "ht": 11, "will": 11, "hp": 14, "fp": 11,
                                   "sm": 1, "dodge": 7, "move": 4}  # fmt: skip
    assert float(sheet.basic_speed) == 5.75
    assert (state.current_hp, state.current_fp) == (10, 9)  # calc.current of hp and fp
    assert sheet.pain_threshold == "high"
    assert dict(sheet.traits) == {
        "grip-mastery": True,
        "combat-reflexes": False,
        "trained-by-a-master": False,
    }  # CR disabled
    assert dict(sheet.skills) == {"broadsword": 14, "shield-shield": 13, "brawling": 13, "crossbow": 13,
                                  "feint-broadsword": 15}  # fmt: skip
    # equipped equipment first (the unequipped axe is left out, the crossbow in the pack is not), then traits
    names = [w.name for w in sheet.weapons]
    assert names == ["Broadsword (Swung)", "Broadsword (Thrust)", "Crossbow", "Medium Shield (Shield Bash)",
                     "Natural Attacks (Punch)"]  # fmt: skip
    swung, thrust, crossbow, shield, punch = sheet.weapons
    assert (swung.damage, swung.type, swung.skill, swung.level, swung.reach, swung.parry, swung.min_st) == (
        "2d", "cut", "Broadsword", 14, "1", "10F", "10")  # fmt: skip
    assert (thrust.damage, thrust.type, thrust.armor_divisor) == ("1d+1", "imp", 2)
    assert not swung.ranged and not swung.unarmed
    assert crossbow.ranged and (crossbow.acc, crossbow.range, crossbow.rof, crossbow.shots, crossbow.bulk) == (
        4, "240/300", "1", "1(4)", -6)  # calc.range, the raw x20/x25 resolved  # fmt: skip
    assert (shield.block, shield.parry) == ("11", "No")
    assert punch.unarmed and punch.parry == "9" and punch.level == 13


def test_the_knight_as_the_flow_reads_him() -> None:
    roster = load(KNIGHT)
    assert roster.get(0, "weapon-parry") == 10 and roster.get(0, "weapon-fencing") == "yes"
    assert roster.get(0, "weapon-unbalanced") == "no" and roster.get(0, "weapon-min-st") == 10
    assert roster.get(0, "parry") == 10  # the readied weapon's, as GCS computed it
    assert roster.get(0, "block") == 11  # the shield's
    assert roster.get(0, "weapon-skill") == 14 and roster.get(0, "holding-weapon") == "yes"
    assert roster.get(0, "grip-mastery") == "yes" and roster.get(0, "combat-reflexes") == "no"
    # DR: skull 7 as GCS gives it (its own 2 included), 5 against crushing; the torso 5, 3 cr, 6 pi
    assert roster.get(0, "dr", "skull") == 7 and roster.get(0, "dr", "torso") == 5  # against his own sword: cut
    assert roster.get(0, "dr", "right-arm") == 4 and roster.get(0, "dr", "left-leg") == 2
    assert roster.get(0, "dr", "arm-joint") == 4  # both arms 4
    assert roster.get(0, "dr", "leg-joint") is None  # the legs differ (3, 2): asked
    assert roster.get(0, "dr", "ear") == roster.get(0, "dr", "face")  # GCS has no ear: as the face (MA137)


def test_a_nicknames_quotes_are_dropped_from_the_name_the_roster_shows(tmp_path: Path) -> None:
    """GCS keeps a nickname in quotes (`"Fiasco Felicity" Tanner`, ../shared/gcs/v5): the roster
    shows the name without them (straight or curly), its spaces collapsed; the name is what the
    game master types and what the end table prints."""
    curly = "Sir \u201cTin Can\u201d  Tobin"
    cases = (('"Tin Can" Tobin', "Tin Can Tobin"), (curly, "Sir Tin Can Tobin"), ('""', "sheet"))
    for written, shown in cases:
        data = knight()
        data["profile"]["name"] = written
        assert load(write(tmp_path, data)).sheets[0].name == shown


def test_dr_is_against_the_damage_type_of_the_attackers_readied_weapon(tmp_path: Path) -> None:
    roster = load(KNIGHT)
    assert roster.sheets[0].dr_at("torso", "cut") == 5
    assert roster.sheets[0].dr_at("torso", "cr") == 3
    assert roster.sheets[0].dr_at("torso", "pi-large") == 6  # GCS's piercing: pi-, pi, pi+ and pi++
    assert roster.sheets[0].dr_at("skull", "cut") == 7
    # a club-wielder against the knight: crushing
    club = {"name": "Club Guy", "st": 10, "dx": 10, "ht": 10, "hp": 10, "basic-speed": 9,
            "weapon": [{"name": "club", "damage": "1d", "type": "cr", "skill": "axe-mace"}]}  # fmt: skip
    person, _ = combatant(KNIGHT)
    both = from_data({"combatant": [club, person]}, "r")
    assert both.actor.name == "Club Guy"
    assert both.get(1, "dr", "torso") == 3 and both.get(1, "dr", "skull") == 5


def test_the_notes_say_what_was_chosen_and_what_is_not_used() -> None:
    notes = load(KNIGHT).notes
    where = f"{KNIGHT} (Sir Tobin)"
    assert notes == (
        f"{where}: light encumbrance (52 lb carried, Basic Lift 29 lb): Dodge 7, Move 4",
        f"{where}, Medium Shield: the shield's DB is not a bonus to Dodge, Parry and Block on the sheet (GCS has "
        "not added it to them), nor a note; the flow asks for it (shield-db)",
        f"{where}, hit location `Torso`: DR 8 against `laser` is not used (the flow's damage types do not include it)",
    )


def test_a_db_is_the_bonus_to_all_of_dodge_parry_and_block_of_equipped_items(tmp_path: Path) -> None:
    """The knight's Medium Shield given GCS's DB 2 features (+2 to Dodge, Parry and Block), an extra
    +1 to Dodge alone (no DB: it stays in the Dodge), and an enabled modifier's +1 to all three (a DB
    too): shield-db 3, all of it held in the sheet's defenses. A disabled modifier and an unequipped
    item count for nothing."""
    data = knight()
    shield = next(e for e in data["equipment"] if e["description"] == "Medium Shield")

    def bonus(amount: int, *defenses: str) -> list[dict[str, object]]:
        return [{"type": "attribute_bonus", "attribute": d, "amount": amount} for d in defenses]

    shield["features"] = bonus(2, "dodge", "parry", "block") + bonus(1, "dodge")
    off = {"name": "Off", "disabled": True, "features": bonus(5, "dodge", "parry", "block")}
    shield["modifiers"] = [{"name": "Defending", "features": bonus(1, "dodge", "parry", "block")}, off]
    spare = {"description": "Spare", "equipped": False, "features": bonus(4, "dodge", "parry", "block")}
    data["equipment"].append(spare)
    roster = load(write(tmp_path, data))
    assert (roster.get(0, "shield-db"), roster.get(0, "db-included")) == (3, 3)
    assert not any("DB" in note for note in roster.notes)


def test_no_encumbrance_reads_the_first_dodge_and_move(tmp_path: Path) -> None:
    data = knight()
    data["equipment"] = [e for e in data["equipment"] if e["description"] == "Broadsword"]  # 3 lb of 29
    roster = load(write(tmp_path, data))
    assert (roster.sheets[0].number("dodge"), roster.sheets[0].number("move")) == (8, 5)
    assert not any("lb carried" in n for n in roster.notes)


# ---- the versions -------------------------------------------------------------------------------


def as_version(data: dict[str, Any], version: int) -> dict[str, Any]:
    """The knight as GCS 5.0-5.23 (4) or late GCS 4.x (2) wrote him: a `type` on every item."""
    types = {"t": "trait", "T": "trait_container", "s": "skill", "q": "technique", "e": "equipment",
             "E": "equipment_container", "w": "melee_weapon", "W": "ranged_weapon"}  # fmt: skip
    if version == 2:
        types.update(t="advantage", T="advantage_container")

    def typed(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
        for item in items:
            item["type"] = types[item["id"][0]]
            item["id"] = "0" + item["id"][1:]  # a uuid would do: the letter no longer counts
            typed(item.get("children", []))
            typed(item.get("weapons", []))
        return items

    out = {"type": "character", **data, "version": version}
    for key in ("traits", "skills", "equipment"):
        typed(out[key])
    if version == 2:
        out["advantages"] = out.pop("traits")
        body = out["settings"].pop("body_type")
        for location in body["locations"]:
            location["calc"]["dr"] = location["calc"]["dr"]["all"]  # one number
        out["settings"]["hit_locations"] = body
        del out["calc"]
    return out


@pytest.mark.parametrize("version", [2, 4])
def test_versions_2_and_4_give_what_version_5_gives(tmp_path: Path, version: int) -> None:
    five, _ = combatant(KNIGHT)
    older, notes = combatant(write(tmp_path, as_version(knight(), version)))
    assert [w["name"] for w in older["weapon"]] == [w["name"] for w in five["weapon"]]
    if version == 4:
        assert older == five
        return
    # version 2: no top-level calc (Dodge, Move) and one DR number per location (no crushing)
    assert {k: v for k, v in five.items() if k not in ("dodge", "move", "dr")} == {
        k: v for k, v in older.items() if k != "dr"}  # fmt: skip
    assert older["dr"]["torso"] == 5 and five["dr"]["torso"] == {"all": 5, "cr": 3, "pi-small": 6, "pi": 6,
                                                                 "pi-large": 6, "pi-huge": 6}  # fmt: skip
    assert f"{tmp_path / 'sheet.gcs'} (Sir Tobin), Dodge and Move: the file has none (a version 2 file has no calc " \
        "block for them); the flow asks for them" in notes  # fmt: skip


# ---- a TOML roster naming .gcs files, and --toml -------------------------------------------------


def test_a_toml_roster_names_gcs_files_with_overrides(tmp_path: Path) -> None:
    write(tmp_path, knight(), "knight.gcs")
    toml = tmp_path / "fight.toml"
    toml.write_text('[[combatant]]\ngcs = "knight.gcs"\ncurrent-hp = 3\nposture = "kneeling"\nside = "red"\n\n'
                    '[[combatant]]\ngcs = "knight.gcs"\nname = "Sir Bors"\nreadied = "Crossbow"\n\n'
                    '[[combatant]]\nname = "Bandit"\nst = 10\ndx = 10\nht = 10\nhp = 10\nbasic-speed = 5\n',
                    encoding="utf-8")  # fmt: skip
    roster = load_all([toml])
    names = [s.name for s in roster.sheets]
    assert names == ["Sir Tobin", "Sir Bors", "Bandit"]  # Basic Speed 5.75, 5.75 (file order), 5
    tobin, bors = roster.states[0], roster.states[1]
    assert (tobin.current_hp, tobin.posture, roster.sheets[0].side) == (3, "kneeling", "red")
    assert (bors.current_hp, bors.readied) == (10, ("Crossbow",))  # the sheet's current HP
    assert roster.get(1, "weapon-ranged") == "yes"


def test_a_gcs_combatant_in_toml_takes_only_overrides(tmp_path: Path) -> None:
    write(tmp_path, knight(), "knight.gcs")
    toml = tmp_path / "fight.toml"
    toml.write_text('[[combatant]]\ngcs = "knight.gcs"\nst = 20\n', encoding="utf-8")
    with pytest.raises(RosterError) as caught:
        load_all([toml])
    assert str(caught.value) == (f"{toml}: combatant 1: `st` does not go with `gcs`; a combatant from a .gcs file "
                                 "may change only: current-fp, current-hp, flexible-armor, name, posture, readied, "
                                 "side, tactic")  # fmt: skip
    toml.write_text('[[combatant]]\ngcs = "knight.gcs"\nflexible-armor = ["torso"]\n', encoding="utf-8")
    assert load_all([toml]).sheets[0].flexible == ("torso",)  # GCS does not say which armor is flexible


def test_the_same_sheet_twice_is_numbered(tmp_path: Path) -> None:
    roster = load_all([KNIGHT, KNIGHT])
    assert [s.name for s in roster.sheets] == ["Sir Tobin 1", "Sir Tobin 2"]
    assert (
        roster.notes[-1] == "2 combatants are called Sir Tobin: they are Sir Tobin 1 to Sir Tobin 2, in the order given"
    )


def test_the_toml_it_writes_reads_back_the_same(tmp_path: Path) -> None:
    roster = load_all([KNIGHT])
    text = to_toml(roster.source, roster.notes)
    assert text.splitlines()[2] == f"#   {KNIGHT} (Sir Tobin): light encumbrance (52 lb carried, Basic Lift 29 lb): " \
        "Dodge 7, Move 4"  # fmt: skip
    again = from_data(tomllib.loads(text), "again")
    assert again.sheets == roster.sheets and again.states == roster.states


# ---- bad files ----------------------------------------------------------------------------------


def test_xml_from_before_gcs_4_20_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "old.gcs"
    path.write_text('<?xml version="1.0"?>\n<character version="4" id="x">\n</character>\n', encoding="utf-8")
    with pytest.raises(OldFormat) as caught:
        load(path)
    assert str(caught.value) == (
        f"{path}: an XML character sheet (data version 4), from GCS before 4.20, which this tool cannot read; "
        "open it in a current GCS (5.24 or later) and save it again"
    )


@pytest.mark.parametrize(("version", "words"), [(3, "GCS data version 3, older than"), (6, "version 6, newer than"),
                                                ("5", "no data version in the file (`version` is '5')")])  # fmt: skip
def test_an_unknown_version_is_refused(tmp_path: Path, version: object, words: str) -> None:
    data = knight()
    data["version"] = version
    with pytest.raises(OldFormat, match=r".*" + words.replace("(", r"\(").replace(")", r"\)")):
        load(write(tmp_path, data))


def mistake(tmp_path: Path, change: str) -> GcsError:
    data = knight()
    text = json.dumps(data)
    if change == "broken":
        text = text[:200]
    elif change == "no ht":
        data["attributes"] = [a for a in data["attributes"] if a["attr_id"] != "ht"]
        text = json.dumps(data)
    elif change == "damage":
        data["equipment"][0]["weapons"][0]["calc"]["damage"] = 12
        text = json.dumps(data)
    elif change == "list":
        text = "[1, 2]"
    elif change == "dr":
        data["settings"]["body_type"]["locations"][1]["calc"]["dr"] = "heavy"
        text = json.dumps(data)
    path = tmp_path / "bad.gcs"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(GcsError) as caught:
        load(path)
    return caught.value


@pytest.mark.parametrize(("change", "words"), [
    ("broken", "bad.gcs: not a GCS character sheet: broken JSON at line 1, column 201: Expecting ':' delimiter; "
               "open it in a current GCS (5.24 or later) and save it again"),
    ("no ht", "bad.gcs (Sir Tobin), attribute `ht`: missing (no attributes[].calc.value for it); save the file "
              "again in GCS"),
    ("damage", "bad.gcs (Sir Tobin), weapon `Broadsword (Swung)`: damage is 12, not text such as 2d+1 cut; open it "
               "in a current GCS (5.24 or later) and save it again"),
    ("list", "bad.gcs: not a GCS character sheet: the file holds a JSON list, not an object; pass a .gcs file "
             "that GCS saved"),
    ("dr", "bad.gcs (Sir Tobin), hit location `Skull`: no DR that can be read (calc.dr is 'heavy'); save the file "
           "again in GCS"),
])  # fmt: skip
def test_a_bad_file_names_the_file_the_character_and_the_field(tmp_path: Path, change: str, words: str) -> None:
    error = mistake(tmp_path, change)
    assert not isinstance(error, OldFormat)
    assert str(error).endswith(words) and str(error).startswith(str(tmp_path))


def test_what_the_sheet_cannot_say_is_asked(tmp_path: Path) -> None:
    data = knight()
    weapons = data["equipment"][0]["weapons"]
    weapons[0]["calc"]["damage"] = "2d(1.5) cr"  # an armor divisor the rules do not have
    weapons[1]["calc"]["damage"] = "1d spec"  # a damage type the flow does not know
    data["equipment"][2]["children"][0]["weapons"][0]["accuracy"] = "4+2"  # a scope: not one number
    del data["attributes"][2]  # no IQ
    roster = load(write(tmp_path, data))
    swung, thrust, crossbow = roster.sheets[0].weapons[:3]
    assert swung.ask == ("armor-divisor",) and roster.get(0, "weapon-armor-divisor") is None
    assert thrust.ask == ("type",) and crossbow.ask == ("acc",)
    assert roster.sheets[0].number("iq") is None
    where = f"{tmp_path / 'sheet.gcs'} (Sir Tobin)"
    assert f"{where}, attribute `iq`: missing; the flow asks for it" in roster.notes
    assert (f"{where}, weapon `Broadsword (Swung)`: armor divisor (1.5) is neither a whole number nor 0.5, 0.2 or "
            "0.1; the flow asks for it") in roster.notes  # fmt: skip
    assert f"{where}, weapon `Crossbow`: accuracy `4+2` is not one number; the flow asks for it" in roster.notes
