"""Defenses and DR as GCS shows them (GURPS issue 27, part 3), each case a small sheet written here
(tests/roster/sheets.py).  What the flow works out from the roster must be GCS's own calc values:

* a shield's DB counts once, whether GCS folded it into Dodge, Parry and Block (features) or kept it
  as a reminder (a conditional modifier, `DB 2` in its notes), which GCS's defenses leave out;
* natural DR (a location's `dr_bonus`) stays; the roster gives GCS's DR as GCS shows it, and the
  flow adds the skull's 2 (B399) only where GCS did not give it (a `dr_bonus` of 2): a skull of 0 is 0;
* a skill level of 0, which GCS leaves out of the file, is 0;
* what follows a damage type (`nw`, `dkb`, per-point damage) is kept and named.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from checklist.engine.reader import Reader
from checklist.engine.state import Known
from checklist.graph.program import Program
from checklist.roster.combatants import Roster
from checklist.roster.load import load

from .sheets import body, equipment, fighter, location, trait, weapon, write

CROSSWAY = "to Dodge, Parry & Block against attacks from the front or shield side"
SWORD = weapon("Swung", "2d cut", level=14, parry="10", reach="1")


def reading(flow: Program, roster: Roster, **known: str) -> Reader:
    """The flow's reader in the defender branch, the fighter defending (and hit where `known` says)."""
    facts = [Known("target", roster.sheets[0].name, "attack", "asked", "combat.27", 1)]
    facts += [
        Known(k.replace("_", "-"), v, "attack", "asked", "combat.27", i) for i, (k, v) in enumerate(known.items(), 2)
    ]
    return Reader(flow, tuple(facts), "combat.60", 1, roster)


def shielded(tmp_path: Path, **shield: object) -> Roster:
    """The fighter with a broadsword (Parry 10 in GCS) and a Medium Shield (Block 11 in GCS, its
    Shield Bash); GCS's Dodge 8. `shield` gives the shield's features, notes or modifiers."""
    bash = weapon("Shield Bash", "1d cr", level=13, block="11", reach="1")
    gear = [equipment("Broadsword", SWORD), equipment("Medium Shield", bash, tags=["Shield"], **shield)]
    return load(write(tmp_path, fighter(equipment=gear)))


@pytest.mark.parametrize("shield", [
    {"features": [{"type": "conditional_modifier", "situation": CROSSWAY, "amount": 2}]},
    {"local_notes": "DB 2; DR 4; HP 20; Cover DR 9"},
    {"notes": "Defense Bonus +2"},
], ids=["conditional-modifier", "local-notes", "notes"])  # fmt: skip
def test_a_shields_db_kept_as_a_note_is_added_once(flow: Program, tmp_path: Path, shield: dict[str, object]) -> None:
    """A Crusader's Medium Shield, DB 2 only as a reminder: GCS's Dodge 8, Parry 10 and Block 11 leave
    it out, so the roster gives shield-db 2, none of it in the defenses, and the flow adds it once:
    Dodge 8 + 2 = 10, Parry 10 + 2, Block 11 + 2 (B374). It was shield-db asked (or 0)."""
    roster = shielded(tmp_path, **shield)
    assert (roster.get(0, "dodge"), roster.get(0, "parry"), roster.get(0, "block")) == (8, 10, 11)  # GCS's
    assert (roster.get(0, "shield-db"), roster.get(0, "db-included")) == (2, 0)
    reader = reading(flow, roster)
    assert (reader.read("defender-dodge"), reader.read("dodge-base"), reader.read("shield-db")) == (8, 8, 2)
    assert (reader.read("parry-base"), reader.read("block-base")) == (10, 11)  # the DB is added at 72 and 78
    where = f"{tmp_path / 'sheet.gcs'} (Test Fighter), Medium Shield"
    assert f"{where}: DB 2 is only a note on the sheet (GCS's Dodge, Parry and Block leave it out); the flow " \
        "adds it once (shield-db)" in roster.notes  # fmt: skip


def test_a_db_gcs_folded_in_is_not_added_again_for_its_note(flow: Program, tmp_path: Path) -> None:
    """A Small Shield with GCS's DB 1 features (+1 to Dodge, Parry and Block, in GCS's Dodge 9) and
    `DB 1` in its notes: shield-db 1, all of it in the defenses; the flow takes it out and adds it once."""
    plus = [{"type": "attribute_bonus", "attribute": a, "amount": 1} for a in ("dodge", "parry", "block")]
    small = equipment("Small Shield", tags=["Shield"], features=plus, local_notes="DB 1")
    data = fighter(equipment=[equipment("Broadsword", SWORD), small])
    data["calc"]["dodge"] = [9, 8, 7, 6, 5]
    roster = load(write(tmp_path, data))
    assert (roster.get(0, "shield-db"), roster.get(0, "db-included")) == (1, 1)
    assert reading(flow, roster).read("defender-dodge") == 8  # 9 - 1, and 1 back at step 65: GCS's 9


def test_natural_dr_stays(flow: Program, tmp_path: Path) -> None:
    """A Greater Bounding Turtle's shell: DR 12 on the torso as the location's own `dr_bonus`, which
    GCS's calc.dr holds. It was taken off (DR 0)."""
    locations = [location("skull", "Skull", 5, bonus=5), location("torso", "Torso", 12, bonus=12),
                 location("vitals", "Vitals", 12, bonus=12)]  # fmt: skip
    data = fighter(traits=[trait("Natural Attack", weapon("Bite", "5d+4 cr", level=15, reach="C,1"))])
    data["settings"]["body_type"] = body(locations, "Quadruped")
    roster = load(write(tmp_path, data))
    assert roster.get(0, "dr", "torso") == 12 and roster.get(0, "dr", "vitals") == 12
    for where, dr in (("torso", 12), ("vitals", 12), ("skull", 5), ("spine", 15)):  # spine: torso + 3 (B399)
        assert reading(flow, roster, wound_location=where).read("dr") == dr, where


@pytest.mark.parametrize(("bonus", "gcs", "hit"), [
    (2, 7, 7),  # a Humanoid skull: GCS's 7 holds the skull's own 2 (armor 5): a hit meets 7
    (None, 0, 2),  # GCS gives the skull no DR of its own: the roster's 0 (not -2), and the flow's 2 (B399)
    (None, 3, 5),  # no DR of its own, armor 3: 3 + 2
])  # fmt: skip
def test_a_skull_gets_2_only_where_gcs_did_not_give_it(
    flow: Program, tmp_path: Path, bonus: int | None, gcs: int, hit: int
) -> None:
    data = fighter(traits=[trait("Natural Attacks", weapon("Punch", "1d-2 cr", level=12, parry="9"))])
    data["settings"]["body_type"] = body([location("skull", "Skull", gcs, bonus=bonus), location("torso", "Torso", 0)])
    roster = load(write(tmp_path, data))
    assert roster.sheets[0].dr_at("skull", None) == gcs
    assert reading(flow, roster, wound_location="skull").read("dr") == hit


def test_a_level_of_0_is_0(tmp_path: Path) -> None:
    """GCS leaves a weapon's level out of calc when it is 0 (a default to a skill not known and no
    attribute default): the level is 0, not asked. It was asked (53 weapons of the library)."""
    axe = weapon("Swung", "2d+1 cut", reach="1", parry="0U", defaults=[{"type": "skill", "name": "Axe/Mace"}])
    roster = load(write(tmp_path, fighter(equipment=[equipment("Axe", axe)])))
    chosen = roster.sheets[0].weapons[0]
    assert (chosen.level, chosen.skill, chosen.ask) == (0, "Axe/Mace", ())
    assert roster.get(0, "weapon-skill") == 0
    assert not any("skill level" in note or "weapon `" in note for note in roster.notes)


@pytest.mark.parametrize(("written", "dice", "kind", "effects", "meaning"), [
    ("1d cr nw", "1d", "cr", "nw", "no wounding: knockback, no injury"),
    ("2d cr dkb", "2d", "cr", "dkb", "double knockback"),
    ("1d-1 tox + Paralysis", "1d-1", "tox", "+ Paralysis", ""),
    ("1d burn +1d/point", "1d", "burn", "+1d/point", "by the point"),
    ("3d pi+ [2d cut]", "3d", "pi-large", "[2d cut]", ""),
])  # fmt: skip
def test_what_follows_the_damage_type_is_kept_and_named(
    tmp_path: Path, written: str, dice: str, kind: str, effects: str, meaning: str
) -> None:
    """It was dropped (25 weapons): the damage type and dice are read, and the rest is the weapon's
    `effects`, shown with it and named in the notes (the flow does not apply it)."""
    roster = load(write(tmp_path, fighter(traits=[trait("Innate Attack", weapon("Beam", written, level=13))])))
    attack = roster.sheets[0].weapons[0]
    assert (attack.damage, attack.type, attack.effects, attack.ask) == (dice, kind, effects, ())
    note = next(n for n in roster.notes if "after the damage type" in n)
    assert f"`{effects}` after the damage type" in note and meaning in note


@pytest.mark.parametrize(("written", "said"), [("1d kb/point", "`kb/point` (by the point)"), ("2d", "``")])
def test_an_unknown_or_missing_damage_type_is_named_and_asked(tmp_path: Path, written: str, said: str) -> None:
    roster = load(write(tmp_path, fighter(traits=[trait("Innate Attack", weapon("Beam", written, level=13))])))
    attack = roster.sheets[0].weapons[0]
    assert attack.ask == ("type",) and roster.get(0, "weapon-type") is None
    assert any(f"damage type {said} is not one the flow knows" in n for n in roster.notes)
