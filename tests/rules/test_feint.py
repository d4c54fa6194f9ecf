"""A Feint's Quick Contest, and its margin off the foe's defenses on the next turn (seed 004, Feint; B365).

combat.22 rolls the contest: the feint against the combatant's weapon skill, the foe's resistance against the
better of their weapon skill and DX (rules.flow, feint-*). "If you fail your roll, your Feint is unsuccessful ...
if you succeed, but your foe succeeds by as much as or more than you do, your Feint fails. If you make your roll,
and your foe fails, subtract your margin of success ... If you and your foe both succeed, but you succeed by more,
subtract your margin of victory." The roster keeps the margin at that foe (`feint-on`), the defender's
`feint-defense` takes it off during the attacker's next turn (combat.1 makes it count), and the start of the turn
after clears it, whatever the next turn did (stunned, it skips its maneuver).

By hand, tests/data/duel-roster.toml: Alice feints with Broadsword 15; Bruno resists with 13 (Axe/Mace 13, DX 11).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from checklist.engine.session import Session
from checklist.graph.program import Program
from checklist.present.screen import screen
from tests.present.test_table_turn import answer_until, table_view
from tests.turns import DATA

ATTACK = {"maneuver": "attack", "aimed-location": "torso", "attack-dice": "10"}


def feinted(flow: Program, feint: int, resist: int) -> tuple[Session, int]:
    session = table_view(flow, DATA / "duel-roster.toml")
    asked = answer_until(
        session, "combat-over", {"maneuver": "feint", "feint-dice": str(feint), "feint-resist-dice": str(resist)}
    )
    rolled = ["feint-dice", "feint-resist-dice"] if feint <= 15 else ["feint-dice"]  # a failed feint: nothing to resist
    assert asked == ["maneuver", *rolled]  # Bruno is the only foe: not asked
    roster = session.state.roster
    assert roster is not None
    return session, -roster.states[roster.index("Alice") or 0].feint  # negative in the turn it is made


@pytest.mark.parametrize(
    ("feint", "resist", "margin"),
    [
        (10, 12, 4),  # both succeed, 5 against 1: the margin of victory, 4
        (10, 15, 5),  # Bruno fails (13 - 15 = -2): Alice's margin of success, 5
        (14, 9, 0),  # both succeed, 1 against 4: the foe by more, the Feint fails
        (12, 10, 0),  # 3 against 3: "as much as": the Feint fails
        (16, 3, 0),  # Alice fails (15 - 16 = -1): the Feint fails
    ],
)
def test_the_quick_contest(flow: Program, feint: int, resist: int, margin: int) -> None:
    assert feinted(flow, feint, resist)[1] == margin


def test_the_margin_comes_off_the_foes_defenses_on_the_next_turn_only(flow: Program) -> None:
    """Margin 4: Bruno's Dodge 8 and Parry 9 are 4 and 5 against Alice's next attack, 8 and 9 against the one
    after; and Enter proposes that attack (tests/rules/test_next_maneuver.py)."""
    session, margin = feinted(flow, 10, 12)
    assert margin == 4
    session.answer("no")
    answer_until(session, "combat-over", {"maneuver": "do-nothing-b364"})  # Bruno
    session.answer("no")
    assert session.question is not None and session.question.default == "attack"
    for menu in ({"dodge": 4, "parry": 5, "none": None}, {"dodge": 8, "parry": 9, "none": None}):
        answer_until(session, "defense", ATTACK)
        view = screen(session).question
        assert view is not None and {c.value: c.score for c in view.choices} == menu
        answer_until(session, "combat-over", {"defense": "none", "damage-roll": "3"})
        session.answer("no")
        answer_until(session, "combat-over", {"maneuver": "do-nothing-b364"})
        session.answer("no")


def test_the_combat_log_says_the_feint(flow: Program) -> None:
    from checklist.present.fight import fight_events
    from checklist.present.text import log_text

    for feint, resist, said in (
        (10, 12, "Bruno: wins the Quick Contest by 4"),
        (12, 10, "Bruno: wins nothing"),  # 3 against 3: the foe resisted
        (16, 3, "Bruno: fails"),
    ):
        session, _ = feinted(flow, feint, resist)
        lines = [log_text(line) for line in fight_events(session) if line.event == "feint"]
        assert lines == [f"round 1  Alice feints {said}"]


def test_a_turn_stunned_between_uses_up_the_feint(flow: Program) -> None:
    """Margin 4; Alice's next turn is a stunned one (`o stunned`: 2 -> 135, no maneuver): the feint counted in that
    turn and is gone after it, so her attack on the turn after meets Bruno's own Dodge 8 and Parry 9 (the review)."""
    session, margin = feinted(flow, 10, 12)
    assert margin == 4
    session.answer("no")
    answer_until(session, "combat-over", {"maneuver": "do-nothing-b364"})  # Bruno
    session.answer("no")
    session.override("stunned")
    session.answer("yes")
    answer_until(session, "combat-over", {"still-stunned": "no"})
    session.answer("no")
    answer_until(session, "combat-over", {"maneuver": "do-nothing-b364"})  # Bruno
    session.answer("no")
    answer_until(session, "defense", ATTACK)
    view = screen(session).question
    assert view is not None and {c.value: c.score for c in view.choices} == {"dodge": 8, "parry": 9, "none": None}


def test_the_feint_is_made_with_the_weapon_the_game_master_names(flow: Program, tmp_path: Path) -> None:
    """`o weapon` at the feint's roll: the feint's skill is that weapon's (the playtest: a feint kept an earlier
    kick's skill after the punch was named). Alice (Broadsword 15, a Brawling 13 kick) feints with the kick: 13 - 10 =
    3 against Bruno's 13 - 12 = 1, margin 2; with the sword it is 4 (above)."""
    from tests.rules.test_drop_weapon import KICK

    path = tmp_path / "kick.toml"
    skills = ("skills = { broadsword = 15 }", "skills = { broadsword = 15, brawling = 13 }")
    path.write_text((DATA / "duel-roster.toml").read_text("utf-8").replace(*skills) + KICK, "utf-8")
    session = table_view(flow, path)
    answer_until(session, "feint-dice", {"maneuver": "feint"})
    session.override("weapon")
    session.answer("kick")
    answer_until(session, "combat-over", {"feint-dice": "10", "feint-resist-dice": "12"})
    roster = session.state.roster
    assert roster is not None and roster.states[roster.index("Alice") or 0].feint == -2


def test_the_roll_screen_says_what_the_feint_won(flow: Program) -> None:
    """After the foe's roll, the screen says the margin and what it does, as the log will (the playtest: only the
    end table's log said it)."""
    from checklist.present.rolls import last_roll

    session = table_view(flow, DATA / "duel-roster.toml")
    answer_until(session, "feint-resist-dice", {"maneuver": "feint", "feint-dice": "10"})
    session.answer("12")
    roll = last_roll(session)
    assert roll is not None and roll.then == "the feint wins by 4: the foe's defenses -4 on the next turn"
