"""Issue 30, part 5: the invariants every simulated fight keeps (HP never rises inside a fight, the dead never
act, nobody defends after an All-Out Attack, the session file resumes, every fight ends), checked in seeded
fights; each check shown to catch what it is for; a fight that breaks one saved so that `run --resume` replays it."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from checklist.cli import exitcodes
from checklist.engine import journal as jr
from checklist.engine.questions import Option, Question
from checklist.graph.program import Program
from checklist.play import saving
from checklist.play.simulate import invariants
from checklist.play.simulate.fight import play
from checklist.play.simulate.setup import Spec, fight_seed, load_setup
from checklist.roster.combatants import Roster
from tests.conftest import FLOW, ROOT
from tests.inprocess import checklist

DUEL = str(ROOT / "tests" / "data" / "duel-sides.toml")
SKIRMISH = str(ROOT / "examples" / "skirmish.toml")


@pytest.mark.parametrize(("roster", "fights"), [(DUEL, 24), (SKIRMISH, 3)])
def test_seeded_fights_keep_every_invariant(roster: str, fights: int) -> None:
    setup = load_setup(Spec((roster,), (str(FLOW),), check=True))
    for index in range(1, fights + 1):
        outcome = play(setup, index, fight_seed(11, index))
        assert outcome.problems == (), f"fight {index}: {outcome.problems}"
        assert outcome.end in ("over", "rounds") and outcome.rounds >= 1
        assert outcome.end == "rounds" or outcome.winner is not None or all(f.dead or f.unconscious
                                                                              for f in outcome.fighters)  # fmt: skip


def _roster(flow: Program) -> Roster:
    return load_setup(Spec((DUEL,), (str(FLOW),))).roster


def _with(roster: Roster, who: int, **state: object) -> Roster:
    states = list(roster.states)
    states[who] = replace(states[who], **state)  # type: ignore[arg-type]
    return replace(roster, states=tuple(states))


def test_each_check_catches_what_it_is_for(flow: Program) -> None:
    roster = _roster(flow)
    watch = invariants.Watch()
    asked = Question("table", "Which maneuver?", "maneuver", npc=roster.actor.name)
    watch.asked(roster, asked, "combat.11")
    watch.asked(_with(roster, 1, current_hp=99), asked, "combat.11")  # Alice's HP rises
    dead = _with(roster, roster.current, dead=True)
    watch.asked(dead, asked, "combat.11")
    assert any("HP rose" in p for p in watch.problems), watch.problems
    assert any("dead, is asked `maneuver`" in p for p in watch.problems), watch.problems


def test_the_all_out_attacker_may_only_answer_none(flow: Program) -> None:
    from checklist.engine.session import Session

    roster = _roster(flow)
    session = Session(flow, at="combat.1", seed=1, roster=roster, pause=False)
    while (q := session.question) is not None and q.fact != "defense":
        session.roll() if q.kind == "roll" else session.answer("")
    assert q is not None
    defender = session.state.roster
    assert defender is not None
    watch = invariants.Watch()
    who = defender.index("Bruno")
    assert who is not None
    watch.defends(_with(defender, who, all_out=True), q, session)
    assert any("All-Out Attack" in p for p in watch.problems), watch.problems
    fine = invariants.Watch()
    only = replace(q, options=(Option("none", "none"),))
    fine.defends(_with(defender, who, all_out=True), only, session)
    assert fine.problems == []


def test_a_fight_that_breaks_one_is_saved_and_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, flow: Program
) -> None:
    def rises(self: invariants.Watch, roster: Roster, step: str) -> None:
        if step.startswith("combat.88"):
            self.problems.append(f"(a planted break) at {step}")

    monkeypatch.setattr(invariants.Watch, "_hp_kept", rises)
    done = checklist("simulate", DUEL, "--fights", "3", "--seed", "2", "--jobs", "1", "--check", "--keep", tmp_path)
    assert done.returncode == exitcodes.BROKEN, done.stderr
    assert "Fights that broke an invariant" in done.stdout and "(a planted break)" in done.stdout
    saved = sorted(tmp_path.glob("simulate-fight-*.json"))
    assert saved, done.stdout
    journal = saving.read(saved[0])
    assert jr.restore(journal, flow, jr.digest(flow)).session.state.roster is not None
