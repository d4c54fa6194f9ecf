"""Issue 14, damage and injury (items 10-18): each rule through the whole chain of a real Session.

Alice (broadsword 15, 1d+2 cut) attacks Bruno (HT 12, HP 13, Parry 9, DR 2 on the torso and the
groin, normal pain threshold) with the roster tests/data/duel-roster.toml, every roll typed
(the attack, the parry, the damage, ...). The numbers are worked out by hand in each test, from
the seed text quoted there: skill -> roll -> defense -> DR -> penetrating -> wounding -> injury
-> crippling -> shock -> knockdown -> HP and the roster's state.
"""

from __future__ import annotations

from pathlib import Path

from checklist.engine.session import Session
from checklist.graph.program import Program
from checklist.present.passing import assumed_since
from checklist.roster.combatants import Condition, Roster
from checklist.roster.load import load
from tests.turns import DATA, EndOfCombat

# Alice's attack: a hit (10 against 15, or less the location's penalty), Bruno's parry fails
# (15 against Parry 9).
HIT = {"maneuver": "attack", "attack-dice": "10", "defense": "parry", "defense-dice": "15", "bleeding-rules": "no"}


def duel(tmp_path: Path, *changes: tuple[str, str], extra: str = "") -> Roster:
    """The duel roster, with each (old, new) change made once (Bruno's lines come first), and
    `extra` at the end (Alice's last weapon)."""
    text = (DATA / "duel-roster.toml").read_text("utf-8")
    for old, new in changes:
        assert old in text
        text = text.replace(old, new, 1)
    path = tmp_path / "duel.toml"
    path.write_text(text + extra, "utf-8")
    return load(path)


class Turn:
    """Alice's turn (she acts first), with `typed` answers and rolls, until `until` is asked;
    `seen` keeps every fact known on the way (an attack's facts end with the attack)."""

    def __init__(self, flow: Program, roster: Roster, typed: dict[str, str], until: str = "combat-over",
                 brunos_turn: bool = False) -> None:  # fmt: skip
        self.end = EndOfCombat()  # when the fight ends, the roster it left (post-combat changes it)
        self.session = Session(flow, at="combat.1", seed=11, roster=roster, pause=False, observers=[self.end])
        self.seen: dict[str, object] = {}
        self.asked: list[str] = []
        self.assumed: dict[str, object] = {}
        if brunos_turn:  # Alice does nothing; then Bruno attacks her
            self.session.answer("do nothing")
            self.session.answer("no")
        answers = {**HIT, **typed}
        for _ in range(80):
            question = self.session.question
            self.seen.update({name: k.value for name, k in self.session.state.known().items()})
            self.assumed.update(dict(assumed_since(self.session)))  # the next screen's `assumed:` line
            over = (question is None or self.end.roster is not None) and until == "combat-over"  # one side left:
            # the tool ended the fight (the Post-Combat Checklist may be asking already)
            assert question is not None or over, "the flow ended"
            if over or (question is not None and question.fact == until):
                for visit in self.session.state.trace:  # what the steps since the last question used
                    self.seen.update({name: value for name, value, _ in visit.used})
                return
            self.asked.append(question.fact or question.kind)
            if question.fact not in answers:
                raise AssertionError(f"`{question.fact}` asked ({question.text}); asked so far {self.asked}")
            self.session.answer(answers[question.fact or ""])
        raise AssertionError(f"{until} was never asked; asked {self.asked}")


attack = Turn


def bruno(turn: Turn, who: str = "Bruno") -> Condition:
    roster = turn.end.roster or turn.session.state.roster
    assert roster is not None
    index = roster.index(who)
    assert index is not None
    return roster.states[index]


def known(turn: Turn, fact: str) -> object:
    return turn.seen[fact]


def test_crippling_caps_the_injury_and_the_excess_is_lost(flow: Program, tmp_path: Path) -> None:
    """Seed 002, HIT LOCATIONS: "Right Arm ... Injury > HP/2 cripples the limb (excess damage is lost)".

    Alice aims at Bruno's right arm: skill 15 - 2 = 13 (B552), 10 hits. The parry fails (15 > 9).
    Damage 8 cut, no DR on the arm: penetrating 8, x1.5 (cut, arm) = 12 injury. HP 13: the arm is
    crippled over 6.5, so it takes 7 and the other 5 are lost: HP 13 - 7 = 6 (not 13 - 12 = 1,
    which would be reeling, under 13/3). A crippling wound is a major wound; shock -4 (7 at
    1 per HP, at most -4, B419); the knockdown check is against HT 12 with no modifier for an arm:
    11 succeeds.
    """
    session = attack(flow, duel(tmp_path), {"aimed-location": "right arm", "damage-roll": "8",
                                            "knockdown-dice": "11"})  # fmt: skip
    assert known(session, "final-skill") == 13
    assert known(session, "penetrating") == 8 and known(session, "injury") == 12
    assert known(session, "crippled") == "yes" and known(session, "crippling-injury") == 7
    assert known(session, "wound-injury") == 7 and known(session, "major-wound") == "yes"
    assert known(session, "hp-state") == "fine"
    assert known(session, "knockdown-modifier") == 0 and known(session, "knockdown-failed") == "no"
    state = bruno(session)
    assert (state.current_hp, state.shock, state.stunned, state.posture) == (6, -4, False, "standing")


def test_an_injury_below_the_crippling_threshold_is_recorded_whole(flow: Program, tmp_path: Path) -> None:
    """Damage 4 cut to the right arm: 4 x 1.5 = 6 injury, not over 13/2: not crippled, all 6 taken,
    HP 7; not a major wound (6 is not over 6.5), so no knockdown check; shock -4."""
    session = attack(flow, duel(tmp_path), {"aimed-location": "right arm", "damage-roll": "4"})
    assert known(session, "crippled") == "no" and known(session, "wound-injury") == 6
    assert "knockdown-dice" not in session.seen
    assert (bruno(session).current_hp, bruno(session).shock) == (7, -4)


def test_a_nose_injury_over_hp_4_is_a_major_wound_with_the_face_knockdown_modifier(
    flow: Program, tmp_path: Path
) -> None:
    """Seed 003 step 103: "A hit to the nose counts as a face hit, but injuries over HP/4 counts as a
    major wound"; the knockdown table: "Major Wound face -5".

    Nose -7 (B552): skill 15 - 7 = 8; 8 hits. Damage 4 cut, no DR on the face: 4 x 1.5 (Nose row
    of the wounding table) = 6 injury: not over HP/2 = 6.5, but over HP/4 = 3.25: a major wound,
    on the nose only. Knockdown against HT 12 - 5 = 7: 8 fails (stunned, lying). HP 13 - 6 = 7;
    shock -4 (6 at 1 per HP, at most -4).
    """
    session = attack(flow, duel(tmp_path), {"aimed-location": "nose", "attack-dice": "8", "damage-roll": "4",
                                            "knockdown-dice": "8", "nose-lop": "no"})  # fmt: skip
    assert known(session, "final-skill") == 8 and known(session, "injury") == 6
    assert known(session, "major-wound") == "yes" and known(session, "knockdown-modifier") == -5
    assert known(session, "knockdown-failed") == "yes"
    state = bruno(session)
    assert (state.current_hp, state.shock, state.stunned, state.posture) == (7, -4, True, "lying")


def test_a_knockdown_failure_by_5_or_more_knocks_the_target_out(flow: Program, tmp_path: Path) -> None:
    """Seed 003 step 120: "A failed knockdown check causes Stun, a failure by 5 or + causes
    unconsciousness (B423)"; seed 002: "Skull* Wounding modifier is x4, Knockdown rolls are at -10".

    Skull -7: skill 8, 8 hits. DR: none listed on Bruno's skull, plus the skull's own 2 (003 step
    89): damage 5 cut - 2 = 3 penetrating, x4 = 12 injury, a major wound (over 6.5). Knockdown
    against HT 12 - 10 = 2: a 7 fails by 5: unconscious (and lying, stunned). HP 13 - 12 = 1, not
    0 or less: no roll to stay conscious. Shock -4.
    """
    turn = attack(flow, duel(tmp_path), {"aimed-location": "skull", "attack-dice": "8", "damage-roll": "5",
                                         "knockdown-dice": "7"})  # fmt: skip
    assert known(turn, "dr") == 2 and known(turn, "injury") == 12 and known(turn, "major-wound") == "yes"
    assert known(turn, "knockdown-margin") == -5 and known(turn, "knocked-out") == "yes"
    state = bruno(turn)
    assert (state.current_hp, state.shock, state.posture, state.stunned) == (1, -4, "lying", True)
    assert state.flags() == ("unconscious",)  # the roster line: stunned says nothing more of the unconscious


def test_a_knockdown_failure_by_4_only_stuns(flow: Program, tmp_path: Path) -> None:
    """The same blow, 6 on the knockdown roll: a failure by 4: stunned and lying, not unconscious."""
    turn = attack(flow, duel(tmp_path), {"aimed-location": "skull", "attack-dice": "8", "damage-roll": "5",
                                         "knockdown-dice": "6"})  # fmt: skip
    assert known(turn, "knocked-out") == "no" and bruno(turn).flags() == ("stunned",)


def test_high_pain_threshold_no_shock_and_plus_3_to_knockdown_from_a_face_hit(flow: Program, tmp_path: Path) -> None:
    """B59, High Pain Threshold: no shock penalties, +3 to knockdown rolls; seed 002: "Face* Knockdown
    rolls are at -5"; seed 003 step 119: shock from a wound to the face checks knockdown.

    Alice does nothing; Bruno (axe-mace 13, mace 2d+3 cr) strikes Alice's face: 13 - 5 = 8, 8 hits;
    her parry (11) fails on 15. Damage 5 cr, no DR on her face: 5 x1 (face, cr) = 5 injury, not over
    HP/2 = 5: no major wound, but enough for shock, to the face: a knockdown check against
    HT 11 - 5 + 3 = 9. 10 fails by 1: stunned, lying. Shock 0 (not -4). HP 10 - 5 = 5. Knockback
    5 // (ST 10 - 2) = 0.
    """
    turn = attack(flow, duel(tmp_path), {"aimed-location": "face", "attack-dice": "8", "damage-roll": "5",
                                         "knockdown-dice": "10"}, brunos_turn=True)  # fmt: skip
    assert known(turn, "final-skill") == 8 and known(turn, "wound-injury") == 5
    assert known(turn, "major-wound") == "no" and known(turn, "knockdown-check") == "yes"
    assert known(turn, "knockdown-modifier") == -2 and known(turn, "shock") == 0 and known(turn, "knockback") == 0
    alice = bruno(turn, "Alice")
    assert (alice.current_hp, alice.shock, alice.stunned, alice.posture) == (5, 0, True, "lying")


def test_low_pain_threshold_doubles_shock(flow: Program, tmp_path: Path) -> None:
    """B142, Low Pain Threshold: shock penalties are doubled (at most -8). Damage 5 cut to Bruno's
    torso: 5 - DR 2 = 3, x1.5 = 4 injury: shock -4 x 2 = -8 (normal: -4)."""
    roster = duel(tmp_path, ('pain-threshold = "normal"', 'pain-threshold = "low"'))
    turn = attack(flow, roster, {"aimed-location": "torso", "damage-roll": "5"})
    assert known(turn, "wound-injury") == 4 and known(turn, "shock") == -8
    assert (bruno(turn).current_hp, bruno(turn).shock) == (9, -8)


def test_knockback_calls_for_a_dx_roll_and_a_failure_leaves_the_target_lying(flow: Program, tmp_path: Path) -> None:
    """Seed 003 step 123: knockback "is 1 step for each full multiple of (target ST-2) the damage
    rolled is ... if knockback occurs a DX roll is needed to avoid falling" (B378: at -1 per yard
    after the first).

    Bruno's mace (2d+3 cr) at Alice's torso: 13, 10 hits; her parry (11) fails on 15. Damage 9 cr
    - DR 3 = 6 injury (x1), over HP/2 = 5: a major wound; knockdown against HT 11 + 3 (High Pain
    Threshold) = 14: 10 succeeds. Knockback 9 // (ST 10 - 2) = 1 yard: DX 13 - 0; 14 fails: lying.
    HP 10 - 6 = 4; no shock (High Pain Threshold).
    """
    typed = {"aimed-location": "torso", "damage-roll": "9", "knockdown-dice": "10", "knockback-dice": "14"}
    turn = attack(flow, duel(tmp_path), typed, brunos_turn=True)
    assert known(turn, "wound-injury") == 6 and known(turn, "knockback") == 1
    assert known(turn, "knockback-outcome") == "failure" and known(turn, "knockback-falls") == "yes"
    alice = bruno(turn, "Alice")
    assert (alice.current_hp, alice.shock, alice.stunned, alice.posture) == (4, 0, False, "lying")
    standing = attack(flow, duel(tmp_path), {**typed, "knockback-dice": "13"}, brunos_turn=True)
    assert bruno(standing, "Alice").posture == "standing"


def test_a_target_already_lying_rolls_nothing_against_knockback(flow: Program, tmp_path: Path) -> None:
    """The playtest: the DX roll against falling came after a failed knockdown check, which had left the
    target lying. The same blow as above, 9 cr for 1 yard of knockback, with the knockdown roll 15 against
    14: failed, stunned and lying (B420); nothing left to fall from: no DX roll, still lying."""
    typed = {"aimed-location": "torso", "damage-roll": "9", "knockdown-dice": "15"}
    turn = attack(flow, duel(tmp_path), typed, brunos_turn=True)
    assert known(turn, "knockback") == 1 and known(turn, "knockdown-failed") == "yes"
    assert known(turn, "knockback-posture") == "lying" and known(turn, "knockback-falls") == "no"
    assert "knockback-dice" not in turn.asked
    alice = bruno(turn, "Alice")
    assert (alice.stunned, alice.posture) == (True, "lying")


def test_no_knockback_no_dx_roll(flow: Program, tmp_path: Path) -> None:
    """Damage 7 cr: 7 // 8 = 0 yards: no knockback, no DX roll (the same blow, 1 injury)."""
    turn = attack(flow, duel(tmp_path), {"aimed-location": "torso", "damage-roll": "7"}, brunos_turn=True)
    assert known(turn, "knockback") == 0 and "knockback-dice" not in turn.asked


def at_hp(roster: Roster, who: str, hp: int) -> Roster:
    index = roster.index(who)
    assert index is not None
    return roster.record(index, "current-hp", hp)


def test_the_roll_to_stay_conscious_is_a_ht_roll_at_minus_1_per_multiple_of_hp(flow: Program, tmp_path: Path) -> None:
    """Seed 002, HIT POINTS: "0 HP or less: Also, make a HT roll every turn, at -1 per full multiple
    of HP below zero or pass out". Alice (HT 11, HP 10) at -12 HP: one full multiple below zero,
    so HT 11 - 1 = 10: 10 stays awake (her turn goes on), 11 passes out (lying, the turn ends)."""
    for dice, out in (("10", False), ("11", True)):
        session = Session(flow, at="combat.1", seed=11, roster=at_hp(duel(tmp_path), "Alice", -12), pause=False)
        assert session.question is not None and session.question.fact == "consciousness-dice"
        session.answer(dice)
        roster = session.state.roster
        assert roster is not None
        alice = roster.states[roster.index("Alice") or 0]
        assert alice.unconscious is out and (alice.posture == "lying") is out
        visits = [v.step for v in session.state.trace]
        assert (visits[:2] == ["combat.1", "combat.135"]) is out  # and then, alone, Bruno has won


def test_a_death_check_at_minus_hp_mortal_wound_on_a_failure_by_1_or_2(flow: Program, tmp_path: Path) -> None:
    """Seed 002, HIT POINTS: "-1xHP or less: Also, make a HT roll or die!"; "Mortal Wounds: Failing a
    HT roll to avoid death by 1 or 2".

    Bruno (HT 12, HP 13) at -4 HP; Alice's 8 cut to the torso: 8 - 2 = 6, x1.5 = 9: -13 HP, the
    first full multiple of -HP: a death check against HT 12, at once (seed 004: "an immediate HT
    roll to avoid dying"). 14 fails by 2: a mortal wound, not dead. No roll to stay conscious now:
    that is the one roll of Bruno's own turn (seed 004: "each turn"; tests/rules/test_consciousness.py).
    The major wound's knockdown check against HT 12: 10 succeeds.
    """
    typed = {"aimed-location": "torso", "damage-roll": "8", "death-dice": "14", "knockdown-dice": "10"}
    turn = attack(flow, at_hp(duel(tmp_path), "Bruno", -4), typed)
    assert known(turn, "hp-after") == -13 and known(turn, "death-checks") == 1
    assert known(turn, "death-margin") == -2 and known(turn, "mortal-wound") == "yes"
    assert [s for v in turn.session.state.trace for s in [v.step] if s == "combat.117"] == ["combat.117"]
    state = bruno(turn)
    assert (state.current_hp, state.dead, state.unconscious) == (-13, False, False)
    assert state.mortally_wounded  # combat.117: kept for the end of the fight (post-combat.8)
    dies = attack(flow, at_hp(duel(tmp_path), "Bruno", -4), {**typed, "death-dice": "15"})  # fails by 3
    assert bruno(dies).dead and "knockdown-dice" not in dies.asked  # died at 116: 118 -> 121, no check


def test_a_mortally_wounded_combatant_does_not_act_and_no_longer_stands(flow: Program, tmp_path: Path) -> None:
    """Seed 002, Mortal Wounds: "Failing a HT roll to avoid death by 1 or 2. You are incapacitated".
    Alice, mortally wounded at 3 HP (above 0: no roll to stay conscious), has her turn at once over
    (combat.1 -> 135, no maneuver asked); she no longer stands, so Bruno's side is the only one left."""
    roster = duel(tmp_path)
    alice = roster.index("Alice")
    assert alice is not None
    roster = at_hp(roster, "Alice", 3).record(alice, "mortally-wounded", "yes")
    assert not roster.standing(alice)
    session = Session(flow, at="combat.1", seed=11, roster=roster, pause=False)
    visits = [v.step for v in session.state.trace]
    assert visits[:2] == ["combat.1", "combat.135"]
    assert "maneuver" not in session.state.known()


def test_at_minus_5_times_hp_dead_without_a_roll(flow: Program, tmp_path: Path) -> None:
    """Seed 002: "-5xHP or less: You are immediately dead." Bruno at -60 takes 9: -69 <= -65: dead,
    with no death check (and, dead, no roll to stay conscious on his turns: the table consciousness)."""
    turn = attack(flow, at_hp(duel(tmp_path), "Bruno", -60), {"aimed-location": "torso", "damage-roll": "8",
                                                               "knockdown-dice": "10"})  # fmt: skip
    assert known(turn, "hp-state") == "dead" and "death-dice" not in turn.asked
    assert bruno(turn).dead


def test_vitals_take_the_torso_dr(flow: Program, tmp_path: Path) -> None:
    """Seed 003, hit location table: "Torso ... Sub-areas 1: Vital (cr, imp, pi, burn-tb)": the vitals
    sit in the torso and its armor covers them; seed 002: "Vitals* ... Crush x1 but requires HT roll
    vs. knockdown".

    Bruno's mace at Alice's vitals: 13 - 3 = 10, 10 hits; her parry fails (15). Damage 7 cr - DR 3
    (her torso's; the roster lists none at the vitals) = 4 injury (x1): not a major wound (not over
    HP/2 = 5), but shock to the vitals: knockdown against HT 11 - 5 (vitals) + 3 (High Pain
    Threshold) = 9: 10 fails by 1: stunned, lying. HP 10 - 4 = 6. Without the torso's DR: 7 injury,
    a major wound.
    """
    typed = {"aimed-location": "vitals", "damage-roll": "7", "knockdown-dice": "10"}
    turn = attack(flow, duel(tmp_path), typed, brunos_turn=True)
    assert known(turn, "final-skill") == 10 and known(turn, "dr") == 3 and known(turn, "unlisted-dr") == 0
    assert known(turn, "wound-injury") == 4 and known(turn, "major-wound") == "no"
    assert known(turn, "knockdown-check") == "yes" and known(turn, "knockdown-modifier") == -2
    assert "unlisted-dr" not in turn.assumed
    alice = bruno(turn, "Alice")
    assert (alice.current_hp, alice.shock, alice.stunned, alice.posture) == (6, 0, True, "lying")


def test_the_roster_can_give_a_sub_location_its_own_dr(flow: Program, tmp_path: Path) -> None:
    """ "Unless the roster says otherwise": Alice's roster lists vitals = 1: 7 - 1 = 6 injury, over
    HP/2 = 5: a major wound (knockdown 9 as before: 8 succeeds). HP 10 - 6 = 4."""
    roster = duel(tmp_path, ("dr = { torso = 3, skull = 2 }", "dr = { torso = 3, skull = 2, vitals = 1 }"))
    typed = {"aimed-location": "vitals", "damage-roll": "7", "knockdown-dice": "8"}
    turn = attack(flow, roster, typed, brunos_turn=True)
    assert known(turn, "dr") == 1 and known(turn, "major-wound") == "yes"
    assert bruno(turn, "Alice").current_hp == 4


def test_no_dr_listed_and_none_inherited_is_said_on_screen(flow: Program, tmp_path: Path) -> None:
    """Alice's right arm: her roster lists no DR there, and an arm sits in nothing else: DR 0, and
    the next screen says so (`assumed: unlisted-dr 0`, which `o unlisted-dr` changes). 7 cr: 7
    injury to the arm, crippled over 5, so 6 (excess lost): HP 4; knockdown (a crippling wound is a
    major wound) against HT 11 + 3 = 14: 10 succeeds."""
    typed = {"aimed-location": "right arm", "damage-roll": "7", "knockdown-dice": "10"}
    turn = attack(flow, duel(tmp_path), typed, brunos_turn=True)
    assert turn.assumed.get("unlisted-dr") == 0 and known(turn, "dr") == 0
    assert known(turn, "wound-injury") == 6 and bruno(turn, "Alice").current_hp == 4


def test_a_sub_location_dr_from_the_roster_file() -> None:
    """The roster reads `vitals-or-torso` as the first of the two it lists; a joint, either arm."""
    from checklist.roster.combatants import from_data

    sheet = {"name": "X", "st": 10, "dx": 10, "ht": 10, "hp": 10, "basic-speed": 5,
             "dr": {"torso": {"all": 4, "cr": 2}, "left-arm": 1}}  # fmt: skip
    roster = from_data({"combatant": [sheet]}, "test")
    assert roster.get(0, "dr", "vitals-or-torso") == 4 and roster.get(0, "dr-listed", "vitals-or-torso") == "yes"
    assert roster.get(0, "dr", "arm-joint-or-right-arm-or-left-arm") == 1
    assert roster.get(0, "dr", "eye-or-face") == 0 and roster.get(0, "dr-listed", "eye-or-face") == "no"
    assert roster.sheets[0].dr_at("vitals-or-torso", "cr") == 2  # by damage type, as the torso's
    whole = from_data({"combatant": [{**sheet, "body": "Humanoid"}]}, "test")
    assert whole.get(0, "dr", "eye-or-face") is None  # a roster that lists every location: asked


def test_a_fractional_armor_divisor_from_the_roster_multiplies_dr(flow: Program, tmp_path: Path) -> None:
    """Seed 003 step 90: "Modify damage resistance by attack's armor divisor"; B110: (0.5) doubles DR.

    Alice's broadsword given `armor-divisor = 0.5`: Bruno's torso DR 2 counts as 4. Damage 8 cut:
    8 - 4 = 4, x1.5 = 6 injury, not over HP/2 = 6.5: no major wound, no knockdown check. HP 13 - 6
    = 7, shock -4. With (2) instead: DR 1, 7 x1.5 = 10, a major wound (knockdown 10 succeeds),
    HP 3."""
    sword = 'reach = "1"\n'  # Alice's broadsword is the file's last line
    half = attack(flow, duel(tmp_path, extra="armor-divisor = 0.5\n"), {"aimed-location": "torso", "damage-roll": "8"})
    assert (known(half, "armor-divisor"), known(half, "dr-multiplier"), known(half, "effective-dr")) == (1, 2, 4)
    assert known(half, "wound-injury") == 6 and "knockdown-dice" not in half.asked
    assert (bruno(half).current_hp, bruno(half).shock) == (7, -4)
    two = attack(flow, duel(tmp_path, extra="armor-divisor = 2\n"), {"aimed-location": "torso", "damage-roll": "8",
                                                                      "knockdown-dice": "10"})  # fmt: skip
    assert known(two, "effective-dr") == 1 and known(two, "wound-injury") == 10 and bruno(two).current_hp == 3
    assert sword  # the weapon's table ends the file: `extra` adds to it


def test_the_roster_takes_whole_and_fractional_armor_divisors_only(tmp_path: Path) -> None:
    import pytest

    from checklist.roster.sheet import RosterError

    for bad in ("0.3", "0", "-2", "true"):
        with pytest.raises(RosterError, match="armor-divisor: a whole number of 1 or more .* or 0.5, 0.2 or 0.1"):
            duel(tmp_path, extra=f"armor-divisor = {bad}\n")


BEHIND_PLATE = ("dr = { torso = 3, skull = 2 }", "dr = { torso = 12, skull = 2 }\nflexible-armor = []")
BEHIND_MAIL = ("dr = { torso = 3, skull = 2 }", 'dr = { torso = 12, skull = 2 }\nflexible-armor = ["torso"]')


def test_blunt_trauma_through_flexible_armor(flow: Program, tmp_path: Path) -> None:
    """Seed 003 step 92: "If penetrating damage is less than zero and you have a flexible armor, check
    for blunt trauma"; step 93: "For every full ... 5 points of crushing damage stopped by the DR,
    the target suffer 1 point or injury".

    Alice in flexible armor, DR 12 on the torso; Bruno's mace, 11 cr: nothing penetrates; 11
    stopped: 11 // 5 = 2 injury. HP 10 - 2 = 8, no shock (High Pain Threshold). Knockback 11 //
    (ST 10 - 2) = 1 yard: DX 13, 10 stays up."""
    typed = {"aimed-location": "torso", "damage-roll": "11", "knockback-dice": "10"}
    turn = attack(flow, duel(tmp_path, BEHIND_MAIL), typed, brunos_turn=True)
    assert known(turn, "penetrating") == 0 and known(turn, "flexible-armor") == "yes"
    assert known(turn, "blunt-trauma") == 2 and known(turn, "wound-injury") == 2
    alice = bruno(turn, "Alice")
    assert (alice.current_hp, alice.shock, alice.posture) == (8, 0, "standing")


def test_rigid_armor_that_stops_the_attack_causes_no_injury(flow: Program, tmp_path: Path) -> None:
    """The same blow on rigid armor (`flexible-armor = []`): no blunt trauma, no injury: HP 10, and
    the flow goes from 92 to the knockback (123) without an injury step; the knockback still comes
    (crushing, B378): 1 yard, DX 13: 10 stays up."""
    typed = {"aimed-location": "torso", "damage-roll": "11", "knockback-dice": "10"}
    turn = attack(flow, duel(tmp_path, BEHIND_PLATE), typed, brunos_turn=True)
    assert known(turn, "flexible-armor") == "no" and "flexible-armor" not in turn.asked
    visits = [v.step for v in turn.session.state.trace]
    after = visits[visits.index("combat.92") + 1]
    assert after == "combat.123" and "combat.116" not in visits[visits.index("combat.92") :]
    alice = bruno(turn, "Alice")
    assert (alice.current_hp, alice.shock) == (10, 0)


def test_flexible_armor_is_asked_when_the_roster_does_not_say(flow: Program, tmp_path: Path) -> None:
    roster = duel(tmp_path, ("dr = { torso = 3, skull = 2 }", "dr = { torso = 12, skull = 2 }"))
    typed = {"aimed-location": "torso", "damage-roll": "11", "knockback-dice": "10", "flexible-armor": "no"}
    turn = attack(flow, roster, typed, brunos_turn=True)
    assert "flexible-armor" in turn.asked and bruno(turn, "Alice").current_hp == 10


def test_the_armor_is_not_asked_about_when_too_little_is_stopped_for_blunt_trauma(
    flow: Program, tmp_path: Path
) -> None:
    """Seed 003 step 93: "For every full 10 points of piercing, cutting or impaling damage, or 5 points
    of crushing damage stopped by the DR, the target suffer 1 point or injury" (B379).

    Alice's broadsword, 8 cut, on Bruno's torso, DR 12 (the roster not saying which armor is flexible):
    8 - 12 < 0, penetrating 0; 8 stopped, 8 // 10 = 0 blunt trauma whatever the armor, so the
    flexible-armor question does not come: no injury, HP 13, and 92 goes on to the knockback (123;
    8 // (ST 13 - 2) = 0 yards: no roll)."""
    roster = duel(tmp_path, ("dr = { torso = 2, groin = 2 }", "dr = { torso = 12, groin = 2 }"))
    turn = attack(flow, roster, {"aimed-location": "torso", "damage-roll": "8"})
    assert (known(turn, "penetrating"), known(turn, "damage-stopped"), known(turn, "blunt-possible")) == (0, 8, "no")
    assert "flexible-armor" not in turn.asked
    visits = [v.step for v in turn.session.state.trace]
    assert visits[visits.index("combat.92") + 1] == "combat.123"
    assert bruno(turn).current_hp == 13


def test_the_armor_is_asked_about_from_five_crushing_points_stopped(flow: Program, tmp_path: Path) -> None:
    """The least crushing blow that can give blunt trauma: Bruno's mace, 5 cr (2d+3 at its lowest), on
    Alice's torso, DR 12, the roster not saying: 5 stopped, blunt-possible, so the armor is asked;
    flexible: 5 // 5 = 1 injury, HP 10 - 1 = 9 (no shock: High Pain Threshold; knockback 5 // (ST 10
    - 2) = 0 yards: no roll)."""
    roster = duel(tmp_path, ("dr = { torso = 3, skull = 2 }", "dr = { torso = 12, skull = 2 }"))
    typed = {"aimed-location": "torso", "damage-roll": "5", "flexible-armor": "yes"}
    turn = attack(flow, roster, typed, brunos_turn=True)
    assert (known(turn, "damage-stopped"), known(turn, "blunt-possible")) == (5, "yes")
    assert turn.asked.count("flexible-armor") == 1 and known(turn, "blunt-trauma") == 1
    assert bruno(turn, "Alice").current_hp == 9


def test_an_answer_about_the_armor_at_a_location_is_kept_for_the_next_blow(flow: Program, tmp_path: Path) -> None:
    """B379: whether the armor is flexible belongs to the armor on that location; it does not change
    in a fight, so the game master answers it once for each combatant and location.

    Bruno's mace, 11 cr, on Alice's torso (DR 12, the roster not saying which armor is flexible): the
    first blow asks, and `yes` gives blunt trauma 11 // 5 = 2: HP 10 - 2 = 8. The next turn's same
    blow is not asked again: 2 more, HP 8 - 2 = 6 (no shock: High Pain Threshold; knockback 11 //
    (ST 10 - 2) = 1 yard, DX 13: 10 stays up)."""
    roster = duel(tmp_path, ("dr = { torso = 3, skull = 2 }", "dr = { torso = 12, skull = 2 }"))
    typed = {"aimed-location": "torso", "damage-roll": "11", "knockback-dice": "10"}
    first = attack(flow, roster, {**typed, "flexible-armor": "yes"}, brunos_turn=True)
    assert first.asked.count("flexible-armor") == 1 and known(first, "blunt-trauma") == 2
    assert bruno(first, "Alice").current_hp == 8
    after = first.end.roster or first.session.state.roster
    assert after is not None and after.get(after.index("Alice") or 0, "flexible-armor", "torso") == "yes"
    second = attack(flow, after, typed, brunos_turn=True)  # no `flexible-armor` among the answers
    assert "flexible-armor" not in second.asked and known(second, "blunt-trauma") == 2
    assert bruno(second, "Alice").current_hp == 6
    assert after.get(after.index("Alice") or 0, "flexible-armor", "skull") is None  # another place: asked


def test_a_blow_the_dr_stops_says_so_on_the_next_screen(flow: Program, tmp_path: Path) -> None:
    """Seed 003 step 92 (B379): rigid armor that stops the whole blow gives no injury, and the flow
    goes on to the knockback (123) with no injury step. The screen of that question says what the
    damage roll did: Bruno's mace 11 cr on Alice's torso, DR 12 (armor divisor 1): 11 - 12 < 0,
    penetrating 0 (crushing: not raised to 1, step 91); rigid: no injury. Where the armor's
    flexibility is still to be asked, it says nothing yet: blunt trauma may follow (step 93)."""
    from checklist.present.screen import screen

    typed = {"aimed-location": "torso", "damage-roll": "11"}
    rigid = attack(flow, duel(tmp_path, BEHIND_PLATE), typed, brunos_turn=True, until="knockback-dice")
    roll = screen(rigid.session).roll
    assert (
        roll is not None
        and roll.then == "11 cr to the torso · DR 12 · penetrating 0 · no injury: the DR stopped it all"
    )
    unsaid = duel(tmp_path, ("dr = { torso = 3, skull = 2 }", "dr = { torso = 12, skull = 2 }"))
    asking = attack(flow, unsaid, typed, brunos_turn=True, until="flexible-armor")
    roll = screen(asking.session).roll
    assert roll is not None and roll.then is None


def test_whether_the_armor_is_flexible_is_asked_of_whoever_wears_it(flow: Program, tmp_path: Path) -> None:
    """Bruno on autopilot (an NPC's tactic) strikes Alice, whose roster does not say which armor is
    flexible: the question is about Alice's armor, so it is hers (her player's, or the game master's),
    not Bruno's to answer by his tactic's default."""
    roster = duel(tmp_path, ("dr = { torso = 3, skull = 2 }", "dr = { torso = 12, skull = 2 }"),
                  ('name = "Bruno"\n', 'name = "Bruno"\ntactic = "aggressive"\n'))  # fmt: skip
    typed = {"aimed-location": "torso", "damage-roll": "11", "maneuver": "attack", "target": "Alice"}
    turn = attack(flow, roster, typed, brunos_turn=True, until="flexible-armor")
    question = turn.session.question
    assert question is not None and question.fact == "flexible-armor"
    assert (question.who, question.npc) == ("Alice", None)
