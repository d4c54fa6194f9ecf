"""Questions the roster answers are not asked (docs/roster.md): step 4's holding-weapon, 28's
unarmed, 39's ranged-attack, 90's armor divisor and 95's fatigue damage come from the acting
combatant's readied weapon.  Without a roster, or when the roster does not say, the question is
asked, and says why."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from checklist.engine.session import Session
from checklist.graph.program import Program
from checklist.roster.combatants import Roster, RosterError
from checklist.roster.load import load

SWORD = 'name = "broadsword"\ndamage = "1d+2"\ntype = "cut"\nskill = "broadsword"\nreach = "1"\n'
BOW = 'name = "longbow"\ndamage = "1d+1"\ntype = "imp"\nskill = "bow"\nacc = 3\nrof = "1"\n'
FIST = 'name = "punch"\ndamage = "1d-2"\ntype = "cr"\nskill = "brawling"\nreach = "C"\n'
SAP = 'name = "stun wand"\ndamage = "2d"\ntype = "fat"\nskill = "shortsword"\nreach = "1"\narmor-divisor = 2\n'


def roster(tmp_path: Path, *weapons: str) -> Roster:
    """Alice alone, with these weapons (the first is readied)."""
    text = ('[[combatant]]\nname = "Alice"\nst = 10\ndx = 13\nht = 11\nhp = 10\nbasic-speed = 6\n'
            "skills = { broadsword = 15, bow = 14, brawling = 13, shortsword = 12 }\n")  # fmt: skip
    text += "".join(f"\n[[combatant.weapon]]\n{w}" for w in weapons)
    path = tmp_path / "r.toml"
    path.write_text(text, encoding="utf-8")
    return load(path)


def start(flow: Program, at: str, who: Roster | None, **facts: Any) -> Session:
    return Session(flow, at=f"combat.{at}", facts=facts, roster=who, pause=False, assume=False)  # what is derived


def asks(session: Session) -> tuple[str, str, str]:
    question = session.question
    assert question is not None and question.fact is not None
    return session.state.step, question.fact, question.text


# ---- step 4: holding-weapon ----------------------------------------------------------------


@pytest.mark.parametrize(("weapons", "then"), [((SWORD,), ("combat.5", "drops-weapon")),
                                               ((FIST, SWORD), ("combat.9", "fast-draw-failed")),
                                               ((), ("combat.9", "fast-draw-failed"))])  # fmt: skip
def test_holding_a_weapon_comes_from_the_readied_weapon(
    flow: Program, tmp_path: Path, weapons: tuple[str, ...], then: tuple[str, str]
) -> None:
    step, fact, _ = asks(start(flow, "4", roster(tmp_path, *weapons)))  # a sword: yes; a fist or nothing: no
    assert (step, fact) == then


def test_holding_a_weapon_is_asked_without_a_roster(flow: Program) -> None:
    assert asks(start(flow, "4", None)) == (
        "combat.4",
        "holding-weapon",
        "Is the combatant holding a weapon? (no roster)",
    )


# ---- step 28: unarmed ----------------------------------------------------------------------


@pytest.mark.parametrize(("weapon", "then"), [(SWORD, "combat.33"), (FIST, "combat.32")])
def test_an_unarmed_attack_comes_from_the_weapons_skill(flow: Program, tmp_path: Path, weapon: str, then: str) -> None:
    session = start(flow, "28", roster(tmp_path, weapon), **{"already-grappling": "no"})  # 32 goes on to 33
    assert [v.step for v in session.state.trace][:2] == ["combat.28", then]
    assert asks(session)[:2] == ("combat.33", "attacking-behind")


def test_unarmed_is_asked_without_a_roster_and_when_the_roster_has_no_weapon(flow: Program, tmp_path: Path) -> None:
    grappling = {"already-grappling": "no"}
    assert asks(start(flow, "28", None, **grappling)) == (
        "combat.28",
        "unarmed",
        "Is this an unarmed attack? (no roster)",
    )
    assert asks(start(flow, "28", roster(tmp_path), **grappling)) == (
        "combat.28",
        "unarmed",
        "Is this an unarmed attack? (the roster does not say: it gives Alice no weapon)",
    )


def test_an_explicit_unarmed_key_wins_over_the_skill(flow: Program, tmp_path: Path) -> None:
    kick = FIST.replace('name = "punch"', 'name = "shield bash"\nunarmed = false')
    session = start(flow, "28", roster(tmp_path, kick), **{"already-grappling": "no"})
    assert [v.step for v in session.state.trace][:2] == ["combat.28", "combat.33"]


# ---- step 39: ranged-attack ------------------------------------------------------------------


@pytest.mark.parametrize(("weapon", "then"), [(SWORD, "combat.40"), (BOW, "combat.46")])
def test_a_ranged_attack_comes_from_the_weapon(flow: Program, tmp_path: Path, weapon: str, then: str) -> None:
    session = start(flow, "39", roster(tmp_path, weapon))  # base skill and shock from the roster too
    assert session.state.step == then and session.question is not None and session.question.fact != "ranged-attack"


def test_ranged_attack_is_asked_without_a_roster(flow: Program) -> None:
    session = start(flow, "39", None, **{"base-skill": 14, "shock-penalty": 0})
    assert asks(session) == ("combat.39", "ranged-attack", "Is this a ranged attack? (no roster)")


# ---- step 90: armor divisor -----------------------------------------------------------------


def test_the_armor_divisor_comes_from_the_weapon(flow: Program, tmp_path: Path) -> None:
    """B378: DR is divided by the armor divisor (round down); B110: a fractional one multiplies it,
    (0.5) x2, (0.2) x5, (0.1) x10. DR 6: no divisor 6; (2) 3; (0.5) 12; (0.1) 60."""
    half = SAP.replace("armor-divisor = 2", "armor-divisor = 0.5")
    tenth = SAP.replace("armor-divisor = 2", 'armor-divisor = "0.1"')
    for weapon, effective in ((SWORD, 6), (SAP, 3), (half, 12), (tenth, 60)):
        session = start(flow, "90", roster(tmp_path, weapon), dr=6)
        assert asks(session)[:2] == ("combat.91", "damage-roll")  # rolled from the weapon's dice
        known = {k.fact: k.value for k in session.state.facts}
        assert known["effective-dr"] == effective


def test_the_armor_divisor_is_asked_without_a_roster(flow: Program) -> None:
    assert asks(start(flow, "90", None, dr=6)) == (
        "combat.90",
        "armor-divisor",
        "What is the attack's armor divisor (1 if none, and 1 for a fractional one: see dr-multiplier)? (no roster)",
    )


# ---- step 95: fatigue damage -----------------------------------------------------------------


@pytest.mark.parametrize(("weapon", "then"), [(SWORD, "combat.96"), (SAP, "combat.116")])
def test_fatigue_damage_comes_from_the_damage_type(flow: Program, tmp_path: Path, weapon: str, then: str) -> None:
    session = start(flow, "95", roster(tmp_path, weapon), injury=6)
    assert then in [v.step for v in session.state.trace]
    assert session.question is None or session.question.fact != "fatigue-damage"


def test_fatigue_damage_is_asked_without_a_roster(flow: Program) -> None:
    assert asks(start(flow, "95", None, injury=6)) == (
        "combat.95",
        "fatigue-damage",
        "Is this fatigue damage? (no roster)",
    )


# ---- the roster file --------------------------------------------------------------------------


def test_the_weapon_attributes(tmp_path: Path) -> None:
    who = roster(tmp_path, BOW, SWORD)
    got = {a: who.get(0, a) for a in ("holding-weapon", "weapon-ranged", "weapon-unarmed", "weapon-armor-divisor",
                                       "weapon-fatigue")}  # fmt: skip
    assert got == {"holding-weapon": "yes", "weapon-ranged": "yes", "weapon-unarmed": "no",
                   "weapon-armor-divisor": 1, "weapon-fatigue": "no"}  # fmt: skip
    ranged_sword = roster(tmp_path, SWORD.replace('reach = "1"', 'reach = "1"\nranged = true'))
    assert ranged_sword.get(0, "weapon-ranged") == "yes"


@pytest.mark.parametrize(("key", "words"), [
    ("ranged = 1", "weapon 1, ranged: true or false, not 1"),
    ("unarmed = 'yes'", "weapon 1, unarmed: true or false, not 'yes'"),
    ("armor-divisor = 0.3", "weapon 1, armor-divisor: a whole number of 1 or more (1 for none), or 0.5, 0.2 or 0.1, "
     "not 0.3"),
    ("armor-divisor = 0", "weapon 1, armor-divisor: a whole number of 1 or more (1 for none), or 0.5, 0.2 or 0.1, "
     "not 0"),
])  # fmt: skip
def test_a_bad_weapon_key_says_where_and_what(tmp_path: Path, key: str, words: str) -> None:
    with pytest.raises(RosterError) as caught:
        roster(tmp_path, SWORD + key + "\n")
    assert str(caught.value) == f"{tmp_path / 'r.toml'}: combatant 1 (Alice), {words}"


def test_what_a_ready_takes_in_hand(tmp_path: Path) -> None:
    """B366, Ready: Enter at the weapon to ready (`to-ready`) takes the readied weapon while it is unready
    (after a swing of an unbalanced one) or not the item in hand, else the first weapon of another item
    that is not a body part; a punch is always ready."""
    with_all = roster(tmp_path, SWORD, FIST, BOW)
    assert with_all.get(0, "to-ready") == "longbow"  # the broadsword in hand and ready: the bow, not the punch
    assert with_all.record(0, "unready", "yes").get(0, "to-ready") == "broadsword"
    assert with_all.record(0, "readied", "longbow").get(0, "to-ready") == "longbow"  # the bow is not in hand
    assert roster(tmp_path, SWORD, FIST).get(0, "to-ready") is None  # nothing else to ready


def test_a_ready_proposes_what_it_would_take_in_hand(flow: Program, tmp_path: Path) -> None:
    """At step 23 (Ready) with the broadsword ready in hand, Enter proposes the longbow, not the broadsword."""
    session = start(flow, "23", roster(tmp_path, SWORD, FIST, BOW))
    question = session.question
    assert question is not None and question.fact == "ready-weapon" and question.default == "longbow"
