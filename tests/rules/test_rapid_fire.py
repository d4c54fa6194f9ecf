"""Rapid fire, worked out by hand from the seeds (issue 14, item 7): each hit that gets past the
defense is its own damage roll, and, where the location is random, its own location.

Dana (Guns 14) fires her submachine gun (2d pi, RoF 3, Rcl 2) at Bruno (HP 13, HT 12, Dodge 8, DR 2
on the torso and groin, none elsewhere; tests/data/rapid-fire.toml). Every die is typed.

By hand, for every test here: three shots are +0 to hit (B373, the shots table: 2-4 shots), the
range is 10 yards (typed): -4 on B550's table (rules.flow, speed-range), so the effective skill is
14 - 4 = 10. An attack roll of 6 succeeds by 4: hits = 1 + floor(4 / Rcl 2) = 3, at most the 3
shots fired (seed 003, step 56). Against ranged fire there is no retreat (seed 002), so Bruno's
Dodge is 8. Piercing does x1 everywhere but the vitals and the head (B379, tables.flow wounding).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from checklist.engine.session import Session
from checklist.graph.program import Program
from checklist.present.fight import fight_view
from checklist.present.screen import roster_view
from checklist.present.text import combatant_text, log_text
from checklist.roster.load import load
from tests.turns import DATA

ROSTER = DATA / "rapid-fire.toml"
TURN = {"maneuver": "attack", "shots": "3", "range-yards": "10", "aimed-location": "torso", "attack-dice": "6",
        "defense": "dodge"}  # fmt: skip


def bruno_hp(session: Session) -> int:
    roster = session.state.roster
    assert roster is not None
    return roster.states[[s.name for s in roster.sheets].index("Bruno")].current_hp


def dana_shoots(flow: Program, answers: Mapping[str, str | Sequence[str]], random_location: bool = False) -> Session:
    """Dana's turn, from her maneuver to the end-of-turn question; a list answers a fact asked once per hit."""
    session = Session(flow, at="combat.1", seed=1, roster=load(ROSTER), pause=False)
    queue = {fact: [value] if isinstance(value, str) else list(value) for fact, value in {**TURN, **answers}.items()}
    for _ in range(120):
        question = session.question
        assert question is not None, "the flow ended"
        fact = question.fact or question.kind
        if fact == "combat-over":
            return session
        if fact == "attack-dice" and random_location:  # an unaimed attack: `o location-unknown`, yes
            random_location = False
            session.override("location-unknown")
            session.answer("yes")
            continue
        assert queue.get(fact), f"{fact} was asked ({question.text}) and the test has no answer left for it"
        session.answer(queue[fact].pop(0))
    raise AssertionError("the turn did not end")


def used_per_hit(session: Session) -> list[dict[str, object]]:
    """What each hit's damage steps used (one dict per branch of the split at 83)."""
    hits: list[dict[str, object]] = []
    for visit in session.state.trace:
        if visit.step == "combat.85":
            hits.append({})
        if hits and visit.step not in ("combat.128", "combat.130"):
            hits[-1].update({fact: value for fact, value, _ in visit.used})
    return hits


def test_a_dodge_made_exactly_stops_one_hit_and_the_other_two_each_roll_damage(flow: Program) -> None:
    """Dodge roll 8 against 8: success by 0 stops 1 + 0 hits (seed 003, step 68); 2 land.
    Hit 1: damage 7 to the torso, DR 2, penetrating 5, x1 = injury 5, HP 13 -> 8.
    Hit 2: damage 4 to the torso, DR 2, penetrating 2, injury 2, HP 8 -> 6."""
    session = dana_shoots(flow, {"defense-dice": "8", "damage-roll": ["7", "4"]})
    seen = {fact: value for visit in session.state.trace for fact, value, _ in visit.used}
    assert (seen["final-skill"], seen["hits"], seen["hits-landing"]) == (10, 3, 2)
    hits = used_per_hit(session)
    assert [(h["damage-roll"], h["wound-location"], h["penetrating"], h["injury"]) for h in hits] == [
        (7, "torso", 5, 5),
        (4, "torso", 2, 2),
    ]
    assert bruno_hp(session) == 6
    view = fight_view(session)
    assert view is not None
    assert [(line.hit, line.injury, line.location) for line in view.log] == [
        ("hit 1 of 2", 5, "torso"),
        ("hit 2 of 2", 2, "torso"),
    ]
    hurt = [log_text(line) for line in view.events if line.event in ("damage", "injury")]
    assert hurt == [
        "round 1  Bruno takes damage 7 pi to the torso (hit 1 of 2)",
        "round 1  Bruno injury 5 (HP 13 → 8)",
        "round 1  Bruno takes damage 4 pi to the torso (hit 2 of 2)",
        "round 1  Bruno injury 2 (HP 8 → 6)",
    ]  # one line per hit, each with its own damage and injury
    bruno = next(row for row in view.combatants if row.name == "Bruno")
    assert bruno.wounds == ("torso 7 (5 + 2)",)  # summed by place, each hit shown


def test_a_failed_dodge_lets_every_hit_through(flow: Program) -> None:
    """Dodge roll 12 against 8 fails: all 3 hits land. Damage 7, 4, 10 to the torso: injury 5, 2, 8;
    HP 13 -> 8 -> 6 -> -2. The third, 8, is over HP/2 = 6.5: a major wound, so a knockdown roll
    against HT 12 (typed 10, made); at -2 HP, the roll to stay conscious waits for Bruno's own turn
    (tests/rules/test_consciousness.py)."""
    session = dana_shoots(flow, {"defense-dice": "12", "damage-roll": ["7", "4", "10"], "knockdown-dice": "10"})
    assert [h["injury"] for h in used_per_hit(session)] == [5, 2, 8]
    assert bruno_hp(session) == -2


def test_a_dodge_by_the_margin_of_the_hits_stops_them_all(flow: Program) -> None:
    """Dodge roll 6 against 8: success by 2 stops 1 + 2 = 3 hits: none lands, no damage is rolled."""
    session = dana_shoots(flow, {"defense-dice": "6"})
    seen = {fact: value for visit in session.state.trace for fact, value, _ in visit.used}
    assert seen["hits-landing"] == 0 and "damage-roll" not in seen
    assert not used_per_hit(session)
    assert bruno_hp(session) == 13


def test_a_critical_dodge_stops_every_hit(flow: Program) -> None:
    """A roll of 4 is a critical success whatever the Dodge (B348): "dodged all the projectiles"."""
    session = dana_shoots(flow, {"attack-dice": "3", "critical-hit-roll": "10", "damage-roll": ["3", "3", "3"]})
    # a critical hit (3) allows no defense (B556): every hit lands, each rolled
    assert len(used_per_hit(session)) == 3
    session = dana_shoots(flow, {"attack-dice": "5", "defense-dice": "4"})
    seen = {fact: value for visit in session.state.trace for fact, value, _ in visit.used}
    assert seen["defense-outcome"] == "critical-success" and seen["hits-landing"] == 0
    assert bruno_hp(session) == 13


def test_an_unaimed_burst_rolls_a_location_for_each_hit(flow: Program) -> None:
    """Location unknown: step 58 rolls 10, the torso (B552), for the first hit; the second and the
    third roll their own: 8, the right arm (no DR: injury = 4), and 16, a foot (no DR: 5 pi is 5,
    over HP/3 = 4.33, so the foot is crippled; it takes no more than floor(13/3) + 1 = 5, seed 002).
    Dodge fails (12). HP 13 - 5 - 4 - 5 = -1."""
    answers = {"defense-dice": "12", "location-roll": "10", "hit-location-roll": ["8", "16"],
               "damage-roll": ["7", "4", "5"], "knockdown-dice": "10"}  # fmt: skip
    session = dana_shoots(flow, answers, random_location=True)
    hits = used_per_hit(session)
    assert [(h["wound-location"], h["injury"]) for h in hits] == [("torso", 5), ("right-arm", 4), ("foot", 5)]
    assert "hit-location-roll" not in hits[0]
    assert bruno_hp(session) == -1


def test_a_single_shot_rolls_damage_once_and_its_steps_carry_no_hit_label(flow: Program) -> None:
    """One shot: hits = 1 whatever the margin (step 56); the split at 83 runs one unnamed branch."""
    session = dana_shoots(flow, {"shots": "1", "defense-dice": "12", "damage-roll": ["7"]})
    assert len(used_per_hit(session)) == 1
    assert all("hit" not in visit.branch for visit in session.state.trace)
    view = fight_view(session)
    assert view is not None and [line.hit for line in view.log] == [""]


@settings(max_examples=60, deadline=None)
@given(margin=st.integers(0, 9), rcl=st.integers(1, 5), shots=st.integers(1, 12), dodge=st.integers(-1, 6))
def test_hits_landing_is_hits_less_one_plus_the_dodge_margin(
    flow: Program, margin: int, rcl: int, shots: int, dodge: int
) -> None:
    """Property, on the flow's own facts: hits = min(shots, 1 + margin // Rcl) (step 56); a Dodge made by
    `dodge` (not a critical) lets max(0, hits - 1 - dodge) through (step 68), a failed one all of them."""
    from checklist.engine.reader import Reader

    made = dodge >= 0
    facts = {"ranged-attack": "yes", "shots": shots, "weapon-rof": 20, "attack-margin": margin, "weapon-rcl": rcl,
             "attack-roll": "hit", "defends": "yes", "defense": "dodge", "defense-roll-failed": "no" if made else "yes",
             "defense-outcome": "success" if made else "failure", "defense-score": 10,
             "defense-dice": 10 - dodge}  # fmt: skip
    reader = Reader(flow, _knowns(flow, facts), "combat.83", 100)
    hits = min(shots, 1 + margin // rcl)
    assert reader.read("hits") == hits
    assert reader.read("hits-landing") == (hits if dodge < 0 else max(0, hits - 1 - dodge))


def _knowns(flow: Program, facts: Mapping[str, object]) -> tuple:  # type: ignore[type-arg]
    from checklist.engine.state import Known

    return tuple(
        Known(name, value, flow.facts[name].scope, "asked", "combat.1", seq)  # type: ignore[arg-type]
        for seq, (name, value) in enumerate(facts.items(), 1)
    )


def test_the_rolls_say_how_many_shots_hit_and_how_many_hits_the_dodge_stopped(flow: Program) -> None:
    """The attack roll 6 vs 10 hits with 3 of 3 shots; the Dodge 8 vs 8 stops 1 of them, 2 land."""
    from checklist.present.rolls import last_roll

    session = Session(flow, at="combat.1", seed=1, roster=load(ROSTER), pause=False)
    seen: dict[str, str | None] = {}
    answers = {**TURN, "defense-dice": "8"}
    while (question := session.question) is not None and question.fact != "damage-roll":
        session.answer(answers[question.fact or ""])
        roll = last_roll(session)
        if roll is not None:
            seen[roll.fact] = roll.then
    assert seen == {"attack-dice": "3 of 3 shots hit", "defense-dice": "1 of 3 hits stopped · 2 land"}


def test_a_burst_at_one_arm_records_no_more_than_cripples_it(flow: Program) -> None:
    """Aimed at the right arm (-2, B552), at 2 yards (typed; B550: 0): skill 14 - 2 = 12; roll 8
    succeeds by 4: 1 + 4 // 2 = 3 hits. The Dodge fails (12 vs 8): all 3 land. The arm has no DR; pi is x1 on a limb.
    Crippling: HP/2 = 6.5, so 7 injury cripples the arm, and "no more damage is recorded for that
    area" (seed 003 step 98).
    Hit 1: 8 -> injury 8, over 6.5: crippled, records 7 (a major wound: knockdown vs HT 12, typed
    10, made). HP 13 -> 6.
    Hit 2: 5 -> injury 5, on a crippled arm: records 0. Hit 3: 6 -> records 0. HP stays 6.
    Without the memory of the first hit, HP would be 13 - 7 - 5 - 6 = -5."""
    answers = {"aimed-location": "right arm", "range-yards": "2", "attack-dice": "8", "defense-dice": "12",
               "damage-roll": ["8", "5", "6"], "knockdown-dice": "10"}  # fmt: skip
    session = dana_shoots(flow, answers)
    hits = used_per_hit(session)
    assert [(h["injury"], h["wound-injury"], h["crippled"]) for h in hits] == [(8, 7, "yes"), (5, 0, "no"),
                                                                               (6, 0, "no")]  # fmt: skip
    assert bruno_hp(session) == 6
    roster = session.state.roster
    assert roster is not None
    bruno = roster.states[[s.name for s in roster.sheets].index("Bruno")]
    assert (dict(bruno.wounds), bruno.crippled) == ({"right-arm": 7}, ("right-arm",))
    line = combatant_text(roster_view(roster, flow).combatants[roster.index("Bruno") or 0])
    assert "right arm crippled" in line


def test_two_hits_under_the_threshold_cripple_the_arm_together(flow: Program) -> None:
    """Aimed at the right arm, roll 10 succeeds by 2: 1 + 2 // 2 = 2 hits; the Dodge fails (12).
    Hit 1: 4 -> injury 4, not over 6.5: records 4. HP 13 -> 9.
    Hit 2: 4 -> 4 + 4 = 8 received, over 6.5: crippled (seed 003 step 98: "when received HP/2
    points"), a major wound; it records 7 - 4 = 3. HP 9 -> 6. Knockdown vs HT 12: typed 10, made."""
    answers = {"aimed-location": "right arm", "range-yards": "2", "attack-dice": "10", "defense-dice": "12",
               "damage-roll": ["4", "4"], "knockdown-dice": "10"}  # fmt: skip
    session = dana_shoots(flow, answers)
    hits = used_per_hit(session)
    assert [(h["earlier-wounds"], h["wound-injury"], h["crippled"], h["major-wound"]) for h in hits] == [
        (0, 4, "no", "no"),
        (4, 3, "yes", "yes"),
    ]
    assert bruno_hp(session) == 6


def test_the_other_hand_is_not_the_crippled_one_when_the_game_master_says_so(flow: Program) -> None:
    """Bruno's hand was crippled by an earlier hit (5 recorded: HP/3 = 4.33, seed 002). Dana aims at
    a hand (-4): skill 14 - 4 = 10, one shot, roll 8 hits; the Dodge fails (12); 4 pi, no DR, x1.
    The hit location table has one Hand, so the table view assumes the same hand (other-of-pair no,
    said on screen): it records nothing. `o other-of-pair` yes: the other hand, whose 4 is not over
    4.33: it records 4, HP 13 -> 9, and is not crippled."""
    from dataclasses import replace

    from checklist.present.passing import assumed_since

    def shoot(other: bool) -> Session:
        roster = load(ROSTER)
        bruno = [s.name for s in roster.sheets].index("Bruno")
        hurt = replace(roster.states[bruno], wounds=(("hand", 5),), crippled=("hand",))
        states = tuple(hurt if i == bruno else s for i, s in enumerate(roster.states))
        session = Session(flow, at="combat.1", seed=1, roster=replace(roster, states=states), pause=False)
        answers = {**TURN, "shots": "1", "aimed-location": "hand", "range-yards": "2", "attack-dice": "8",
                   "defense-dice": "12", "damage-roll": "4"}  # fmt: skip
        while (question := session.question) is not None and question.fact != "combat-over":
            fact = question.fact or ""
            session.answer(answers[fact])
            if fact == "damage-roll":
                assert ("other-of-pair", "no") in assumed_since(session)
                if other:
                    session.override("other-of-pair")
                    session.answer("yes")
        return session

    same, other = shoot(False), shoot(True)
    assert [h["wound-injury"] for h in used_per_hit(same)] == [0]
    assert bruno_hp(same) == 13
    assert [(h["earlier-wounds"], h["wound-injury"], h["crippled"]) for h in used_per_hit(other)] == [(0, 4, "no")]
    assert bruno_hp(other) == 9
    roster = other.state.roster
    assert roster is not None
    bruno = roster.states[[s.name for s in roster.sheets].index("Bruno")]
    assert (dict(bruno.wounds), bruno.crippled) == ({"hand": 5}, ("hand",))  # the crippled hand stays so
