"""The defense menu shows each defense's number (the playtest: the game master had to ask for them).

When the defender chooses (combat.62), each option says what its roll will be made against,
worked out by the flow's own steps (63-67, 70-73, 76-79), not by a second formula: the menu reads
`1) dodge 4   2) block 10   3) parry 5   4) none`, and the roll's screen then says the same number.

By hand, Bruno (tests/data/duel-roster.toml: Dodge 8, Parry 9) given a shield for this test
(`block = 10`, `shield-db = 2`, a TOML sheet: the DB is not in his defenses), at 4 HP of 13,
kneeling, with one parry made since his last turn; Alice attacks him:
* Dodge: 8 halved, rounded up, as 4/13 is less than 1/3 HP (seed 002, HIT POINTS: "Move/Dodge are
  reduced to half"; B419) = 4; kneeling -2 (B551, the posture table's defense column); the shield's
  DB +2 (seed 003 step 65, B374): 4 - 2 + 2 = 4.
* Block: 10, kneeling -2, DB +2 (step 72) = 10.
* Parry: 9, kneeling -2, DB +2 (step 78), and -4 for the parry already made (seed 003 step 78:
  "Each previous parry with that weapon gives -4"; B376) = 5.
* none: no roll, no number.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from checklist.engine.ahead import best_scored
from checklist.engine.session import Session
from checklist.graph.program import Program
from checklist.play.commands import Commands
from checklist.present.rolls import roll_target
from checklist.present.screen import screen
from checklist.roster.load import load, load_all
from checklist.terminal.paint import Painter, prompt, question_lines
from tests.present.test_table_turn import answer_until
from tests.roster.test_gcs_library import needs_library, sheet_of
from tests.turns import DATA, MELEE_ANSWERS

SHIELD = ("dodge = 8\nparry = 9\nblock = 0", 'dodge = 8\nparry = 9\nblock = 10\nshield-db = 2\nposture = "kneeling"')
ATTACK = {"maneuver": "attack", "aimed-location": "torso", "attack-dice": "10"}


def bruno_defends(flow: Program, tmp_path: Path, pause: bool = False) -> Session:
    """Alice's attack hits Bruno (10 against her 15); he is asked his defense."""
    text = (DATA / "duel-roster.toml").read_text("utf-8")
    assert SHIELD[0] in text
    path = tmp_path / "duel.toml"
    path.write_text(text.replace(SHIELD[0], SHIELD[1], 1), "utf-8")
    roster = load(path)
    bruno = roster.index("Bruno") or 0
    roster = roster.record(bruno, "current-hp", 4).record(bruno, "parries", 1)
    session = Session(flow, at="combat.1", seed=11, roster=roster, pause=pause)
    if not pause:
        answer_until(session, "defense", ATTACK)
        return session
    answers = {**MELEE_ANSWERS, **ATTACK}
    for _ in range(200):  # step by step: Enter at each step, every split skipped but the defender's
        question = session.question
        assert question is not None
        if question.fact == "defense":
            return session
        if question.kind == "split":
            session.answer("Bruno" if question.item == "defender" else "0")
        else:
            session.answer("" if question.kind == "continue" else answers.get(question.fact or "", "r"))
    raise AssertionError("the defense was never asked")


def test_each_defense_shows_the_number_its_roll_is_made_against(flow: Program, tmp_path: Path) -> None:
    session = bruno_defends(flow, tmp_path)
    choices = screen(session).question.choices  # type: ignore[union-attr]
    assert {c.value: c.score for c in choices} == {"dodge": 4, "block": 10, "parry": 5, "none": None}
    assert [c.shown for c in choices] == ["dodge 4", "block 10", "parry 5", "none"]
    painted = question_lines(screen(session).question, Painter(colour=False), brief=True)  # type: ignore[arg-type]
    assert "    1) dodge 4" in painted and "    3) parry 5" in painted and "    4) none" in painted


def test_the_roll_is_then_made_against_the_number_the_menu_showed(flow: Program, tmp_path: Path) -> None:
    for defense, number in (("dodge", 4), ("block", 10), ("parry", 5)):
        session = bruno_defends(flow, tmp_path)
        session.answer(defense)
        assert session.question is not None and session.question.fact == "defense-dice"
        target = roll_target(session)
        assert target is not None and target[0].startswith(f"{number} or less: "), (defense, target)


def test_the_menu_changes_nothing_in_the_session(flow: Program, tmp_path: Path) -> None:
    """The numbers are tried on a fork: the session is where it was, with nothing answered."""
    session = bruno_defends(flow, tmp_path)
    before, events = session.state, list(session.events)
    screen(session)
    assert session.state is before and session.events == events


def test_step_by_step_the_menu_shows_no_number(flow: Program, tmp_path: Path) -> None:
    """--learn asks what the table view assumes (a retreat, a side attack): the number is not known
    until those are answered, so the menu shows none."""
    session = bruno_defends(flow, tmp_path, pause=True)
    question = screen(session).question
    assert question is not None and question.fact == "defense"
    assert all(c.score is None for c in question.choices)


def test_enter_takes_the_defense_with_the_highest_number(flow: Program, tmp_path: Path) -> None:
    """A player's defense has no default (an NPC's is its tactic's): the prompt offers the highest
    number of the menu, block 10 (dodge 4, parry 5 by hand above), and Enter rolls against it."""
    session = bruno_defends(flow, tmp_path)
    assert session.question is not None and session.question.default is None
    question = screen(session).question
    assert question is not None and question.default == "block"
    assert prompt(question) == "[Enter: block] > "
    reply = Commands(session, lambda: None).handle("")
    assert not reply.errors
    assert session.events[-1].value == "block"
    assert session.question is not None and session.question.fact == "defense-dice"
    target = roll_target(session)
    assert target is not None and target[0].startswith("10 or less: ")


@needs_library
def test_enter_takes_the_first_in_the_menu_on_a_tie(flow: Program) -> None:
    """Donn Estevane (the real Basic Warrior sheet) blocks and parries at 12 and dodges at 10 against
    the Ogre: Enter takes block, the first of the two highest in the menu."""
    roster = load_all([sheet_of("Basic Warrior"), sheet_of("Ogre")]).next_turn()  # the Ogre's turn
    session = Session(flow, at="combat.1", seed=11, roster=roster, pause=False)
    answer_until(session, "defense", ATTACK)
    question = screen(session).question
    assert question is not None
    assert {c.value: c.score for c in question.choices} == {"dodge": 10, "block": 12, "parry": 12, "none": None}
    assert question.default == "block"
    Commands(session, lambda: None).handle("")
    assert session.events[-1].value == "block"


def test_a_default_is_kept_and_a_choice_without_numbers_has_none(flow: Program, tmp_path: Path) -> None:
    """best_scored proposes nothing when the choice has a default of its own, or no numbers."""
    session = bruno_defends(flow, tmp_path)
    question = session.question
    assert question is not None
    assert best_scored(question, {"dodge": 4, "block": 10, "parry": 5}) == "block"
    assert best_scored(question, {"dodge": 9, "block": 9}) == "dodge"
    assert best_scored(question, {}) is None
    assert best_scored(replace(question, default="parry"), {"dodge": 4, "block": 10}) is None
