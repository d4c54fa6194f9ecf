"""`checklist run --roll auto` (issue 25): the tool rolls every die without waiting and shows each
roll as one line; the game master types only the decisions."""

from __future__ import annotations

import re
from pathlib import Path

from tests.inprocess import checklist
from tests.turns import DATA

ROSTER = DATA / "duel-roster.toml"


def test_the_tool_rolls_without_a_prompt(tmp_path: Path) -> None:
    # Alice attacks Bruno: the maneuver, the location (Enter: torso), Bruno's parry; every roll auto
    typed = "attack\n\nparry\n"
    done = checklist("run", "--roster", ROSTER, "--seed", "11", "--roll", "auto", "--session", tmp_path / "s.json",
                     stdin=typed)  # fmt: skip
    prompts = re.findall(r"^(?:\[[^\]]*\] )?> (.*)$", done.stdout, re.M)
    assert prompts[:3] == ["attack", "", "parry"]
    assert "[Enter: roll]" not in done.stdout and "type the 3d6 roll" not in done.stdout
    assert re.search(r"^Roll 3d6 for the attack: 3d6 → \d+ vs 15: ", done.stdout, re.M)
    assert re.search(r"^Roll 3d6 for the active defense: 3d6 → \d+ vs ", done.stdout, re.M)


def test_without_it_each_roll_waits(tmp_path: Path) -> None:
    done = checklist("run", "--roster", ROSTER, "--seed", "11", "--session", tmp_path / "s.json",
                     stdin="attack\n\n")  # fmt: skip
    assert done.stdout.rstrip().endswith("[Enter: roll] >")  # the attack roll waits for the dice
