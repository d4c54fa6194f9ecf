"""The real terminal front end, driven through a pseudo-terminal with pexpect."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pexpect
import pytest

from checklist.cli import exitcodes
from tests.turns import DUEL

PROMPT = r"\r\n(\[Enter[^\]]*\] )?> "


def spawn(*args: str | Path, colour: bool = False) -> pexpect.spawn:
    env = dict(os.environ)
    env.pop("NO_COLOR", None)
    if not colour:
        env["NO_COLOR"] = "1"
    env["TERM"] = "xterm"
    words = [str(a) for a in args]
    learn = [] if "--resume" in words else ["--learn"]  # the step-by-step view these tests script
    child = pexpect.spawn(sys.executable, ["-m", "checklist", "run", *words, *learn], env=env,
                          encoding="utf-8", timeout=120, dimensions=(50, 160))  # fmt: skip
    child.delaybeforesend = None
    return child


def finish(child: pexpect.spawn) -> int:
    child.expect(pexpect.EOF)
    child.close()
    assert "Traceback" not in (child.before or "")
    return int(child.exitstatus if child.exitstatus is not None else -1)


def test_undo_bad_answer_save_and_resume(tmp_path: Path) -> None:
    session = tmp_path / "s.json"
    child = spawn(DUEL, "--session", session, "--seed", "1")
    child.expect_exact("duel.1  Skill")
    child.expect_exact("What is the attacker's effective skill?")
    child.expect(PROMPT)
    child.sendline("twelve")  # a bad answer: one line, then the same question
    child.expect_exact("! `twelve` is not a whole number")
    child.expect_exact("What is the attacker's effective skill?")
    child.expect(PROMPT)
    child.sendline("12")
    child.expect_exact("duel.2  Weapon")
    child.expect_exact("2) Fist (unarmed)")
    child.expect(PROMPT)
    child.sendline("b")  # undo: back to the skill question
    child.expect_exact("(went back one answer)")
    child.expect_exact("What is the attacker's effective skill?")
    child.expect(PROMPT)
    child.sendline("14")
    child.expect_exact("Which weapon does the attacker use?")
    child.expect(PROMPT)
    child.sendline("broad")
    child.expect_exact("duel.3  Sword")
    child.expect_exact("Press Enter to go on.")
    child.expect(PROMPT)
    child.sendline("q")
    child.expect_exact(f"Session saved to {session}")
    assert finish(child) == exitcodes.OK
    saved = json.loads(session.read_text(encoding="utf-8"))
    assert [e.get("value") for e in saved["events"]] == [14, "broadsword"]

    child = spawn("--resume", session)
    child.expect_exact("duel.3  Sword")  # exactly where we left
    child.expect(PROMPT)
    child.sendline("")
    child.expect_exact("Roll 3d6 against skill: what did it show?")
    child.expect_exact("type the total the dice show (3d6: 3 to 18), or Enter to roll")
    child.expect(PROMPT)
    child.sendline("w")
    child.expect_exact("skill = 14  (answered at duel.1, per combat)")
    child.expect(PROMPT)
    child.sendline("3")
    child.expect_exact("How many target branches")
    child.expect(PROMPT)
    child.sendline("0")
    child.expect_exact("Does the duel go on?")
    child.expect(PROMPT)
    child.sendline("2")
    child.expect_exact("== The flow ended at duel.8 ==")
    child.expect_exact("B369 (Basic Set p. 369)")
    assert finish(child) == exitcodes.OK


def test_ctrl_c_saves_and_exits_130(tmp_path: Path) -> None:
    session = tmp_path / "s.json"
    child = spawn(DUEL, "--session", session)
    child.expect(PROMPT)
    child.sendline("12")
    child.expect_exact("Which weapon")
    child.expect(PROMPT)
    child.sendintr()
    child.expect_exact("interrupted; session saved to")
    assert finish(child) == exitcodes.INTERRUPTED
    assert json.loads(session.read_text(encoding="utf-8"))["events"][0]["value"] == 12


def test_end_of_input_saves_and_exits_6(tmp_path: Path) -> None:
    session = tmp_path / "s.json"
    child = spawn(DUEL, "--session", session)
    child.expect(PROMPT)
    child.sendeof()
    child.expect_exact("input ended before the flow did")
    assert finish(child) == exitcodes.END_OF_INPUT
    assert session.exists()


@pytest.mark.parametrize("colour", [True, False])
def test_colour_only_without_no_color(tmp_path: Path, colour: bool) -> None:
    child = spawn(DUEL, "--session", tmp_path / "s.json", colour=colour)
    child.expect(PROMPT)
    seen = child.before or ""
    assert ("\x1b[" in seen) is colour
    child.sendline("q")
    assert finish(child) == exitcodes.OK


def test_a_computed_attack_at_the_terminal(tmp_path: Path) -> None:
    """A person at the table: the card after choosing a maneuver, the skill ledger growing line by
    line, an override of a worked-out line, a bad number at a roll prompt, and a critical hit."""
    from tests.turns import FLOW

    child = spawn(FLOW, "--at", "combat.11", "--session", tmp_path / "s.json", "--seed", "4")
    child.expect_exact("Which maneuver does the combatant choose?")
    child.expect(PROMPT)
    child.sendline("attack")
    child.expect_exact("ATTACK  (B365, MA98")  # the Attack card, still at step 11
    child.expect_exact("next: combat.15 Attack")
    # 11, 15, 27; grappling? unarmed? behind? close combat?; 34, 37; no triggered waits
    for answer in ("", "", "", "no", "no", "no", "no", "", "", "0"):
        child.expect(PROMPT)
        child.sendline(answer)
    child.expect_exact("What is the attacker's skill (or technique) with this attack?")
    # skill, shock, ranged?, 40, evaluate turns, target SM, attacker SM, posture
    for answer in ("13", "0", "no", "", "0", "2", "0", "crouching"):
        child.expect(PROMPT)
        child.sendline(answer)
    child.expect_exact("combat.44  Telegraphic or Deceptive Attack")
    child.expect_exact("+2  Size modifier bonus  [sm-bonus; step 42, B19]")
    child.expect_exact("-2  Posture modifier to the attack  [posture-skill; step 43, B551]")
    child.expect_exact("= 13  Effective skill")  # 13 + 0 + 0 + 0 + 2 - 2
    child.expect(PROMPT)
    child.sendline("o posture-skill")  # the game master rules it -1 here
    child.expect_exact("Override: Posture modifier to the attack")
    child.expect(PROMPT)
    child.sendline("-1")
    child.expect_exact("= 14  Effective skill")
    # deceptive levels, telegraphic?, 45, other modifiers, area?, much bigger?, aimed location
    for answer in ("0", "no", "", "0", "no", "no", "torso"):
        child.expect(PROMPT)
        child.sendline(answer)
    child.expect_exact("Roll 3d6 for the attack")
    child.expect(PROMPT)
    child.sendline("nineteen")
    child.expect_exact("! ")
    child.expect(PROMPT)
    child.sendline("4")  # 3 or 4 is always a critical hit
    child.expect_exact("combat.56  Number of hits")
    child.expect(PROMPT)
    child.sendline("q")
    assert finish(child) == exitcodes.OK
    saved = json.loads((tmp_path / "s.json").read_text(encoding="utf-8"))
    assert {"kind": "answer", "step": "combat.54", "fact": "attack-dice", "value": 4} in [
        {k: e.get(k) for k in ("kind", "step", "fact", "value")} for e in saved["events"]
    ]
