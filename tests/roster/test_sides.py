"""Sides (issue 25, part 2): a roster gives each combatant a side (`side = "foes"`, or
`--roster ogre.gcs@foes`); targets are offered foes first; the tool answers "Is the combat over?"
when one side is left with anyone neither dead nor unconscious, and does not ask it before."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from checklist.engine.questions import BadAnswer
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


# Alice and Cora (the party) against Bruno and Dan (the foes); Dan is Cora's twin, slower (5.0)
PARTY = SIDED.replace('name = "Cora"\nside = "foes"', 'name = "Cora"\nside = "party"') + THIRD.replace(
    'name = "Cora"', 'name = "Dan"\nside = "foes"'
).replace("basic-speed = 5.25", "basic-speed = 5.0")


def test_with_sides_the_target_menu_lists_foes_only(flow: Program, tmp_path: Path) -> None:
    """The playtest: Alice's target menu listed her ally Cora after the foes. A game master expects
    the foes; an ally is attacked on purpose (a mind-controlled friend, friendly fire): by name."""
    session = table_view(flow, sided(tmp_path, PARTY))
    answer_until(session, "target", {"maneuver": "attack"})
    question = session.question
    assert question is not None
    assert [o.value for o in question.options] == ["Bruno", "Dan"]
    assert [o.value for o in question.unlisted] == ["Cora"]
    assert question.default == "Bruno"


def test_an_ally_is_taken_when_named_in_full_and_the_session_replays(flow: Program, tmp_path: Path) -> None:
    session = table_view(flow, sided(tmp_path, PARTY))
    answer_until(session, "target", {"maneuver": "attack"})
    with pytest.raises(BadAnswer, match=r"`Cora` is not listed \(an ally\): type the whole name"):
        session.answer("co")
    session.answer("cora")
    assert session.state.known()["target"].value == "Cora"
    fresh = table_view(flow, sided(tmp_path, PARTY))
    for event in session.events:  # a resume replays the journal: the ally named is still an answer
        fresh.replay(event)
    assert fresh.state.known()["target"].value == "Cora"


def test_the_only_foe_standing_is_taken_though_allies_are_there(flow: Program, tmp_path: Path) -> None:
    roster = down(load(sided(tmp_path, PARTY)), "Dan", dead=True)
    reader = Reader(flow, (), "combat.27", 1, roster)
    target = flow.facts["target"]
    assert reader.names_for(target) == ("Bruno", "Dan") and reader.unlisted_for(target) == ("Cora",)
    assert reader.read("target") == "Bruno"
    assert reader.known["target"].work == "the only foe standing is Bruno"


def test_without_sides_everybody_else_is_listed(flow: Program, tmp_path: Path) -> None:
    roster = load(sided(tmp_path, (DATA / "duel-roster.toml").read_text("utf-8") + THIRD))
    reader = Reader(flow, (), "combat.27", 1, roster)
    assert (
        reader.names_for(flow.facts["target"]) == ("Bruno", "Cora") and reader.unlisted_for(flow.facts["target"]) == ()
    )


def test_the_page_offers_the_allies_apart(flow: Program, tmp_path: Path) -> None:
    """The web page has no field to type a choice in: the allies are buttons of their own, folded away."""
    from checklist.present.screen import screen
    from checklist.web.page import question_html

    session = table_view(flow, sided(tmp_path, PARTY))
    answer_until(session, "target", {"maneuver": "attack"})
    view = screen(session).question
    assert view is not None and view.unlisted == ("Cora",) and [c.value for c in view.choices] == ["Bruno", "Dan"]
    html = question_html(view, "token")
    assert '<details class="unlisted"><summary>An ally</summary>' in html
    assert '<button type="submit" name="answer" value="Cora">Cora</button></details>' in html
