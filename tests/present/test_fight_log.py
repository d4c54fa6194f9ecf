"""Issue 25, item 8: the combat log a game master reads, one line per event (present/fight.py's
`events`, worded by present/text.py's `log_text`), from real sessions with the duel roster
(tests/data/duel-roster.toml), every roll typed. tests/rules/test_injury_rules.py works the
numbers of the same blows by hand."""

from __future__ import annotations

from pathlib import Path

from checklist.graph.program import Program
from checklist.present.fight import fight_view
from checklist.present.text import log_text
from tests.rules.test_injury_rules import attack, duel


def log(turn: attack) -> list[str]:
    view = fight_view(turn.session)
    assert view is not None
    return [log_text(line) for line in view.events]


def test_a_blow_to_the_skull_is_a_line_per_event(flow: Program, tmp_path: Path) -> None:
    """Alice's 8 against skill 15 - 7 (skull) = 8 hits; Bruno's parry 15 against 9 fails; 5 cut
    - DR 2 (the skull's own) = 3, x4 = 12 injury: HP 13 -> 1, shock -4 (at most), a major wound
    (over 6.5); knockdown against HT 12 - 10 = 2: 7 fails by 5: stunned, lying, unconscious.
    The fight is over: Bruno is the only one of his side and he is out."""
    typed = {"aimed-location": "skull", "attack-dice": "8", "damage-roll": "5", "knockdown-dice": "7"}
    assert log(attack(flow, duel(tmp_path), typed)) == [
        "round 1  Alice attacks Bruno 8 vs 8: success",
        "round 1  Bruno defends: parry 15 vs 9: failure",
        "round 1  Bruno takes damage 5 cut to the skull",
        "round 1  Bruno injury 12 (HP 13 → 1)",
        "round 1  Bruno shock -4 to DX and IQ on the next turn",
        "round 1  Bruno major wound",
        "round 1  Bruno knockdown check 7 vs 2: failure",
        "round 1  Bruno stun: stunned, falls (lying)",
        "round 1  Bruno unconscious: the knockdown check failed by 5 or more",
    ]


def test_a_miss_has_no_defense_line(flow: Program, tmp_path: Path) -> None:
    """Alice's 16 against 15 misses: the log says the attack and nothing else; no `defense none`.
    Then Bruno does nothing, and Alice's next turn is a Ready: a line of its own."""
    turn = attack(flow, duel(tmp_path), {"aimed-location": "torso", "attack-dice": "16"})
    turn.session.answer("no")  # the combat is not over
    for answer in ("do nothing", "no", "ready"):
        turn.session.answer(answer)
    lines = log(turn)
    assert lines[0] == "round 1  Alice attacks Bruno 16 vs 15: failure"
    assert not [line for line in lines if "defend" in line]
    assert lines[1:] == ["round 2  Alice takes a Ready maneuver"]


def test_a_hit_without_an_active_defense_says_none(flow: Program, tmp_path: Path) -> None:
    """A hit the defender chose not to defend: `defends: none`, which a miss never says."""
    turn = attack(flow, duel(tmp_path), {"aimed-location": "torso", "defense": "none", "damage-roll": "4"})
    assert log(turn)[:2] == ["round 1  Alice attacks Bruno 10 vs 15: success", "round 1  Bruno defends: none"]
