"""The reeling Dodge with a shield (issue 25, item 3.2).

Seed 002, HIT POINTS: "Less than 1/3 HP: You are reeling from your wounds. Move/Dodge are reduced
to half" (B419: rounded up). Seed 003 step 65: "If a shield is readied, modify by its' defense
bonus (see B374)": the DB is added to the Dodge after it is halved, and is not halved itself.
A GCS sheet's Dodge, Parry and Block hold the DB already: the flow takes it out first
(`db-included`) and adds it once, as `shield-db`, at steps 65, 72 and 78.

By hand, Bruno (tests/data/duel-roster.toml, HP 13) at 4 HP: 4/13 is less than 1/3, reeling.
* A TOML sheet: Dodge 7, shield-db 2 (not in the Dodge): ceil(7/2) = 4, + 2 = 6 (unhurt: 7 + 2 = 9).
* The same man as GCS writes him: Dodge 9, Parry 11, shield-db 2, db-included 2: (9 - 2) = 7,
  ceil(7/2) = 4, + 2 = 6, not ceil(9/2) = 5. His Parry is 11 - 2 + 2 = 11, as before: no halving.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from checklist.engine.reader import Reader
from checklist.engine.session import Session
from checklist.engine.state import Known
from checklist.graph.program import Program
from checklist.roster.combatants import Roster, RosterError
from checklist.roster.load import load, load_all
from tests.roster.test_gcs_library import needs_library, sheet_of
from tests.turns import DATA

TOML = ("dodge = 8\nparry = 9", "dodge = 7\nparry = 9\nshield-db = 2")
GCS_STYLE = ("dodge = 8\nparry = 9", "dodge = 9\nparry = 11\nshield-db = 2\ndb-included = 2")


def bruno(tmp_path: Path, change: tuple[str, str], hp: int = 4) -> Roster:
    text = (DATA / "duel-roster.toml").read_text("utf-8")
    assert change[0] in text
    path = tmp_path / "duel.toml"
    path.write_text(text.replace(change[0], change[1], 1), "utf-8")
    roster = load(path)
    return roster.record(roster.index("Bruno") or 0, "current-hp", hp)


def defending(flow: Program, roster: Roster, who: str = "Bruno") -> Reader:
    """`who` defends (the defender branch of step 60)."""
    return Reader(flow, (Known("target", who, "attack", "asked", "combat.27", 1),), "combat.60", 1, roster)


@pytest.mark.parametrize(
    ("sheet", "hp", "dodge", "base", "parry"),
    [
        (TOML, 4, 7, 4, 9),  # reeling: ceil(7/2) = 4
        (TOML, 13, 7, 7, 9),  # unhurt: 7
        (GCS_STYLE, 4, 7, 4, 9),  # reeling: ceil((9 - 2)/2) = 4, not ceil(9/2) = 5
        (GCS_STYLE, 13, 7, 7, 9),  # unhurt: 9 - 2 = 7, and the 2 back at 65: 9, as on the sheet
    ],
)
def test_the_dodge_is_halved_without_the_db(
    flow: Program, tmp_path: Path, sheet: tuple[str, str], hp: int, dodge: int, base: int, parry: int
) -> None:
    reader = defending(flow, bruno(tmp_path, sheet, hp))
    assert (reader.read("defender-dodge"), reader.read("dodge-base"), reader.read("shield-db")) == (dodge, base, 2)
    assert reader.read("parry-base") == parry  # + shield-db 2 at step 78: 11, the GCS sheet's Parry


def dodge_alices_attack(flow: Program, roster: Roster, dice: str) -> Session:
    """Alice's broadsword at Bruno's torso: 10 against 15 hits; Bruno dodges, `dice` rolled."""
    session = Session(flow, at="combat.1", seed=11, roster=roster, pause=False)
    answers = {"maneuver": "attack", "aimed-location": "torso", "attack-dice": "10", "defense": "dodge"}
    while (question := session.question) is not None and question.fact != "defense-dice":
        session.answer(answers[question.fact or ""])
    session.answer(dice)
    return session


def used(session: Session) -> dict[str, object]:
    """What the steps used, the defender branch's facts included (the branch forgets them when it ends)."""
    return {fact: value for visit in session.state.trace for fact, value, _ in visit.used}


@pytest.mark.parametrize("sheet", [TOML, GCS_STYLE], ids=["toml", "gcs-style"])
@pytest.mark.parametrize(("dice", "outcome"), [("6", "success"), ("7", "failure")])
def test_the_reeling_dodge_with_a_shield_is_6(
    flow: Program, tmp_path: Path, sheet: tuple[str, str], dice: str, outcome: str
) -> None:
    """Steps 64-68: dodge-base 4, posture 0 (standing), no deceptive or telegraphic attack, shield-db
    +2, no stun, no side attack, no feint, no retreat (assumed), no drop: Dodge 6; 6 makes it, 7 not."""
    seen = used(dodge_alices_attack(flow, bruno(tmp_path, sheet), dice))
    assert (seen["dodge-base"], seen["shield-db"], seen["dodge-score"], seen["defense-outcome"]) == (4, 2, 6, outcome)


@needs_library
def test_basic_warriors_reeling_dodge_keeps_his_shields_db(flow: Program) -> None:
    """Donn Estevane (../shared/gcs/v5/Basic Warrior.gcs): GCS's Dodge 10 at his light encumbrance
    holds his Small Shield's DB 1 (its features: +1 to Dodge, Parry and Block). At 4 of 13 HP he is
    reeling: 10 - 1 = 9, ceil(9/2) = 5, + 1 = 6 (halving the sheet's 10 would give 5). His
    broadsword's Parry 12 holds the DB too: 12 - 1 + 1 = 12. Through the turn: the Ogre (maul 16,
    SM +1 against Donn's 0: -1, B19) attacks; 10 against 15 hits; Donn dodges: 6 makes it."""
    roster = load_all([sheet_of("Basic Warrior"), sheet_of("Ogre")])
    roster = roster.record(roster.index("Donn Estevane") or 0, "current-hp", 4)
    reader = defending(flow, roster, "Donn Estevane")
    assert (reader.read("defender-dodge"), reader.read("dodge-base"), reader.read("shield-db")) == (9, 5, 1)
    assert reader.read("parry-base") == 11
    session = Session(flow, at="combat.1", seed=11, roster=roster, pause=False)
    answers = {"maneuver": ["do nothing", "attack"], "combat-over": ["no"], "aimed-location": ["torso"],
               "attack-dice": ["10"], "defense": ["dodge"], "defense-dice": ["6"], "weapon": ["1"]}  # fmt: skip
    while (question := session.question) is not None and question.fact != "damage-roll":
        if question.fact == "combat-over" and not answers["combat-over"]:
            break
        session.answer(answers[question.fact or ""].pop(0))
    seen = used(session)
    assert (seen["final-skill"], seen["attack-outcome"]) == (15, "success")
    assert (seen["dodge-base"], seen["dodge-score"], seen["defense-outcome"]) == (5, 6, "success")


def test_a_db_included_over_the_shield_db_is_refused(tmp_path: Path) -> None:
    with pytest.raises(RosterError, match="db-included: the part of shield-db \\(1\\) that dodge, parry and block"):
        bruno(tmp_path, ("dodge = 8", "dodge = 9\nshield-db = 1\ndb-included = 2"))
