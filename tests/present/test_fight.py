"""The end of a fight as plain data (run/fight.py): the combatants' table and the combat log."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from checklist.engine.session import Session
from checklist.graph.program import Program
from checklist.present.fight import AttackLine, CombatantRow, fight_view
from tests.present.test_table_turn import answer_until, table_view
from tests.turns import DATA, FLOW


def test_no_roster_no_fight(flow: Program) -> None:
    assert fight_view(Session(flow, at="combat.1")) is None


def test_one_attack_is_one_line_of_the_log_and_the_table_shows_the_wound(flow: Program) -> None:
    """Alice attacks Bruno in round 1 (seed 11: a hit, the parry fails), then Bruno does nothing.

    By hand, from the rolls the run made: 1d+2 cut against DR 2 on the torso, x1.5 (B379), at
    least 1; Bruno's HP 13 less the injury; shock -1 per point of injury (HP 13), at most -4
    (B419), gone at the end of his own turn."""
    session = table_view(flow, DATA / "duel-roster.toml")
    rolls: dict[str, int] = {}
    answers = {"maneuver": "attack", "aimed-location": "torso", "defense": "parry", "combat-over": "no"}
    answer_until(session, "combat-over", answers, rolls)
    session.answer("no")
    answer_until(session, "combat-over", {"maneuver": "do nothing"})
    view = fight_view(session)
    assert view is not None
    damage = rolls["damage-roll"]
    injury = max(1, (damage - 2) * 3 // 2) if damage > 2 else 0
    (line,) = view.log
    attack, parry = rolls["attack-dice"], rolls["defense-dice"]
    assert line == AttackLine(
        1, "Alice", "Bruno", f"{attack} vs 15: success", f"parry {parry} vs 9: failure", f"{damage} cut", injury,
        "torso", False,
    )  # fmt: skip
    bruno = next(row for row in view.combatants if row.name == "Bruno")
    wounds = (f"torso {injury}",) if injury else ()
    assert bruno == CombatantRow("Bruno", 13 - injury, 13, 12, 12, 0, "standing", (), wounds)


def test_the_table_view_ends_with_the_fight_and_the_trace_is_one_flag_away(tmp_path: Path) -> None:
    """The same first turn through `checklist run`, then the combat is over (post-combat passes by)."""
    answers = tmp_path / "turn.txt"
    answers.write_text("attack\ntorso\nr\nparry\nr\nr\nyes\n", "utf-8")
    session = tmp_path / "s.json"
    run = [sys.executable, "-m", "checklist", "run", str(FLOW), "--roster", str(DATA / "duel-roster.toml"),
           "--at", "combat.1", "--seed", "11"]  # fmt: skip
    env = {**os.environ, "NO_COLOR": "1"}
    done = subprocess.run([*run, "--answers", str(answers), "--session", str(session)], capture_output=True,
                          text=True, timeout=120, env=env, stdin=subprocess.DEVNULL)  # fmt: skip
    assert done.returncode == 0, done.stderr
    end = done.stdout[done.stdout.index("== The flow ended") :]
    assert (
        "Combat log:\n  round 1  Alice attacks Bruno 9 vs 15: success\n  round 1  Bruno defends: parry 13 vs 9" in end
    )
    assert re.search(r"\n  Bruno +\d+/13 +12/12 ", end) and "Trace:" not in end
    again = subprocess.run([sys.executable, "-m", "checklist", "run", "--resume", str(session), "--trace"],
                           capture_output=True, text=True, timeout=120, env=env, stdin=subprocess.DEVNULL)  # fmt: skip
    assert again.returncode == 0 and "Combat log:" in again.stdout and "Trace:\n    1. combat.1 " in again.stdout


def test_a_crippled_limb_is_a_wound_in_the_table(flow: Program) -> None:
    """Alice cuts Bruno's right arm for 8 (typed): no DR there, 8 x1.5 = 12 injury, over HP/2 = 6.5,
    so the arm is crippled (B420); the table lists the wound with its place and `crippled`."""
    session = table_view(flow, DATA / "duel-roster.toml")
    answers = {"maneuver": "attack", "aimed-location": "right arm", "attack-dice": "8", "defense": "none",
               "damage-roll": "8", "combat-over": "no"}  # fmt: skip
    answer_until(session, "combat-over", answers)
    view = fight_view(session)
    assert view is not None
    (line,) = view.log
    assert line.location == "right-arm" and line.crippled and line.injury
    bruno = next(row for row in view.combatants if row.name == "Bruno")
    assert bruno.wounds == (f"right-arm {line.injury} crippled",)
