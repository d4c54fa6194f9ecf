"""What Enter proposes at a combatant's next maneuver (step 11) after one that is done once.

A player's last maneuver is their next default, except after a maneuver the flow records as done:
a Ready (tests/rules/test_ready.py), a Feint, which prepares the next turn's attack (seed 004: "subtract
your margin of success from the foe's active defense if you attack him ... on your next turn"), and a
Change Posture, after which an Attack comes next, unless the combatant is crawling or sitting and needs a
second change to stand (seed 004: "Standing up from a lying position requires two Change Posture
maneuvers"; "You can switch between kneeling and standing as a step with another maneuver").
"""

from __future__ import annotations

import pytest

from checklist.engine.session import Session
from checklist.graph.program import Program
from checklist.present.screen import screen
from checklist.roster.load import load
from tests.rules.test_ready import ALICE, until
from tests.turns import DATA


@pytest.mark.parametrize(
    ("maneuver", "posture", "proposed"),
    [
        ("feint", None, "attack"),
        ("change-posture", "kneeling", "attack"),
        ("change-posture", "crawling", "change-posture"),
        ("change-posture", "sitting", "change-posture"),
        ("evaluate", None, "evaluate"),  # not done once: the last maneuver is proposed again
    ],
)
def test_after_a_maneuver_done_once_enter_proposes_the_next(
    flow: Program, maneuver: str, posture: str | None, proposed: str
) -> None:
    session = Session(flow, at="combat.1", seed=7, roster=load(DATA / "duel-roster.toml"), pause=False)
    answers = {"maneuver": maneuver} | ({"new-posture": posture} if posture else {})
    until(session, "combat-over", answers)
    roster = session.state.roster
    assert roster is not None and roster.habit(ALICE, "maneuver") == proposed
    if posture is not None:
        assert roster.get(ALICE, "posture") == posture
    session.answer("no")
    until(session, "combat-over", {"maneuver": "do-nothing-b364"})  # Bruno
    session.answer("no")
    question = session.question
    assert question is not None and question.fact == "maneuver" and question.default == proposed


@pytest.mark.parametrize(
    ("before", "offered", "enter"),
    [
        ("lying", ["kneeling", "crawling", "sitting"], "kneeling"),
        ("kneeling", ["standing", "crouching", "crawling", "sitting", "lying"], "standing"),
        ("sitting", ["standing", "crouching", "kneeling", "crawling", "lying"], "standing"),
        ("standing", ["crouching", "kneeling", "crawling", "sitting", "lying"], "kneeling"),
    ],
)
def test_a_change_of_posture_offers_the_postures_it_can_reach(
    flow: Program, before: str, offered: list[str], enter: str
) -> None:
    """Seed 004, Change Posture: "Standing up from a lying position requires two Change Posture maneuvers: one to
    rise to crawling, kneeling, or sitting, and another to stand" (the playtest: Donn stood up from lying in one).
    The posture Alice is in is not offered (the second playtest); Enter goes a step up: from lying to kneeling, from
    kneeling or sitting to standing, and from standing to kneeling."""
    roster = load(DATA / "duel-roster.toml")
    roster = roster.record(roster.index("Alice") or 0, "posture", before)
    session = Session(flow, at="combat.1", seed=7, roster=roster, pause=False)
    until(session, "new-posture", {"maneuver": "change-posture"})
    view = screen(session).question
    assert view is not None and [c.value for c in view.choices] == offered
    assert session.question is not None and session.question.default == enter


def test_the_combat_log_says_the_change_of_posture(flow: Program) -> None:
    from checklist.present.fight import fight_events
    from checklist.present.text import log_text

    session = Session(flow, at="combat.1", seed=7, roster=load(DATA / "duel-roster.toml"), pause=False)
    until(session, "combat-over", {"maneuver": "change-posture", "new-posture": "kneeling"})
    lines = [log_text(line) for line in fight_events(session) if line.event == "posture"]
    assert lines == ["round 1  Alice changes posture: kneeling"]


def test_the_posture_menu_is_the_posture_tables_rows(flow: Program) -> None:
    """new-posture lists its choices (for the guard on standing and crouching): the rows of posture-rules, in order."""
    rows = [row.cells[0].lower() for row in flow.tables["posture-rules"].rows]
    assert list(flow.facts["new-posture"].choices) == rows


@pytest.mark.parametrize(
    ("tactic", "posture", "maneuver"),
    [
        ("aggressive", "lying", "change-posture"),
        ("aggressive", "sitting", "change-posture"),
        ("aggressive", "kneeling", "attack"),  # rising from kneeling is a step of the attack (seed 004)
        ("aggressive", "standing", "attack"),
        ("defensive", "lying", "change-posture"),
        ("ranged", "lying", "attack"),  # a shooter shoots from where it lies
    ],
)
def test_a_melee_npc_knocked_down_gets_up_first(flow: Program, tactic: str, posture: str, maneuver: str) -> None:
    """flow/tactics.flow (the playtest: the Ogre attacked from lying for seven rounds, at -4, B551). From lying the
    posture menu's Enter is kneeling, which the NPC then attacks from; from sitting, standing."""
    from dataclasses import replace

    from checklist.engine.reader import Reader

    roster = load(DATA / "duel-roster.toml")
    bruno = roster.index("Bruno") or 0
    sheets = list(roster.sheets)
    sheets[bruno] = replace(sheets[bruno], tactic=tactic)
    roster = replace(roster, sheets=tuple(sheets), current=bruno).record(bruno, "posture", posture)
    reader = Reader(flow, (), "combat.11", 1, roster)
    assert reader.read("npc-maneuver") == maneuver
    if maneuver == "change-posture":
        assert reader.read("proposed-posture") == ("kneeling" if posture == "lying" else "standing")
