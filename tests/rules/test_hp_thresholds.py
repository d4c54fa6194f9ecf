"""What a combatant's HP mean on the roster line, from the flow's table `hp-thresholds` (B419).

Seed 002, HIT POINTS: "Less than 1/3 HP: ... Move/Dodge are reduced to half" (reeling); "0 HP or
less: ... roll vs. HT" every turn to stay conscious; "-5xHP: dead". Bruno has 13 HP
(tests/data/duel-roster.toml), so by hand: 13/3 = 4.33, so 5 HP is not reeling and 4 is;
0 HP down to -64 (above -5 x 13 = -65) asks for the roll; -65 is dead.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from checklist import load as load_flow
from checklist.graph.program import Program
from checklist.present.conditions import conditions, threshold
from checklist.present.screen import roster_view
from checklist.present.text import combatant_text
from checklist.roster.load import load
from tests.turns import DATA

ROSTER = DATA / "duel-roster.toml"


@pytest.mark.parametrize(("hp", "words"), [
    (13, ()),
    (5, ()),  # 5 is not below 13/3 = 4.33
    (4, ("reeling",)),  # below 1/3 of HP (B419): Move and Dodge halved
    (1, ("reeling",)),
    (0, ("at 0 HP or less",)),  # an HT roll each turn to stay conscious (B419)
    (-64, ("at 0 HP or less",)),
    (-65, ("dead",)),  # -5 x HP (B419)
])  # fmt: skip
def test_the_roster_line_says_what_the_hp_mean(flow: Program, hp: int, words: tuple[str, ...]) -> None:
    roster = load(ROSTER)
    state = replace(roster.states[1], current_hp=hp)
    assert conditions(flow, roster.sheets[1], state) == words
    line = combatant_text(roster_view(replace(roster, states=(roster.states[0], state)), flow).combatants[1])
    assert line.endswith("standing" + "".join(f", {w}" for w in words))


@pytest.mark.parametrize(("hp", "state"), [
    (13, "fine"), (5, "fine"), (4, "reeling"), (0, "consciousness-roll"), (-13, "death-check"), (-65, "dead"),
])  # fmt: skip
def test_the_words_come_from_the_flows_table(flow: Program, hp: int, state: str) -> None:
    """-1 x 13 = -13 is the first death check (B419: "-1xHP: ... roll vs. HT or die")."""
    assert threshold(flow, "hp-thresholds", hp, 13) == state


def test_a_flow_without_the_table_shows_only_the_flags(duel: Program) -> None:
    """A rules author's small flow (tests/data/duel.flow) has no `hp-thresholds`: no HP words."""
    roster = load(ROSTER)
    state = replace(roster.states[1], current_hp=1, stunned=True)
    assert threshold(duel, "hp-thresholds", 1, 13) is None
    assert conditions(duel, roster.sheets[1], state) == ("stunned",)


HALF = """checklist t "T"
start 1
table hp-thresholds "HP thresholds, changed"
  columns ratio | state
  row less than 1/2 | reeling
  row any | fine
step 1 "One"
  end
"""


def test_a_changed_table_changes_the_roster_line(tmp_path: Path) -> None:
    """An author who moves the line to 1/2: Bruno at 6 of 13 HP (6/13 < 1/2) is reeling, though
    the Basic Set's 1/3 (4.33) would not say so; nothing in Python knows the line."""
    path = tmp_path / "half.flow"
    path.write_text(HALF, encoding="utf-8")
    program = load_flow(path)
    roster = load(ROSTER)
    assert (
        threshold(program, "hp-thresholds", 6, 13) == "reeling" and threshold(program, "hp-thresholds", 7, 13) == "fine"
    )
    assert conditions(program, roster.sheets[1], replace(roster.states[1], current_hp=6)) == ("reeling",)
