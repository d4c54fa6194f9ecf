"""The table view (`checklist run` without --learn): steps that ask nothing pass by themselves."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from checklist.engine.session import Session
from checklist.graph.program import Program
from checklist.present.screen import screen
from checklist.terminal import paint
from tests.conftest import DUEL


def test_steps_that_ask_nothing_pass_by_themselves(duel: Program) -> None:
    s = Session(duel, seed=1, pause=False)
    s.answer("12")
    s.answer("broadsword")
    # 3 asks nothing: no "press Enter", the run is at 5's question already
    assert (s.state.step, s.question.fact if s.question else None) == ("duel.5", "attack")
    assert [v.step for v in s.state.trace] == ["duel.1", "duel.2", "duel.3", "duel.5"]
    assert screen(s).passed == ("3",)


def test_the_step_by_step_view_still_waits(duel: Program) -> None:
    s = Session(duel, seed=1, pause=True)
    s.answer("12")
    s.answer("broadsword")
    assert (s.state.step, s.question.kind if s.question else None) == ("duel.3", "continue")
    assert screen(s).passed == () and not screen(s).brief


def test_the_table_screen_leaves_the_prose_one_key_away(duel: Program) -> None:
    s = Session(duel, seed=1, pause=False)
    s.answer("12")
    view = screen(s)
    assert view.brief and view.prose == ("Choose the weapon.",)
    text = paint.screen_text(view, paint.Painter(False))
    assert "Choose the weapon." not in text
    assert re.fullmatch(r"── duel\.2 Weapon ─+  \(p: rule\)", text.splitlines()[0])  # the step on the rule
    assert "Choose the weapon." in paint.prose_text(view, paint.Painter(False))


def test_the_table_view_from_the_command_line(tmp_path: Path) -> None:
    answers = tmp_path / "answers.txt"
    answers.write_text("12\nbroadsword\n7\n1: Bob\nno\n", "utf-8")  # skill, weapon, roll, targets, dodged
    session = tmp_path / "s.json"
    learn = tmp_path / "learn.json"
    fast = _run(DUEL, "--answers", answers, "--session", session)
    assert "→ 3" not in fast.stdout  # a screen per question: the steps that passed by are left out (`w`)
    assert "[Enter] >" not in fast.stdout
    assert '"fast": true' in session.read_text("utf-8")
    slow = _run(DUEL, "--learn", "--answers", answers, "--session", learn)
    assert "[Enter] >" in slow.stdout  # the step-by-step view waits at 3
    # five prompts answered, the sixth waits: no "press Enter" among them
    assert (
        len(re.findall(r"\n(\[Enter: [^\]]*\] )?> ", fast.stdout)) == 6
        and "What armour does the target wear?" in fast.stdout.split("> no")[-1]
    )
    refused = _run("--resume", session, "--learn")
    assert refused.returncode == 2 and "a session keeps the view it started with" in refused.stderr


def _run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    words = [str(a) for a in args]
    env = {"NO_COLOR": "1", "PATH": "/usr/bin:/bin", "CHECKLIST_CACHE_DIR": os.environ["CHECKLIST_CACHE_DIR"]}
    command = [sys.executable, "-m", "checklist", "run", *words]
    return subprocess.run(command, capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL, env=env)


def test_many_choices_follow_each_other_in_the_table_view(flow: Program) -> None:
    s = Session(flow, at="combat.53", seed=1, pause=False, facts={"base-skill": "15"})
    lines = paint.screen_text(screen(s), paint.Painter(False, width=80)).splitlines()
    listed = lines[lines.index("Which hit location is the attack aimed at (torso if none)?") + 1 :]
    assert len(listed) == 5 and all(len(line) <= 80 for line in listed)  # 25 locations, at 80 columns
    assert listed[0].startswith("   1) Skull   2) Face   3) Right Leg") and listed[-1].endswith("25) Vitals")
    numbers = [int(n) for line in listed for n in re.findall(r"(\d+)\) ", line)]
    assert numbers == list(range(1, 26))  # in reading order
    learn = Session(flow, at="combat.53", seed=1, pause=True, facts={"base-skill": "15"})
    assert paint.screen_text(screen(learn), paint.Painter(False)).splitlines()[-1] == "   25) Vitals"


def test_the_table_view_puts_a_ledger_on_one_line_without_its_zeros() -> None:
    from checklist.present.screen import LedgerLineView, LedgerView

    view = LedgerView("Effective skill", "effective-skill", (
        LedgerLineView(15, "What is the skill?", "base-skill", "step 39, B428", "skill"),
        LedgerLineView(0, "Evaluate bonus", "evaluate-bonus", "step 41, B364", "evaluate bonus"),
        LedgerLineView(-2, "Posture modifier (B551)", "posture-skill", "step 43, B551", "posture modifier"),
        LedgerLineView(0, "Shock", "shock-penalty", "step 39, B419", "shock"),
    ), 0, 13)  # fmt: skip
    assert paint.ledger_line(view) == "Effective skill: skill 15, posture modifier -2 = 13"  # no fact id: --learn, `w`
    assert len(paint.ledger_lines(view)) == 6  # the step-by-step view lists every line, with its source


def test_the_card_of_the_step_just_answered_is_one_key_away(flow: Program) -> None:
    s = Session(flow, at="combat.11", seed=1, pause=False)
    assert s.question is not None and s.question.fact == "maneuver"
    s.answer("attack")  # 11 and 15 show the card; both pass by themselves
    view = screen(s)
    assert view.step != "combat.11" and "15" in view.passed
    assert [c.brief for c in view.cards] == [("ATTACK", "Move: Step", "Defense: Dodge √, Parry √, Block √")]
    assert "Defense: Dodge" not in paint.screen_text(view, paint.Painter(False))  # a screen per question
    assert "   │ Move: Step" in paint.prose_text(view, paint.Painter(False))  # `p` shows it, in full
