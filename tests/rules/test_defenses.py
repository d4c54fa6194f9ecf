"""Which defenses the rules allow, from the roster (issue: the table turn, part 6).

Seed 002: MOVE AND ATTACK "Cannot parry or retreat"; Retreat: "move 1 hex away from a melee
attacker"; Dodge and Drop: "drop prone for +3 to Dodge against a single foe's ranged attacks".
A choice written `parry if can-parry` is offered only while `can-parry` is not known to be no.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from checklist.engine.questions import BadAnswer
from checklist.engine.session import Session
from checklist.graph.program import Program
from checklist.present.screen import screen
from checklist.roster.load import load
from tests.present.test_table_turn import answer_until, table_view
from tests.turns import DATA

ROOT = Path(__file__).resolve().parents[2]
ARCHER = """
[[combatant]]
name = "Cora"
st = 11
dx = 12
ht = 10
hp = 11
sm = 0
basic-speed = 7
skills = { bow = 14 }
dodge = 8
parry = 0
block = 0

[[combatant.weapon]]
name = "bow"
damage = "1d+1"
type = "imp"
skill = "bow"
acc = 2
rof = 1
ranged = true

[[combatant]]
name = "Dan"
st = 10
dx = 10
ht = 10
hp = 10
sm = 0
basic-speed = 5
skills = { shortsword = 12 }
dodge = 8
parry = 9
block = 0

[[combatant.weapon]]
name = "shortsword"
damage = "1d"
type = "cut"
skill = "shortsword"
reach = "1"
"""


def archer(tmp_path: Path) -> Path:
    path = tmp_path / "archer.toml"
    path.write_text(ARCHER)
    return path


def test_after_a_move_and_attack_the_defender_cannot_parry_or_retreat(flow: Program) -> None:
    """Alice makes a Move and Attack (round 1). When Bruno attacks her, parry is not offered
    (and block is not: `block = 0`, no shield); typing it says why. Her retreat gives nothing.
    Her next turn clears it."""
    session = table_view(flow, DATA / "duel-roster.toml")
    answers = {"maneuver": "move-and-attack", "aimed-location": "torso", "defense": "dodge", "combat-over": "no"}
    answer_until(session, "combat-over", answers)
    roster = session.state.roster
    assert roster is not None and roster.states[0].move_and_attack  # Alice acted first
    session.answer("no")
    answer_until(session, "defense", {**answers, "maneuver": "attack", "attack-dice": "8"})  # Bruno hits
    question = session.question
    assert question is not None
    assert [o.value for o in question.options] == ["dodge", "none"]
    with pytest.raises(BadAnswer, match=r"`parry` cannot be chosen now: Can the defender parry now .*\? no; "):
        session.answer("parry")
    session.answer("dodge")
    session.override("retreats")
    session.answer("yes")
    session.answer("10")  # the dodge roll: worked out against the score, with the override
    known = session.state.known()
    assert known["retreat-open"].value == "no" and known["retreat-bonus"].value == 0
    assert known["dodge-score"].value == 9  # Alice's Dodge 9, no retreat bonus (B365)
    answer_until(session, "combat-over", {**answers, "maneuver": "attack"})
    session.answer("no")  # Alice's next turn: she may parry again
    roster = session.state.roster
    assert roster is not None and not roster.states[0].move_and_attack


def test_parry_and_retreat_are_open_after_an_ordinary_attack(flow: Program) -> None:
    """Bruno parries with Parry 9 and retreats: +1 (seed 002: "+1 to any other Active Defense")."""
    session = table_view(flow, DATA / "duel-roster.toml")
    answer_until(session, "defense", {"maneuver": "attack", "aimed-location": "torso", "attack-dice": "8"})
    question = session.question
    assert question is not None and [o.value for o in question.options] == ["dodge", "parry", "none"]
    session.answer("parry")
    ledgers = [ledger.title for ledger in screen(session).ledgers]  # shown with the roll question
    assert session.question is not None and session.question.fact == "defense-dice" and "Effective Parry" in ledgers
    session.override("retreats")
    session.answer("yes")
    # step 79 read `retreats` since the last answer: the run goes through it again, and the
    # retreat's bonus needs the parry's style (seed 002) before the roll
    assert session.question is not None and session.question.fact == "retreat-style"
    session.answer("other")
    session.answer("10")
    used = {fact: value for visit in session.state.trace for fact, value, _ in visit.used}
    assert used["retreat-bonus"] == 1 and used["defense-score"] == 9 + 1
    assert used["defense-outcome"] == "success"  # 10 vs 10: the retreat made the difference


def test_no_retreat_against_a_ranged_attack_and_dodge_and_drop_gives_3_and_lays_down(
    flow: Program, tmp_path: Path
) -> None:
    """Cora (Speed 7, first) shoots Dan. Dan's Dodge 8; Retreat is against a melee attacker only,
    so it adds 0 even when he retreats; Dodge and Drop adds +3: 8 + 3 = 11, and he is lying."""
    session = Session(flow, at="combat.1", seed=3, roster=load(archer(tmp_path)), pause=False)
    shot = {"maneuver": "attack", "aimed-location": "torso", "attack-dice": "8", "range-yards": "2"}
    answer_until(session, "defense", shot)
    question = session.question
    assert question is not None and [o.value for o in question.options] == ["dodge", "none"]  # no parry: B376
    session.answer("dodge")
    session.override("retreats")
    session.answer("yes")
    session.override("dodge-and-drop")
    session.answer("yes")
    answer_until(session, "defense-dice", {})
    session.answer("11")
    used = {fact: value for visit in session.state.trace for fact, value, _ in visit.used}
    assert used["retreat-bonus"] == 0 and used["drop-bonus"] == 3
    assert used["defense-score"] == 11 and used["defense-outcome"] == "success"  # 11 vs 11
    roster = session.state.roster
    assert roster is not None and roster.states[1].posture == "lying"


def test_a_thrown_knife_can_be_parried_and_an_arrow_cannot(flow: Program, tmp_path: Path) -> None:
    """B376, Parrying Missile Weapons: thrown weapons can be parried, missiles (an arrow) cannot. Cora's
    arrow leaves Dan dodge or none (above); her thrown knife (skill Thrown Weapon (Knife)) leaves his
    parry: can-parry is yes (his shortsword is ready and parries)."""
    knife = ARCHER.replace("skills = { bow = 14 }", "skills = { thrown-weapon-knife = 14 }").replace(
        'name = "bow"\ndamage = "1d+1"\ntype = "imp"\nskill = "bow"',
        'name = "knife"\ndamage = "1d-2"\ntype = "imp"\nskill = "thrown-weapon-knife"',
    )
    assert "thrown-weapon-knife" in knife and '"bow"' not in knife
    path = tmp_path / "knife.toml"
    path.write_text(knife)
    session = Session(flow, at="combat.1", seed=3, roster=load(path), pause=False)
    answer_until(session, "defense", {"maneuver": "attack", "aimed-location": "torso", "attack-dice": "8",
                                      "range-yards": "2"})  # fmt: skip
    question = session.question
    assert question is not None and [o.value for o in question.options] == ["dodge", "parry", "none"]
    known = {name: k.value for name, k in session.state.known().items()}
    assert (known["ranged-attack"], known["weapon-thrown"], known["missile-attack"]) == ("yes", "yes", "no")


def test_dodge_and_drop_is_asked_only_against_a_ranged_attack(flow: Program, tmp_path: Path) -> None:
    """In --learn (every question asked), a dodge against Bruno's mace asks about retreat and not
    about Dodge and Drop; against Cora's arrow it asks about Dodge and Drop, and not about retreat."""
    melee = Session(flow, at="combat.1", seed=3, roster=load(DATA / "duel-roster.toml"), pause=True)
    asked = learn_until(melee, "defense-dice")
    assert "retreats" in asked and "dodge-and-drop" not in asked
    ranged = Session(flow, at="combat.1", seed=3, roster=load(archer(tmp_path)), pause=True)
    asked = learn_until(ranged, "defense-dice")
    assert "retreats" not in asked and "dodge-and-drop" in asked


def learn_until(
    session: Session, wanted: str, answers: dict[str, str] | None = None, after_turns: int = 0
) -> list[str]:
    """--learn: every step is a screen (Enter goes on) and every assumed answer is asked; a split
    is answered with the one combatant it is for. `after_turns`: pass that many ends of turn first."""
    asked: list[str] = []
    answers = answers or LEARN
    for _ in range(400):
        question = session.question
        assert question is not None, "the flow ended"
        if question.fact == "combat-over":
            after_turns -= 1
        if question.fact == wanted and after_turns <= 0:
            return asked
        if question.kind == "continue":
            session.answer("")
        elif question.kind == "split":
            session.answer("0" if question.item != "defender" else "1: " + str(session.state.value("target")))
        else:
            asked.append(question.fact or question.kind)
            session.answer(answers[question.fact or ""])
    raise AssertionError(f"{wanted} was never asked; asked {asked}")


LEARN = {
    "maneuver": "attack", "aimed-location": "torso", "attack-dice": "8", "retreats": "no", "dodge-and-drop": "no",
    "defense": "dodge", "aim-turns": "0", "braced": "no", "drops-weapon": "no", "multi-skill-weapon": "no",
    "fast-draw-failed": "no",
    "already-grappling": "no", "lock-held": "no", "pin-held": "no", "attacking-behind": "no", "close-combat": "no",
    "several-targets": "no", "area-or-cone": "no", "deceptive-levels": "0", "telegraphic": "no", "shots": "1",
    "other-skill-modifier": "0", "location-unknown": "no", "defends": "yes", "side-attack": "no",
    "feint-defense": "0", "other-defense-modifier": "0", "shield-db": "0", "aim-bonus": "0", "range-yards": "2",
    "target-speed": "0", "weapon-malf": "17", "grip-mastery": "no", "gun-fright-rules": "no", "noticing-rules": "no",
}  # fmt: skip


def test_a_grip_mastery_answer_is_remembered_for_that_combatant_only(flow: Program) -> None:
    """The duel roster says nothing of Grip Mastery. In --learn it is asked on Alice's first turn
    (she answers yes) and on Bruno's (no); on Alice's next turn it is known, from her answer, and
    Bruno's `no` is his alone."""
    session = Session(flow, at="combat.1", seed=3, roster=load(DATA / "duel-roster.toml"), pause=True)
    nothing = LEARN | {"maneuver": "do-nothing-b364", "combat-over": "no"}
    learn_until(session, "grip-mastery")
    session.answer("yes")  # Alice's
    learn_until(session, "grip-mastery", nothing)  # on to Bruno's turn
    roster = session.state.roster
    assert roster is not None and roster.current == 1
    session.answer("no")
    asked = learn_until(session, "fast-draw-failed", nothing, after_turns=1)  # Alice's second turn
    assert "grip-mastery" not in asked
    known = session.state.known()["grip-mastery"]
    assert known.value == "yes" and known.how == "computed"
    roster = session.state.roster
    assert roster is not None and dict(roster.states[0].learned) == {"grip-mastery": "yes"}
    assert dict(roster.states[1].learned) == {"grip-mastery": "no"}


def test_the_rules_table_of_a_roster_sets_the_options_once(tmp_path: Path) -> None:
    """`[rules] grip-rules = true` in the roster file: the run starts with it set, as with --set;
    a fact that is not a once-per-combat option is refused, naming it."""
    roster = tmp_path / "roster.toml"
    roster.write_text("[rules]\ngrip-rules = true\n" + (DATA / "duel-roster.toml").read_text("utf-8"))
    assert load(roster).rules == (("grip-rules", "yes"),)
    bad = tmp_path / "bad.toml"
    bad.write_text("[rules]\nretreats = true\n" + (DATA / "duel-roster.toml").read_text("utf-8"))
    done = subprocess.run(
        [sys.executable, "-m", "checklist", "run", "flow", "--roster", str(bad), "--session", str(tmp_path / "s.json")],
        capture_output=True, text=True, input="", cwd=ROOT,
    )  # fmt: skip
    assert done.returncode == 2 and "[rules] retreats: it is asked per defender" in done.stderr
    assert "Traceback" not in done.stderr
