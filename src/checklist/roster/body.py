"""A combatant's own hit locations: `[[combatant.location]]` (docs/roster.md, "The body's hit locations").

A sheet with a body (GCS's `settings.body_type`) carries its hit location table: each location's
name, the roll that lands there, its penalty to hit, its natural DR (GCS's `dr_bonus`, already in
`dr`) and its id, GCS's word for what kind of location it is (`leg`, `wing`, `tail`).  The roster
only reads it; the rules by kind (wounding, crippling) are the flow's (rules.flow, body-kinds), and
a sheet without a body is hit on the flow's own table.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from checklist.model.names import slug
from checklist.model.visible import brief

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass

LOCATION_FIELDS = ("name", "id", "roll", "penalty", "natural-dr")
ROLL = re.compile(r"\s*(\d{1,2})\s*(?:-\s*(\d{1,2}))?\s*")  # "3-4", "5"; "-" or "": not on the roll


class BodyError(ValueError):
    """A `[[combatant.location]]` that cannot be used: the message says where and how to fix it."""


@dataclass(frozen=True, slots=True)
class BodyPart:
    key: str  # the name as a slug: what `dr`, `wounds[...]` and the flow's facts call it
    name: str  # as the sheet writes it: Foreleg
    kind: str  # GCS's location id (leg, wing, tail): the flow's body-kinds row
    low: int = 0  # the roll that lands here, low to high; 0: not on the roll (eyes, vitals)
    high: int = 0
    penalty: int = 0
    natural: int = 0  # natural DR (GCS's dr_bonus), included in the sheet's DR there

    @property
    def roll(self) -> str:
        if not self.low:
            return "-"
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


def body_of(raw: object, where: str) -> tuple[BodyPart, ...]:
    """`[[combatant.location]]` tables, in the sheet's order."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise BodyError(f"{where}: hit locations are [[combatant.location]] tables; write each as one")
    parts = tuple(_part(item, f"{where} {i}") for i, item in enumerate(raw, 1))
    seen: set[str] = set()
    for part in parts:
        if part.key in seen:
            raise BodyError(f"{where}: two hit locations are called `{part.name}`; give each its own name")
        seen.add(part.key)
    return parts


def _part(raw: object, where: str) -> BodyPart:
    if not isinstance(raw, dict) or not {"name", "id"} <= set(raw):
        raise BodyError(f'{where}: a hit location needs name and id, e.g. name = "Foreleg", id = "leg", '
                        'roll = "7-8", penalty = -2')  # fmt: skip
    unknown = set(raw) - set(LOCATION_FIELDS)
    if unknown:
        raise BodyError(f"{where}: unknown key `{sorted(unknown)[0]}`; known: {', '.join(LOCATION_FIELDS)}")
    name, kind = raw["name"], raw["id"]
    if not isinstance(name, str) or not slug(name) or not isinstance(kind, str) or not slug(kind):
        raise BodyError(f'{where}: name and id are text, such as "Foreleg" and "leg"')
    low, high = _roll(raw.get("roll", "-"), where)
    numbers = [raw.get(k, 0) for k in ("penalty", "natural-dr")]
    for key, value in zip(("penalty", "natural-dr"), numbers, strict=True):
        if isinstance(value, bool) or not isinstance(value, int) or abs(value) > 999:
            raise BodyError(f"{where}, {key}: a whole number such as -2, not {brief(value)}")
    return BodyPart(slug(name), name.strip(), slug(kind), low, high, int(numbers[0]), int(numbers[1]))


def _roll(value: Any, where: str) -> tuple[int, int]:
    text = value if isinstance(value, str) else ""
    if text.strip() in ("-", ""):
        return 0, 0
    found = ROLL.fullmatch(text)
    low = int(found.group(1)) if found else 0
    high = int(found.group(2) or low) if found else 0
    if not found or not 3 <= low <= high <= 18:
        raise BodyError(f'{where}, roll: the 3d6 roll that lands there, such as "7-8" or "5" ("-": none), '
                        f"not {brief(value)}")  # fmt: skip
    return low, high


def at_roll(parts: tuple[BodyPart, ...], roll: int) -> BodyPart | None:
    """The location a hit location roll lands on; a body of one location (a Slime's) is hit there,
    whatever the roll."""
    if len(parts) == 1:
        return parts[0]
    return next((p for p in parts if p.low and p.low <= roll <= p.high), None)


def find(parts: tuple[BodyPart, ...], key: str) -> BodyPart | None:
    wanted = slug(key)
    return next((p for p in parts if p.key == wanted), None)


def location_attribute(parts: tuple[BodyPart, ...], attr: str, key: str) -> int | str | None:
    """A body's own hit locations, as the flow reads them: `location-at[ROLL]`, `in-body[NAME]`, and
    `location-kind`, `location-penalty` and `natural-dr` at NAME; None where the sheet does not say."""
    if attr == "location-at":
        landed = at_roll(parts, int(key) if key.isdigit() else 0)
        return None if landed is None else landed.key
    part = find(parts, key)
    if attr == "in-body":
        return "yes" if part is not None else "no"
    if part is None:
        return None
    if attr == "location-kind":
        return part.kind
    return part.penalty if attr == "location-penalty" else part.natural
