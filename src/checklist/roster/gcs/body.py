"""DR by hit location from a GCS body (docs/roster.md, "From GCS").

GCS writes each location of the character's body with the DR it computed (`calc.dr`: `all`, and
for a damage type that differs, the difference from `all`; a plain number in version 2).  The
roster's DR is the DR of armor and traits: the location's own bonus (`dr_bonus`, the skull's 2)
is taken off, because the flow adds the skull's and the spine's itself (rules.flow, hit-locations).
GCS locations map to the flow's: by the table name where it is one (Right Arm, Left Leg), else
by the location id.  A location the flow does not know (a quadruped's forelegs, a tail) is said
when the roster loads; a flow location the body lacks is asked when it is hit.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from checklist.model.names import slug
from checklist.roster.gcs.files import RESAVE, Character, GcsError

# the flow's hit locations that one GCS location id stands for (eye, skull, ... as GCS names them)
BY_ID = {
    "eye": ("eye",),
    "skull": ("skull",),
    "face": ("face", "jaw", "nose"),
    "neck": ("neck", "carotid-artery", "jugular-vein"),
    "torso": ("torso", "spine"),
    "vitals": ("vitals",),
    "groin": ("groin",),
    "hand": ("hand", "hand-joint"),
    "foot": ("foot", "foot-joint"),
}
BY_TABLE = ("right-arm", "left-arm", "right-leg", "left-leg")  # GCS's table names, as slugs
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


def body(who: Character, notes: list[str]) -> tuple[str, dict[str, Any]]:
    """The body's name and the roster's `dr` table: {location: DR} or {location: {all, TYPE...}}."""
    settings = who.data.get("settings") if isinstance(who.data.get("settings"), dict) else {}
    assert isinstance(settings, dict)
    table = settings.get("body_type", settings.get("hit_locations"))
    if not isinstance(table, dict):
        notes.append(f"{who.where('DR')}: the file has no body (settings.body_type); DR is asked at every hit")
        return "none", {}
    name = str(table.get("name") or "body")
    dr: dict[str, Any] = {}
    unknown: list[str] = []
    for location in _locations(who, table):
        where = who.where(f"hit location `{location.get('table_name') or location.get('id')}`")
        value = _dr(location, where, notes)
        by_table = slug(str(location.get("table_name", "")))
        targets = (by_table,) if by_table in BY_TABLE else BY_ID.get(str(location.get("id")), ())
        if not targets:
            unknown.append(f"{location.get('table_name') or location.get('id')} (DR {_show(value)})")
        for target in targets:
            dr.setdefault(target, value)
    for first, second, joints in BOTH.values():
        if first in dr and dr[first] == dr.get(second):
            for joint in joints:
                dr.setdefault(joint, dr[first])
    if unknown:
        notes.append(
            f"{who.where()}: the {name} body has locations the flow does not know: {', '.join(unknown)}; "
            "when one is hit, choose the flow's nearest location and give the DR when asked"
        )
    lacking = [loc for loc in FLOW_LOCATIONS if loc not in dr]
    if lacking:
        notes.append(f"{who.where()}: the {name} body gives no DR for {', '.join(lacking)}; asked when hit there")
    return name, dr


FLOW_LOCATIONS = (
    "skull",
    "face",
    "right-leg",
    "right-arm",
    "torso",
    "groin",
    "left-arm",
    "left-leg",
    "hand",
    "foot",
    "neck",
    "arm-joint",
    "brachial-artery",
    "carotid-artery",
    "ear",
    "eye",
    "femoral-artery",
    "foot-joint",
    "hand-joint",
    "jaw",
    "jugular-vein",
    "leg-joint",
    "nose",
    "spine",
    "vitals",
)


def _locations(who: Character, table: dict[str, Any]) -> Iterator[dict[str, Any]]:
    locations = table.get("locations")
    if not isinstance(locations, list):
        raise GcsError(f"{who.where('body')}: the body's `locations` is not a list; {RESAVE}")
    for location in locations:
        if not isinstance(location, dict):
            raise GcsError(f"{who.where('body')}: a hit location is a JSON object; {RESAVE}")
        yield location
        if isinstance(location.get("sub_table"), dict):
            yield from _locations(who, location["sub_table"])


def _dr(location: dict[str, Any], where: str, notes: list[str]) -> int | dict[str, int]:
    calc = location.get("calc")
    raw = calc.get("dr") if isinstance(calc, dict) else None
    own = location.get("dr_bonus", 0)
    own = own if isinstance(own, int) and not isinstance(own, bool) else 0
    if isinstance(raw, int) and not isinstance(raw, bool):  # version 2
        return raw - own
    if not isinstance(raw, dict) or not all(isinstance(v, int) and not isinstance(v, bool) for v in raw.values()):
        raise GcsError(f"{where}: no DR that can be read (calc.dr is {raw!r}); save the file again in GCS")
    base = raw.get("all", 0) - own
    typed: dict[str, int] = {}
    for kind, difference in sorted(raw.items()):
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


def _show(value: int | dict[str, int]) -> str:
    if isinstance(value, int):
        return str(value)
    return str(value["all"]) + "".join(f", {v} {k}" for k, v in value.items() if k != "all")
