"""Issue 14, damage and injury (items 10-18): each rule through the whole chain of a real Session.

Alice (broadsword 15, 1d+2 cut) attacks Bruno (HT 12, HP 13, Parry 9, DR 2 on the torso and the
groin, normal pain threshold) with the roster tests/run/data/duel-roster.toml, every roll typed
(the attack, the parry, the damage, ...). The numbers are worked out by hand in each test, from
the seed text quoted there: skill -> roll -> defense -> DR -> penetrating -> wounding -> injury
-> crippling -> shock -> knockdown -> HP and the roster's state.
"""

from __future__ import annotations

from pathlib import Path

from checklist.graph.program import Program
from checklist.run.roster import Condition, Roster, load
from checklist.run.session import Session
from tests.run.conftest import DATA

# Alice's attack: a hit (10 against 15, or less the location's penalty), Bruno's parry fails
# (15 against Parry 9).
HIT = {"maneuver": "attack", "attack-dice": "10", "defense": "parry", "defense-dice": "15"}


def duel(tmp_path: Path, extra: str = "", bruno: str = "") -> Roster:
    """The duel roster; `bruno` adds lines to Bruno's sheet, `extra` to the end (Alice's weapon)."""
    text = (DATA / "duel-roster.toml").read_text("utf-8")
    text = text.replace('dr = { torso = 2, groin = 2 }', bruno or 'dr = { torso = 2, groin = 2 }')
    path = tmp_path / "duel.toml"
    path.write_text(text + extra, "utf-8")
    return load(path)


class Turn:
    """Alice's turn (she acts first), with `typed` answers and rolls, until `until` is asked;
    `seen` keeps every fact known on the way (an attack's facts end with the attack)."""

    def __init__(self, flow: Program, roster: Roster, typed: dict[str, str], until: str = "combat-over") -> None:
        self.session = Session(flow, at="combat.1", seed=11, roster=roster, pause=False)
        self.seen: dict[str, object] = {}
        self.asked: list[str] = []
        answers = {**HIT, **typed}
        for _ in range(80):
            question = self.session.question
            assert question is not None, "the flow ended"
            self.seen.update({name: k.value for name, k in self.session.state.known().items()})
            if question.fact == until:
                for visit in self.session.state.trace:  # what the steps since the last question used
                    self.seen.update({name: value for name, value, _ in visit.used})
                return
            self.asked.append(question.fact or question.kind)
            if question.fact not in answers:
                raise AssertionError(f"`{question.fact}` asked ({question.text}); asked so far {self.asked}")
            self.session.answer(answers[question.fact or ""])
        raise AssertionError(f"{until} was never asked; asked {self.asked}")


def attack(flow: Program, roster: Roster, typed: dict[str, str], until: str = "combat-over") -> Turn:
    return Turn(flow, roster, typed, until)


def bruno(turn: Turn) -> Condition:
    roster = turn.session.state.roster
    assert roster is not None
    index = roster.index("Bruno")
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
