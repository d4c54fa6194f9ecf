"""A GCS body: its hit locations and the DR at each (docs/roster.md, "From GCS").

GCS writes each location of the character's body with the DR it computed (`calc.dr`: `all`, and
for a damage type that differs, the difference from `all`; a plain number in version 2), natural
DR (a location's `dr_bonus`: the skull's 2, a turtle's shell) included.  The roster gives that DR
as GCS shows it, and the body's own table: each location's name, roll, penalty, natural DR and
id (GCS's word for its kind: `leg`, `wing`).  What a kind means for wounding and crippling is the
flow's (rules.flow, body-kinds), not this importer's; so is the skull's 2, added only where GCS did
not give it already (injury.flow, extra-dr).  The flow's sub-locations (the jaw, the spine, a
joint) take the DR of the location they sit in.
"""

from __future__ import annotations

from collections.abc import Iterator

from checklist.model.names import slug
from checklist.model.visible import brief
from checklist.roster.gcs.files import RESAVE, Character, GcsError
from checklist.roster.gcs.values import Json, obj, objects, text, whole

# the flow's sub-locations that sit in a location of GCS's (by id), whose DR is that location's
# (rules.flow, hit-locations, dr-from): listed so that the flow offers them against this body
SUBS = {
    "face": ("jaw", "nose", "ear"),  # the ear as the face (MA137; rules.flow, hit-locations, dr-from)
    "neck": ("carotid-artery", "jugular-vein"),
    "torso": ("spine",),
    "hand": ("hand-joint",),
    "foot": ("foot-joint",),
}
BOTH = {
    "arm": ("right-arm", "left-arm", ("arm-joint", "brachial-artery")),
    "leg": ("right-leg", "left-leg", ("leg-joint", "femoral-artery")),
}  # a joint: the DR both limbs share
# GCS's damage types in DR bonuses, as the flow names them
KINDS = {
    "burning": ("burn",),
    "corrosion": ("cor",),
    "crushing": ("cr",),
    "cutting": ("cut",),
    "fatigue": ("fat",),
    "impaling": ("imp",),
    "piercing": ("pi-small", "pi", "pi-large", "pi-huge"),
    "toxic": ("tox",),
}


DR = int | dict[str, int]


def body(who: Character, notes: list[str]) -> tuple[str, dict[str, DR], list[dict[str, object]]]:
    """The body's name, the roster's `dr` table ({location: DR} or {location: {all, TYPE...}}) and its
    hit locations (`[[combatant.location]]`: name, id, roll, penalty, natural-dr)."""
    settings = obj(who.data.get("settings"), who.where("settings"))
    table = settings.get("body_type", settings.get("hit_locations"))
    if not isinstance(table, dict):
        notes.append(f"{who.where('DR')}: the file has no body (settings.body_type); DR is asked at every hit")
        return "none", {}, []
    name = text(table.get("name")) or "body"
    dr: dict[str, DR] = {}
    parts: list[dict[str, object]] = []
    for location, nested in _locations(who, table):
        called = text(location.get("table_name")) or text(location.get("id")) or "location"
        while slug(called) in dr:  # two of one name: the second is numbered
            called = f"{called} 2"
        value = _dr(location, who.where(f"hit location `{called}`"), notes)
        dr[slug(called)] = value
        parts.append(_part(location, called, nested))
        for sub in SUBS.get(text(location.get("id")), ()):
            dr.setdefault(sub, value)
    for first, second, joints in BOTH.values():
        if first in dr and dr[first] == dr.get(second):
            for joint in joints:
                dr.setdefault(joint, dr[first])
    if any(nested for _, nested in _locations(who, table)):
        notes.append(f"{who.where()}: the {name} body's sub-tables are not rolled on; their locations can be aimed at")
    return name, dr, parts


def _part(location: Json, called: str, nested: bool) -> dict[str, object]:
    """One `[[combatant.location]]`: GCS's id says what kind of location it is (flow/rules.flow, body-kinds)."""
    calc = location.get("calc")
    rolls = text(calc.get("roll_range")) if isinstance(calc, dict) and not nested else "-"
    part: dict[str, object] = {"name": called, "id": slug(text(location.get("id"))) or "torso", "roll": rolls or "-"}
    part["penalty"] = whole(location.get("hit_penalty")) or 0
    if whole(location.get("dr_bonus")):
        part["natural-dr"] = whole(location.get("dr_bonus")) or 0
    return part


def _locations(who: Character, table: Json) -> Iterator[tuple[Json, bool]]:
    """The body's locations, and those of their sub-tables (as deep as they go, without recursion),
    each with whether it is in a sub-table."""
    where = who.where("body")
    if not isinstance(table.get("locations"), list):
        raise GcsError(f"{where}: the body's `locations` is not a list; {RESAVE}")
    stack = [iter(objects(table.get("locations"), where))]
    while stack:
        location = next(stack[-1], None)
        if location is None:
            stack.pop()
            continue
        yield location, len(stack) > 1
        sub = location.get("sub_table")
        if isinstance(sub, dict):
            stack.append(iter(objects(sub.get("locations"), where)))


def _dr(location: Json, where: str, notes: list[str]) -> DR:
    calc = location.get("calc")
    raw = calc.get("dr") if isinstance(calc, dict) else None
    if whole(raw) is not None:  # version 2
        return whole(raw) or 0
    given = {text(k): whole(v) for k, v in raw.items()} if isinstance(raw, dict) else {}
    if not isinstance(raw, dict) or None in given.values():
        raise GcsError(f"{where}: no DR that can be read (calc.dr is {brief(raw)}); save the file again in GCS")
    base = given.get("all") or 0
    typed: dict[str, int] = {}
    for kind, difference in sorted((k, v) for k, v in given.items() if v is not None):
        if kind == "all" or difference == 0:
            continue
        flow = KINDS.get(kind.lower())
        if flow is None:
            notes.append(
                f"{where}: DR {base + difference} against `{kind}` is not used (the flow's damage types "
                "do not include it)"
            )
            continue
        typed.update({k: base + difference for k in flow})
    return {"all": base, **typed} if typed else base
