"""What a critical roll, or an attack that missed its hit location by 1, leaves to the game master, on the
roll's line.

The flow says what a critical does (rules.flow: attack-hit from attack-results, defense-critical from
critical-defense; seed 002, CRITICALS). A fall and an unready shield the flow records itself; the
Critical Hit and Critical Miss Tables are not in the seeds, so the line names them and their page, and who
rolls on the Critical Miss Table.
"""

from __future__ import annotations

from fractions import Fraction

from checklist import model as m
from checklist.compute.success import success
from checklist.engine.questions import Value
from checklist.model.dice import Dice, DiceError
from checklist.roster.combatants import Roster

CRITICAL_MISS = "rolls on the Critical Miss Table (B556)"
# "Critical hit: Target gets no active defense. Roll on Critical Hit/Critical Head Blow table"
CRITICAL_HIT = "no active defense; roll on the Critical Hit Table (B556), or Critical Head Blow for the head"
SAID = {
    "critical-miss": "{defender} " + CRITICAL_MISS,  # "Critical fail, Parry: Defender on Critical Miss"
    "attacker-critical-miss": "{attacker} " + CRITICAL_MISS,  # "Critical success on a defense roll: Melee"
    "falls-prone": "{defender} falls prone",  # "Critical fail, Dodge: Defender falls prone"
    "shield-unready": "{defender}'s shield is unready",  # "Critical fail, Block: Defender's shield unreadies"
}


def critical_line(known: dict[str, Value], roll: str, whom: str, roster: Roster | None) -> str | None:
    """An attack's critical hit or miss, or a defense's critical success or failure: what follows, and for whom
    (`whom`: the defender; the attacker is whose turn it is)."""
    attacker = roster.sheets[roster.current].name if roster is not None else "the attacker"
    if roll == "attack-dice":
        hit = known.get("attack-hit")
        if hit == "critical-hit":
            return CRITICAL_HIT
        return f"{attacker} {CRITICAL_MISS}" if hit == "critical-miss" else missed_by_one(known)
    said = SAID.get(str(known.get("defense-critical"))) if roll == "defense-dice" else None
    return said.format(attacker=attacker, defender=whom or "the defender") if said is not None else None


def missed_by_one(known: dict[str, Value]) -> str | None:
    """An attack at a hit location that failed by 1 and strikes another (rules.flow: miss-location, from the
    hit location table's Miss by 1 column, B552): the roll says "failure by 1", and the defense comes next.
    The roll's line and the combat log say it."""
    if known.get("attack-roll") != "miss-by-one-other-location":
        return None
    aimed = str(known.get("aimed-location") or "aimed location").replace("-", " ")
    spot = str(known.get("miss-spot") or known.get("miss-location") or "").replace("-", " ").replace(" or ", " or the ")
    return f"missed the {aimed} by 1: strikes the {spot} instead (B552)" if spot else None


def succeeds_on(table: m.Table, dice: str | None, score: int) -> str:
    """`16 or less` as the success table reads it for `score` (a 17 always fails: `21` would say what never
    happens), with the score when the two differ: `16 or less (21, but 17 or more always fails)`."""
    try:
        parsed = Dice.parse(dice) if dice else None
    except DiceError:
        parsed = None
    low, high = (parsed.low, parsed.high) if parsed is not None else (score, score)
    rolls = [r for r in range(low, high + 1) if success(table, Fraction(r), Fraction(score)) in PASSES]
    best = max(rolls, default=score)
    if best < score:
        return f"{best} or less ({score}, but {best + 1} or more always fails)"
    if best > score:
        return f"{best} or less ({score}, but {low} to {best} always succeed)"
    return f"{score} or less"


PASSES = ("success", "critical-success")
