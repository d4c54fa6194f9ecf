"""The eight sheets of ../shared/gcs/more (GCS Master Library, MPL-2.0; read there, never copied),
which did not load in full before GURPS issue 27: the numbers each gives, worked out by hand from
the sheet's JSON (what GCS computed, in its calc blocks)."""

from __future__ import annotations

from checklist.roster.combatants import Roster
from checklist.roster.load import load

from .test_gcs_library import SHARED, needs_library


def more(name: str) -> Roster:
    return load(SHARED / "more" / f"{name}.gcs")


def readied(roster: Roster) -> str:
    return roster.states[0].readied[0]


@needs_library
def test_the_crusaders_shield_db_is_its_note() -> None:
    """Medium Shield, Heavy: `DB 2; DR 4; HP 20; Cover DR 9` in its notes and a conditional modifier of
    +2 "to Dodge, Parry & Block against attacks from the front or shield side"; no attribute bonus,
    so GCS's Dodge 7 (calc.dodge at medium encumbrance, 100.8 lb over Basic Lift 39: [9, 8, 7, 6, 5][2]),
    the Longsword's Parry 11 and the Shield Bash's Block 11 leave it out. The flow adds 2 once."""
    roster = more("Crusader")
    assert (roster.get(0, "dodge"), roster.get(0, "shield-db"), roster.get(0, "db-included")) == (7, 2, 0)
    assert readied(roster) == "Longsword (Swing - One Handed)" and roster.get(0, "parry") == 11
    assert roster.get(0, "block") == 11


@needs_library
def test_the_goblin_leader_readies_his_knife_not_his_shield_bash() -> None:
    """Equipment comes first: his Small Shield's Shield Bash (parry No) is listed before the Long Knife
    (Swung, Parry 11): the knife is readied, so he can parry. The Small Shield's DB 1 is three
    attribute bonuses, in GCS's Dodge 9 (light encumbrance, 46.3 lb over 24: [10, 9, ...][1]).
    The Grapple (`1d-1 ctrl`, control points) is left out."""
    roster = more("Goblin, Leader")
    assert readied(roster) == "Long Knife (Swung)" and roster.get(0, "parry") == 11
    assert roster.get(0, "has-parry") == "yes"
    assert (roster.get(0, "dodge"), roster.get(0, "shield-db"), roster.get(0, "db-included")) == (9, 1, 1)
    names = [w.name for w in roster.sheets[0].weapons]
    assert names[0] == "Small Shield (Shield Bash)" and "Natural Attacks (Grapple)" not in names


@needs_library
def test_the_bounding_turtles_shell_and_slam() -> None:
    """Natural DR as the locations' dr_bonus, which calc.dr holds: torso, neck, groin and vitals 12,
    face 5, skull 5 (GCS gave it more than its 2: the flow adds none), eyes 3 (Nictitating Membrane 3). Its Slam
    technique's weapon is `cr` with no dice (per-level dice, no level) and names no default: a Slam
    at the technique's level 15, its damage asked. No weapon parries: the bite is readied."""
    roster = more("Bounding Turtle Greater")
    dr = {loc: roster.get(0, "dr", loc) for loc in ("torso", "neck", "groin", "vitals", "face", "skull", "eyes")}
    assert dr == {"torso": 12, "neck": 12, "groin": 12, "vitals": 12, "face": 5, "skull": 5, "eyes": 3}
    bite, slam, ambush = roster.sheets[0].weapons
    assert (slam.name, slam.kind, slam.type, slam.level, slam.ask, slam.reach) == (
        "Slam (Slam)", "slam", "cr", 15, ("damage",), "8")  # fmt: skip
    assert (ambush.kind, ambush.level, ambush.reach) == ("slam", 15, "16")
    assert readied(roster) == bite.name == "Natural Attack (Bite)" and bite.damage == "5d+4"


@needs_library
def test_the_harpys_hidden_weapons_are_left_out() -> None:
    """Natural Attacks' Punch and Kick and Sharp Claws' Slash have `hide: true`; the Bite and the
    claws' Kick are shown, and neither parries: the Bite is readied. Skull: GCS's 3 (its own 2 and
    DR 1), as GCS gives it."""
    roster = more("Harpy")
    assert [w.name for w in roster.sheets[0].weapons] == ["Natural Attacks (Bite)", "Sharp Claws (Kick)"]
    assert readied(roster) == "Natural Attacks (Bite)"
    assert roster.get(0, "dr", "skull") == 3 and roster.get(0, "dr", "torso") == 1
    assert any("hides are left out: Natural Attacks (Punch), Natural Attacks (Kick), Sharp Claws (Slash)" in n
               for n in roster.notes)  # fmt: skip


@needs_library
def test_the_eagle_readies_the_claws_that_parry() -> None:
    roster = more("Eagle")
    assert readied(roster) == "Sharp Claws (Slash)" and roster.get(0, "parry") == 10
    assert roster.sheets[0].weapons[0].type == "pi-large"  # the Peck, listed first: pi+


@needs_library
def test_the_jellys_attacks_have_no_dice() -> None:
    """Affliction (Immobilize) and Engulf: damage `{"type": ""}`, no calc (no damage, level 0);
    Innate Attack (Corrosion), Liquefy: 1d-1 cor at level 0 (it names no default)."""
    roster = more("Jelly")
    immobilize, engulf, liquefy = roster.sheets[0].weapons
    assert (immobilize.kind, engulf.kind, liquefy.kind) == ("affliction", "special", "")
    assert [w.level for w in (immobilize, engulf, liquefy)] == [0, 0, 0]
    assert (liquefy.damage, liquefy.type) == ("1d-1", "cor")
    assert readied(roster) == "Affliction (Immobilize)"


@needs_library
def test_andrew_seongs_stun_phaser_is_an_affliction() -> None:
    roster = more("Andrew_Seong")
    stun, kill, disintegrate = roster.sheets[0].weapons[:3]
    assert (stun.kind, stun.damage, stun.ask, stun.level) == ("affliction", "R-HT-2 or KO", ("damage", "type"), 14)
    assert (kill.damage, kill.type, disintegrate.damage, disintegrate.armor_divisor) == ("2d", "burn", "4d", 3)
    assert readied(roster) == "Natural Attacks (Punch)" and roster.get(0, "parry") == 10


@needs_library
def test_the_burrowing_serpents_natural_dr() -> None:
    """DR 2 as the dr_bonus of skull, face, neck, torso and vitals: 2 everywhere (the skull's 2 is
    its own: the flow adds none); it was 0 everywhere. A Vermiform body."""
    roster = more("Burrowing Serpent")
    assert roster.sheets[0].body == "Vermiform"
    assert {loc: roster.get(0, "dr", loc) for loc in ("skull", "face", "neck", "torso", "vitals", "eyes")} == {
        "skull": 2, "face": 2, "neck": 2, "torso": 2, "vitals": 2, "eyes": 0}  # fmt: skip
    assert readied(roster) == "Natural Attack (Bite)"


@needs_library
def test_a_jelly_is_hit_on_its_one_location_whatever_the_roll() -> None:
    """The Slime body has one location, `body`, with roll range `-` (B552-554 give a slime no table):
    every hit location roll, 3 to 18, lands on it (rules.flow body-kinds reads it as a torso), DR 0."""
    roster = more("Jelly")
    assert {roster.get(0, "location-at", str(roll)) for roll in range(3, 19)} == {"body"}
    assert roster.get(0, "location-kind", "body") == "body" and roster.get(0, "natural-dr", "body") == 0
