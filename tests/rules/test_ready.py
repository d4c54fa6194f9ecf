"""Unbalanced weapons and Ready (issue 25, item 3): rules.flow's `parry-ready`, `readiness` and
`unwieldy`, combat.flow's steps 1, 23, 27 and 28.

* B269, U: an unbalanced weapon that attacked cannot parry until its wielder's next turn (seed 002,
  ATTACK: "Rapid Recovery*‡: Spend 1 FP to parry with an unbalanced weapon after an attack", the
  extra effort that would allow it). Recorded at combat.28 (`attacked-unbalanced`), cleared at 1.
* Seed 004, Attack: "A weapon used in an attack must be ready": another item than the one held
  ready, or one left unready, takes a Ready instead (combat.27 -> 23, B366). Another attack mode of
  the same item (GCS's `Broadsword (Swung)` and `Broadsword (Thrust)`) is the same weapon; a punch
  or a kick, and a worn shield, need none.
* B270, ‡: a weapon whose minimum ST is marked ‡ is unready after an attack unless ST >= 1.5 x that
  minimum, rounded up; seed 004, Ready: "regain control of an unwieldy weapon after a swing".
  The Ogre's maul (13‡): ceil(13 x 3 / 2) = ceil(19.5) = 20; ST 20 keeps it ready, ST 19 does not.

tests/data/duel-roster.toml: Alice (broadsword 15, Basic Speed 6.25) acts first; Bruno (ST 13,
mace: Axe/Mace 13). Here Bruno's mace is unbalanced (parry 9U) and marked ‡ at min ST 12:
ceil(12 x 3 / 2) = 18 > 13, so each of his attacks leaves it unready.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from checklist.engine.reader import Reader
from checklist.engine.session import Session
from checklist.engine.state import Known
from checklist.graph.program import Program
from checklist.roster.combatants import Roster
from checklist.roster.load import load, load_all
from tests.roster.test_gcs_library import needs_library, sheet_of
from tests.turns import DATA

ALICE, BRUNO = 0, 1
UNWIELDY_MACE = 'bulk = -4\nparry = "9U"\nmin-st = "12‡"'


def duel(tmp_path: Path, mace: str = UNWIELDY_MACE) -> Roster:
    path = tmp_path / "duel.toml"
    path.write_text((DATA / "duel-roster.toml").read_text("utf-8").replace("bulk = -4", mace), "utf-8")
    return load(path)


def changed(roster: Roster, who: int, **state: Any) -> Roster:
    states = list(roster.states)
    states[who] = replace(states[who], **state)
    return replace(roster, states=tuple(states))


def can_parry(flow: Program, roster: Roster, defender: str) -> object:
    target = Known("target", defender, "attack", "asked", "combat.27", 1)
    return Reader(flow, (target,), "combat.60", 1, roster).read("can-parry")


def weapon_ready(flow: Program, roster: Roster, weapon: str) -> object:
    chosen = Known("weapon", weapon, "attack", "asked", "combat.27", 1)
    return Reader(flow, (chosen,), "combat.27", 1, roster).read("weapon-ready")


def until(session: Session, wanted: str, answers: dict[str, str]) -> list[str]:
    """Answer from `answers` (Enter for anything else, the tool rolls an unlisted roll) until `wanted`."""
    asked: list[str] = []
    for _ in range(200):
        question = session.question
        assert question is not None, f"the flow ended before {wanted}; asked {asked}"
        fact = question.fact or question.kind
        if fact == wanted:
            return asked
        asked.append(fact)
        if question.kind == "roll" and fact not in answers:
            session.roll()
        else:
            session.answer(answers.get(fact, ""))
    raise AssertionError(f"{wanted} was never asked; asked {asked}")


def visits_since(session: Session, step: str) -> list[str]:
    visits = [v.step for v in session.state.trace]
    last = len(visits) - 1 - visits[::-1].index(step)
    return visits[last:]


# ---- the parry ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("state", "parry"),
    [
        ({}, "yes"),  # parry 9 on the sheet, nothing since: open
        ({"attacked_unbalanced": True}, "no"),  # B269: the U weapon attacked since Bruno's last turn
        ({"unready": True}, "no"),  # B270: unready after a swing, not readied again
        ({"attacked_unbalanced": True, "unready": True}, "no"),
        ({"move_and_attack": True}, "no"),  # own-maneuver closes it first (B365)
    ],
)
def test_what_the_defenders_weapon_did_decides_the_parry(
    flow: Program, tmp_path: Path, state: dict[str, bool], parry: str
) -> None:
    assert can_parry(flow, changed(duel(tmp_path), BRUNO, **state), "Bruno") == parry


def test_an_unbalanced_weapon_that_attacked_cannot_parry_until_the_next_turn(flow: Program, tmp_path: Path) -> None:
    """Bruno attacks Alice with the 9U mace (roll 16 against 13: a miss, no critical); on Alice's turn
    his parry is barred (only dodge and none are offered); his next turn begins with it open again,
    and the mace, left unready by the attack (13 < 18), takes a Ready first."""
    session = Session(flow, at="combat.1", seed=7, roster=duel(tmp_path), pause=False)
    until(session, "combat-over", {"maneuver": "do nothing"})  # Alice
    session.answer("no")
    until(session, "combat-over", {"maneuver": "attack", "aimed-location": "torso", "attack-dice": "16"})
    roster = session.state.roster
    assert roster is not None and (roster.states[BRUNO].attacked_unbalanced, roster.states[BRUNO].unready) == (
        True,
        True,
    )
    assert roster.states[BRUNO].flags() == ("attacked unbalanced: no parry", "weapon unready")
    work = session.state.known()["unready-after-attack"].work  # ceil(12 x 3 / 2) = 18 > ST 13
    assert (
        "unwieldy.unready[actor.weapon-unwieldy yes, actor.st 13 >= ceil(((actor.weapon-min-st 12 * 3) / 2))] yes"
        in work
    )
    session.answer("no")
    until(session, "defense", {"maneuver": "attack", "aimed-location": "torso", "attack-dice": "10"})  # Alice hits
    question = session.question
    assert question is not None
    assert [o.value for o in question.options] == ["dodge", "none"]
    assert [o.value for o in question.barred] == ["block", "parry"]
    assert session.state.known()["can-parry"].value == "no"
    until(session, "combat-over", {"defense": "dodge", "defense-dice": "5", "combat-over": "no"})  # dodged
    session.answer("no")
    until(session, "combat-over", {"maneuver": "attack"})  # Bruno: the attack becomes a Ready
    roster = session.state.roster
    assert roster is not None and not roster.states[BRUNO].attacked_unbalanced and not roster.states[BRUNO].unready
    assert visits_since(session, "combat.27") == ["combat.27", "combat.23", "combat.132", "combat.134", "combat.135"]
    assert session.state.known()["weapon-ready"].value == "no"


def test_a_balanced_weapon_parries_after_its_attack(flow: Program, tmp_path: Path) -> None:
    """The same attack with the mace balanced and without ‡ (parry 9): nothing is recorded, the parry stays open."""
    session = Session(flow, at="combat.1", seed=7, roster=duel(tmp_path, 'bulk = -4\nparry = "9"'), pause=False)
    until(session, "combat-over", {"maneuver": "do nothing"})
    session.answer("no")
    until(session, "combat-over", {"maneuver": "attack", "aimed-location": "torso", "attack-dice": "16"})
    roster = session.state.roster
    assert roster is not None and roster.states[BRUNO].flags() == ()
    assert can_parry(flow, roster, "Bruno") == "yes"


# ---- a ready weapon -------------------------------------------------------------------------


def test_the_ready_takes_the_weapon_in_hand_and_the_next_attack_goes_ahead(flow: Program, tmp_path: Path) -> None:
    """Bruno's mace unready: his Attack goes to the Ready (27 -> 23), which clears it; the turn after,
    the Attack goes on to 28 and, 13 < 18 again, leaves the mace unready once more."""
    roster = changed(duel(tmp_path), BRUNO, unready=True)
    session = Session(flow, at="combat.1", seed=7, roster=roster, pause=False)
    until(session, "combat-over", {"maneuver": "do nothing"})
    session.answer("no")
    until(session, "combat-over", {"maneuver": "attack"})
    assert visits_since(session, "combat.27")[:2] == ["combat.27", "combat.23"]
    after = session.state.roster
    assert after is not None and not after.states[BRUNO].unready
    session.answer("no")
    until(session, "combat-over", {"maneuver": "do nothing"})
    session.answer("no")
    until(session, "combat-over", {"maneuver": "attack", "aimed-location": "torso", "attack-dice": "16"})
    assert visits_since(session, "combat.27")[:2] == ["combat.27", "combat.28"]
    after = session.state.roster
    assert after is not None and after.states[BRUNO].unready


def test_an_attack_that_goes_to_the_ready_undoes_the_maneuvers_records(flow: Program, tmp_path: Path) -> None:
    """An All-Out Attack (13 records no defense) with the unready mace becomes a Ready: Bruno keeps his
    defenses (the Ready row of the maneuver table: Dodge, Parry and Block open)."""
    roster = changed(duel(tmp_path), BRUNO, unready=True)
    session = Session(flow, at="combat.1", seed=7, roster=roster, pause=False)
    until(session, "combat-over", {"maneuver": "do nothing"})
    session.answer("no")
    until(session, "combat-over", {"maneuver": "all-out-attack-all-other", "aoa-option": "determined"})
    after = session.state.roster
    assert after is not None and not after.states[BRUNO].all_out and not after.states[BRUNO].unready
    assert can_parry(flow, after, "Bruno") == "yes"


@needs_library
@pytest.mark.parametrize(
    ("weapon", "ready"),
    [
        ("Broadsword (Swung)", "yes"),  # the item held ready (the first weapon)
        ("Broadsword (Thrust)", "yes"),  # another attack mode of the same broadsword: no Ready
        ("Regular Bow (ST13)", "no"),  # another item: a Ready first (B366)
        ("Small Shield (Shield Bash)", "yes"),  # a worn shield (block 12)
        ("Natural Attacks (Punch)", "yes"),  # seed 002: "unarmed or with a ready weapon"
    ],
)
def test_a_weapon_is_ready_when_it_is_an_attack_of_the_item_in_hand(flow: Program, weapon: str, ready: str) -> None:
    roster = load_all([sheet_of("Basic Warrior")])
    assert weapon_ready(flow, roster, weapon) == ready


@needs_library
@pytest.mark.parametrize(("st", "unready"), [(20, False), (19, True)])
def test_the_ogres_maul_stays_ready_at_st_20(flow: Program, st: int, unready: bool) -> None:
    """Maul (Swung), min ST 13‡: ceil(13 x 3 / 2) = 20. The Ogre (ST 20) attacks Donn and the maul stays
    ready; at ST 19 it is unready, and then his punch (unarmed) is still ready while the maul is not."""
    roster = load_all([sheet_of("Basic Warrior"), sheet_of("Ogre")])
    ogre = roster.index("Ogre")
    assert ogre is not None
    sheet = roster.sheets[ogre]
    numbers = tuple((k, st if k == "st" else v) for k, v in sheet.numbers)
    sheets = list(roster.sheets)
    sheets[ogre] = replace(sheet, numbers=numbers)
    roster = replace(roster, sheets=tuple(sheets))
    session = Session(flow, at="combat.1", seed=7, roster=roster, pause=False)
    until(session, "combat-over", {"maneuver": "do nothing"})  # Donn (Basic Speed 6.25) first
    session.answer("no")
    until(session, "combat-over", {"maneuver": "attack", "aimed-location": "torso", "attack-dice": "17"})
    after = session.state.roster
    assert after is not None and after.states[ogre].unready is unready
    assert after.states[ogre].in_hand == "Maul (Swung)"
    after = replace(after, current=ogre)  # the turn has passed to Donn: read the Ogre as the actor
    assert weapon_ready(flow, after, "Maul (Swung)") == ("no" if unready else "yes")
    assert weapon_ready(flow, after, "Natural Attacks (Punch)") == "yes"


def test_without_a_roster_readiness_is_asked_once_and_assumed_at_the_table(flow: Program) -> None:
    learn = Session(flow, at="combat.27", seed=1)
    question = learn.question
    assert question is not None and question.fact == "weapon-ready" and "(no roster)" in question.text
    learn.answer("no")
    assert learn.state.step == "combat.23"
    table = Session(flow, at="combat.27", seed=1, pause=False)
    assert table.state.known()["weapon-ready"].how == "assumed" and table.state.step != "combat.23"


@needs_library
def test_a_ready_offers_the_items_not_the_body(flow: Program) -> None:
    """Seed 004, Ready: "Pick up or draw any item": `ready-weapon` is an `item` fact, and its menu leaves out
    Donn's Natural Attacks (a bite, a punch, a kick are ready without one). Enter takes the bow, the first
    other item (`actor.to-ready`: the broadsword is in hand and ready)."""
    session = Session(flow, at="combat.1", seed=1, roster=load_all([sheet_of("Basic Warrior")]), pause=False)
    session.answer("ready")
    question = session.question
    assert question is not None and question.fact == "ready-weapon"
    assert [o.value for o in question.options] == [
        "Broadsword (Swung)", "Broadsword (Thrust)", "Regular Bow (ST13)", "Small Shield (Shield Bash)"
    ]  # fmt: skip
    assert question.default == "Regular Bow (ST13)"


def test_a_ready_with_only_the_body_to_offer_offers_it(flow: Program, tmp_path: Path) -> None:
    """Alice with only a punch (Brawling) takes a Ready: an `item` menu with nothing but body attacks lists them
    rather than nothing (the only one is taken: `the only weapon is punch`, not `nobody to choose`)."""
    path = tmp_path / "fists.toml"
    text = (DATA / "duel-roster.toml").read_text("utf-8")
    text = text.replace('skill = "broadsword"', 'skill = "brawling"').replace('name = "broadsword"', 'name = "punch"')
    path.write_text(text, "utf-8")
    session = Session(flow, at="combat.1", seed=1, roster=load(path), pause=False)
    session.answer("ready")
    taken = [(v.step, value) for v in session.state.trace for fact, value, _ in v.used if fact == "ready-weapon"]
    assert taken and all(value == "punch" for _, value in taken)


def test_after_a_ready_enter_proposes_an_attack(flow: Program) -> None:
    """A player's last maneuver is their next default (Enter), but a Ready is done once: combat.23 records
    `actor.habit[maneuver] = attack` (the habit for the fact `maneuver`, not for its value), so Alice's next turn
    proposes an Attack with what is now in hand."""
    session = Session(flow, at="combat.1", seed=7, roster=load(DATA / "duel-roster.toml"), pause=False)
    until(session, "combat-over", {"maneuver": "ready"})
    roster = session.state.roster
    assert roster is not None and roster.habit(ALICE, "maneuver") == "attack"
    assert roster.get(ALICE, "habit", "maneuver") == "attack"  # read as it is recorded: by the fact's name
    session.answer("no")
    until(session, "combat-over", {"maneuver": "do-nothing-b364"})  # Bruno
    session.answer("no")
    question = session.question
    assert question is not None and question.fact == "maneuver" and question.default == "attack"
