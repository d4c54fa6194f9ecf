"""The hit location menu shows each location's number: the attack roll's effective skill aimed there.

A line of the attack's ledger (combat.53, `add location-penalty to effective-skill`) reads the aimed
location, so each option of that menu comes to its own score, worked out by the flow's own steps as the
defense menu's are (tests/rules/test_defense_menu.py); `maneuver` is asked per turn, not per attack, and
shows none.

By hand, Alice (tests/data/duel-roster.toml: Broadsword 15) attacks Bruno (SM 0) with an Attack: 15, and
the hit location table (seed 003, B552; flow/rules.flow hit-locations) adds torso 0, vitals -3, skull -7,
eye -9: torso 15, vitals 12, skull 8, eye 6. Enter still takes the torso (the fact's default), and the
attack roll is then made against the number the menu showed.
"""

from __future__ import annotations

from checklist.graph.program import Program
from checklist.present.screen import screen
from tests.present.test_table_turn import answer_until, table_view
from tests.turns import DATA


def test_each_location_shows_the_attacks_effective_skill_there(flow: Program) -> None:
    session = table_view(flow, DATA / "duel-roster.toml")
    answer_until(session, "aimed-location", {"maneuver": "attack"})
    view = screen(session).question
    assert view is not None and view.default == "Torso"
    scores = {c.value: c.score for c in view.choices}
    assert (scores["torso"], scores["vitals"], scores["skull"], scores["eye"]) == (15, 12, 8, 6)
    assert all(isinstance(score, int) for score in scores.values())
    for place in ("vitals", "skull"):
        tried = table_view(flow, DATA / "duel-roster.toml")
        answer_until(tried, "aimed-location", {"maneuver": "attack"})
        tried.answer(place)
        assert tried.question is not None and tried.question.fact == "attack-dice"
        assert tried.state.value("final-skill") == scores[place]


def test_the_menus_that_show_scores(flow: Program) -> None:
    assert flow.picks_score == {
        "defense": ("defense-dice", "defense-score"),  # the choice picks the ledger
        "aimed-location": ("attack-dice", "final-skill"),  # a line of the ledger reads it, and it has a default
    }  # retreat-style, read by a line too, has no default: which skill parries is a fact, not the best number
