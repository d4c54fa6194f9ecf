"""SIGKILL a scripted run at random points, resume it: no acknowledged answer is lost.

An answer is acknowledged when the next prompt is on the screen.  The session file is
written atomically before that prompt, so after a kill it must hold at least every
acknowledged answer (perhaps one more, in flight), parse cleanly, and resume to the same end.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sys
import time
from pathlib import Path

import pexpect

from checklist.cli import exitcodes
from checklist.play import testplan
from tests.turns import FLOW, PLANS

PROMPT = r"\r\n(\[Enter[^\]]*\] )?> "


def script() -> tuple[str, list[str]]:
    plan = testplan.read(PLANS / "melee-turn.testplan")
    assert plan.at is not None
    return plan.at, [line.value for line in plan.lines if line.key == "answer"]


def spawn(*args: str | Path) -> pexpect.spawn:
    env = dict(os.environ, NO_COLOR="1", TERM="xterm")
    words = [str(a) for a in args]
    learn = [] if "--resume" in words else ["--learn"]  # the step-by-step view of the plan's answers
    child = pexpect.spawn(sys.executable, ["-m", "checklist", "run", *words, *learn], env=env,
                          encoding="utf-8", timeout=120)  # fmt: skip
    child.delaybeforesend = None
    return child


def events(path: Path) -> list[dict[str, object]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "checklist-session"
    return list(data["events"])  # type: ignore[arg-type]


def finish(session: Path, answers: list[str], tmp_path: Path, name: str) -> list[dict[str, object]]:
    done = len(events(session))
    rest = tmp_path / f"{name}.txt"
    rest.write_text("".join(f"{a}\n" for a in answers[done:]), encoding="utf-8")
    child = spawn("--resume", session, "--answers", rest)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == exitcodes.END_OF_INPUT, child.before  # the plan stops at the next turn
    return events(session)


def test_kill_at_random_points_and_resume(tmp_path: Path) -> None:
    at, answers = script()
    rng = random.Random(20240607)
    reference: list[dict[str, object]] | None = None
    for trial in range(4):
        session = tmp_path / f"s{trial}.json"
        child = spawn(FLOW, "--at", at, "--session", session, "--seed", "5")
        child.expect(PROMPT)
        stop_after = rng.randrange(1, len(answers) - 1)
        acknowledged = 0
        for answer in answers[:stop_after]:
            child.sendline(answer)
            child.expect(PROMPT)
            acknowledged += 1
        child.sendline(answers[stop_after])  # in flight when the kill lands
        time.sleep(rng.choice([0, 0, 0.001, 0.005, 0.02]))
        os.kill(child.pid, signal.SIGKILL)
        child.expect(pexpect.EOF)
        child.close()
        assert child.signalstatus == signal.SIGKILL
        saved = events(session)  # parses: the file was never half-written
        assert acknowledged <= len(saved) <= acknowledged + 1, (trial, acknowledged, len(saved))
        final = finish(session, answers, tmp_path, f"rest{trial}")
        assert len(final) == len(answers)
        if reference is None:
            reference = final
        assert final == reference
