"""A GCS weapon's damage as the roster gives it: dice, type, armor divisor, and what GCS adds after.

GCS writes the damage it resolved (a weapon's `calc.damage`): the dice, an armor divisor in
parentheses, then the type as the sheet's author typed it, and fragmentation in brackets:
`2d+1 cut`, `4d(3) burn`, `1d cr dkb`, `3d pi+ [2d cut]`.  The type is free text.  It starts
with one of the flow's damage types, which may be followed by more (`nw`, no wounding; `dkb`,
double knockback; `+ Paralysis`; `+1d/point`): that is kept as the weapon's `effects`, named
when the roster loads, and not applied by the flow.  Or it is none of them: `ctrl` (Technical
Grappling's control points), `R-HT-2 or KO` (a stun phaser), `Blinds`, `-` (a cloak), `see
DFX39`, or nothing at all (an Affliction, Engulf).  A damage with no dice is an attack of its
own kind (Attack.kind); this module reads the text, weapons.py decides what the weapon is.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass

# GCS's damage types as the flow names them (injury.flow's damage-type)
TYPES = {
    "burn": "burn",
    "cor": "cor",
    "cr": "cr",
    "cut": "cut",
    "fat": "fat",
    "imp": "imp",
    "pi-": "pi-small",
    "pi": "pi",
    "pi+": "pi-large",
    "pi++": "pi-huge",
    "tox": "tox",
}
# what GCS's types and the words after them mean, for the notes (B104-B111, Technical Grappling)
MEANINGS = {
    "nw": "no wounding: knockback, no injury",
    "dkb": "double knockback",
    "ex": "explosive",
    "inc": "incendiary",
    "sur": "surge",
    "rad": "radiation",
    "ctrl": "control points of Technical Grappling, not injury",
}
DAMAGE = re.compile(
    r"(?P<dice>\d{1,4}d\d{0,4}(?:[+-]\d{1,6})?(?:x\d{1,4})?|[+-]?\d{1,6}(?![\w/]))?"
    r"\s*(?:\((?P<divisor>[^)]{0,20})\))?\s*(?P<type>.*)",
    re.DOTALL,
)
PER_POINT = re.compile(r"/\s*(?:point|pt)\b|\bper point\b", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Damage:
    dice: str  # "2d+1"; "" when the text gives none
    divisor: str  # inside the parentheses, as written; "" when none
    type: str  # the flow's damage type; "" when the text names none of them
    named: str  # the type text when it is none of the flow's ("ctrl", "R-HT-2 or KO", "-"); else ""
    effects: str  # what follows one of the flow's types: "nw", "dkb", "+ Paralysis", "[2d cut]"


def parse(written: str) -> Damage:
    found = DAMAGE.fullmatch(written.strip())
    assert found is not None  # every part is optional
    rest = found["type"].strip()
    first, _, after = rest.partition(" ")
    dice, divisor = found["dice"] or "", found["divisor"] or ""
    if first in TYPES:
        return Damage(dice, divisor, TYPES[first], "", after.strip())
    return Damage(dice, divisor, "", rest, "")


def meaning(words: str) -> str:
    """What GCS's words after a damage type (or in place of one) mean, where they are known."""
    said = [MEANINGS[w] for w in words.split() if w in MEANINGS]
    if PER_POINT.search(words):
        said.append("by the point")
    return "; ".join(said)
