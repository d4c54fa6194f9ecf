"""Before a damage roll, what the rules add to it (issue 25, part 4: "Damage 2d+2 cut (All-Out
Attack, Strong)"), read from the flow's sum `basic-damage = damage-roll + strong-damage + ...`.

tests/data/duel-roster.toml: Alice's broadsword, 1d6+2 cut (swing), one die.
"""

from __future__ import annotations

from checklist.graph.program import Program
from checklist.present.rolls import roll_adds
from checklist.present.screen import screen
from checklist.terminal import paint
from tests.present.test_table_turn import answer_until, table_view
from tests.turns import DATA

HIT = {"aimed-location": "torso", "attack-dice": "9", "defense": "none"}


def test_an_all_out_attack_strong_adds_two_to_the_damage_before_it_is_rolled(flow: Program) -> None:
    """B365, seed 002 ALL-OUT ATTACK: "STRONG: +2 damage (or +1 per die, if that would be better)":
    one die, so +2 (flow/injury.flow's strong-damage, max(2, weapon-dice))."""
    session = table_view(flow, DATA / "duel-roster.toml")
    answer_until(session, "damage-roll", {"maneuver": "all-out-attack-all-other", "aoa-option": "strong", **HIT})
    assert roll_adds(session) == "Damage bonus of the Strong option (All-Out or Committed Attack) +2"
    view = screen(session).question
    assert view is not None
    assert paint.question_lines(view, paint.Painter(False), brief=True) == [
        "Roll the damage of the broadsword  (1d6+2: 3 to 8)",
        "   then adds Damage bonus of the Strong option (All-Out or Committed Attack) +2",
    ]


def test_a_plain_attack_adds_nothing(flow: Program) -> None:
    session = table_view(flow, DATA / "duel-roster.toml")
    answer_until(session, "damage-roll", {"maneuver": "attack", **HIT})
    assert roll_adds(session) is None
