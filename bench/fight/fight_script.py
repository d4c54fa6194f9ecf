"""The fight's script: what the game master decides each turn, and what the physical dice show.

A turn's plan is keyed by its round and a word of the acting combatant's name. Its decisions
are (question, answer) pairs, the question a regular expression searched in the question's
text (the lines above the prompt), so that the script does not depend on the order of the
questions; an answer `parry|dodge` takes the first of them the question offers. Its dice are
(roll, wanted) pairs for the physical-dice mode, taken in order as the roll questions come:
`success` or `failure` (by 1 unless `by N` is said) against the number on the screen (the
ledger's total: `= 16  Effective skill`), or a number to type (damage). With `--roll auto` the
tool rolls and the dice are not used. A question the plan does not decide is answered with
Enter when the prompt shows a default, and stops the bench (showing the screen) otherwise.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

FOE, PARTY = "Ogre", ("Donn", "Felicity")
# (sheet, side, the weapon readied when the roster says: GCS sheets ready the first melee weapon that
# parries, Felicity's Bowie knife, so a small TOML roster gives her the pistol she shoots in every turn)
SIDES = (("Basic Warrior.gcs", "party", ""), ("Fiasco-Felicity.gcs", "party", "M1877 Colt Lightning .38"),
         ("Ogre.gcs", "foes", ""))  # fmt: skip
MANEUVER = r"^Which maneuver does"
ATTACK_ROLL = r"^Roll 3d6 for the attack"
DEFENSE_ROLL = r"^Roll 3d6 for the active defense"
DAMAGE_ROLL = r"^Roll the (weapon's )?damage"
KNOCKDOWN = r"knockdown|stun"  # the HT roll after a major wound (B420)
CONSCIOUS = r"conscious"  # the HT roll at 0 HP or less (B327)
# The knockdown roll's screen shows no number to roll against: the script gives it, HT 13 and
# +3 for High Pain Threshold (B420); the roll line after it says what the tool rolled against.
KNOCKDOWN_FAILS = "failure vs 16"
FALLS = "failure vs 13"  # the HT roll to stay conscious at 0 HP or less (B419), HT 13: not shown
AWAKENING = r"HT roll to awaken"  # post-combat, the unconscious Ogre at 0 HP or less (B423)
RECOVERS = "success vs 13"  # the HT roll to recover from stun (B420): the Ogre's HT, not on the screen either

# Post-combat's rolls, after the fight (no turn): the Ogre, HT 13, awakens at the first hour's roll
# (B423: at 0 HP or less, a HT roll every hour until one succeeds).
AFTER: tuple[tuple[str, str], ...] = ((AWAKENING, "success vs 13"),)

# Decisions every turn may meet; a plan's own come first.
COMMON: tuple[tuple[str, str], ...] = (
    (MANEUVER, "Attack"),
    (r"^Whom does Ogre attack", "Donn"),
    (r"^How many shots", "3"),  # Felicity's pistol: RoF 3
    (r"[Rr]ange.*yards|yards.*[Rr]ange|distance", "5"),  # if the range becomes a distance
    (r"^Range and speed modifier", "-2"),  # 5 yards (B550)
    (r"another potential target", "no"),
    (r"armor on the hit location flexible", "no"),  # the Ogre's DR is his hide (blunt trauma, B379)
    (r"active defense does .*Felicity", "dodge"),
)
# The defenses, by whose turn it is (a plan may choose another): the Ogre parries a sword and
# dodges bullets; Donn blocks the maul.
DEFENSES: dict[str, tuple[tuple[str, str], ...]] = {
    "Donn": ((r"active defense does Ogre", "parry"),),
    "Felicity": ((r"active defense does Ogre", "dodge"),),
    "Ogre": ((r"active defense does Donn", "block"),),
}


@dataclass(frozen=True)
class Plan:
    round: int
    actor: str  # a word of the name in `round N, NAME's turn`
    kind: str  # what the turn should be: melee attack, ranged attack, nothing to decide, other
    story: str  # what happens
    decisions: tuple[tuple[str, str], ...] = ()
    dice: tuple[tuple[str, str], ...] = ()


PLANS: tuple[Plan, ...] = (
    Plan(
        1,
        "Donn",
        "melee attack",
        "Donn hits, the Ogre's parry fails, 5 cut (3 injury)",
        dice=((ATTACK_ROLL, "success"), (DEFENSE_ROLL, "failure"), (DAMAGE_ROLL, "5")),
    ),
    Plan(
        1,
        "Felicity",
        "ranged attack",
        "three shots, two hit (success by 2, Rcl 2), the Ogre's dodge fails, 4 and 5 pi",
        dice=((ATTACK_ROLL, "success by 2"), (DEFENSE_ROLL, "failure"), (DAMAGE_ROLL, "4"), (DAMAGE_ROLL, "5")),
    ),
    Plan(
        1,
        "Ogre",
        "melee attack",
        "the Ogre swings at Donn, Donn blocks",
        dice=((ATTACK_ROLL, "success"), (DEFENSE_ROLL, "success")),
    ),
    Plan(
        2,
        "Donn",
        "melee attack",
        "Donn hits, the Ogre's dodge fails, 11 cut: a major wound, the knockdown roll fails, stunned",
        decisions=((r"active defense does Ogre", "dodge"),),
        dice=((ATTACK_ROLL, "success"), (DEFENSE_ROLL, "failure"), (DAMAGE_ROLL, "11"), (KNOCKDOWN, KNOCKDOWN_FAILS)),
    ),
    Plan(
        2,
        "Felicity",
        "ranged attack",
        "three shots, all miss",
        dice=((ATTACK_ROLL, "failure"),),
    ),
    Plan(
        2,
        "Ogre",
        "nothing to decide",
        "stunned: the turn passes, the HT roll to recover succeeds",
        dice=((KNOCKDOWN, RECOVERS),),
    ),
    Plan(3, "Donn", "melee attack", "Donn misses", dice=((ATTACK_ROLL, "failure"),)),
    Plan(
        3,
        "Felicity",
        "ranged attack",
        "three shots, one hits, the reeling Ogre lying down cannot dodge (Dodge 2): 2 pi, his DR 3 stops it",
        dice=((ATTACK_ROLL, "success by 0"), (DEFENSE_ROLL, "failure"), (DAMAGE_ROLL, "2")),
    ),
    Plan(
        3,
        "Ogre",
        "melee attack",
        "the Ogre swings at Donn, Donn parries",
        decisions=((r"active defense does Donn", "parry"),),
        dice=((ATTACK_ROLL, "success"), (DEFENSE_ROLL, "success")),
    ),
    Plan(
        4,
        "Donn",
        "melee attack",
        "Donn hits, the Ogre parries",
        dice=((ATTACK_ROLL, "success"), (DEFENSE_ROLL, "success")),
    ),
    Plan(
        4,
        "Felicity",
        "ranged attack",
        "three shots, one hits, the Ogre's dodge fails, 6 pi: the Ogre at -1 HP",
        dice=((ATTACK_ROLL, "success by 0"), (DEFENSE_ROLL, "failure"), (DAMAGE_ROLL, "6")),
    ),
    Plan(
        4,
        "Ogre",
        "nothing to decide",
        "at -1 HP the Ogre rolls HT to stay conscious at the start of his turn (B419), fails and falls",
        dice=((CONSCIOUS, FALLS),),
    ),
)


def plan_for(round_: int, actor: str) -> Plan | None:
    return next((p for p in PLANS if p.round == round_ and p.actor in actor), None)


def decide(plan: Plan | None, actor: str, question: str, offered: str) -> str | None:
    """The plan's (then the actor's defenses', then the common) answer to `question`, or None."""
    standing = next((d for name, d in DEFENSES.items() if name in actor), ())
    for pattern, answer in (*(plan.decisions if plan else ()), *standing, *COMMON):
        if re.search(pattern, question):
            choices = answer.split("|")
            if len(choices) == 1:
                return answer
            return next((c for c in choices if re.search(rf"\) {c}\b", offered)), choices[-1])
    return None


def physical(wanted: str, against: int | None, dice: str) -> int:
    """The number to type for a wanted roll: `success [by N]`, `failure [by N]` against `against`
    (3d6, no critical: B347-348), or a number. ValueError when it cannot be had."""
    if re.fullmatch(r"\d+", wanted):
        return int(wanted)
    match = re.fullmatch(r"(success|failure)(?: by (\d+))?(?: vs (\d+))?", wanted)
    if match is None or dice != "3d6":
        raise ValueError(f"cannot roll {wanted!r} on {dice}")
    against = against if against is not None or match.group(3) is None else int(match.group(3))
    if against is None:
        raise ValueError(f"no number to roll against is on the screen for {wanted!r}")
    if match.group(1) == "success":
        value = against - int(match.group(2)) if match.group(2) else min(against, 10)
        critical = value <= 4 or (value == 5 and against >= 15) or (value == 6 and against >= 16)
        if critical or value > against:
            raise ValueError(f"{wanted} against {against} is not a plain success")
        return value
    value = against + int(match.group(2)) if match.group(2) else min(max(against + 1, 5), 17)  # 3-4 succeed, 17 fails
    if value == 17 and against <= 15 or value >= 18 or value >= against + 10:
        raise ValueError(f"{wanted} against {against} would be a critical failure")
    return value
