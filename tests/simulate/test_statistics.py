"""The numbers of the report, against numbers worked out by hand."""

from __future__ import annotations

import math
from pathlib import Path

from checklist.engine.session import Session
from checklist.graph.program import Program
from checklist.play.simulate.setup import fight_seed
from checklist.play.simulate.tally import quantile, wilson
from checklist.present.fight import LogLine
from checklist.present.simulation import way_down
from checklist.roster.load import load
from tests.conftest import ROOT


def test_wilson_interval_by_hand() -> None:
    # 7 of 10: p = 0.7, z = 1.96: centre (0.7 + 0.19208) / 1.38416 = 0.64454, half 0.2409 -> 0.3968 to 0.8922
    low, high = wilson(7, 10)
    assert math.isclose(low, 0.396774, abs_tol=1e-5) and math.isclose(high, 0.892209, abs_tol=1e-5)
    assert wilson(0, 5)[0] == 0.0 and wilson(5, 5)[1] == 1.0


def test_quantiles_interpolate() -> None:
    assert quantile([1, 2, 3, 4], 0.5) == 2.5 and quantile([5], 0.9) == 5 and quantile([1, 10], 0.9) == 9.1


def test_each_fight_has_its_own_seed_whatever_the_number_of_fights() -> None:
    seeds = [fight_seed(1, k) for k in range(1, 1001)]
    assert len(set(seeds)) == 1000 and fight_seed(1, 3) == seeds[2] and fight_seed(2, 3) != seeds[2]


def test_the_way_down_reads_the_log() -> None:
    log = (
        LogLine(1, "damage", "Bruno", "7 cut"),
        LogLine(2, "damage", "Bruno", "9 cut"),
        LogLine(2, "major wound", "Bruno"),
        LogLine(2, "knockdown", "Bruno", "14 vs 12: failure"),
        LogLine(2, "stun", "Bruno", "stunned, falls (lying)"),
        LogLine(2, "unconscious", "Bruno", "the knockdown check failed by 5 or more"),
        LogLine(3, "attack", "Alice", "Bruno 9 vs 15: success"),
    )
    assert way_down(log, "Bruno", dead=False) == "major wound, failed knockdown, knocked out"
    assert way_down(log[:2], "Bruno", dead=True) == "dead"


def test_an_attack_at_skill_10_on_a_target_who_cannot_defend_hits_half_the_time(flow: Program, tmp_path: Path) -> None:
    """3d6 <= 10 in 108 of 216 throws (criticals included: 3 and 4 hit, 17 and 18 miss, all on the same side
    of 10): over 10,000 attack rolls through the Session, the share of hits is within 4 standard errors of 0.5.
    Whether the attack hits is decided before any defense (combat.54), so the target's defense plays no part;
    the roll is undone after each attack, and the next one rolled with other dice. Step by step (the
    `--learn` view), the session stops at the step after the roll: one step's work per attack."""
    text = (ROOT / "tests" / "data" / "duel-sides.toml").read_text("utf-8")
    path = tmp_path / "skill-10.toml"
    path.write_text(text.replace("broadsword = 15", "broadsword = 10"), "utf-8")
    roster = load(path)
    session = Session(flow, at="combat.1", seed=0, roster=roster, pause=True)  # step by step: it stops after 54
    while (question := session.question) is not None and question.kind != "roll":
        typed = {"maneuver": "attack", "target": "Bruno"}.get(question.fact or "", "")
        session.answer("0" if question.kind == "split" else typed)  # no split: nobody waits, nobody else moves
    assert session.state.step == "combat.54"
    n, hits = 10_000, 0
    for i in range(n):
        session.seed = fight_seed(30, i)  # each attack its own dice; the state before the roll is the same
        session.roll()
        known = session.state.known()  # at the step the roll led to, shown before it is left
        assert known["final-skill"].value == 10
        hits += known["attack-roll"].value in ("hit", "critical-hit")
        session.undo()
    error = math.sqrt(0.25 / n)
    assert abs(hits / n - 108 / 216) < 4 * error, hits


def test_a_question_no_tactic_answers_is_answered_and_typed_in_the_replay() -> None:
    from checklist.engine.questions import YES_NO, Option, Question
    from checklist.play.simulate.fight import fallback
    from checklist.play.simulate.setup import Spec, load_setup, replay_command
    from tests.conftest import FLOW

    assert fallback(Question("yes/no", "Could the missed shot hit somebody else?", "other", YES_NO)) == "no"
    assert fallback(Question("choice", "Which?", "w", (Option("a", "A"), Option("b", "B")))) == "a"
    assert fallback(Question("number", "How many?", "n")) == "0"
    setup = load_setup(Spec((str(ROOT / "tests" / "data" / "duel-sides.toml"),), (str(FLOW),)))
    command = replay_command(setup, 5, ("no", "a b"))
    assert command.startswith("printf '%s\\n' no 'a b' > fight-5.answers && checklist run --roster ")
    assert command.endswith("--seed 5 --session fight-5.json --answers fight-5.answers")
    assert "--npc Alice --npc Bruno" in command  # neither has a tactic: the default is given by name
