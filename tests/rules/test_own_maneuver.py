"""Rules the roster used to apply in Python, now read from the flow's tables (issue 24, part 4).

Seed 002, ALL-OUT ATTACK: no active defense until the next turn; MOVE AND ATTACK: "Cannot parry
or retreat" (B365, rules.flow's `own-maneuver`). A parry needs a readied weapon that parries
(B376, `parry-ready`). Seed 002, HIT POINTS: at 0 HP or less, "make a HT roll every turn, at -1
per full multiple of HP below zero or pass out"; at -5xHP, dead (injury.flow's `consciousness`).
FATIGUE POINTS: "Less than 1/3 FP: Move, Dodge, and ST reduced to half" (`fp-thresholds`).

tests/data/duel-roster.toml: Alice acts first (Basic Speed 6.25): HP 10, FP 11, HT 11, Dodge 9.
Bruno: parry 9, HP 13, FP 12.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from checklist.engine.reader import Reader
from checklist.engine.state import Known
from checklist.graph.program import Program
from checklist.present.conditions import conditions
from checklist.roster.combatants import Roster
from checklist.roster.load import load
from tests.turns import DATA

ROSTER = DATA / "duel-roster.toml"
ALICE, BRUNO = 0, 1


def changed(who: int, **state: Any) -> Roster:
    roster = load(ROSTER)
    states = list(roster.states)
    states[who] = replace(states[who], **state)
    return replace(roster, states=tuple(states))


def defending(flow: Program, roster: Roster, *known: Known) -> Reader:
    """Bruno defends against Alice's attack (the defender branch of step 60)."""
    target = Known("target", "Bruno", "attack", "asked", "combat.27", 1)
    return Reader(flow, (target, *known), "combat.60", 1, roster)


@pytest.mark.parametrize(
    ("state", "defends", "parry", "retreat"),
    [
        ({}, "yes", "yes", "yes"),  # parry 9 on the sheet (above 0)
        ({"all_out": True}, "no", "no", "no"),  # B365: no active defense after an All-Out Attack
        ({"move_and_attack": True}, "yes", "no", "no"),  # seed 002: "Cannot parry or retreat"
    ],
)
def test_the_defenders_own_maneuver_decides_what_is_open(
    flow: Program, state: dict[str, bool], defends: str, parry: str, retreat: str
) -> None:
    reader = defending(flow, changed(BRUNO, **state))
    assert (reader.read("defends"), reader.read("can-parry"), reader.read("retreat-open")) == (defends, parry, retreat)


def test_no_parry_on_the_sheet_is_no_parry(flow: Program, tmp_path: Path) -> None:
    """`parry = 0` on a TOML sheet: own-maneuver leaves the parry open, parry-ready closes it (B376)."""
    text = ROSTER.read_text(encoding="utf-8").replace("parry = 9", "parry = 0")
    path = tmp_path / "no-parry.toml"
    path.write_text(text, encoding="utf-8")
    reader = defending(flow, load(path))
    assert (reader.read("defends"), reader.read("can-parry")) == ("yes", "no")
    assert "parry-ready.parry[own-maneuver.parry[" in reader.known["can-parry"].work


@pytest.mark.parametrize(
    ("state", "failed"),
    [
        ({}, "no"),  # 10 HP of 10: awake, no roll
        ({"current_hp": 1}, "no"),  # reeling, but above 0: no roll
        ({"current_hp": -50}, "yes"),  # -5 x 10 = -50: dead (B419), the turn ends
        ({"dead": True}, "yes"),  # a failed death check (B423)
        ({"unconscious": True}, "yes"),  # failed an earlier roll: the turn ends too
    ],
)
def test_who_can_act_comes_from_the_consciousness_table(flow: Program, state: dict[str, Any], failed: str) -> None:
    reader = Reader(flow, (), "combat.1", 1, changed(ALICE, **state))
    assert reader.read("failed-consciousness") == failed


@pytest.mark.parametrize(
    ("hp", "roll", "failed"),
    [
        (0, 11, "no"),  # 0 HP: 0 full multiples below zero, HT 11: 11 succeeds
        (0, 12, "yes"),  # 12 fails
        (-10, 10, "no"),  # -10 = -1 x 10: HT 11 - 1 = 10: 10 succeeds
        (-10, 11, "yes"),  # 11 fails
        (-49, 7, "no"),  # -49: floor(49/10) = 4 full multiples: HT 11 - 4 = 7: 7 succeeds
        (-49, 8, "yes"),  # 8 fails
    ],
)
def test_at_zero_hp_or_less_the_ht_roll_decides(flow: Program, hp: int, roll: int, failed: str) -> None:
    start = Reader(flow, (), "combat.1", 1, changed(ALICE, current_hp=hp))
    assert start.read("failed-consciousness") is None
    assert start.ask("failed-consciousness")[0] == "consciousness-dice"
    dice = Known("consciousness-dice", roll, "turn", "asked", "combat.1", 1)
    reader = Reader(flow, (dice,), "combat.1", 2, changed(ALICE, current_hp=hp))
    assert reader.read("failed-consciousness") == failed


@pytest.mark.parametrize(
    ("fp", "dodge", "words"),
    [
        (11, 9, ()),
        (4, 9, ()),  # 4 is not below 11/3 = 3.67
        (3, 5, ("tired",)),  # below 1/3 of FP: Dodge 9 halved, rounded up (B419): 5
        (0, 5, ("at 0 FP or less",)),
        (-11, 5, ("at -FP or less",)),  # -1 x FP: unconscious until FP turn positive
    ],
)
def test_fp_below_a_third_halves_dodge_and_shows_on_the_roster_line(
    flow: Program, fp: int, dodge: int, words: tuple[str, ...]
) -> None:
    roster = changed(ALICE, current_fp=fp)
    target = Known("target", "Alice", "attack", "asked", "combat.27", 1)
    reader = Reader(flow, (target,), "combat.60", 1, roster)
    assert reader.read("dodge-base") == dodge
    assert conditions(flow, roster.sheets[ALICE], roster.states[ALICE]) == words
