"""The same fight played on the page and in the terminal gives the same session file (issue 26): the
page's answers, typed into `checklist run --answers` with the same roster, seed and start, give the
same events, one for one, and the same end."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT
from tests.web.conftest import DUEL_ROSTER, Served, asked

CHOICES = {"maneuver": "attack", "aimed-location": "torso", "defense": "parry"}


def test_the_page_and_the_terminal_write_the_same_session(duel: Served, tmp_path: Path) -> None:
    html = duel.client.get("/").text
    typed: list[str] = []
    turns = 0
    while duel.game.session.finished is None and len(typed) < 120:
        kind, fact = asked(html)
        if fact == "combat-over":
            turns += 1
            answer = "yes" if turns == 2 else "no"
        else:
            answer = "r" if kind == "roll" else CHOICES[fact or ""]
        typed.append(answer)
        html = duel.answer(answer)
    assert duel.game.session.finished is not None and turns == 2
    page = json.loads(duel.path.read_text("utf-8"))
    answers = tmp_path / "answers.txt"
    answers.write_text("\n".join(typed) + "\n", "utf-8")
    session = tmp_path / "terminal.json"
    done = subprocess.run(
        [sys.executable, "-m", "checklist", "run", "--roster", str(DUEL_ROSTER), "--at", "combat.1", "--seed", "11",
         "--session", str(session), "--answers", str(answers)],
        capture_output=True, text=True, timeout=600, cwd=ROOT, env={**os.environ, "NO_COLOR": "1"},
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr
    terminal = json.loads(session.read_text("utf-8"))
    assert terminal["events"] == page["events"] and len(page["events"]) == len(typed)
    assert (terminal["seed"], terminal["at"], terminal["finished"]) == (page["seed"], page["at"], page["finished"])
    assert terminal["trace"] == page["trace"]
