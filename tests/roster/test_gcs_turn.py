"""A fight of two GCS sheets plays the table-turn benchmark's turn (a) (bench/table_turn/a.answers:
a melee Attack, a hit, the parry fails, damage to the torso) without asking anything the sheets
hold.  Donn Estevane (Basic Warrior, broadsword 15) attacks the Ogre (maul, parry 11, DR 3, High
Pain Threshold, 20 HP), read from ../shared/gcs."""

from __future__ import annotations

from checklist.engine.session import Session
from checklist.engine.state import State
from checklist.engine.trace import Decision
from checklist.graph.program import Program
from checklist.roster.load import load_all
from tests.turns import MELEE_ANSWERS

from .test_gcs_library import needs_library, sheet_of

# What the flow reads from the roster in a melee turn, and so never asks of two sheets that hold it:
# the attacker's weapon and skill, SM, posture, shock and evaluate turns; the defender's defenses,
# shield DB, posture and stun; the damage type, armor divisor and fatigue; the target's DR, HP, HT,
# ST and pain threshold; grip mastery (per combat).
FROM_THE_SHEETS = {
    "stunned", "holding-weapon", "unarmed", "ranged-attack", "base-skill", "shock-penalty", "evaluate-turns",
    "attacker-sm", "attacker-posture", "grip-mastery", "dodge-base", "parry-base", "block-base", "shield-db",
    "defender-posture", "defender-stunned", "damage-type", "armor-divisor", "fatigue-damage", "dr", "target-hp",
    "target-current-hp", "target-ht", "target-st", "target-pain",
}  # fmt: skip
ROLLS = {"attack-dice": "9", "defense-dice": "16", "damage-roll": "8"}  # a hit; 16 fails a parry of 11


class Facts:
    """An Observer that keeps every fact known after each decision (a branch forgets its own)."""

    def __init__(self, known: dict[str, object]) -> None:
        self.known = known

    def visited(self, step: str) -> None:
        pass

    def decided(self, before: State, decision: Decision, after: State) -> None:
        self.known.update({k.fact: k.value for k in before.facts})


@needs_library
def test_turn_a_between_two_gcs_sheets_asks_nothing_they_hold(flow: Program) -> None:
    roster = load_all([sheet_of("Basic Warrior"), sheet_of("Ogre")])
    assert [s.name for s in roster.sheets] == ["Donn Estevane", "Ogre"]  # Basic Speed 6.25, then 6
    known: dict[str, object] = {}  # every fact the turn worked out, as it went (heard at each step)
    session = Session(flow, at="combat.1", seed=11, roster=roster, pause=False, observers=[Facts(known)])
    asked: list[tuple[str, str]] = []
    while (question := session.question) is not None and session.state.roster is not None:
        known.update({k.fact: k.value for k in session.state.facts})
        if session.state.roster.current != 0:  # the Ogre's turn: turn (a) is over
            break
        if question.kind == "continue":
            session.give(None)
            continue
        if question.kind == "split":
            answer = "Ogre" if session.state.step == "combat.59" else "0"
        else:
            answer = (
                "1"
                if question.fact == "weapon"
                else ROLLS.get(question.fact or "") or MELEE_ANSWERS[question.fact or ""]
            )
        asked.append((question.fact or "", question.text))
        session.answer(answer)
    facts = {fact for fact, _ in asked}
    assert facts & FROM_THE_SHEETS == set()
    assert [text for _, text in asked if "roster" in text] == []  # nothing asked "(the roster does not say ...)"
    assert {"attack-dice", "defense-dice", "damage-roll"} <= facts  # the turn did roll, parry and wound
    ogre = session.state.roster
    assert ogre is not None and ogre.actor.name == "Ogre"
    # 8 cutting - DR 3 = 5, x1.5 = 7 injury: the Ogre is at 13 of 20 HP
    assert ogre.states[1].current_hp == 13
    # what the flow read from the sheets
    assert known["base-skill"] == 15 and known["parry-base"] == 11 and known["dr"] == 3
    assert known["damage-type"] == "cut" and known["shield-db"] == 0 and known["target-hp"] == 20
