"""Issue 25, item 8: the combat log a game master reads, one line per event (present/fight.py's
`events`, worded by present/text.py's `log_text`), from real sessions with the duel roster
(tests/data/duel-roster.toml), every roll typed. tests/rules/test_injury_rules.py works the
numbers of the same blows by hand."""

from __future__ import annotations

from pathlib import Path

from checklist.engine.session import Session
from checklist.graph.program import Program
from checklist.present.fight import fight_view
from checklist.present.text import log_text
from tests.rules.test_injury_rules import at_hp, attack, duel
from tests.rules.test_ready import duel as ready_duel
from tests.rules.test_ready import until
from tests.turns import DATA


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


def test_an_attack_with_an_unready_weapon_is_logged_as_the_ready_it_becomes(flow: Program, tmp_path: Path) -> None:
    """B366 and seed 004, Attack: a weapon used in an attack must be ready. Bruno's unbalanced mace
    (min ST 12‡: unready after a swing, as ceil(12 x 3 / 2) = 18 > ST 13) misses Alice on 16 against
    13; on his next turn his attack becomes a Ready (27 -> 23). The log says so: a Ready and why,
    and no attack line that was "not rolled"."""
    session = Session(flow, at="combat.1", seed=7, roster=ready_duel(tmp_path), pause=False)
    until(session, "combat-over", {"maneuver": "do nothing"})  # Alice
    session.answer("no")
    until(session, "combat-over", {"maneuver": "attack", "aimed-location": "torso", "attack-dice": "16"})  # Bruno
    session.answer("no")
    until(session, "combat-over", {"maneuver": "do nothing"})  # Alice
    session.answer("no")
    until(session, "combat-over", {"maneuver": "attack"})  # Bruno, whose mace is not ready
    view = fight_view(session)
    assert view is not None
    assert [log_text(line) for line in view.events] == [
        "round 1  Bruno attacks Alice 16 vs 13: failure",
        "round 2  Bruno takes a Ready maneuver instead of attacking: the mace was not ready",
    ]
    assert [(a.round, a.attacker, a.roll) for a in view.log] == [(1, "Bruno", "16 vs 13: failure")]


def test_a_combatant_out_cold_is_logged_unconscious_once(flow: Program, tmp_path: Path) -> None:
    """Seed 002, HIT POINTS: at 0 HP or less, a HT roll every turn or pass out. Alice (HT 11, HP 10)
    at -12 HP rolls against 11 - 1 = 10 and fails on 11: one log line. On her later turns she is
    already unconscious: no roll (consciousness.roll reads the roll only for the conscious), and no
    line. Carla, a third fighter, keeps the fight going (the roster gives no sides)."""
    text = (DATA / "duel-roster.toml").read_text("utf-8")
    second = text.index("[[combatant]]", text.index("[[combatant]]") + 1)
    carla = text[text.index("[[combatant]]") : second].replace('name = "Bruno"', 'name = "Carla"')
    roster = at_hp(duel(tmp_path, extra="\n" + carla), "Alice", -12)
    session = Session(flow, at="combat.1", seed=11, roster=roster, pause=False)
    session.answer("11")  # the HT roll to stay conscious: 11 > 10
    for _ in range(5):  # Bruno and Carla do nothing; Alice, out cold, skips rounds 2 and 3; Bruno's third
        until(session, "maneuver", {"combat-over": "no"})
        session.answer("do nothing")
    roster_now = session.state.roster
    assert roster_now is not None and roster_now.round == 3
    view = fight_view(session)
    assert view is not None
    assert [log_text(line) for line in view.events] == [
        "round 1  Alice unconscious: failed the HT roll to stay conscious"
    ]


def test_knockback_and_the_fall_are_logged(flow: Program, tmp_path: Path) -> None:
    """tests/rules/test_injury_rules.py's knockback blow: Bruno's 9 cr at Alice's torso, 9 // (ST 10 - 2) = 1
    yard; her DX roll against 13 - (1 - 1) = 13 (B378): 14 fails, and she falls."""
    typed = {"aimed-location": "torso", "damage-roll": "9", "knockdown-dice": "10", "knockback-dice": "14"}
    lines = log(attack(flow, duel(tmp_path), typed, brunos_turn=True))
    assert "round 1  Alice knockback 1 yd, DX 14 vs 13: failure, falls (lying)" in lines
    assert lines[-1].startswith("round 1  Alice knockback")  # the last of the blow (combat.123)


def test_knockback_on_a_target_already_lying_says_why_it_rolls_nothing(flow: Program, tmp_path: Path) -> None:
    """The same blow at Alice already lying (injury.flow's knockback-falls: she cannot fall): no DX roll, and the
    log says so (the playtest: `knockback 1 yd` with no roll and no reason)."""
    roster = duel(tmp_path)
    roster = roster.record(roster.index("Alice") or 0, "posture", "lying")
    typed = {"aimed-location": "torso", "damage-roll": "9", "knockdown-dice": "10"}
    lines = log(attack(flow, roster, typed, brunos_turn=True))
    assert "round 1  Alice knockback 1 yd, already lying: no DX roll" in lines
