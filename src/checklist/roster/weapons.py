"""A weapon's attributes as the flow reads them (`actor.weapon-WHAT` of the readied weapon, `actor.weapon-WHAT[NAME]`
of another): from its line on the sheet, and the sheet's skills (roster/combatants.py asks)."""

from __future__ import annotations

import math
import re

from checklist.model.dice import Dice, DiceError
from checklist.model.names import slug
from checklist.roster.sheet import Sheet, Value, Weapon


def weapon_attribute(weapon: Weapon, sheet: Sheet, what: str) -> Value | None:
    """`weapon-WHAT` of one weapon, as the sheet gives it; None when it does not say."""
    if what in weapon.ask or (what == "blocks" and "block" in weapon.ask):
        return None
    if what == "skill":
        return weapon.level if weapon.level is not None else dict(sheet.skills).get(slug(weapon.skill))
    if what in ("ranged", "unarmed"):
        return "yes" if getattr(weapon, what) else "no"
    if what == "thrown":  # a knife, a spear: parried (B376), unlike a missile from a bow or a gun
        return "yes" if weapon.ranged and _thrown(weapon) else "no"
    if what == "fatigue":
        return "yes" if slug(weapon.type) == "fat" else "no"
    if what == "dice":  # how many dice its damage rolls: 2 for "2d+1" (B269)
        try:
            return Dice.parse(weapon.damage.strip().lower()).dice
        except DiceError:
            return None
    if what == "armor-divisor":  # a fractional one divides by 1 and multiplies DR (dr-multiplier)
        return max(1, int(weapon.armor_divisor))
    if what == "dr-multiplier":  # (0.5) doubles DR, (0.2) x5, (0.1) x10 (B110, B378)
        return int(1 / weapon.armor_divisor) if weapon.armor_divisor < 1 else 1
    if what in ("parry", "block"):
        return weapon.defense(what)[0]
    if what == "blocks":  # a shield or a cloak: its block is a number
        return "no" if weapon.defense("block")[0] is None else "yes"
    if what == "thrust":  # GCS's usage (Thrust - Two Handed, Main-Gauche Thrust); a TOML weapon's, else a swing
        return "yes" if "thrust" in slug(weapon.usage).split("-") else "no"
    if what == "judo-karate":
        return "yes" if slug(weapon.skill) in ("judo", "karate") else "no"
    if what == "unwieldy":  # ‡ after its min ST (B270)
        return "yes" if "‡" in weapon.min_st else "no"
    if what in ("fencing", "unbalanced"):
        number, letters = weapon.defense("parry")
        return None if number is None else "yes" if what[0].upper() in letters else "no"
    if what == "rof":  # shots a turn: "3" is 3, "3x9" (shots x projectiles) 27, "10!" 10; none listed is 1 (B269, B409)
        numbers = [int(n) for n in re.findall(r"\d+", weapon.rof)]
        return math.prod(numbers) if numbers else 1
    if what == "min-st":
        digits = re.match(r"\d+", weapon.min_st)
        return int(digits.group()) if digits else None
    value = getattr(weapon, what, None)
    return value if isinstance(value, (int, str)) else None


THROWN_SKILLS = ("throwing", "bolas", "lasso", "net")  # and every Thrown Weapon (X) (B226, B243)


def _thrown(weapon: Weapon) -> bool:
    """Thrown, as its use (GCS: `Thrown`) or its skill says."""
    skill = slug(weapon.skill)
    return "thrown" in slug(weapon.usage) or skill.startswith("thrown-weapon") or skill in THROWN_SKILLS
