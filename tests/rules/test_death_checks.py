"""One blow past several multiples of -HP: a death check at each (flow/injury.flow, death-checks).

Seed 002, HIT POINTS: "-1xHP or less: Also, make a HT roll or die! Roll again at every further multiple
of HP"; seed 004: "You must make another HT roll to avoid death each time you lose an extra multiple of
your HP - that is, at -2XHP, -3XHP"; B423: failing by 1 or 2 is a mortal wound, by 3 or more death.

Bruno (tests/data/duel-roster.toml) with HP 4, HT 12, at -3 HP: no full multiple of -HP yet
(floor(3 / 4) = 0). Alice's 8 cut to the torso: 8 - DR 2 = 6 penetrating, x1.5 (cut) = 9 injury:
-3 - 9 = -12 HP, floor(12 / 4) = 3 full multiples, -12 / 4 = -3 is above -5xHP (not dead at once):
three death checks against HT 12, for -4, -8 and -12.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from checklist.graph.program import Program
from tests.rules.test_injury_rules import at_hp, attack, bruno, duel, known

BLOW = {"aimed-location": "torso", "damage-roll": "8", "knockdown-dice": "10"}
CHECKS = ("death-dice", "death-dice-2", "death-dice-3")


def blow(flow: Program, tmp_path: Path, rolls: tuple[str, ...]) -> attack:
    roster = at_hp(duel(tmp_path, ("hp = 13", "hp = 4")), "Bruno", -3)
    return attack(flow, roster, {**BLOW, **dict(zip(CHECKS, rolls, strict=False))})


@pytest.mark.parametrize(
    ("rolls", "asked", "dead", "mortal"),
    [
        (("12", "12", "12"), 3, False, False),  # margins 0, 0, 0: each succeeds
        (("12", "12", "15"), 3, True, False),  # the third fails by 3: dead (one check would have let him live)
        (("12", "14", "12"), 3, False, True),  # the second fails by 2: a mortal wound; the third still rolled
        (("15", "3", "3"), 1, True, False),  # the first fails by 3: dead, and the dead roll no more
    ],
)
def test_a_death_check_at_each_multiple_of_hp_the_blow_passes(
    flow: Program, tmp_path: Path, rolls: tuple[str, ...], asked: int, dead: bool, mortal: bool
) -> None:
    turn = blow(flow, tmp_path, rolls)
    assert known(turn, "hp-after") == -12 and known(turn, "death-checks") == 3
    assert [fact for fact in turn.asked if fact in CHECKS] == list(CHECKS[:asked])
    state = bruno(turn)
    assert (state.current_hp, state.dead, state.mortally_wounded) == (-12, dead, mortal)


def test_at_minus_5_times_hp_the_blow_kills_without_a_check(flow: Program, tmp_path: Path) -> None:
    """Seed 002: "-5xHP or less: You are immediately dead": Bruno at -11 takes 9: -20 = -5 x 4, dead, and none
    of the three multiples passed (-12, -16, -20) is rolled for."""
    roster = at_hp(duel(tmp_path, ("hp = 13", "hp = 4")), "Bruno", -11)
    turn = attack(flow, roster, BLOW)
    assert known(turn, "hp-state") == "dead"
    assert not [fact for fact in turn.asked if fact in CHECKS] and bruno(turn).dead


def test_the_checks_are_the_multiples_passed(flow: Program, tmp_path: Path) -> None:
    """Bruno at -7 (floor(7 / 4) = 1 multiple) takes 9: -16, floor(16 / 4) = 4 multiples: three checks; at
    -10 (2) to -19 (4): two; HP 13 again, at -4 (0) to -13 (1): one (tests/rules/test_injury_rules.py)."""
    for hp, checks in ((-7, 3), (-10, 2)):
        roster = at_hp(duel(tmp_path, ("hp = 13", "hp = 4")), "Bruno", hp)
        turn = attack(flow, roster, {**BLOW, **dict.fromkeys(CHECKS, "12"), "death-dice-4": "12"})
        assert known(turn, "death-checks") == checks
        assert [f for f in turn.asked if f.startswith("death-dice")] == [*CHECKS, "death-dice-4"][:checks]


def test_the_combat_log_lists_each_death_check(flow: Program, tmp_path: Path) -> None:
    """The log says each check, numbered (`2 of 3`), then the death: the last with its roll against HT 12
    (B348: 15 fails, a critical failure only at 17, 18 or 10 over); the first two were rolled at earlier
    questions of step 116, whose reads the trace does not keep (the visit's last run read only their outcome)."""
    from checklist.present.fight import fight_events

    turn = blow(flow, tmp_path, ("12", "12", "15"))
    said = [(line.event, line.detail) for line in fight_events(turn.session) if line.who == "Bruno"]
    checks = [detail for event, detail in said if event == "death check"]
    assert checks == ["1 of 3: success", "2 of 3: success", "3 of 3: 15 vs 12: failure"]
    events = [event for event, _ in said]
    assert events.index("death") > events.index("death check")


def test_the_log_keeps_the_flows_order_death_checks_before_the_knockdown(flow: Program, tmp_path: Path) -> None:
    """Step 116's death checks come before 119's knockdown check, on screen and in the log (the playtest: the log
    had `stun` before the death checks). Bruno lives through three checks (12, 12, 12 against HT 12) and rolls
    the knockdown check (10)."""
    from checklist.present.fight import fight_events

    turn = blow(flow, tmp_path, ("12", "12", "12"))
    events = [line.event for line in fight_events(turn.session) if line.who == "Bruno"]
    assert "knockdown" in events and "death check" in events
    assert max(i for i, e in enumerate(events) if e == "death check") < events.index("knockdown")
