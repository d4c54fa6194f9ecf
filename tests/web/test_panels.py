"""The roster's HP and FP meters are low exactly when the flow's `hp-thresholds` says reeling or worse,
and `fp-thresholds` tired or worse."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from checklist import load as load_flow
from checklist.graph.program import Program
from checklist.present.screen import roster_view
from checklist.roster.load import load
from checklist.web.panels import combatant_html
from tests.turns import DATA


def meter(html: str, what: str) -> tuple[float, int]:
    found = re.search(rf'low="([0-9.]+)" optimum="[0-9]+" value="(-?[0-9]+)" aria-label="[^"]* {what} ', html)
    assert found is not None, html
    return float(found.group(1)), int(found.group(2))


@pytest.mark.parametrize(("hp", "low"), [(13, False), (5, False), (4, True), (0, True), (-70, True)])
def test_the_hp_meter_is_low_where_the_flow_says_reeling(flow: Program, hp: int, low: bool) -> None:
    """Bruno, 13 HP: by hand, reeling below 13/3 = 4.33 (B419), so at 4 HP and not at 5."""
    roster = load(DATA / "duel-roster.toml")
    hurt = replace(roster, states=(roster.states[0], replace(roster.states[1], current_hp=hp)))
    limit, value = meter(combatant_html(roster_view(hurt, flow).combatants[1]), "HP")
    assert (value < limit) is low
    assert value == max(0, hp)


@pytest.mark.parametrize(("fp", "low"), [(12, False), (4, False), (3, True), (0, True)])
def test_the_fp_meter_is_low_where_the_flow_says_tired(flow: Program, fp: int, low: bool) -> None:
    """Bruno, 12 FP: by hand, tired below 12/3 = 4 (B426, rules.flow's fp-thresholds): at 3, not at 4."""
    roster = load(DATA / "duel-roster.toml")
    tired = replace(roster, states=(roster.states[0], replace(roster.states[1], current_fp=fp)))
    limit, value = meter(combatant_html(roster_view(tired, flow).combatants[1]), "FP")
    assert (value < limit) is low
    assert value == fp


def test_the_hp_meter_follows_a_changed_table(tmp_path: Path) -> None:
    """With the line moved to 1/2 (tests/rules/test_hp_thresholds.py), 6 of 13 HP shows low."""
    from tests.rules.test_hp_thresholds import HALF

    path = tmp_path / "half.flow"
    path.write_text(HALF, encoding="utf-8")
    roster = load(DATA / "duel-roster.toml")
    hurt = replace(roster, states=(roster.states[0], replace(roster.states[1], current_hp=6)))
    limit, value = meter(combatant_html(roster_view(hurt, load_flow(path)).combatants[1]), "HP")
    assert value == 6 and value < limit
