"""Bonuses worked out from the roster and the maneuver, not asked (issue: the table turn, part 1 and 3).

* Aim (seed 002): "Aim a ranged weapon/attack to get its Acc bonus, with an additional +1 for two
  turns, and +2 for three or more turns"; a Move and Attack loses it.
* All-Out Attack, Strong (seed 004): "+2 to damage - or +1 damage per die, if that would be better".
* Mighty Blows (seed 002): "Spend 1 FP per attack for a damage bonus of +2".
* Move and Attack, ranged (seed 002): "at a penalty - the worse of -2 or your weapon's Bulk".
"""

from __future__ import annotations

from pathlib import Path

import pytest

from checklist.engine.session import Session
from checklist.graph.program import Program
from checklist.roster.load import load
from tests.present.test_table_turn import answer_until, table_view
from tests.turns import DATA

GIANT = """
[[combatant]]
name = "Gorm"
st = 20
dx = 10
ht = 12
hp = 20
sm = 0
basic-speed = 6
skills = { two-handed-axe = 12 }
dodge = 8
parry = 9
block = 0

[[combatant.weapon]]
name = "great axe"
damage = "3d+3"
type = "cut"
skill = "two-handed-axe"
reach = "1,2"

[[combatant]]
name = "Pip"
st = 10
dx = 10
ht = 10
hp = 10
sm = 0
basic-speed = 5
skills = { crossbow = 13 }
dodge = 8
parry = 0
block = 0
dr = { torso = 1 }

[[combatant.weapon]]
name = "crossbow"
damage = "1d+4"
type = "imp"
skill = "crossbow"
acc = 4
bulk = -6
ranged = true
"""


def used(session: Session) -> dict[str, object]:
    return {fact: value for visit in session.state.trace for fact, value, _ in visit.used}


def test_all_out_attack_strong_adds_the_better_of_2_and_1_per_die(flow: Program) -> None:
    """Alice's broadsword is 1d+2: +2 beats +1 (one die). Damage typed 4: basic damage 4 + 2 = 6;
    Bruno's torso DR 2: 4 penetrating, cutting x1.5 = 6 injury (B379); HP 13 - 6 = 7."""
    session = table_view(flow, DATA / "duel-roster.toml")
    answers = {"maneuver": "all-out-attack-all-other", "aoa-option": "strong", "aimed-location": "torso",
               "attack-dice": "8", "defense": "none", "damage-roll": "4"}  # fmt: skip
    answer_until(session, "combat-over", answers)
    seen = used(session)
    assert seen["strong-damage"] == 2 and seen["basic-damage"] == 6
    roster = session.state.roster
    assert roster is not None and roster.states[1].current_hp == 13 - 6


@pytest.mark.parametrize(("option", "bonus"), [("strong", 1), ("determined", 0)])
def test_a_committed_attacks_strong_bonus_is_asked_and_added(flow: Program, option: str, bonus: int) -> None:
    """MA100 is not among the seeds: a Committed Attack (Strong) asks its damage bonus (here 1), and only it
    (the playtest: the bonus was left out without a word). Damage 4 + 1 = 5 basic, 3 penetrating Bruno's DR 2,
    cutting x1.5 = 4 injury; Determined asks nothing: 4, 2, 3."""
    session = table_view(flow, DATA / "duel-roster.toml")
    answers = {"maneuver": "committed-attack", "committed-option": option, "aimed-location": "torso",
               "attack-dice": "8", "defense": "none", "damage-roll": "4", "committed-strong": str(bonus)}  # fmt: skip
    asked = answer_until(session, "combat-over", answers)
    assert ("committed-strong" in asked) is (option == "strong")
    seen = used(session)
    assert (seen["basic-damage"], seen["penetrating"], seen["injury"]) == (4 + bonus, 2 + bonus, [3, 4][bonus])


def test_strong_is_1_per_die_for_a_3_die_weapon_and_mighty_blows_costs_1_fp(flow: Program, tmp_path: Path) -> None:
    """Gorm's great axe is 3d+3: Strong gives +3 (1 per die beats 2). With Mighty Blows (+2, 1 FP):
    damage typed 10, basic damage 10 + 3 + 2 = 15; Pip's torso DR 1: 14 penetrating, x1.5 = 21."""
    path = tmp_path / "giant.toml"
    path.write_text(GIANT)
    session = Session(flow, at="combat.1", seed=5, roster=load(path), pause=False)
    answers = {"maneuver": "all-out-attack-all-other", "aoa-option": "strong", "aimed-location": "torso",
               "attack-dice": "8", "defense": "none", "damage-roll": "10"}  # fmt: skip
    answer_until(session, "damage-roll", answers)
    session.override("mighty-blows")
    session.answer("yes")
    answer_until(session, "combat-over", answers)
    seen = used(session)
    assert seen["strong-damage"] == 3 and seen["effort-damage"] == 2 and seen["basic-damage"] == 15
    roster = session.state.roster
    assert roster is not None
    assert roster.states[0].current_fp == 12 - 1  # Gorm: FP = HT 12 when the roster gives none
    assert roster.states[1].current_hp == 10 - 21


def test_the_aim_bonus_comes_from_the_weapons_acc_and_the_turns_of_aim(flow: Program, tmp_path: Path) -> None:
    """Pip aims twice at Gorm, then shoots: Acc 4 + 1 for the second turn = +5 (B364), not asked.
    Skill 13 + 5 = 18, with the range modifier 0 (2 yards typed, B550)."""
    path = tmp_path / "giant.toml"
    path.write_text(GIANT)
    session = Session(flow, at="combat.1", seed=5, roster=load(path), pause=False)
    rest = {"maneuver": "do-nothing-b364", "combat-over": "no"}
    answer_until(session, "combat-over", rest)  # Gorm
    session.answer("no")
    for _ in range(2):
        answer_until(session, "combat-over", {**rest, "maneuver": "aim"})  # Pip aims
        session.answer("no")
        answer_until(session, "combat-over", rest)  # Gorm
        session.answer("no")
    shot = {"maneuver": "attack", "aimed-location": "torso", "range-yards": "2"}
    asked = answer_until(session, "attack-dice", shot)
    assert "aim-bonus" not in asked and "weapon-acc" not in asked
    known = session.state.known()
    assert known["aim-bonus"].value == 4 + 1 and known["final-skill"].value == 13 + 5


def test_a_ranged_move_and_attack_takes_the_worse_of_2_and_the_bulk(flow: Program, tmp_path: Path) -> None:
    """Pip's crossbow has Bulk -6: a Move and Attack with it is at -6 (not -2), and loses Aim."""
    path = tmp_path / "giant.toml"
    path.write_text(GIANT)
    session = Session(flow, at="combat.1", seed=5, roster=load(path), pause=False)
    answer_until(session, "combat-over", {"maneuver": "do-nothing-b364"})
    session.answer("no")
    asked = answer_until(session, "attack-dice", {"maneuver": "move-and-attack", "aimed-location": "torso",
                                                  "range-yards": "2"})  # fmt: skip
    assert "weapon-bulk" not in asked
    known = session.state.known()
    assert known["maneuver-skill"].value == -6 and known["aim-bonus"].value == 0
    assert known["final-skill"].value == 13 - 6


HOB = """
[[combatant]]
name = "Hob"
st = 12
dx = 10
ht = 11
hp = 12
sm = 0
basic-speed = 4
skills = { brawling = 10 }
dodge = 7
parry = 0
block = 0
"""
REST = {"maneuver": "do-nothing-b364", "combat-over": "no"}
SHOT = {"maneuver": "attack", "aimed-location": "torso", "range-yards": "2"}


def three(flow: Program, tmp_path: Path) -> Session:
    """Gorm (Basic Speed 6), Pip (5) and Hob (4), in that order, with no sides: Pip's Aim names its target."""
    path = tmp_path / "three.toml"
    path.write_text(GIANT + HOB)
    return Session(flow, at="combat.1", seed=5, roster=load(path), pause=False)


def turn(session: Session, answers: dict[str, str]) -> None:
    answer_until(session, "combat-over", {**REST, **answers})
    session.answer("no")


@pytest.mark.parametrize(("target", "bonus"), [("Hob", 4 + 1), ("Gorm", 0)])
def test_the_aim_bonus_is_for_the_target_aimed_at(flow: Program, tmp_path: Path, target: str, bonus: int) -> None:
    """Seed 004, Aim: "Specify your weapon and your target ... If you follow an Aim maneuver with an
    Attack ... with the same weapon against the same target, you get a bonus". Pip aims his crossbow
    (Acc 4) at Hob for two turns: at Hob, Acc 4 + 1 for the second turn = +5 and skill 13 + 5 = 18;
    at Gorm, no bonus: 13. Enter offers Hob, whom he aimed at (Gorm comes first otherwise)."""
    session = three(flow, tmp_path)
    turn(session, {})  # Gorm
    for _ in range(2):
        turn(session, {"maneuver": "aim", "aim-target": "Hob"})  # Pip
        turn(session, {})  # Hob
        turn(session, {})  # Gorm
    answer_until(session, "target", SHOT)
    question = session.question
    assert question is not None and question.default == "Hob"
    answer_until(session, "attack-dice", {**SHOT, "target": target})
    known = session.state.known()
    assert known["aim-bonus"].value == bonus and known["final-skill"].value == 13 + bonus


def test_another_maneuver_between_the_aim_and_the_attack_loses_the_aim(flow: Program, tmp_path: Path) -> None:
    """Seed 004: the bonus is for an Attack that follows the Aim. Pip aims at Gorm, then Does Nothing,
    then shoots Gorm: no bonus, skill 13."""
    session = three(flow, tmp_path)
    turn(session, {})  # Gorm
    turn(session, {"maneuver": "aim", "aim-target": "Gorm"})
    turn(session, {})  # Hob
    turn(session, {})  # Gorm
    turn(session, {})  # Pip does nothing
    turn(session, {})  # Hob
    turn(session, {})  # Gorm
    answer_until(session, "attack-dice", {**SHOT, "target": "Gorm"})
    known = session.state.known()
    assert known["aim-bonus"].value == 0 and known["final-skill"].value == 13


@pytest.mark.parametrize(("defense", "bonus"), [("none", 4), ("dodge", 0)])
def test_an_active_defense_spoils_the_aim(flow: Program, tmp_path: Path, defense: str, bonus: int) -> None:
    """Seed 003 step 62: "any active defense spoils any ongoing Aim maneuver for that combatant".
    Pip aims at Gorm; Gorm's great axe swings at Pip (10 against skill 12: a hit). If Pip makes no
    defense (the 3d+3 rolled 6: 6 - DR 1 = 5 cut x1.5 = 7 injury, HP 10 -> 3), he keeps his one turn
    of Aim: +4, his crossbow's Acc. If he dodges (5 against Dodge 8: success), the Aim is gone: +0."""
    session = three(flow, tmp_path)
    turn(session, {})  # Gorm
    turn(session, {"maneuver": "aim", "aim-target": "Gorm"})
    turn(session, {})  # Hob
    blow = {"maneuver": "attack", "target": "Pip", "aimed-location": "torso", "attack-dice": "10",
            "defense": defense, "defense-dice": "5", "damage-roll": "6", "bleeding-rules": "no"}  # fmt: skip
    turn(session, blow)  # Gorm
    answer_until(session, "attack-dice", {**SHOT, "target": "Gorm"})
    known = session.state.known()
    assert known["aim-bonus"].value == bonus


def test_the_aim_names_its_weapon_which_the_attack_then_takes(flow: Program, tmp_path: Path) -> None:
    """Seed 004, Aim: "Specify your weapon and your target"; "Aiming a ranged weapon". Pip holds a
    knife (listed first: readied and in hand) and carries the crossbow. His Aim asks which (Enter: the
    knife); the crossbow is not in hand, so the Aim is a Ready of it (combat.23, as an attack's is at
    27; Enter readies the crossbow) and counts no turn. His next Aim counts one, and the attack takes
    the crossbow with the Aim's +4 (Acc 4): 13 + 4."""
    knife = '[[combatant.weapon]]\nname = "knife"\ndamage = "1d-1"\ntype = "imp"\nskill = "knife"\nreach = "C"\n\n'
    bow = '[[combatant.weapon]]\nname = "crossbow"'
    path = tmp_path / "armed.toml"
    text = (
        (GIANT + HOB)
        .replace(bow, knife + bow)
        .replace("skills = { crossbow = 13 }", "skills = { crossbow = 13, knife = 11 }")
    )
    path.write_text(text)
    session = Session(flow, at="combat.1", seed=5, roster=load(path), pause=False)
    turn(session, {})  # Gorm
    answer_until(session, "aim-weapon", {**REST, "maneuver": "aim", "aim-target": "Gorm"})
    question = session.question
    assert question is not None and [o.value for o in question.options] == ["knife", "crossbow"]
    assert question.default == "knife"
    session.answer("crossbow")
    answer_until(session, "ready-weapon", REST)
    question = session.question
    assert question is not None and question.default == "crossbow"
    session.answer("")
    answer_until(session, "combat-over", REST)
    session.answer("no")
    roster = session.state.roster
    assert roster is not None and roster.states[1].aim_turns == 0 and roster.states[1].in_hand == "crossbow"
    turn(session, {})  # Hob
    turn(session, {})  # Gorm
    turn(session, {"maneuver": "aim", "aim-target": "Gorm", "aim-weapon": "crossbow"})  # Pip aims
    turn(session, {})  # Hob
    turn(session, {})  # Gorm
    answer_until(session, "attack-dice", {**SHOT, "target": "Gorm"})
    known = session.state.known()
    assert known["weapon"].value == "crossbow" and known["aim-bonus"].value == 4
    assert known["final-skill"].value == 13 + 4
