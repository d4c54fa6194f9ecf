"""One turn through play/ alone, with no terminal and no web page: the views and the replies it
gives are the ones the terminal paints and the page shows (issue 24: one command handler).

Alice attacks Bruno (tests/data/duel-roster.toml, seed 11): the maneuver, the location, the
tool's rolls, a bad roll, a step back and the roll again, until "Is the combat over?".
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from html import unescape

import pytest

from checklist.engine.session import Session
from checklist.engine.state import CannotGoOn
from checklist.graph.program import Program
from checklist.play.commands import PAGE, TERMINAL, Commands, Keys, Reply
from checklist.present.screen import Screen, screen
from checklist.terminal import paint
from checklist.terminal.terminal import Terminal
from checklist.web.game import Game
from checklist.web.page import play
from tests.present.test_table_turn import table_view
from tests.turns import DATA

LINES = ("attack", "torso", "r", "parry", "zz", "r", "b", "r", "r")


@dataclass(frozen=True)
class Played:
    screens: tuple[Screen, ...]  # the first screen, then one after each line
    replies: tuple[Reply, ...]
    saves: int


def through_play(flow: Program) -> Played:
    session = table_view(flow, DATA / "duel-roster.toml")
    saves: list[None] = []
    commands = Commands(session, lambda: saves.append(None))
    screens, replies = [screen(session)], []
    for line in LINES:
        replies.append(commands.handle(line))
        screens.append(screen(session))
    return Played(tuple(screens), tuple(replies), len(saves))


def test_play_alone_plays_the_turn_and_saves_after_each_change(flow: Program) -> None:
    played = through_play(flow)
    asked = [s.question.fact for s in played.screens if s.question is not None]
    assert asked == ["maneuver", "aimed-location", "attack-dice", "defense", "defense-dice", "defense-dice",
                     "damage-roll", "defense-dice", "damage-roll", "combat-over"]  # fmt: skip
    assert [r.show for r in played.replies] == ["step"] * 4 + ["question"] + ["step"] * 4
    assert played.replies[4].errors == ("type the 3d6 roll as a number, or r to let the program roll",)
    assert played.replies[6].done == "went back one answer"
    assert played.saves == len(LINES) - 1  # every line but the bad answer changed the session


def test_the_terminal_paints_the_views_play_gives(flow: Program) -> None:
    played = through_play(flow)
    session = table_view(flow, DATA / "duel-roster.toml")
    written: list[str] = []
    lines = iter(LINES)

    def read(_: str) -> str:
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    with pytest.raises(EOFError):  # the lines ran out at "Is the combat over?"
        Terminal(session, written.append, read, lambda: None).run()
    shown = "".join(written)
    painter = paint.Painter(False, 96)
    for view, reply in zip(played.screens[1:], played.replies, strict=True):
        if reply.show == "step":
            assert paint.screen_text(view, painter) in shown
        for message in reply.errors:
            assert f"  ! {message}" in shown
    assert paint.screen_text(played.screens[0], painter) in shown
    assert "   (went back one answer)" in shown


def test_the_page_shows_the_views_play_gives(flow: Program) -> None:
    played = through_play(flow)
    game = Game(table_view(flow, DATA / "duel-roster.toml"), lambda full: None, "s.json")
    assert game.view().screen == played.screens[0]
    for line, view, reply in zip(LINES, played.screens[1:], played.replies, strict=True):
        page = game.undo() if line == "b" else game.answer(line)
        said = reply.errors + ((reply.done,) if reply.done else ())
        assert page.screen == replace(view, messages=said)
        html = unescape(play(page, "", "token"))
        assert page.screen is not None and page.screen.question is not None
        assert page.screen.question.text in html
        for message in said:
            assert message in html


def test_session_and_keys_are_the_only_difference_between_the_two_front_ends(flow: Program) -> None:
    session: Session = table_view(flow, DATA / "duel-roster.toml")
    terminal, page = Commands(session, lambda: None), Commands(session, lambda: None, PAGE)
    assert terminal.handle("o nosuchfact").errors[0].endswith("`o` alone lists the facts used here")
    assert page.handle("o nosuchfact").errors[0].endswith("the Correct buttons name the facts used here")


def test_an_override_button_names_its_fact_and_o_alone_is_the_terminals(flow: Program) -> None:
    session = table_view(flow, DATA / "duel-roster.toml")
    page = Commands(session, lambda: None, PAGE)
    assert page.override("").errors == ("no fact `` in this flow; the Correct buttons name the facts used here",)
    assert page.handle("o").errors[0].startswith("nothing known was used here")  # typed, as at the terminal


def _cannot(why: str, missing: str | None) -> None:
    raise CannotGoOn(why, missing)


@pytest.mark.parametrize(("keys", "said"), [
    (TERMINAL, "cannot go on with that: `aimed-location` is not known: give it with o aimed-location; "
               "answer again, override a fact (o FACT) or go back (b)"),
    (PAGE, "cannot go on with that: `aimed-location` is not known: correct the fact that needs it; "
           "answer again, correct a fact (Correct) or go back (Back)"),
])  # fmt: skip
def test_an_answer_the_flow_cannot_use_is_worded_in_each_front_ends_keys(flow: Program, keys: Keys, said: str) -> None:
    commands = Commands(table_view(flow, DATA / "duel-roster.toml"), lambda: None, keys)
    reply = commands._act(lambda: _cannot("`aimed-location` is not known", "aimed-location"))
    assert reply.show == "question" and reply.errors == (said,)


@pytest.mark.parametrize(("typed", "asked", "said"), [
    ("o Stunned", "stunned", ""),  # a fact's name, as a person capitalises it
    ("o mane", "maneuver", ""),  # the start of a name, not its compounds (maneuver-skill, maneuver-option)
    ("o still", "still-stunned", ""),  # the start of one fact's name
    ("o hp", "maneuver", "`hp` could be several facts: `o hp-after`, `o hp-state`; which one?"),
    ("o stun", "maneuver", "`stun` could be several facts: `o stunned`, `o stun-recovery-dice`, "
                           "`o stun-recovery`, `o stun-defense`; which one?"),
    ("o zzz", "maneuver", "no fact `zzz` in this flow; `o` alone lists the facts used here"),
])  # fmt: skip
def test_o_takes_the_start_of_a_facts_name_when_it_names_one(flow: Program, typed: str, asked: str, said: str) -> None:
    session = table_view(flow, DATA / "duel-roster.toml")
    reply = Commands(session, lambda: None).handle(typed)
    assert reply.errors == ((said,) if said else ())
    assert session.question is not None and session.question.fact == asked


def test_o_prefers_the_facts_this_step_used(flow: Program) -> None:
    """At "Is the combat over?" (combat.135) the step has read `stunned` alone: `o stun` names it, though three
    other facts start so."""
    session = table_view(flow, DATA / "duel-roster.toml")
    commands = Commands(session, lambda: None)
    for line in ("attack", "torso", "r", "parry", "r", "r"):
        assert commands.handle(line).errors == ()
    assert session.state.step == "combat.135" and session.overridable() == ["stunned"]
    assert commands.handle("o stun").errors == ()
    assert session.question is not None and session.question.fact == "stunned"


def test_o_takes_a_facts_name_in_capitals_as_that_fact(flow: Program) -> None:
    """At the attack roll the step has read `shock-penalty`: `o Shock` is the fact `shock` all the same."""
    session = table_view(flow, DATA / "duel-roster.toml")
    commands = Commands(session, lambda: None)
    for line in ("attack", "torso"):
        assert commands.handle(line).errors == ()
    assert "shock-penalty" in session.overridable()
    assert commands.handle("o Shock").errors == ()
    assert session.question is not None and session.question.fact == "shock"
