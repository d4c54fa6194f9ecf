"""A three-turn fight worked out by hand from the seeds (issue: the arithmetic agrees with the rules):
a miss by one that strikes the torso, a critical hit, and a crippled arm, through to the roster.

Alice (broadsword 15, 1d+2 cut) attacks Bruno (HP 13, HT 12, DR 2 on the torso, none on the arms);
Bruno does nothing on his turns. Every die is typed.

1. Aimed at the skull (-7): skill 8; a 9 misses by 1 and the skull's Miss by 1 column says torso
   (003, hit location table). Damage 6: DR 2, 4 penetrating, cutting x1.5 = 6 injury (B379).
   HP 13 -> 7. Not a major wound (6 is not over 13/2).
2. At the torso: a 3 is a critical hit (B348): no defense. Critical hit table 10: normal damage
   (B556). Damage 5: DR 2, 3 penetrating, x1.5 = 4.5, rounded down 4. HP 7 -> 3.
3. At the right arm (-2): skill 13, a 8 hits; no defense. Damage 8: no DR, x1.5 = 12, over HP/2 =
   6.5, so the arm is crippled, and it takes no more than it takes to cripple it: 7 (seed 002:
   "excess damage is lost"). HP 3 -> -4: at 0 HP or less, a HT 12 roll to stay conscious, typed
   10 (made); a crippling is a major wound: a knockdown roll against HT 12, typed 10 (made).
"""

from __future__ import annotations

from checklist.engine.session import Session
from checklist.graph.program import Program
from checklist.present.fight import fight_view
from tests.present.test_table_turn import answer_until, table_view
from tests.turns import DATA


def bruno(session: Session) -> tuple[int, bool, bool]:
    roster = session.state.roster
    assert roster is not None
    state = roster.states[[s.name for s in roster.sheets].index("Bruno")]
    return state.current_hp, state.unconscious, state.stunned


def used(session: Session) -> dict[str, object]:
    return {fact: value for visit in session.state.trace for fact, value, _ in visit.used}


def attack(session: Session, **answers: str) -> dict[str, object]:
    """One of Alice's turns, then Bruno's (he does nothing); what Alice's attack used."""
    mark = len(session.state.trace)
    given = {"maneuver": "attack", "defense": "none", "combat-over": "no",
             **{k.replace("_", "-"): v for k, v in answers.items()}}  # fmt: skip
    answer_until(session, "combat-over", given)
    seen = {fact: value for visit in session.state.trace[mark:] for fact, value, _ in visit.used}
    session.answer("no")
    answer_until(session, "combat-over", {"maneuver": "do nothing", "combat-over": "no"})
    session.answer("no")
    return seen


def test_three_turns_with_a_miss_by_one_a_critical_hit_and_a_crippled_arm(flow: Program) -> None:
    session = table_view(flow, DATA / "duel-roster.toml")

    first = attack(session, aimed_location="skull", attack_dice="9", damage_roll="6")
    assert first["final-skill"] == 8 and first["wound-location"] == "torso"
    assert (first["effective-dr"], first["penetrating"], first["injury"]) == (2, 4, 6)
    assert bruno(session) == (7, False, False)

    second = attack(session, aimed_location="torso", attack_dice="3", critical_hit_roll="10", damage_roll="5")
    assert second["attack-outcome"] == "critical-success" and "defense-dice" not in second
    assert (second["penetrating"], second["injury"]) == (3, 4)
    assert bruno(session) == (3, False, False)

    third = attack(session, aimed_location="right arm", attack_dice="8", damage_roll="8", unconscious_dice="10",
                   knockdown_dice="10")  # fmt: skip
    assert third["final-skill"] == 13 and third["injury"] == 12 and third["crippled"] == "yes"
    assert third["wound-injury"] == 7 and third["major-wound"] == "yes"
    assert bruno(session) == (-4, False, False)

    view = fight_view(session)
    assert view is not None
    row = next(r for r in view.combatants if r.name == "Bruno")
    assert row.hp == -4 and row.wounds == ("torso 10 (6 + 4)", "right-arm 7 crippled")
    assert [line.target for line in view.log] == ["Bruno"] * 3
