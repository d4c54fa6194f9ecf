"""The end of a fight as plain data (run/fight.py): the combatants' table and the combat log."""

from __future__ import annotations

from checklist.graph.program import Program
from checklist.run.fight import AttackLine, CombatantRow, fight_view
from checklist.run.session import Session
from tests.run.conftest import DATA
from tests.run.test_table_turn import answer_until, table_view


def test_no_roster_no_fight(flow: Program) -> None:
    assert fight_view(Session(flow, at="combat.1")) is None


def test_one_attack_is_one_line_of_the_log_and_the_table_shows_the_wound(flow: Program) -> None:
    """Alice attacks Bruno in round 1 (seed 11: a hit, the parry fails), then Bruno does nothing.

    By hand, from the rolls the run made: 1d+2 cut against DR 2 on the torso, x1.5 (B379), at
    least 1; Bruno's HP 13 less the injury; shock -1 per point of injury (HP 13), at most -4
    (B419), gone at the end of his own turn."""
    session = table_view(flow, DATA / "duel-roster.toml")
    rolls: dict[str, int] = {}
    answers = {"maneuver": "attack", "aimed-location": "torso", "defense": "parry", "combat-over": "no"}
    answer_until(session, "combat-over", answers, rolls)
    session.answer("no")
    answer_until(session, "combat-over", {"maneuver": "do nothing"})
    view = fight_view(session)
    assert view is not None
    damage = rolls["damage-roll"]
    injury = max(1, (damage - 2) * 3 // 2) if damage > 2 else 0
    (line,) = view.log
    attack, parry = rolls["attack-dice"], rolls["defense-dice"]
    assert line == AttackLine(
        1, "Alice", "Bruno", f"{attack} vs 15: success", f"parry {parry} vs 9: failure", f"{damage} cut", injury
    )
    bruno = next(row for row in view.combatants if row.name == "Bruno")
    assert bruno == CombatantRow("Bruno", 13 - injury, 13, 12, 12, 0, "standing", ())
