"""The death check and the awakening roll say what they must come under (the playtest: neither did).

Seed 002, HIT POINTS: at -1xHP "make a HT roll or die", again at each further multiple; Mortal
Wounds: "Failing a HT roll to avoid death by 1 or 2". B348: a HT roll is a success roll, so 17 and
18 fail whatever the HT. B423: an unconscious combatant rolls HT to awaken. Each roll's screen says
`succeeds on 12 or less: HT` before it, and its line `3d6 → 13 (typed) vs 12: failure by 1` after,
as an attack roll's do; the last roll of the run (the awakening, after the fight) is on the end's
first line.

By hand, tests/data/duel-roster.toml: Bruno (HT 12, HP 13, Parry 9, DR 2 on the torso) at -10 HP.
Alice's broadsword: 10 against 15 hits; his parry, 15 against 9, fails; 8 cut - DR 2 = 6, x1.5 =
9 injury: -10 - 9 = -19, past -13 (-1xHP): the death check, HT 12. 13 fails by 1: a mortal wound;
15 fails by 3: dead; 11 succeeds by 1. A major wound (9 > 13/2): the knockdown check against HT 12,
18 fails by 6 (by 5 or more: unconscious); Alice alone stands, the fight is over; Bruno, at -19 HP
(-1xHP or less), rolls HT 12 once to awaken (B423): 9 succeeds by 3.
With HT 17, a 17 fails by 0 (B348: 17 is a failure at 16 or more): a mortal wound, where the margin
alone (17 - 17 = 0) would have let him off.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from checklist.engine.session import Session
from checklist.graph.program import Program
from checklist.present.rolls import last_roll, roll_line, roll_target
from checklist.present.summary import summary_view
from checklist.roster.load import load
from checklist.terminal.paint import Painter, summary_text
from tests.present.test_table_turn import answer_until
from tests.turns import DATA

HIT = {"maneuver": "attack", "aimed-location": "torso", "attack-dice": "10", "defense": "parry", "defense-dice": "15",
       "damage-roll": "8"}  # fmt: skip


def death_check(flow: Program, tmp_path: Path, ht: int = 12) -> Session:
    text = (DATA / "duel-roster.toml").read_text("utf-8")
    assert "ht = 12" in text
    path = tmp_path / "duel.toml"
    path.write_text(text.replace("ht = 12", f"ht = {ht}", 1), "utf-8")
    roster = load(path)
    bruno = roster.index("Bruno") or 0
    session = Session(flow, at="combat.1", seed=11, roster=roster.record(bruno, "current-hp", -10), pause=False)
    answer_until(session, "death-dice", HIT)
    return session


def bruno(session: Session) -> tuple[bool, bool]:
    roster = session.state.roster
    assert roster is not None
    state = roster.states[roster.index("Bruno") or 0]
    return state.dead, state.mortally_wounded


def test_the_death_check_says_what_it_must_come_under(flow: Program, tmp_path: Path) -> None:
    session = death_check(flow, tmp_path)
    assert roll_target(session) == ("12 or less: HT", None)


@pytest.mark.parametrize(
    ("rolled", "line", "dead", "mortal"),
    [
        ("13", "3d6 → 13 (typed) vs 12: failure by 1", False, True),
        ("15", "3d6 → 15 (typed) vs 12: failure by 3", True, False),
        ("11", "3d6 → 11 (typed) vs 12: success by 1", False, False),
    ],
)
def test_the_death_check_line_says_what_it_was_against(
    flow: Program, tmp_path: Path, rolled: str, line: str, dead: bool, mortal: bool
) -> None:
    session = death_check(flow, tmp_path)
    session.answer(rolled)
    roll = last_roll(session)
    assert roll is not None and roll_line(roll) == f"Roll 3d6 for Bruno's death check (HT): {line}"
    if mortal:  # combat.117 records the mortal wound
        answer_until(session, "knockdown-dice", {})
    assert bruno(session) == (dead, mortal)


def test_a_17_fails_the_death_check_at_ht_17(flow: Program, tmp_path: Path) -> None:
    session = death_check(flow, tmp_path, ht=17)
    # B348: a 17 fails at any score, so the roll succeeds on 16 or less
    assert roll_target(session) == ("16 or less (17, but 17 or more always fails): HT", None)
    session.answer("17")
    roll = last_roll(session)
    assert roll is not None and roll_line(roll).endswith("3d6 → 17 (typed) vs 17: failure")
    answer_until(session, "knockdown-dice", {})
    assert bruno(session) == (False, True)


def test_the_awakening_roll_says_what_it_was_against_and_ends_the_run_on_its_line(
    flow: Program, tmp_path: Path
) -> None:
    session = death_check(flow, tmp_path)
    session.answer("11")
    answer_until(session, "knockdown-dice", {})
    session.answer("18")  # fails by 6: unconscious; Alice alone stands
    answer_until(session, "awakening-dice", {})
    assert roll_target(session) == ("12 or less: HT", None)
    session.answer("9")
    assert session.finished is not None
    roll = last_roll(session)  # the branch of post-combat-rolls that asked it is over: HT read as asked
    assert roll is not None and roll.against == 12 and roll.outcome == "success"
    said = "Roll 3d6 for Bruno's HT roll to awaken: 3d6 → 9 (typed) vs 12: success by 3"
    assert summary_text(summary_view(session), Painter(colour=False), trace=False).split("\n")[0] == said
