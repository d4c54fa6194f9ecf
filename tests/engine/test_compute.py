"""The session computes: ledgers with visible lines, worked-out facts, overrides, and a
scripted attack checked against a hand-worked answer."""

from __future__ import annotations

import tempfile
from functools import cache
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from checklist import load
from checklist.engine.session import Session
from checklist.graph.program import Program
from checklist.terminal.paint import Painter, step_screen
from checklist.terminal.paint import known_ledger_lines as ledger_lines

LEDGER_FLOW = """\
checklist demo "A ledger"
start 1
fact total : ledger per attack "Total"
fact a : number per attack "A?"
fact b : number per attack "B?"
fact c : number per attack "C?"
fact half : number per attack "Half of C" = c / 2
step 1 "Lines"
  add a to total
  add b to total
  go 2
step 2 "More lines"
  add half to total
  go 3
step 3 "Check"
  if total > 0 -> end
  else -> end
"""


@cache
def flow_from_text(text: str) -> Program:
    folder = Path(tempfile.mkdtemp(prefix="checklist-compute-"))
    (folder / "demo.flow").write_text(text, encoding="utf-8")
    return load(folder)


def drive(session: Session, answers: dict[str, str]) -> None:
    """Answer each question from `answers` (Enter where a step asks nothing) until the flow ends."""
    while session.finished is None and session.question is not None:
        question = session.question
        if question.kind == "continue":
            session.give(None)
        else:
            session.answer(answers[question.fact or ""])


@settings(max_examples=60, deadline=None)
@given(st.integers(-20, 20), st.integers(-20, 20), st.integers(-41, 41))
def test_the_ledger_total_equals_the_sum_of_its_visible_lines(a: int, b: int, c: int) -> None:
    program = flow_from_text(LEDGER_FLOW)
    session = Session(program)
    drive(session, {"a": str(a), "b": str(b), "c": str(c)})
    known = session.state.known()
    ledger = known["total"]
    lines = ledger_lines(program, ledger, known)
    shown = [int(line.split()[0]) for line in lines[1:-1]]  # each visible line starts with its value
    assert shown == [a, b, c // 2]  # half of C rounds down (B9)
    assert ledger.value == sum(shown) == int(lines[-1].split()[1])


def test_an_override_of_an_input_recomputes_what_was_worked_out_from_it() -> None:
    program = flow_from_text(LEDGER_FLOW)
    session = Session(program)
    for answer in ("4", "5", "7"):
        session.answer(answer)
    assert session.state.step == "demo.3" and session.state.value("total") == 12  # 4 + 5 + 3
    session.override("c")  # the game master corrects C at step 3
    session.answer("11")
    assert session.state.value("half") == 5 and session.state.value("total") == 14
    session.undo()
    session.undo()
    assert session.state.value("half") == 3 and session.state.value("total") == 12


def test_a_game_master_types_a_number_over_a_ledger() -> None:
    program = flow_from_text(LEDGER_FLOW)
    session = Session(program)
    session.answer("4")
    session.answer("5")  # total 9 after step 1; step 2 asks C
    session.override("total")
    session.answer("12")  # the game master says the total is 12 so far: +3 over the lines
    session.answer("2")  # C = 2: half = 1
    known = session.state.known()
    assert known["total"].value == 13 and known["total"].adjust == 3
    assert any("correction typed by the game master" in line for line in ledger_lines(program, known["total"], known))


def test_each_visit_that_adds_or_reads_a_ledger_reads_all_its_lines_again() -> None:
    """Step 2 adds a third line to what step 1 added: its visit reads the two lines before too (their facts
    are the same: they are noted as read, not worked out again), and step 3, which reads the total, all three."""
    program = flow_from_text(LEDGER_FLOW)
    session = Session(program, pause=False)
    drive(session, {"a": "4", "b": "5", "c": "7"})
    used = {v.step: [(name, value) for name, value, _ in v.used] for v in session.state.trace}
    assert used["demo.2"] == [("c", 7), ("half", 3), ("a", 4), ("b", 5)]
    assert used["demo.3"] == [("a", 4), ("b", 5), ("half", 3), ("total", 12)]


LEDGER_OF_LEDGERS = """\
checklist demo "A ledger that is a line of another"
start 1
fact total : ledger per attack "Total"
fact sub : ledger per attack "Sub"
fact a : number per attack "A?"
fact b : number per attack "B?"
step 1 "Inputs"
  find a
  find b
  go 2
step 2 "Lines"
  add a to sub
  add sub to total
  add b to sub
  add a to total
  if total > 0 -> end
  else -> end
"""


ADDS_IN_ONE_VISIT = """\
checklist demo "Three lines added by one visit"
start 1
fact total : ledger per attack "Total"
fact a : number per attack "A?"
fact b : number per attack "B?"
fact half : number per attack "Half of B" = b / 2
step 1 "Inputs"
  find a
  find b
  go 2
step 2 "Lines"
  add half to total
  add b to total
  add a to total
  if total > 0 -> end
  else -> end
"""


def test_a_visit_that_adds_several_lines_counts_and_reads_every_one() -> None:
    """One visit adds three lines: after each add the total counts every line so far (a visit sums only the
    lines it has not read yet), and the visit reads them all, in the order they were added."""
    program = flow_from_text(ADDS_IN_ONE_VISIT)
    session = Session(program, pause=False)
    drive(session, {"a": "4", "b": "-9"})
    assert session.state.value("total") == -5 - 9 + 4  # half of -9 rounds down to -5 (B9)
    lines = next(v for v in session.state.trace if v.step == "demo.2")
    assert [(name, value) for name, value, _ in lines.used] == [("b", -9), ("half", -5), ("a", 4), ("total", -10)]


def test_a_ledger_that_is_a_line_of_another_is_summed_again_when_it_grows() -> None:
    """total's lines are sub and a; sub grows between the two adds to total, so total's second sum reads
    sub again (sub = 4 + 5, total = sub + a = 13), not the 4 sub was at the first."""
    program = flow_from_text(LEDGER_OF_LEDGERS)
    session = Session(program, pause=False)
    drive(session, {"a": "4", "b": "5"})
    assert session.state.value("sub") == 9
    assert session.state.value("total") == 9 + 4


# A scripted attack, worked by hand (B365 Attack; B551 posture; B19 SM; B552 arm; B348 roll):
#   skill 14 with the weapon                         14
#   shock (none)                                     +0
#   Attack maneuver (B365: no modifier)              +0
#   Evaluate (none)                                  +0
#   SM: target +1, attacker 0, difference +1         +1
#   attacker kneeling (B551: melee -2)               -2
#   no Deceptive or Telegraphic Attack               +0
#   nothing else                                     +0
#   aimed at the right arm (B552: -2)                -2
#   effective skill                                  11
# A roll of 11 is a hit (11 <= 11, margin 0); 12 misses by one, but the arm's Miss by 1 cell
# is empty, so it is a plain miss (129); 5 is a hit, not a critical (5 is critical at 15+).
ATTACK = {
    "failed-consciousness": "no", "stunned": "no", "holding-weapon": "yes", "drops-weapon": "no",
    "multi-skill-weapon": "no", "grip-mastery": "no", "fast-draw-failed": "no", "maneuver": "attack",
    "weapon-ready": "yes", "already-grappling": "no", "unarmed": "no", "attacking-behind": "no", "close-combat": "no",
    "base-skill": "14", "shock-penalty": "0", "ranged-attack": "no", "evaluate-turns": "0",
    "target-sm": "1", "attacker-sm": "0", "attacker-posture": "kneeling", "deceptive-levels": "0",
    "telegraphic": "no", "other-skill-modifier": "0", "area-or-cone": "no", "attacker-much-bigger": "no",
    "aimed-location": "right-arm",
}  # fmt: skip


def attack(flow: Program, roll: int) -> Session:
    session = Session(flow, at="combat.1", seed=1)
    while session.question is not None and session.state.step != "combat.55":
        question = session.question
        if question.kind == "continue":
            if session.state.step in ("combat.56", "combat.129"):
                break
            session.give(None)
        elif question.kind == "split":
            session.answer("0")
        elif question.fact == "attack-dice":
            session.answer(str(roll))
        else:
            session.answer(ATTACK[question.fact or ""])
    return session


def test_a_scripted_attack_matches_the_hand_worked_answer(flow: Program) -> None:
    session = attack(flow, 11)
    known = session.state.known()
    lines = {fact: step for fact, step in known["effective-skill"].lines}
    assert {f: known[f].value for f in lines} == {
        "base-skill": 14, "shock-penalty": 0, "maneuver-skill": 0, "evaluate-bonus": 0, "sm-bonus": 1,
        "posture-skill": -2, "deceptive-skill": 0, "telegraphic-skill": 0, "other-skill-modifier": 0,
        "location-penalty": -2,
    }  # fmt: skip
    assert lines["posture-skill"] == "combat.43" and lines["location-penalty"] == "combat.53"
    assert known["effective-skill"].value == 11 and known["final-skill"].value == 11
    assert known["attack-outcome"].value == "success" and known["attack-margin"].value == 0
    assert known["attack-roll"].value == "hit" and session.state.step == "combat.56"


def test_the_scripted_attack_misses_by_one_and_rolls_a_non_critical_5(flow: Program) -> None:
    missed = attack(flow, 12)
    assert missed.state.value("attack-margin") == -1 and missed.state.value("miss-location") == "none"
    assert missed.state.value("attack-roll") == "miss" and missed.state.step == "combat.129"
    low = attack(flow, 5)
    assert low.state.value("attack-outcome") == "success" and low.state.value("attack-roll") == "hit"


def test_the_step_screen_shows_the_ledger_lines_with_their_source(flow: Program) -> None:
    session = Session(flow, at="combat.53", facts={"maneuver": "attack", "ranged-attack": "no"})
    screen = step_screen(session, Painter(False))
    assert "Which hit location is the attack aimed at" in screen
    session.answer("right-arm")
    assert session.state.step == "combat.54" and session.question is not None
    assert session.question.fact == "attack-dice"
    text = step_screen(session, Painter(False))
    assert "Effective skill (effective-skill):" in text
    assert "  -2  Hit location modifier  [location-penalty; step 53, B552]" in text
    assert "= -2  Effective skill" in text


def test_the_chosen_maneuvers_card_is_shown_at_step_11(flow: Program) -> None:
    session = Session(flow, at="combat.11")
    session.answer("all-out-attack-all-other")
    assert session.state.step == "combat.11" and session.question is not None
    assert session.question.kind == "continue"
    screen = step_screen(session, Painter(False))
    assert "ALL-OUT ATTACK" in screen and "DETERMINED: +4 to skill for a single attack" in screen
    session.give(None)
    assert session.state.step == "combat.13"
    assert "ALL-OUT ATTACK" in step_screen(session, Painter(False))
