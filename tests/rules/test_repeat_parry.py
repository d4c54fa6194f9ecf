"""Seed 003 step 76 (B376): "Each previous parry with that weapon gives -4 (-2 if trained by a master
or a fencing weapon; -1 if both)". The fencing weapon is read off the weapon's parry (`9F`), Trained
by a Master off the sheet (a GCS advantage, a TOML `trained-by-a-master`), and the parries made since
the defender's last turn off the roster.

By hand, as in tests/rules/test_defense_menu.py: Bruno's Parry 9, kneeling -2, his shield's DB +2 = 9
before the earlier parries; then
* a plain mace, one earlier parry: 9 - 4 = 5;
* a fencing mace (9F), one earlier parry: 9 - 2 = 7;
* Trained by a Master, two earlier parries: 9 - 2 x 2 = 5;
* both, two earlier parries: 9 - 1 x 2 = 7;
* both, no earlier parry: 9.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from checklist.engine.session import Session
from checklist.graph.program import Program
from checklist.present.screen import screen
from checklist.roster.load import load
from tests.present.test_table_turn import answer_until
from tests.rules.test_defense_menu import ATTACK, SHIELD
from tests.turns import DATA

MACE = ("bulk = -4\n", 'bulk = -4\nparry = "9F"\n')
MASTER = ("skills = { axe-mace = 13 }", "skills = { axe-mace = 13 }\ntrained-by-a-master = true")


@pytest.mark.parametrize(
    ("fencing", "master", "earlier", "penalty", "parry"),
    [
        (False, False, 1, -4, 5),
        (True, False, 1, -2, 7),
        (False, True, 2, -4, 5),
        (True, True, 2, -2, 7),
        (True, True, 0, 0, 9),
    ],
)
def test_earlier_parries_cost_4_or_2_or_1_each(
    flow: Program, tmp_path: Path, fencing: bool, master: bool, earlier: int, penalty: int, parry: int
) -> None:
    text = (DATA / "duel-roster.toml").read_text("utf-8")
    for (old, new), wanted in ((SHIELD, True), (MACE, fencing), (MASTER, master)):
        assert old in text
        text = text.replace(old, new, 1) if wanted else text
    path = tmp_path / "duel.toml"
    path.write_text(text, "utf-8")
    roster = load(path)
    bruno = roster.index("Bruno") or 0
    roster = roster.record(bruno, "current-hp", 4).record(bruno, "parries", earlier)
    session = Session(flow, at="combat.1", seed=11, roster=roster, pause=False)
    answer_until(session, "defense", ATTACK)
    choices = screen(session).question.choices  # type: ignore[union-attr]
    assert {c.value: c.score for c in choices}["parry"] == parry
    session.answer("parry")
    known = session.state.known()
    assert known["repeat-parry"].value == penalty
