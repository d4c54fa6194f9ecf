"""Turn (a) at a real 80x40 terminal (tmux): the attack roll says what it succeeds on, line by
line of the effective-skill ledger, and after it the roll line is on the screen with it; each
question's screen is at most 15 lines; and a burst of rapid fire, whose long lines break between
words rather than wrap at the 80th column."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.turns import FLOW, ROOT

TMUX = shutil.which("tmux")
pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed (scripts/setup.sh installs it)")
ROSTER = ROOT / "examples" / "duel.toml"


class Pane:
    """A detached tmux session of 80 columns and 40 rows running one command."""

    def __init__(self, socket: Path, command: str) -> None:
        self.base = [str(TMUX), "-S", str(socket)]
        subprocess.run([*self.base, "new-session", "-d", "-x", "80", "-y", "40", command], check=True)

    def screen(self, joined: bool = False) -> str:
        """What the pane shows; `joined`: the lines the terminal wrapped at its edge joined again (-J)."""
        flags = ["-p", "-J"] if joined else ["-p"]
        return subprocess.run([*self.base, "capture-pane", *flags], capture_output=True, text=True, check=True).stdout

    def wait_for(self, text: str, seconds: float = 120) -> str:  # a bound on a hang, not on speed
        """The screen once it shows `text` and the prompt under it: the run drew it all and waits."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            shown = self.screen()
            drawn = [line for line in shown.splitlines() if line.strip()]
            if text in shown and drawn and drawn[-1].rstrip().endswith(">"):
                return shown
            time.sleep(0.1)
        raise AssertionError(f"{text!r} never appeared; the screen:\n{self.screen()}")

    def type(self, line: str) -> None:
        subprocess.run([*self.base, "send-keys", "-l", "--", line], check=True)
        subprocess.run([*self.base, "send-keys", "Enter"], check=True)

    def close(self) -> None:
        subprocess.run([*self.base, "kill-server"], capture_output=True)


def test_turn_a_shows_the_roll_and_its_ledger_together_at_80x40(tmp_path: Path) -> None:
    """Alice (broadsword 15) against Bruno, seed 1: the first 3d6 of the session is 13, a hit by 2."""
    command = (f"NO_COLOR=1 {sys.executable} -m checklist run {FLOW} --roster {ROSTER} --at combat.1 --seed 1 "
               f"--session {tmp_path / 's.json'}")  # fmt: skip
    pane = Pane(tmp_path / "tmux.sock", command)
    try:
        pane.wait_for("Which maneuver does Alice choose?")
        pane.type("attack")
        aim = pane.wait_for("Which hit location is the attack aimed at")
        assert aim.rstrip().splitlines()[-1].startswith("[Enter: Torso] >")  # the default, in the prompt
        pane.type("")  # Enter takes it
        pane.wait_for("Roll 3d6 for the attack  (3d6: 3 to 18)")
        pane.type("r")
        shown = pane.wait_for("Which active defense does Bruno use")
    finally:
        pane.close()
    lines = [line.rstrip() for line in shown.splitlines()]
    assert len(lines) <= 40 and all(len(line) <= 80 for line in lines)
    assert "   succeeds on 15 or less: attacker's skill with this attack 15" in lines  # before the roll
    assert "Roll 3d6 for the attack: 3d6 → 13 vs 15: success by 2" in lines  # after it, below
    rules = [i for i, line in enumerate(lines) if line.startswith("── ")]
    prompts = [i for i, line in enumerate(lines) if line.startswith(("> ", "[Enter"))]
    sizes = [next(p for p in prompts if p > r) - r + 1 for r in rules if any(p > r for p in prompts)]
    assert len(sizes) >= 3 and max(sizes) <= 15, sizes  # a screen per question, at most 15 lines


def test_a_burst_at_80_columns_breaks_long_lines_between_words(tmp_path: Path) -> None:
    """Dana fires 3 shots (tests/data/rapid-fire.toml); the ledger lines are longer than 80 columns.
    Nothing reaches the terminal's edge (so nothing wraps mid-word): the pane is the same with its
    edge-wrapped lines joined (-J), and a broken line goes on indented; the maneuver choices follow
    each other on a line."""
    command = (f"{sys.executable} -m checklist run {FLOW} --roster {ROOT / 'tests/data/rapid-fire.toml'} "
               f"--at combat.1 --seed 5 --session {tmp_path / 's.json'}")  # fmt: skip
    pane = Pane(tmp_path / "tmux.sock", command)
    try:
        first = pane.wait_for("Which maneuver does Dana choose?")
        for answer, then in (("attack", "How many shots"), ("3", "How far away is Bruno, in yards?"),
                             ("10", "Which hit location is the attack aimed at"),
                             ("", "Roll 3d6 for the attack")):  # fmt: skip
            pane.type(answer)
            shown = pane.wait_for(then)
        joined = pane.screen(joined=True)
    finally:
        pane.close()
    assert [line.rstrip() for line in shown.splitlines()] == [line.rstrip() for line in joined.splitlines()]
    # the 17 maneuvers in reading order, as many to a line as fit in 80 columns
    assert any(line.startswith("   1) Aim   2) All-Out Attack") for line in first.splitlines())
    # what the attack succeeds on, longer than 80 columns, breaks between words and goes on indented
    lines = shown.splitlines()
    broken = [i for i in range(len(lines) - 1) if len(lines[i].rstrip()) > 60 and lines[i + 1].startswith("      ")]
    assert broken and all(len(line.rstrip()) <= 80 for line in lines)
