"""Sides (issue 25, part 2): a roster gives each combatant a side (`side = "foes"`, or
`--roster ogre.gcs@foes`); targets are offered foes first; the tool answers "Is the combat over?"
when one side is left with anyone neither dead nor unconscious, and does not ask it before."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from checklist.engine.reader import Reader
from checklist.graph.program import Program
from checklist.roster.combatants import Roster
from checklist.roster.load import load, load_all
from tests.present.test_table_turn import THIRD, answer_until, table_view
from tests.roster.test_gcs_library import needs_library, sheet_of
from tests.turns import DATA

# Alice (Basic Speed 6.25), Bruno (5.5), Cora (5.25): Alice's party against Bruno's and Cora's
SIDED = (DATA / "duel-roster.toml").read_text("utf-8").replace(
    'name = "Alice"', 'name = "Alice"\nside = "party"'
).replace('name = "Bruno"', 'name = "Bruno"\nside = "foes"') + THIRD.replace(
    'name = "Cora"', 'name = "Cora"\nside = "foes"'
)


def sided(tmp_path: Path, text: str = SIDED) -> Path:
    path = tmp_path / "sided.toml"
    path.write_text(text, "utf-8")
    return path


def down(roster: Roster, name: str, **state: bool) -> Roster:
    who = roster.index(name)
    assert who is not None
    states = list(roster.states)
    states[who] = replace(states[who], **state)
    return replace(roster, states=tuple(states))


def over(flow: Program, roster: Roster) -> object:
    return Reader(flow, (), "combat.135", 1, roster).read("combat-over")


def test_the_fight_is_over_when_one_side_stands(flow: Program, tmp_path: Path) -> None:
    roster = load(sided(tmp_path))
    assert roster.sides_standing() == 2 and over(flow, roster) == "no"
    assert over(flow, down(roster, "Bruno", dead=True)) == "no"  # Cora still stands
    assert over(flow, down(down(roster, "Bruno", dead=True), "Cora", unconscious=True)) == "yes"
    assert over(flow, down(roster, "Alice", unconscious=True)) == "yes"


def test_without_sides_it_is_asked_while_two_stand(flow: Program, tmp_path: Path) -> None:
    """A roster that gives no sides: anyone may be anyone's foe, so only the last one standing ends it."""
    roster = load(sided(tmp_path, (DATA / "duel-roster.toml").read_text("utf-8") + THIRD))
    assert roster.sides_standing() is None and over(flow, roster) is None
    assert over(flow, down(down(roster, "Bruno", dead=True), "Cora", dead=True)) == "yes"


def test_foes_are_offered_first_and_the_only_foe_standing_is_taken(flow: Program, tmp_path: Path) -> None:
    text = SIDED.replace('name = "Cora"\nside = "foes"', 'name = "Cora"\nside = "party"')  # Cora joins Alice
    session = table_view(flow, sided(tmp_path, text))
    answer_until(session, "aimed-location", {"maneuver": "attack"})
    target = session.state.known()["target"]
    assert (target.value, target.how, target.work) == ("Bruno", "computed", "the only foe standing is Bruno")


def test_with_two_foes_the_target_is_asked_foes_first(flow: Program, tmp_path: Path) -> None:
    roster = down(load(sided(tmp_path)), "Bruno", unconscious=True)  # Bruno down: Cora first
    reader = Reader(flow, (), "combat.27", 1, roster)
    assert reader.names_for(flow.facts["target"]) == ("Cora", "Bruno")


@needs_library
def test_a_side_on_the_command_line(tmp_path: Path) -> None:
    """`--roster "Basic Warrior.gcs@party"`: the file, on the side named after the last `@`."""
    roster = load_all([Path(f"{sheet_of('Basic Warrior')}@party"), sided(tmp_path)])
    warrior = roster.index("Donn Estevane")
    assert warrior is not None and roster.sheets[warrior].side == "party"


@pytest.mark.parametrize("given", ["nowhere.gcs@party", "nowhere.gcs"])
def test_a_missing_file_with_a_side_is_named_without_it(given: str, tmp_path: Path) -> None:
    from checklist.program.files import LoadError
    from checklist.roster.sheet import RosterError

    with pytest.raises((LoadError, RosterError), match=r"nowhere\.gcs(?!@)"):
        load_all([tmp_path / given])
