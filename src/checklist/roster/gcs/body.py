"""DR by hit location from a GCS body (docs/roster.md, "From GCS").

GCS writes each location of the character's body with the DR it computed (`calc.dr`: `all`, and
for a damage type that differs, the difference from `all`; a plain number in version 2), natural
DR (a location's `dr_bonus`: a turtle's shell) included.  The roster gives that DR, less 2 at the
skull, which the flow adds there itself (rules.flow, hit-locations, extra-dr): a hit on the skull
meets GCS's DR, whether GCS's body gave the skull its 2 (a Humanoid's `dr_bonus`) or not (a
Flaming Skull's 0 is -2 in the roster).
GCS locations map to the flow's: by the table name where it is one (Right Arm, Left Leg), else
by the location id.  A location the flow does not know (a quadruped's forelegs, a tail) is said
when the roster loads; a flow location the body lacks is asked when it is hit.
"""

from __future__ import annotations

from collections.abc import Iterator

from checklist.model.names import slug
from checklist.model.visible import brief
from checklist.roster.gcs.files import RESAVE, Character, GcsError
from checklist.roster.gcs.values import Json, obj, objects, text, whole

SKULL_DR = 2  # rules.flow, hit-locations: the flow adds the skull's own DR 2 (B399) to the roster's

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


DR = int | dict[str, int]


def body(who: Character, notes: list[str]) -> tuple[str, dict[str, DR]]:
    """The body's name and the roster's `dr` table: {location: DR} or {location: {all, TYPE...}}."""
    settings = obj(who.data.get("settings"), who.where("settings"))
    table = settings.get("body_type", settings.get("hit_locations"))
    if not isinstance(table, dict):
        notes.append(f"{who.where('DR')}: the file has no body (settings.body_type); DR is asked at every hit")
        return "none", {}
    name = text(table.get("name")) or "body"
    dr: dict[str, DR] = {}
    unknown: list[str] = []
    for location in _locations(who, table):
        called = text(location.get("table_name")) or text(location.get("id"))
        value = _dr(location, who.where(f"hit location `{called}`"), notes)
        if text(location.get("id")) == "skull":
            value = _less(value, SKULL_DR, who.where(f"hit location `{called}`"), notes)
        by_table = slug(text(location.get("table_name")))
        targets = (by_table,) if by_table in BY_TABLE else BY_ID.get(text(location.get("id")), ())
        if not targets:
            unknown.append(f"{called} (DR {_show(value)})")
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


def _locations(who: Character, table: Json) -> Iterator[Json]:
    """The body's locations, and those of their sub-tables (as deep as they go, without recursion)."""
    where = who.where("body")
    if not isinstance(table.get("locations"), list):
        raise GcsError(f"{where}: the body's `locations` is not a list; {RESAVE}")
    stack = [iter(objects(table.get("locations"), where))]
    while stack:
        location = next(stack[-1], None)
        if location is None:
            stack.pop()
            continue
        yield location
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


def _less(value: DR, skull: int, where: str, notes: list[str]) -> DR:
    """The skull's DR without the 2 the flow adds there; said when GCS gave the skull less than that."""
    given = value if isinstance(value, int) else value["all"]
    if given < skull:
        notes.append(
            f"{where}: GCS gives the skull DR {given}, less than the {skull} the flow adds there (rules.flow, "
            f"hit-locations): the roster's skull DR is {given - skull}, so that a hit there meets GCS's {given}"
        )
    if isinstance(value, int):
        return value - skull
    return {k: v - skull for k, v in value.items()}


def _show(value: DR) -> str:
    if isinstance(value, int):
        return str(value)
    return str(value["all"]) + "".join(f", {v} {k}" for k, v in value.items() if k != "all")
