"""Real GCS sheets from the GCS Master Library (MPL-2.0), read from ../shared/gcs beside the checkout
(never copied here; the tests skip where it is absent).  Every file loads, more/ too (GURPS issue 27);
three are checked field by field against the file, by hand; the versions 2, 4 and 5 of one character
are compared."""

from __future__ import annotations

from pathlib import Path

import pytest

from checklist.roster.gcs import combatant
from checklist.roster.load import load, load_all
from tests.conftest import ROOT

SHARED = ROOT.parent / "shared" / "gcs"
FILES = sorted([*SHARED.glob("v*/*.gcs"), *SHARED.glob("more/*.gcs")]) if SHARED.is_dir() else []
needs_library = pytest.mark.skipif(not FILES, reason=f"the GCS sample sheets are not beside the checkout ({SHARED})")


@needs_library
def test_the_library_holds_what_its_readme_says() -> None:
    assert [len(list((SHARED / v).glob("*.gcs"))) for v in ("v2", "v4", "v5", "more")] == [1, 2, 13, 8]


@needs_library
@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.stem}" for p in FILES])
def test_every_sheet_loads(path: Path) -> None:
    roster = load(path)
    sheet = roster.sheets[0]
    assert sheet.name and sheet.number("hp") and sheet.weapons and sheet.body
    # every weapon's skill level read, and its type, but for an attack with no damage dice (asked)
    assert all(w.level is not None and (w.type or "type" in w.ask) for w in sheet.weapons)


def sheet_of(name: str) -> Path:
    return SHARED / "v5" / f"{name}.gcs"


@needs_library
def test_basic_warrior_field_by_field() -> None:
    """Donn Estevane, a Dungeon Fantasy swordsman with mail, a shield and a bow."""
    roster = load(sheet_of("Basic Warrior"))
    sheet, state = roster.sheets[0], roster.states[0]
    assert sheet.name == "Donn Estevane"
    # attributes[].calc.value; Dodge and Move from calc.dodge/move at light encumbrance: 62 lb of gear
    # (3+2+8+4+9+2+16+15+3) over Basic Lift 34 lb and at most 2 x 34. The Small Shield's DB 1 is its
    # features' +1 to Dodge, Parry and Block, which GCS has added to them (db-included)
    assert dict(sheet.numbers) == {"st": 13, "dx": 13, "iq": 10, "ht": 12, "will": 10, "hp": 13, "fp": 12,
                                   "dodge": 10, "move": 4, "sm": 0, "shield-db": 1, "db-included": 1}  # fmt: skip
    assert float(sheet.basic_speed) == 6.25 and (state.current_hp, state.current_fp) == (13, 12)
    assert sheet.pain_threshold == "high"
    assert dict(sheet.traits) == {"combat-reflexes": True, "grip-mastery": False, "trained-by-a-master": False}
    assert dict(sheet.skills) == {"bow": 13, "brawling": 14, "broadsword": 15, "shield-shield": 14}
    # DR: the mail's 4, 2 against crushing; the skull's 6 as GCS gives it (its own 2 in it); gauntlets 4, boots 2
    assert sheet.dr_at("torso", "cut") == 4 and sheet.dr_at("torso", "cr") == 2
    assert sheet.dr_at("skull", "imp") == 6 and sheet.dr_at("skull", "cr") == 4
    assert sheet.dr_at("hand", "cr") == 4 and sheet.dr_at("foot", "cut") == 2 and sheet.dr_at("face", "cut") == 0
    swung, thrust, bow, shield, bite, punch, kick = sheet.weapons
    assert (swung.name, swung.damage, swung.type, swung.level, swung.reach, swung.parry, swung.min_st) == (
        "Broadsword (Swung)", "2d", "cut", 15, "1", "12", "10")  # fmt: skip
    assert (thrust.damage, thrust.type, thrust.parry) == ("1d+1", "cr", "12")
    assert (bow.name, bow.ranged, bow.damage, bow.type, bow.level, bow.acc, bow.range, bow.rof, bow.shots,
            bow.bulk, bow.min_st) == ("Regular Bow (ST13)", True, "1d+1", "imp", 13, 2, "195/260", "1", "1(2)",
                                      -7, "13†")  # fmt: skip
    assert (shield.name, shield.block, shield.parry, shield.skill) == ("Small Shield (Shield Bash)", "12", "No",
                                                                       "Shield (Shield)")  # fmt: skip
    assert [(w.usage, w.damage, w.level, w.parry, w.unarmed) for w in (bite, punch, kick)] == [
        ("Bite", "1d-1", 14, "No", True),
        ("Punch", "1d-1", 14, "12", True),
        ("Kick", "1d+1", 12, "No", True),
    ]
    assert (roster.get(0, "parry"), roster.get(0, "block"), roster.get(0, "weapon-skill")) == (12, 12, 15)


@needs_library
def test_tiger_field_by_field() -> None:
    """A quadruped: no arms, forelegs and hind legs and a tail the flow does not know."""
    roster = load(sheet_of("Tiger"))
    sheet = roster.sheets[0]
    assert dict(sheet.numbers) == {"st": 17, "dx": 13, "iq": 4, "ht": 11, "will": 11, "hp": 17, "fp": 11,
                                   "dodge": 10, "move": 10, "sm": 1, "shield-db": 0}  # fmt: skip
    assert float(sheet.basic_speed) == 6 and sheet.body == "Quadruped"
    assert dict(sheet.traits) == {"combat-reflexes": True, "grip-mastery": False, "trained-by-a-master": False}
    assert dict(sheet.skills) == {"brawling": 15, "stealth": 13, "swimming": 13}
    assert sheet.dr_at("torso", "cut") == 1 and sheet.dr_at("skull", "cut") == 3  # GCS's 3
    assert sheet.dr_at("right-arm", "cut") is None and sheet.dr_at("left-leg", "cut") is None  # asked
    kick, bite = sheet.weapons
    assert (kick.name, kick.damage, kick.type, kick.level, kick.reach, kick.parry) == (
        "Claws, Sharp (Feet) (Kick)", "1d+3", "cut", 13, "C,1", "No")  # fmt: skip
    assert (bite.name, bite.damage, bite.type, bite.level, bite.reach) == (
        "Teeth, Sharp (Bite)",
        "1d+2",
        "cut",
        15,
        "C",
    )
    assert roster.get(0, "holding-weapon") == "no" and roster.get(0, "weapon-unarmed") == "yes"
    assert roster.notes == ()  # its Foreleg, Hindleg and Tail are its own hit locations (rules.flow, body-kinds)
    assert [(p.key, p.roll, p.penalty, p.kind) for p in sheet.locations if p.key in ("foreleg", "tail")] == [
        ("foreleg", "7-8", -2, "leg"), ("tail", "17-18", -3, "tail")]  # fmt: skip


@needs_library
def test_fiasco_felicity_field_by_field() -> None:
    """A gunslinger: a revolver with Rcl, and a knife that is also thrown (GCS's x0.8/x1.5 range resolved)."""
    roster = load(sheet_of("Fiasco-Felicity"))
    sheet = roster.sheets[0]
    assert sheet.name == "Fiasco Felicity Tanner"  # the sheet's `"Fiasco Felicity" Tanner`, the quotes dropped
    assert dict(sheet.numbers) == {"st": 13, "dx": 12, "iq": 9, "ht": 12, "will": 11, "hp": 13, "fp": 12,
                                   "dodge": 9, "move": 6, "sm": 0, "shield-db": 0}  # fmt: skip
    assert sheet.pain_threshold == "high" and dict(sheet.skills)["guns-pistol"] == 13
    assert sheet.dr_at("torso", "pi") == 1 and sheet.dr_at("foot", "cr") == 2 and sheet.dr_at("skull", "pi") == 2
    gun, swung, thrust, thrown = sheet.weapons[:4]
    assert (gun.name, gun.ranged, gun.damage, gun.type, gun.skill, gun.level, gun.acc, gun.range, gun.rof,
            gun.shots, gun.bulk, gun.rcl, gun.min_st) == ("M1877 Colt Lightning .38", True, "2d-1", "pi",
                                                          "Guns (Pistol)", 13, 1, "100/1,100", "3", "6(4i)", -1, 2,
                                                          "9")  # fmt: skip
    assert (swung.damage, swung.type, swung.parry, swung.reach) == ("2d-3", "cut", "8", "C,1")
    assert (thrust.damage, thrust.type, thrust.parry, thrust.reach) == ("1d", "imp", "8", "C")
    assert (thrown.usage, thrown.ranged, thrown.level, thrown.range, thrown.shots, thrown.bulk) == (
        "Thrown", True, 8, "10/19", "T", -2)  # fmt: skip
    # the revolver is listed first, but the first melee weapon that can parry is readied: her knife
    assert roster.states[0].readied == ("Large Bowie Knife (Swung)",) and roster.get(0, "weapon-ranged") == "no"
    assert roster.get(0, "weapon-ranged", gun.name) == "yes" and roster.get(0, "weapon-rcl", gun.name) == 2
    assert roster.notes == ()  # the ear is not on GCS's Humanoid body: it is not offered against her


# ---- one character in versions 2, 4 and 5 -------------------------------------------------------

COMBAT = ("st", "dx", "iq", "ht", "will", "hp", "fp", "basic-speed", "dodge", "move", "sm", "pain-threshold",
          "combat-reflexes", "grip-mastery", "dr")  # fmt: skip


def combat_values(path: Path) -> dict[str, object]:
    table, _ = combatant(path)
    values = {k: table.get(k) for k in COMBAT}
    values["weapons"] = [(w["name"], w["damage"], w["type"], w.get("level"), w.get("parry")) for w in table["weapon"]]
    return values


def differences(a: dict[str, object], b: dict[str, object]) -> dict[str, tuple[object, object]]:
    return {k: (a[k], b[k]) for k in a if a[k] != b[k]}


@needs_library
def test_dai_blackthorn_in_version_4_and_5_fights_the_same() -> None:
    assert (
        differences(combat_values(SHARED / "v4" / "Dai Blackthorn.gcs"), combat_values(sheet_of("Dai Blackthorn")))
        == {}
    )


@needs_library
def test_iotha_in_version_4_and_5_fights_the_same() -> None:
    assert differences(combat_values(SHARED / "v4" / "Iotha.gcs"), combat_values(sheet_of("Iotha"))) == {}


@needs_library
def test_iotha_in_version_2_differs_where_the_library_changed_her_and_where_version_2_says_less() -> None:
    two, four = combat_values(SHARED / "v2" / "Iotha.gcs"), combat_values(SHARED / "v4" / "Iotha.gcs")
    assert differences(two, four) == {
        # the library's Iotha changed between the two commits (not the format): ST 10 -> 9, HT 10 -> 11,
        # HP 10 -> 9, FP 10 -> 11, Basic Speed 5.75 -> 6 (her weapons' damage, 1d-3 and 1d-2, is the same)
        "st": (10, 9), "ht": (10, 11), "hp": (10, 9), "fp": (10, 11), "basic-speed": (5.75, 6),
        # a version 2 file has no top-level calc block: no Dodge, no Move (asked; the notes say so)
        "dodge": (None, 9), "move": (None, 8),
    }  # fmt: skip
    assert two["weapons"] == four["weapons"]


@needs_library
def test_a_fight_of_library_sheets_is_one_roster() -> None:
    roster = load_all([sheet_of("Basic Warrior"), sheet_of("Ogre"), sheet_of("Wolf, Timber"), sheet_of("Wolf, Timber")])
    # turn order by Basic Speed, then DX: Donn 6.25; the wolves 6 and DX 12; the ogre 6 and DX 11
    assert [s.name for s in roster.sheets] == ["Donn Estevane", "Timber Wolf 1", "Timber Wolf 2", "Ogre"]


@needs_library
def test_a_shields_db_is_read_off_its_features_or_its_note() -> None:
    """The Goblin Leader's Small Shield: +1 to Dodge, Parry and Block among its features, so DB 1,
    held in GCS's Dodge 9 (db-included 1). The Crusader's Medium Shield, Heavy gives its DB 2 only
    as a conditional modifier ("to Dodge, Parry & Block against attacks from the front or shield
    side", and `DB 2` in its notes), which GCS does not add: shield-db 2, none of it included."""
    goblin = load(SHARED / "more" / "Goblin, Leader.gcs")
    assert (goblin.get(0, "dodge"), goblin.get(0, "shield-db"), goblin.get(0, "db-included")) == (9, 1, 1)
    crusader = load(SHARED / "more" / "Crusader.gcs")
    assert (crusader.get(0, "dodge"), crusader.get(0, "shield-db"), crusader.get(0, "db-included")) == (7, 2, 0)
    assert any("Medium Shield, Heavy: DB 2 is only a note on the sheet" in note for note in crusader.notes)


@needs_library
def test_trained_by_a_master_is_read_from_the_sheet() -> None:
    """Sora's sheet has the advantage Trained by a Master (enabled): her later parries cost -2 each,
    not -4 (seed 003 step 76, injury.flow's parry-step)."""
    sheet = load(sheet_of("Sora")).sheets[0]
    assert dict(sheet.traits) == {"combat-reflexes": True, "grip-mastery": False, "trained-by-a-master": True}


@needs_library
@pytest.mark.parametrize("attack", ["Natural Attacks (Kick)", "Natural Attacks (Bite)", "Natural Attacks (Punch)"])
def test_a_kick_leaves_the_hands_to_parry(attack: str) -> None:
    """Sora (Karate 16) parries 12 with her punch; her kick and bite have no parry (`parry No` on the sheet).
    After she attacks with either, the readied weapon cannot parry, but her hands still can (B376): the parry
    is the punch's 12, not none (the playtest: one kick took her parry away)."""
    roster = load(sheet_of("Sora"))
    roster = roster.record(0, "readied", attack)
    assert (roster.get(0, "has-parry"), roster.get(0, "parry")) == ("yes", 12)
