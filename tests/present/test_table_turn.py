"""The table turn asks only what a person must decide (issue: the table turn).

* `assume VALUE`: the table view takes the usual answer (no Deceptive Attack, no retreat, ...)
  and says so on the next screen; `--learn` (pause=True) still asks; `o FACT` changes it.
* `fact target : combatant`: whom the attack is at, chosen from the roster when the attack
  starts (not asked when there is only one other combatant); `target.*` reads that combatant,
  and the defender split takes the target (`assume target`).
* `roll of actor.weapon-damage`: the damage is rolled from the readied weapon's dice.

The numbers of the whole turn are worked out by hand below from the seed text.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from checklist.engine import questions
from checklist.engine.questions import BadAnswer, parse_answer
from checklist.engine.session import Session
from checklist.graph.program import Program
from checklist.present.screen import assumed_since, screen
from checklist.roster.load import load
from tests.turns import DATA

THIRD = """
[[combatant]]
name = "Cora"
st = 11
dx = 12
ht = 10
hp = 11
sm = 0
basic-speed = 5.25
skills = { bow = 14 }
dodge = 8
"""


def table_view(flow: Program, roster_path: Path, seed: int = 11) -> Session:
    return Session(flow, at="combat.1", seed=seed, roster=load(roster_path), pause=False)


END_OF_TURN = "combat-over"


def turn_of(session: Session) -> tuple[int, int] | None:
    roster = session.state.roster
    return None if roster is None else (roster.round, roster.current)


def answer_until(
    session: Session, wanted: str, answers: dict[str, str], rolled: dict[str, int] | None = None
) -> list[str]:
    """Answer from `answers` (the tool rolls every roll, kept in `rolled`) until `wanted` is asked;
    the facts asked.  `combat-over` (END_OF_TURN) is the end of the turn: with a roster the tool
    answers it, and the turn is over when the next combatant's begins."""
    asked: list[str] = []
    start = turn_of(session)
    for _ in range(60):
        question = session.question
        if question is None and wanted == END_OF_TURN:
            return asked  # one side is left standing: the tool ended the fight
        assert question is not None, "the flow ended"
        if question.fact == wanted or (wanted == END_OF_TURN and turn_of(session) != start):
            return asked
        asked.append(question.fact or question.kind)
        if question.kind == "roll" and question.fact not in answers:
            value = session.roll()
            if rolled is not None:
                rolled[question.fact or ""] = value
        else:
            session.answer(answers[question.fact or ""])
    raise AssertionError(f"{wanted} was never asked; asked {asked}")


def test_a_melee_turn_asks_only_the_decisions_and_matches_the_hand_worked_numbers(flow: Program) -> None:
    """Alice (broadsword 15, 1d+2 cut) attacks Bruno (Parry 9, DR 2 on the torso, HP 13), seed 11.

    By hand: effective skill 15 (B428; no modifier). With duel-roster's two combatants the
    target is Bruno without asking. Damage 1d+2 cut; DR 2; penetrating = damage - 2; cutting
    x1.5 rounded down, at least 1 (B379); shock = -injury (HP 13: 1 per point, B419), at most -4.
    """
    session = table_view(flow, DATA / "duel-roster.toml")
    rolls: dict[str, int] = {}
    answers = {"maneuver": "attack", "aimed-location": "torso", "defense": "parry"}
    asked = answer_until(session, "combat-over", answers, rolls)
    assert asked == ["maneuver", "aimed-location", "attack-dice", "defense", "defense-dice", "damage-roll"]
    known = session.state.known()
    assert known["target"].value == "Bruno" and known["target"].how == "computed"
    assert known["final-skill"].value == 15
    assert rolls["attack-dice"] <= 15 and rolls["defense-dice"] > 9  # this seed: a hit, and the parry fails
    damage = rolls["damage-roll"]
    assert 3 <= damage <= 8  # 1d+2
    penetrating = max(0, damage - 2)
    injury = max(1, penetrating * 3 // 2) if penetrating > 0 else 0
    roster = session.state.roster
    assert roster is not None
    bruno = roster.states[[s.name for s in roster.sheets].index("Bruno")]
    assert bruno.current_hp == 13 - injury and bruno.shock == -min(4, injury)


def test_learn_mode_still_asks_what_the_table_view_assumes(flow: Program) -> None:
    session = Session(flow, at="combat.44", seed=1, pause=True)
    assert session.question is not None and session.question.fact == "deceptive-levels"


def test_assumed_answers_are_shown_and_can_be_changed(flow: Program) -> None:
    session = table_view(flow, DATA / "duel-roster.toml")
    answer_until(session, "aimed-location", {"maneuver": "attack"})
    assert ("deceptive-levels", 0) in assumed_since(session)
    assert ("telegraphic", "no") in screen(session).assumed
    session.override("deceptive-levels")
    session.answer("1")
    answer_until(session, "attack-dice", {"aimed-location": "torso"})
    known = session.state.known()
    assert known["deceptive-levels"].value == 1 and known["final-skill"].value == 15 - 2  # -2 per level (B369)


def test_the_target_is_chosen_from_the_roster_with_did_you_mean(flow: Program, tmp_path: Path) -> None:
    path = tmp_path / "three.toml"
    path.write_text((DATA / "duel-roster.toml").read_text("utf-8") + THIRD, "utf-8")
    session = table_view(flow, path)
    answer_until(session, "target", {"maneuver": "attack"})
    question = session.question
    assert question is not None and [o.label for o in question.options] == ["Bruno", "Cora"]
    with pytest.raises(BadAnswer, match="did you mean `bruno`"):
        session.answer("brunno")
    session.answer("cora")
    asked = answer_until(session, "aimed-location", {})
    assert "target-sm" not in asked
    known = session.state.known()
    assert known["target"].value == "Cora" and known["target-sm"].value == 0


def test_the_defender_split_takes_the_target(flow: Program) -> None:
    session = table_view(flow, DATA / "duel-roster.toml")
    answer_until(session, "defense", {"maneuver": "attack", "aimed-location": "torso"})
    assert session.state.frames and session.state.frames[-1].names == ("Bruno",)


def test_damage_is_rolled_from_the_weapons_dice_and_asked_without_a_roster(flow: Program) -> None:
    with_roster = table_view(flow, DATA / "duel-roster.toml")
    answer_until(with_roster, "damage-roll", {"maneuver": "attack", "aimed-location": "torso", "defense": "parry"})
    assert with_roster.question is not None and with_roster.question.dice == "1d6+2"
    with pytest.raises(BadAnswer, match="1d6\\+2 cannot roll 9"):
        with_roster.answer("9")
    without = Session(flow, at="combat.88", seed=1, pause=True)
    question = without.question
    assert question is not None and question.fact == "basic-damage" and "no roster" in question.text


def test_after_an_all_out_attack_there_is_no_defense_until_the_next_turn(flow: Program) -> None:
    """B365: All-Out Attack, no active defense. Alice makes one (round 1); Bruno attacks her and she
    cannot defend: the defense is not asked, and the flow goes from 60 to the damage (83)."""
    session = table_view(flow, DATA / "duel-roster.toml")
    answers = {"maneuver": "all-out-attack-all-other", "aoa-option": "determined", "aimed-location": "torso",
               "defense": "parry", "combat-over": "no"}  # fmt: skip
    answer_until(session, "combat-over", answers)
    roster = session.state.roster
    assert roster is not None and roster.states[0].all_out  # Alice, who acted first
    session.answer("no")
    asked = answer_until(session, "combat-over", {**answers, "maneuver": "attack", "attack-dice": "5"})  # a hit
    assert "defense" not in asked and "defense-dice" not in asked
    visits = [v.step for v in session.state.trace]
    bruno = visits.index("combat.27", visits.index("combat.135") + 1)
    assert visits[visits.index("combat.60", bruno) + 1] == "combat.83"
    session.answer("no")  # Alice's next turn starts: she may defend again
    roster = session.state.roster
    assert roster is not None and not roster.states[0].all_out


def test_a_failed_roll_to_stay_conscious_ends_the_turn_lying(flow: Program, tmp_path: Path) -> None:
    """B419: at 0 HP or less, a HT roll each turn; failing it, the combatant falls (lying) and the
    turn is over: no maneuver, no attack questions (combat.1 -> combat.135)."""
    text = (
        (DATA / "duel-roster.toml").read_text("utf-8").replace('name = "Alice"', 'name = "Alice"\nposture = "standing"')
    )
    path = tmp_path / "down.toml"
    path.write_text(text, "utf-8")
    session = Session(flow, at="combat.1", seed=11, roster=load(path), pause=False,
                      facts={"failed-consciousness": "yes"})  # fmt: skip
    # Bruno is the only one left standing: the tool ends the fight (combat-over, from the roster)
    assert session.question is None and session.state.known()["combat-over"].value == "yes"
    assert [v.step for v in session.state.trace][:3] == ["combat.1", "combat.135", "post-combat.1"]
    roster = session.state.roster
    assert roster is not None and roster.states[0].posture == "lying"


def test_an_unconscious_or_dead_combatant_does_not_act(flow: Program, tmp_path: Path) -> None:
    """B419/B423: Alice at -4 HP fails her roll to stay conscious (typed 18): she falls, her turn
    ends at once, and on her next turn she is skipped (combat.1 -> 135) without a roll."""
    path = tmp_path / "down.toml"  # with Cora, two stand when Alice falls: the fight goes on
    path.write_text((DATA / "duel-roster.toml").read_text("utf-8") + THIRD, "utf-8")
    roster = load(path)
    alice = roster.index("Alice")
    assert alice is not None
    roster = roster.record(alice, "current-hp", -4)
    session = Session(flow, at="combat.1", seed=11, roster=roster, pause=False)
    assert session.question is not None and session.question.fact == "consciousness-dice"  # at 0 HP or less
    session.answer("18")  # against HT 11 - 0 (no full multiple of HP below zero): a failure
    assert [v.step for v in session.state.trace] == ["combat.1", "combat.135"]
    state = session.state.roster
    assert state is not None and state.states[alice].flags() == ("unconscious",)
    assert state.states[alice].posture == "lying"
    session.answer("no")  # the combat goes on: Bruno does nothing, then Cora
    answer_until(session, "combat-over", {"maneuver": "do nothing"})
    session.answer("no")
    answer_until(session, "combat-over", {"maneuver": "do nothing"})
    session.answer("no")  # Alice's turn: skipped, nothing asked
    visits = [v.step for v in session.state.trace]
    assert visits[-2:] == ["combat.1", "combat.135"] and session.question is not None
    assert session.question.fact == "combat-over"
    known = session.state.known()
    assert known["failed-consciousness"].how == "computed" and "unconscious" in known["failed-consciousness"].work


def test_a_triggered_wait_is_asked_only_when_someone_waits(flow: Program, tmp_path: Path) -> None:
    """B366: Alice takes a Wait; in Bruno's attack the table view asks whose Wait triggers (in the
    game master's words), and not before anyone waited (turn 1 asked nothing of the kind)."""
    session = table_view(flow, DATA / "duel-roster.toml")
    first = answer_until(session, "combat-over", {"maneuver": "wait"})
    assert first == ["maneuver"]
    session.answer("no")
    session.answer("attack")  # Bruno attacks Alice: at 38, Alice's Wait could trigger
    question = session.question
    assert question is not None and question.kind == "split" and session.state.step == "combat.38"
    shown = screen(session).question
    assert shown is not None and shown.text == "Whose Wait triggers now? Names, e.g. `Bob, Ann` (0: nobody)."
    session.answer("0")
    assert session.question is not None and session.question.fact == "aimed-location"


def test_choices_take_the_words_on_the_card(flow: Program) -> None:
    question = questions.fact_question(flow, flow.facts["maneuver"])
    assert parse_answer(question, "move") == "move-m364" and parse_answer(question, "Do Nothing") == "do-nothing-b364"
    with pytest.raises(BadAnswer, match="`all-out` fits several: all-out-attack-all-out-slam-not-double"):
        parse_answer(question, "all-out")


def test_the_weapon_is_chosen_when_there_are_several_and_a_switch_takes_a_ready(flow: Program, tmp_path: Path) -> None:
    """Cora (bow 14, knife 12) holds her longbow ready (the first weapon) and attacks with her knife:
    asked, with her weapons. The knife is another item than the one in hand (seed 004, Attack: "A
    weapon used in an attack must be ready"), so the attack becomes a Ready (combat.27 -> 23, B366),
    no attack roll; the Ready offers the knife first (the readied one) and takes it in hand. On her
    next turn she attacks with it at once: the skill is the knife's 12, and the knife stays readied."""
    path = tmp_path / "three.toml"
    knife = (
        '\n[[combatant.weapon]]\nname = "large knife"\ndamage = "1d-1"\ntype = "cut"\nskill = "knife"\nreach = "C,1"\n'
    )
    bow = '\n[[combatant.weapon]]\nname = "longbow"\ndamage = "1d+1"\ntype = "imp"\nskill = "bow"\nacc = 3\n'
    cora = THIRD.replace("skills = { bow = 14 }", "skills = { bow = 14, knife = 12 }") + bow + knife
    path.write_text((DATA / "duel-roster.toml").read_text("utf-8") + cora, "utf-8")
    session = table_view(flow, path)
    nothing = {"maneuver": "do nothing", "combat-over": "no"}
    for _ in range(2):  # Alice, then Bruno
        answer_until(session, "combat-over", nothing)
        session.answer("no")
    # the table view takes the readied longbow (its range is asked); `o weapon` names the knife
    answer_until(session, "range-yards", {"maneuver": "attack", "target": "Bruno"})
    assert session.state.known()["weapon"].work == "the readied weapon is longbow"
    session.override("weapon")
    question = session.question
    assert question is not None and [o.label for o in question.options] == ["longbow", "large knife"]
    session.answer("knife")
    question = session.question
    assert question is not None and question.fact == "ready-weapon" and question.default == "large knife"
    session.answer("")
    visits = [v.step for v in session.state.trace]
    assert visits[visits.index("combat.27") :] == ["combat.27", "combat.23", "combat.132", "combat.134", "combat.135"]
    known = session.state.known()
    assert known["weapon-ready"].value == "no" and "attack-dice" not in known
    roster = session.state.roster
    assert roster is not None and (roster.states[2].readied, roster.states[2].in_hand) == (
        ("large knife",),
        "large knife",
    )
    answer_until(session, "combat-over", nothing)
    session.answer("no")
    for _ in range(2):
        answer_until(session, "combat-over", nothing)
        session.answer("no")
    answer_until(session, "aimed-location", {"maneuver": "attack", "target": "Bruno"})  # the knife, not asked
    known = session.state.known()
    assert known["weapon"].value == "large knife" and known["weapon"].work == "the readied weapon is large knife"
    assert known["weapon-ready"].value == "yes" and known["base-skill"].value == 12
    assert known["ranged-attack"].value == "no"
    roster = session.state.roster
    assert roster is not None and roster.states[2].readied == ("large knife",)


def test_a_knockdown_roll_shows_what_it_was_rolled_against(flow: Program) -> None:
    """Seed 003 steps 119-120: 8 cut to Bruno's torso (DR 2) is 6 x 1.5 = 9 injury, a major wound
    (over 13/2); the knockdown roll is against HT 12 with the torso's modifier 0; 17 fails it, and
    17 against 12 is a critical failure (B348), by 5."""
    session = table_view(flow, DATA / "duel-roster.toml")
    typed = {"maneuver": "attack", "aimed-location": "torso", "attack-dice": "10", "defense": "parry",
             "defense-dice": "15", "damage-roll": "8"}  # fmt: skip
    answer_until(session, "knockdown-dice", typed)
    session.answer("17")
    roll = screen(session).roll
    assert roll is not None and (roll.value, roll.against, roll.against_name, roll.outcome) == (
        17,
        12,
        "knockdown-score",  # injury.flow names it: target-ht + knockdown-modifier
        "critical-failure",
    )


def test_the_roll_to_stay_conscious_shows_its_minus(flow: Program, tmp_path: Path) -> None:
    """Seed 002: at 0 HP or less, a HT roll every turn at -1 per full multiple of HP below zero; the
    roll is the combatant's own, at the start of their turn (B419). Bruno (HT 12, HP 13) at -14 HP:
    one full multiple of 13 below zero, so HT 12 - 1 = 11; 10 makes it."""
    path = tmp_path / "low.toml"
    path.write_text((DATA / "duel-roster.toml").read_text("utf-8"), "utf-8")
    roster = load(path)
    bruno = roster.index("Bruno")
    assert bruno is not None
    session = Session(flow, at="combat.1", seed=11, roster=roster.record(bruno, "current-hp", -14), pause=False)
    answer_until(session, "consciousness-dice", {"maneuver": "do nothing", "combat-over": "no"})
    session.answer("10")
    roll = screen(session).roll
    assert roll is not None and (roll.against, roll.against_name, roll.outcome) == (11, "actor-ht - actor-depth",
                                                                                    "success")  # fmt: skip
