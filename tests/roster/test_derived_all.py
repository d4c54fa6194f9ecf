"""Every fact the flow reads straight from the roster (`= actor.X`, `= target.X`): the roster gives
the answer, so it is not asked; without a roster it is asked, and the question says why."""

from __future__ import annotations

from pathlib import Path

import pytest

from checklist import model as m
from checklist.engine.reader import Reader
from checklist.engine.state import Known
from checklist.program.load import load as load_flow
from checklist.roster.combatants import Roster
from checklist.roster.load import load

FLOW = load_flow(Path(__file__).resolve().parents[2] / "flow")
FULL = """
[[combatant]]
name = "Alice"
st = 10
dx = 13
iq = 11
ht = 11
hp = 10
will = 11
fp = 11
basic-speed = 6.25
move = 6
sm = 0
skills = { broadsword = 15 }
dodge = 9
parry = 11
block = 0
shield-db = 0
combat-reflexes = false
grip-mastery = false
trained-by-a-master = false
dr = { torso = 3 }

[[combatant.weapon]]
name = "broadsword"
damage = "1d+2"
type = "cut"
skill = "broadsword"
reach = "1"
acc = 0
rof = "1"
rcl = 0
bulk = -3
malf = 17
armor-divisor = 1
parry = "0"
block = "No"
min-st = "10"

[[combatant]]
name = "Bruno"
st = 13
dx = 11
ht = 12
hp = 13
basic-speed = 5.5
sm = 0
skills = { axe-mace = 13 }
dodge = 8
parry = 9
block = 0
shield-db = 2
combat-reflexes = true
grip-mastery = true
trained-by-a-master = true
dr = { torso = 2 }

[[combatant.weapon]]
name = "rapier"
damage = "1d+1"
type = "imp"
skill = "axe-mace"
reach = "1,2"
parry = "9F"
"""
DERIVED = sorted(name for name, fact in FLOW.facts.items() if isinstance(fact.expr, m.Attr))


def roster(tmp_path: Path) -> Roster:
    path = tmp_path / "full.toml"
    path.write_text(FULL, encoding="utf-8")
    return load(path)


def test_the_flow_reads_many_facts_from_the_roster() -> None:
    assert len(DERIVED) >= 25 and {"target-sm", "grip-mastery", "weapon-acc", "blocks-made"} <= set(DERIVED)


SHEETLESS = ("target-body", "incapacitated")  # read as no without a roster (model/vocabulary.py, SHEETLESS_NO)
WHILE_AIMING = ("aimed-target",)  # the roster names somebody only while an Aim lasts (B364)
WHILE_UNREADY = ("weapon-to-ready",)  # Alice's one weapon, ready in hand: nothing to ready until it is unready


@pytest.mark.parametrize("name", DERIVED)
def test_the_roster_answers_it(name: str, tmp_path: Path) -> None:
    target = Known("target", "Bruno", "attack", "asked", "combat.27", 1)
    given = roster(tmp_path)
    if name in WHILE_AIMING:
        assert Reader(FLOW, (target,), "combat.60", 1, given).read(name) is None  # Alice aims at nobody
        given = given.record(0, "aimed-at", 2, "Bruno")  # two turns of Aim at Bruno
    if name in WHILE_UNREADY:
        assert Reader(FLOW, (target,), "combat.60", 1, given).read(name) is None
        given = given.record(0, "unready", "yes")  # after a swing of an unbalanced weapon (B270)
    reader = Reader(FLOW, (target,), "combat.60", 1, given)
    assert reader.read(name) is not None, reader.failed.get(name)
    assert reader.known[name].how == "computed"
    if name in WHILE_AIMING:
        assert reader.known[name].value == "Bruno"
    if name in WHILE_UNREADY:
        assert reader.known[name].value == "broadsword"


@pytest.mark.parametrize("name", DERIVED)
def test_without_a_roster_it_is_asked_and_says_why(name: str) -> None:
    reader = Reader(FLOW, (), "combat.60", 0, None)
    if name in SHEETLESS:  # no sheet, no body of its own: the flow's hit location table (docs/roster.md)
        assert reader.read(name) == "no"
        return
    assert reader.read(name) is None
    asked, why = reader.ask(name)
    assert asked == name and why == "no roster"
