"""NPCs on autopilot (issue 25, part 9): a combatant with a tactic has its decisions proposed
(flow/tactics.flow) and, on autopilot, taken; with every combatant an NPC a fight runs from the
first turn to the end table with no input at all, and in 200 seeded fights no NPC does what the
rules forbid.

Alice's broadsword is unbalanced here (parry 11U: no parry after it attacked, until her next turn,
B269) and Bruno's mace is marked ‡ at min ST 12 (his ST 13 is below ceil(12 x 3 / 2) = 18: unready
after each attack until a Ready, B270). The checks below follow both independently of the flow."""

from __future__ import annotations

from pathlib import Path

import pytest

from checklist.engine.session import Session
from checklist.engine.state import State, branch_target
from checklist.engine.trace import Decision
from checklist.graph.program import Program
from checklist.roster.combatants import Roster
from checklist.roster.load import load
from tests.inprocess import checklist
from tests.present.test_table_turn import THIRD
from tests.turns import DATA, EndOfCombat

# Alice (aggressive) for the party; Bruno (defensive) and Cora (ranged: Attack, dodge; a knife) for the foes
SIDED = (
    (DATA / "duel-roster.toml")
    .read_text("utf-8")
    .replace('name = "Alice"', 'name = "Alice"\nside = "party"\ntactic = "aggressive"')
    .replace('name = "Bruno"', 'name = "Bruno"\nside = "foes"\ntactic = "defensive"')
    .replace("bulk = -4", 'bulk = -4\nparry = "9"\nmin-st = "12‡"')
    .replace('skill = "broadsword"\nreach = "1"', 'skill = "broadsword"\nreach = "1"\nparry = "11U"')
    + THIRD.replace('name = "Cora"', 'name = "Cora"\nside = "foes"\ntactic = "ranged"').replace(
        "skills = { bow = 14 }", "skills = { bow = 14, knife = 12 }"
    )
    + '\n[[combatant.weapon]]\nname = "knife"\ndamage = "1d-1"\ntype = "cut"\nskill = "knife"\nreach = "C,1"\n'
)


def roster(tmp_path: Path) -> Roster:
    path = tmp_path / "npcs.toml"
    path.write_text(SIDED, "utf-8")
    loaded = load(path)
    weapons = {w.name: (w.parry, w.min_st) for s in loaded.sheets for w in s.weapons}
    assert (weapons["broadsword"], weapons["mace"]) == (("11U", ""), ("9", "12‡"))
    return loaded


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


class Weapons:
    """An Observer that follows, apart from the flow, who attacked with an unbalanced weapon since their
    turn began (B269) and whose ‡ weapon is unready (B270: ST below 1.5 x its min ST, rounded up), and
    notes an attack made with an unready weapon."""

    def __init__(self) -> None:
        self.swung: set[str] = set()  # attacked with a U weapon since their turn began
        self.unready: set[str] = set()
        self.problems: list[str] = []
        self.seen = {"readies": 0, "parries barred": 0}  # that the fights went through both rules

    def visited(self, step: str) -> None:
        pass

    def decided(self, before: State, decision: Decision, after: State) -> None:
        roster = before.roster
        assert roster is not None
        name, state = roster.actor.name, roster.states[roster.current]
        if before.step == "combat.1":
            self.swung.discard(name)
        elif before.step == "combat.23":
            self.unready.discard(name)
            self.seen["readies"] += 1
        elif before.step == "combat.28":  # the attack goes ahead, with the weapon readied at 27
            weapon = next(w for w in roster.actor.weapons if w.name in state.readied)
            if name in self.unready:
                self.problems.append(f"{name} attacks with an unready {weapon.name}")
            if "U" in weapon.defense("parry")[1]:
                self.swung.add(name)
            least = int("".join(c for c in weapon.min_st if c.isdigit()) or 0)
            if "‡" in weapon.min_st and (roster.actor.number("st") or 0) * 2 < least * 3:
                self.unready.add(name)

    def parry_barred(self, name: str) -> bool:
        return name in self.swung or name in self.unready


def autopilot(session: Session, limit: int = 3000, weapons: Weapons | None = None) -> list[str]:
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
        if question.fact == "defense" and weapons is not None:
            defender = branch_target(session.state.frames) or ""
            offered = [o.value for o in question.options]
            if weapons.parry_barred(defender):
                weapons.seen["parries barred"] += 1
                if "parry" in offered or question.default == "parry":
                    problems.append(f"{defender} may parry with a weapon that cannot ({session.state.step})")
        if question.kind == "roll":
            session.roll()
        elif question.default is not None or question.kind == "continue":
            session.answer("")
        else:
            return [*problems, f"asked with no default at {session.state.step}: {question.text}"]
        if weapons is not None and weapons.problems:
            return [*problems, *weapons.problems]
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
    seen = {"readies": 0, "parries barred": 0}
    for seed in range(chunk * 50, chunk * 50 + 50):
        weapons, end = Weapons(), EndOfCombat()
        session = Session(flow, at="combat.1", seed=seed, roster=base, pause=False, observers=[weapons, end])
        problems = autopilot(session, weapons=weapons)
        assert problems == [], f"seed {seed}: {problems}"
        assert session.finished is not None and session.finished.kind == "end", f"seed {seed}"
        final = end.roster  # post-combat may wake someone up (B423)
        assert final is not None and final.sides_standing() in (0, 1), f"seed {seed}: the fight ended early"
        seen = {k: v + weapons.seen[k] for k, v in seen.items()}
    assert all(seen.values()), seen  # Bruno took Readies, and Alice's parry was barred after her attacks


def test_a_fight_on_autopilot_needs_no_input(tmp_path: Path) -> None:
    path = tmp_path / "npcs.toml"
    path.write_text(SIDED, "utf-8")
    done = checklist("run", "--roster", path, "--autopilot", "--roll", "auto", "--seed", "2",
                     "--session", tmp_path / "s.json", stdin="")  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "> " not in done.stdout  # never a prompt
    assert "Alice: Attack  (autopilot)" in done.stdout and "Roll 3d6 for the attack" in done.stdout
