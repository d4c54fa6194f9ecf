"""Defaults that Enter takes (issue 25, part 1): the flow's `default`, what the table view would
assume, the readied weapon, the first foe offered, and the acting combatant's last answer.

tests/data/duel-roster.toml with a third combatant, Cora: Alice (Basic Speed 6.25) acts first
and can attack Bruno or Cora.
"""

from __future__ import annotations

from pathlib import Path

from checklist import check
from checklist import load as load_flow
from checklist.engine.session import Session
from checklist.graph.program import Program
from checklist.present.screen import screen
from checklist.terminal import paint
from tests.present.test_table_turn import THIRD, answer_until, table_view
from tests.turns import DATA


def three(tmp_path: Path) -> Path:
    path = tmp_path / "three.toml"
    path.write_text((DATA / "duel-roster.toml").read_text("utf-8") + THIRD, "utf-8")
    return path


def pending(session: Session) -> str | None:
    question = session.question
    assert question is not None
    return question.default


def test_enter_takes_the_first_foe_and_the_torso_and_shows_them(flow: Program, tmp_path: Path) -> None:
    session = table_view(flow, three(tmp_path))
    answer_until(session, "target", {"maneuver": "attack"})
    assert pending(session) == "Bruno"
    view = screen(session).question
    assert view is not None and paint.prompt(view) == "[Enter: Bruno] > "
    session.answer("")
    assert session.state.known()["target"].value == "Bruno"
    answer_until(session, "aimed-location", {})
    assert pending(session) == "torso"  # rules.flow: `default torso`
    view = screen(session).question
    assert view is not None and paint.prompt(view) == "[Enter: Torso] > "  # the choice's label
    session.answer("")
    assert session.state.known()["aimed-location"].value == "torso"


def test_the_last_target_is_the_next_default_and_the_location_is_torso_again(flow: Program, tmp_path: Path) -> None:
    """The playtest: after an attack at the skull, Enter offered the skull under "(torso if none)".
    The question says what Enter takes: the torso, unless the game master names where the actor aims."""
    session = table_view(flow, three(tmp_path))
    answer_until(session, "target", {"maneuver": "attack"})
    session.answer("cora")
    answer_until(session, "aimed-location", {})
    session.answer("skull")
    roster = session.state.roster
    assert roster is not None and dict(roster.states[0].habits) == {"maneuver": "attack", "target": "Cora"}
    assert roster.habit(0, "target") == "Cora" and roster.habit(1, "target") is None  # Alice's, not Bruno's
    answers = {"defense": "none", "combat-over": "no", "target": ""}  # Enter: the last target, Cora
    answer_until(session, "maneuver", answers)
    while session.state.roster is not None and session.state.roster.current != 0:  # Bruno, Cora: nothing
        session.answer("do-nothing")
        answer_until(session, "maneuver", answers)
    session.answer("attack")  # Alice's next attack
    answer_until(session, "aimed-location", answers)
    assert session.state.known()["target"].value == "Cora"
    assert pending(session) == "torso"
    view = screen(session).question
    assert view is not None and paint.prompt(view) == "[Enter: Torso] > "


def test_which_last_answers_become_defaults(flow: Program) -> None:
    """The target and the range (a number with a default) carry over; a choice or a yes/no with a
    default keeps it: the hit location's torso, an unchecked target's no."""
    kept = {
        name: flow.habitual(flow.facts[name])
        for name in ("target", "range-yards", "aimed-location", "unchecked-target", "maneuver", "defense", "shots")
    }
    assert kept == {
        "target": True, "range-yards": True, "aimed-location": False, "unchecked-target": False,
        "shots": True,  # `default 1`: the shooter's last number of shots
        "maneuver": True,  # `default npc-maneuver`, per turn: a player's last maneuver
        "defense": False,  # `default npc-defense`, but per defender: Enter takes the best defense
    }  # fmt: skip


def test_a_players_last_maneuver_is_the_next_default(flow: Program, tmp_path: Path) -> None:
    """A player has no tactic (`default npc-maneuver` names nothing): their first maneuver has no default,
    and their next is the last one they chose, as a Foundry token keeps its maneuver. Alice Evaluates, and
    next turn Enter takes Evaluate again; Bruno's turns in between are his own."""
    session = table_view(flow, three(tmp_path))
    answer_until(session, "maneuver", {})
    assert pending(session) is None
    session.answer("evaluate")
    answers = {"defense": "none", "combat-over": "no", "target": "", "evaluate-target": "bruno"}
    answer_until(session, "maneuver", answers)
    assert pending(session) is None  # Bruno's first turn
    while session.state.roster is not None and session.state.roster.current != 0:  # Bruno, Cora: nothing
        session.answer("do-nothing")
        answer_until(session, "maneuver", answers)
    assert pending(session) == "evaluate"
    view = screen(session).question
    assert view is not None and paint.prompt(view) == "[Enter: Evaluate] > "
    session.answer("")
    assert session.state.known()["maneuver"].value == "evaluate"


def test_a_roll_is_rolled_by_enter(flow: Program) -> None:
    session = table_view(flow, DATA / "duel-roster.toml")
    answer_until(session, "attack-dice", {"maneuver": "attack", "aimed-location": "torso"})
    view = screen(session).question
    assert view is not None and paint.prompt(view) == "[Enter: roll] > "
    session.answer("")
    assert session.state.known()["attack-dice"].how == "rolled"


def test_an_assumed_value_is_the_default_when_it_is_asked(flow: Program) -> None:
    """--learn asks what the table view assumes: `deceptive-levels ... assume 0` offers 0."""
    session = Session(flow, at="combat.44", seed=1, pause=True)
    assert session.question is not None and session.question.fact == "deceptive-levels"
    assert pending(session) == "0"
    session.answer("")
    assert session.state.known()["deceptive-levels"].value == 0


BAD = """checklist t "T"
start 1
fact where : choice(torso, skull) per attack "Where?" default tors
fact much : number per attack "How much?" default lots
fact who : combatant per attack "Whom?" default bob
step 1 "One"
  if where = torso -> 2
  else -> 2
step 2 "Two"
  if much > 1 -> 3
  else -> 3
step 3 "Three"
  choose who
    when bob -> 4
  go 4
step 4 "Four"
  end
"""


def test_the_checker_refuses_a_default_the_fact_cannot_take(tmp_path: Path) -> None:
    path = tmp_path / "t.flow"
    path.write_text(BAD, encoding="utf-8")
    found = {(d.span.line, d.code.code, d.message) for d in check(load_flow(path))}
    assert (3, "E305", "fact `where` cannot be `tors`") in {(a, b, c.split(";")[0]) for a, b, c in found}
    assert (4, "E305", "fact `much` is a number and cannot default `lots`") in found
    assert (5, "E305", "fact `who` cannot default a value: a combatant takes its default from the roster") in found


def test_a_triggered_wait_neither_takes_nor_changes_the_actors_last_maneuver(flow: Program) -> None:
    """Alice Waits; Bruno attacks and her Wait triggers (the split for each triggered action): her maneuver
    is asked in that branch, where `actor` is still Bruno. Bruno's last maneuver (attack) is not proposed
    to her there, nor replaced by her answer."""
    session = table_view(flow, DATA / "duel-roster.toml")
    chosen = iter(["wait", "attack", "evaluate"])
    for _ in range(80):
        question, roster = session.question, session.state.roster
        assert question is not None and roster is not None
        if question.fact == "maneuver":
            branch = session.state.trail.visit.branch if session.state.trail is not None else ""
            if branch:  # Alice's triggered action, inside Bruno's turn
                assert roster.sheets[roster.current].name == "Bruno" and "Alice" in branch
                assert question.default is None  # not Bruno's `attack`
                session.answer(next(chosen))
                after = session.state.roster
                assert after is not None and after.habit(roster.current, "maneuver") == "attack"
                return
            session.answer(next(chosen))
        elif question.kind == "roll":
            session.roll()
        elif question.kind == "split":
            session.answer("Alice")
        elif question.fact in ("combat-over", "defense"):
            session.answer("no" if question.fact == "combat-over" else "none")
        else:
            session.answer(question.default if question.default is not None else question.options[0].value)
    raise AssertionError("Alice's Wait never triggered")
