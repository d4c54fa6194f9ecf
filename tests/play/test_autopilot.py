"""NPCs on autopilot (issue 25, part 9): a combatant with a tactic has its decisions proposed
(flow/tactics.flow) and, on autopilot, taken; with every combatant an NPC a fight runs from the
first turn to the end table with no input at all, and in 200 seeded fights no NPC does what the
rules forbid."""

from __future__ import annotations

from pathlib import Path

import pytest

from checklist.engine.session import Session
from checklist.graph.program import Program
from checklist.roster.combatants import Roster
from checklist.roster.load import load
from tests.inprocess import checklist
from tests.present.test_table_turn import THIRD
from tests.turns import DATA

# Alice (aggressive) for the party; Bruno (defensive) and Cora (ranged: Attack, dodge; a knife) for the foes
SIDED = (
    (DATA / "duel-roster.toml")
    .read_text("utf-8")
    .replace('name = "Alice"', 'name = "Alice"\nside = "party"\ntactic = "aggressive"')
    .replace('name = "Bruno"', 'name = "Bruno"\nside = "foes"\ntactic = "defensive"')
    + THIRD.replace('name = "Cora"', 'name = "Cora"\nside = "foes"\ntactic = "ranged"').replace(
        "skills = { bow = 14 }", "skills = { bow = 14, knife = 12 }"
    )
    + '\n[[combatant.weapon]]\nname = "knife"\ndamage = "1d-1"\ntype = "cut"\nskill = "knife"\nreach = "C,1"\n'
)


def roster(tmp_path: Path) -> Roster:
    path = tmp_path / "npcs.toml"
    path.write_text(SIDED, "utf-8")
    return load(path)


def test_the_tactic_proposes_the_npcs_decisions(flow: Program, tmp_path: Path) -> None:
    session = Session(flow, at="combat.1", seed=1, roster=roster(tmp_path), pause=False)
    question = session.question
    assert question is not None and question.fact == "maneuver"
    assert (question.default, question.npc) == ("attack", "Alice")  # aggressive: Attack (tactics.flow)
    session.answer("")
    assert session.state.known()["maneuver"].value == "attack"


def test_a_player_gets_no_proposal(flow: Program, tmp_path: Path) -> None:
    session = Session(flow, at="combat.1", seed=1, roster=roster(tmp_path).__class__(
        *_without_tactics(roster(tmp_path))), pause=False)  # fmt: skip
    question = session.question
    assert question is not None and question.fact == "maneuver" and question.default is None and question.npc is None


def _without_tactics(r: Roster) -> tuple[object, ...]:
    from dataclasses import replace

    return (tuple(replace(s, tactic="") for s in r.sheets), r.states)


def autopilot(session: Session, limit: int = 3000) -> list[str]:
    """Answer every question as --autopilot with --roll auto does; the problems seen."""
    problems: list[str] = []
    seen_target = 0
    for _ in range(limit):
        question = session.question
        if question is None:
            return problems
        known = session.state.known()
        target = known.get("target")
        if target is not None and target.seq != seen_target:
            seen_target = target.seq
            problems += _bad_target(session, str(target.value))
        if question.kind == "roll":
            session.roll()
        elif question.default is not None or question.kind == "continue":
            session.answer("")
        else:
            return [*problems, f"asked with no default at {session.state.step}: {question.text}"]
    return [*problems, "the fight did not end"]


def _bad_target(session: Session, name: str) -> list[str]:
    r = session.state.roster
    assert r is not None
    who = r.index(name)
    if who is None:
        return [f"target {name} is not in the roster"]
    foes = [i for i in range(len(r.sheets)) if r.side(i) != r.side(r.current)]
    if who not in foes:
        return [f"{r.actor.name} attacks an ally, {name}"]
    if not r.standing(who) and any(r.standing(i) for i in foes):
        return [f"{r.actor.name} attacks {name}, who is down, while another foe stands"]
    return []


@pytest.mark.parametrize("chunk", range(4))
def test_two_hundred_seeded_fights_keep_the_rules(flow: Program, tmp_path: Path, chunk: int) -> None:
    base = roster(tmp_path)
    for seed in range(chunk * 50, chunk * 50 + 50):
        session = Session(flow, at="combat.1", seed=seed, roster=base, pause=False)
        problems = autopilot(session)
        assert problems == [], f"seed {seed}: {problems}"
        assert session.finished is not None and session.finished.kind == "end", f"seed {seed}"
        final = session.state.roster
        assert final is not None and final.sides_standing() in (0, 1), f"seed {seed}: the fight ended early"


def test_a_fight_on_autopilot_needs_no_input(tmp_path: Path) -> None:
    path = tmp_path / "npcs.toml"
    path.write_text(SIDED, "utf-8")
    done = checklist("run", "--roster", path, "--autopilot", "--roll", "auto", "--seed", "2",
                     "--session", tmp_path / "s.json", stdin="")  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "> " not in done.stdout  # never a prompt
    assert "Alice: Attack  (autopilot)" in done.stdout and "Roll 3d6 for the attack" in done.stdout
