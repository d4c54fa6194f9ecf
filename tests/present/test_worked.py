"""The run shows what it computed (issue 31, part 5): a computed fact a step `find`s is shown with
its value and its formula on the next screen, even when its step passed by itself, and at the
end; a `uses TABLE` shows the row the step's facts pick. The numbers are worked out by hand."""

from __future__ import annotations

from checklist.engine.session import Session
from checklist.graph.program import Program
from checklist.present.screen import screen
from checklist.present.summary import summary_view
from checklist.program.load import load_texts
from checklist.terminal import paint

AID = """checklist aid "First aid"
start 1

fact medic-skill : number per combat "What is the medic's First Aid skill?"
fact kit-bonus : number per combat "Kit bonus?"
fact aid-skill : number per defender "First Aid skill with the kit" = medic-skill + kit-bonus
fact aid-dice : roll 3d6 per defender "Roll 3d6 for First Aid"
fact aid-success : yes/no per defender "Does the First Aid roll succeed?" = aid-dice <= aid-skill
fact restore-dice : roll 1d6 per defender "Roll 1d for HP restored"
fact hp-restored : number per defender "HP restored" = max(restore-dice - 2, 1)
fact posture : choice from postures per defender "The patient's posture?"

table postures "Posture"
  refs B551
  columns posture | attack | defense
  row Standing | 0 | 0
  row Kneeling | -2 | -2

step 1 "First aid roll"
  | Roll against First Aid skill.
  uses postures
  find posture
  find aid-success
  if aid-success -> 2
  else -> 3

step 2 "HP restored"
  | The patient regains 1d-2 HP (at least 1).
  find hp-restored
  go 3

step 3 "Done"
  end
"""


def aid() -> Program:
    program = load_texts([("aid.flow", AID)])
    assert not [d for d in program.diagnostics if d.code.severity == "error"], program.diagnostics
    return program


def played(pause: bool, restore: str) -> Session:
    """Posture kneeling; the roll 9 (asked first: the formula reads it first) against skill
    10 + 2 = 12 succeeds; then `restore` on 1d6."""
    session = Session(aid(), at="aid.1", seed=1, pause=pause)
    for typed in ("kneeling", "9", "10", "2", restore):
        assert session.question is not None, typed
        session.answer(typed)
    return session


def test_the_hp_restored_is_shown_at_the_end_with_its_formula() -> None:
    session = played(pause=False, restore="5")  # max(5 - 2, 1) = 3
    assert session.state.finished is not None  # step 2 found it and passed by itself to the end
    (worked,) = summary_view(session).worked
    assert (worked.fact, worked.label, worked.value) == ("hp-restored", "HP restored", 3)
    assert worked.work == "max((restore-dice 5 - 2), 1) = 3"
    text = paint.summary_text(summary_view(session), paint.Painter(False), trace=False)
    assert "   HP restored 3 = max((restore-dice 5 - 2), 1)" in text.splitlines()


def test_at_least_one_hp_comes_back() -> None:
    (worked,) = summary_view(played(pause=False, restore="1")).worked  # 1 - 2 = -1: at least 1
    assert worked.value == 1 and worked.work == "max((restore-dice 1 - 2), 1) = 1"


def test_step_by_step_the_next_screen_shows_what_the_step_before_found() -> None:
    session = Session(aid(), at="aid.1", seed=1, pause=True)
    for typed in ("kneeling", "9", "10", "2", "4"):
        session.answer(typed)
    assert session.step.key == "aid.3"  # step 2 asked the die, then went on
    view = screen(session)
    assert [(w.fact, w.value) for w in view.worked] == [("hp-restored", 2)]  # max(4 - 2, 1)
    assert "   HP restored 2 = max((restore-dice 4 - 2), 1)" in paint.screen_text(view, paint.Painter(False))


def test_the_table_view_leaves_out_a_choice_and_a_formula_that_read_no_fact() -> None:
    """aid-success is a yes/no (its roll's line would say it); only numbers worked out from facts show."""
    session = Session(aid(), at="aid.1", seed=1, pause=False)
    for typed in ("kneeling", "9", "10", "2"):
        session.answer(typed)
    assert session.question is not None and session.question.fact == "restore-dice"
    assert screen(session).worked == ()


def test_uses_shows_the_row_the_step_read() -> None:
    session = Session(aid(), at="aid.1", seed=1, pause=True)
    session.answer("kneeling")
    (row,) = screen(session).rows
    assert (row.table, row.by, row.cells) == ("Posture", "posture kneeling", (("attack", "-2"), ("defense", "-2")))
    text = paint.screen_text(screen(session), paint.Painter(False))
    assert "      Posture, row for posture kneeling: attack -2 · defense -2" in text.splitlines()
