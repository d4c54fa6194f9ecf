"""A GCS character's weapons as roster weapon tables (docs/roster.md, "From GCS").

GCS computes each weapon's skill level, damage, parry, block, range and so on when it saves, in
the weapon's `calc` block; a field there is written only when it differs from the raw one, so
the value is `calc.X`, else `X`, and a level of 0 is not written at all.  The weapons are those
of enabled traits (natural attacks, innate attacks), of skills and spells, and of equipment that
is equipped; not those GCS hides (`hide`).  A weapon whose damage has no dice is an attack of its
own kind (an affliction, a Slam, a special attack): the flow asks its damage when it hits.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from checklist.model.names import slug
from checklist.model.visible import brief
from checklist.model.vocabulary import UNARMED_SKILLS
from checklist.roster.gcs import damage as dmg
from checklist.roster.gcs.files import RESAVE, Character, GcsError
from checklist.roster.gcs.values import Json, number, obj, objects, text, whole

Table = dict[str, object]
PARRIES = re.compile(r"[+-]?\d+\s*[FU]*")  # a parry GCS writes as a number: 11, 10F, 9U (not No)
CALC = {"strength": "minimum_st"}  # where `calc` keeps a raw field under another name
AFFLICTS = re.compile(r"\b(?:R-|HT|Will|KO)\b|blind|stun|paraly|daze|nause|sleep|unconscious|choke", re.IGNORECASE)
KINDS = {
    "slam": "a Slam: its damage comes from the slammer's HP and speed (B371)",
    "affliction": "an affliction: a resistance roll, not damage dice (B35)",
    "special": "a special attack, with no damage dice",
}


def weapons(who: Character, notes: list[str]) -> list[Table]:
    """Every usable weapon, equipment first, then traits, skills, spells; twins numbered."""
    found: list[Table] = []
    hidden: list[str] = []
    skills = {slug(skill_name(s)): s for s in who.items("skills") if who.kind(s) in ("skill", "technique")}
    for group, item in _owners(who):
        owner = text(item.get("description")) or text(item.get("name")) or "an unnamed item"
        for raw in objects(item.get("weapons"), who.where(f"{owner}, weapons")):
            usage = text(raw.get("usage"))
            name = f"{owner} ({usage})" if usage else owner
            if raw.get("hide") is True:
                hidden.append(name)
                continue
            own = item if who.kind(item) in ("skill", "technique") else None
            weapon = _weapon(who, name, usage, raw, (group == "traits", own), skills, notes)
            if weapon is not None:
                found.append(weapon)
    if hidden:
        notes.append(f"{who.where()}: the weapons GCS hides are left out: {', '.join(hidden)}")
    names = [w["name"] for w in found]
    for i, weapon in enumerate(found):  # two weapons of one name (two knives): number them
        if names.count(weapon["name"]) > 1:
            weapon["name"] = f"{weapon['name']} #{names[: i + 1].count(weapon['name'])}"
    return found


def readied(found: list[Table]) -> str | None:
    """The weapon held ready when the fight starts: the first melee weapon that can parry (a sword
    rather than the shield bash listed before it, a punch rather than a bite), else the first."""
    for weapon in found:
        if weapon.get("ranged") is False and PARRIES.fullmatch(str(weapon.get("parry", ""))):
            return str(weapon["name"])
    return str(found[0]["name"]) if found else None


def _owners(who: Character) -> Iterator[tuple[str, Json]]:
    for item in who.tree("equipment", lambda i: i.get("equipped", True) is False):
        yield "equipment", item
    for group in ("traits", "skills", "spells"):
        for item in who.items(group):
            yield group, item


def _field(raw: Json, key: str, where: str) -> str:
    calc = obj(raw.get("calc"), f"{where}, calc")
    return text(calc.get(CALC.get(key, key), raw.get(key)))


def _weapon(
    who: Character,
    name: str,
    usage: str,
    raw: Json,
    owner: tuple[bool, Json | None],
    skills: dict[str, Json],
    notes: list[str],
) -> Table | None:
    kind = who.kind(raw)
    where = who.where(f"weapon `{name}`")
    if kind not in ("melee", "ranged"):
        raise GcsError(
            f"{where}: neither a melee nor a ranged weapon (id {brief(raw.get('id'))}, type {brief(raw.get('type'))}); "
            f"{RESAVE}"
        )
    table: Table = {"name": name}
    if usage:
        table["usage"] = usage
    ask: list[str] = []
    if not _damage(raw, f"{name} {usage}", where, table, ask, notes):
        return None
    natural, skill_owner = owner
    table["skill"], level = _skill(raw, skills, skill_owner, where, ask, notes)
    if level is not None:
        table["level"] = level
    table["ranged"] = kind == "ranged"
    table["unarmed"] = natural or slug(str(table["skill"])) in UNARMED_SKILLS
    table.update(_melee(raw, where) if kind == "melee" else _ranged(raw, where, ask, notes))
    if strength := _field(raw, "strength", where):
        table["min-st"] = strength
    if ask:
        table["ask"] = ask
    return table


def _damage(raw: Json, names: str, where: str, table: Table, ask: list[str], notes: list[str]) -> bool:
    """The damage, type, armor divisor and kind into `table`; False when the weapon is left out."""
    calc = obj(raw.get("calc"), f"{where}, calc")
    written = calc.get("damage", raw.get("damage"))
    if isinstance(written, dict) or written is None:  # GCS resolved it to nothing; the raw one is its parts
        written = ""
    if not isinstance(written, str):
        raise GcsError(f"{where}: damage is {brief(written)}, not text such as 2d+1 cut; {RESAVE}")
    said = text(written)
    found = dmg.parse(said)
    if found.named == "ctrl":  # Technical Grappling: a grapple's control points, which the flow does not count
        notes.append(f"{where}: left out: `{said}` is {dmg.MEANINGS['ctrl']}; the flow's grapple (B370) is a maneuver")
        return False
    kind = "" if found.dice else _kind(found, names)
    table["damage"] = found.dice or found.named
    table["type"] = found.type or (found.named if found.dice else "")
    if kind:
        table["kind"] = kind
        ask.append("damage")
        given = f"damage `{said}`" if said else "no damage"
        notes.append(f"{where}: {given}: {KINDS[kind]}; the flow asks its damage when it hits")
    if not found.type:
        ask.append("type")
        if not kind:
            meant = dmg.meaning(found.named)
            notes.append(
                f"{where}: damage type `{found.named}`"
                + (f" ({meant})" if meant else "")
                + f" is not one the flow knows ({', '.join(dmg.TYPES)}); the flow asks for it"
            )
    if found.effects:
        table["effects"] = found.effects
        meant = dmg.meaning(found.effects)
        notes.append(
            f"{where}: `{found.effects}` after the damage type"
            + (f" ({meant})" if meant else "")
            + " is shown with the weapon; the flow does not apply it"
        )
    if found.divisor:
        _divisor(found.divisor, where, table, ask, notes)
    return True


def _kind(found: dmg.Damage, names: str) -> str:
    """What an attack with no damage dice is: a Slam of a damage type, an affliction, or special."""
    if found.type and "slam" in names.lower():
        return "slam"
    if AFFLICTS.search(found.named) or "affliction" in names.lower():
        return "affliction"
    return "special"


def _divisor(divisor: str, where: str, table: Table, ask: list[str], notes: list[str]) -> None:
    if divisor.isdigit() and 1 <= int(divisor) < 10**6:
        table["armor-divisor"] = int(divisor)
    elif divisor.strip() in ("0.5", "0.2", "0.1"):  # fractional: multiplies DR (B110, B378)
        table["armor-divisor"] = float(divisor)
    else:
        ask.append("armor-divisor")
        notes.append(
            f"{where}: armor divisor ({divisor}) is neither a whole number nor 0.5, 0.2 or 0.1; the flow asks for it"
        )


def _melee(raw: Json, where: str) -> Table:
    table: Table = {"reach": _field(raw, "reach", where)}
    for key in ("parry", "block"):
        value = _field(raw, key, where)
        table[key] = "No" if not value or value.lower() == "no" else value
    return table


def _ranged(raw: Json, where: str, ask: list[str], notes: list[str]) -> Table:
    table: Table = {}
    for key, out in (("range", "range"), ("rate_of_fire", "rof"), ("shots", "shots")):
        if value := _field(raw, key, where):
            table[out] = value
    for key, out in (("accuracy", "acc"), ("bulk", "bulk"), ("recoil", "rcl")):
        value = _field(raw, key, where)
        if re.fullmatch(r"[+-]?\d{1,9}", value):
            table[out] = int(value)
        elif value:
            ask.append(out)
            notes.append(f"{where}: {key} `{value}` is not one number; the flow asks for it")
    return table


def skill_name(item: Json) -> str:
    name = text(item.get("name"))
    special = text(item.get("specialization"))
    return f"{name} ({special})" if special else name


def _skill(
    raw: Json, skills: dict[str, Json], owner: Json | None, where: str, ask: list[str], notes: list[str]
) -> tuple[str, int | None]:
    """The skill and the level: GCS's `calc.level` (absent: 0, which GCS does not write), and the
    default to a skill the character has that gives the highest level (GCS does not write which
    one it used); else the first skill it defaults to.  A skill's or technique's own weapon that
    names no default (a Slam technique's) takes that skill's level, where GCS's is 0."""
    defaults = [d for d in objects(raw.get("defaults"), f"{where}, defaults") if d.get("type") == "skill"]
    best: tuple[float, str] | None = None
    for default in defaults:
        name = skill_name(default)
        known = skills.get(slug(name))
        level = _level(known) if known is not None else None
        if level is not None:
            value = level + (number(default.get("modifier")) or 0)
            if best is None or value > best[0]:
                best = (value, name)
    skill = best[1] if best is not None else skill_name(defaults[0]) if defaults else "DX"
    calc = obj(raw.get("calc"), f"{where}, calc")
    level = whole(calc.get("level", 0))
    if owner is not None and not objects(raw.get("defaults"), where) and not level:
        owned = _level(owner)
        if owned is not None:
            notes.append(f"{where}: it names no skill, so GCS gives it level 0; the level of {skill_name(owner)}, "
                         f"{owned}, is used")  # fmt: skip
            return skill_name(owner), owned
    if level is None:
        ask.append("skill")
        notes.append(f"{where}: skill level {brief(calc.get('level'))} is not a whole number; the flow asks for it")
    return skill, level


def _level(item: Json) -> int | None:
    calc = item.get("calc")
    return whole(calc.get("level")) if isinstance(calc, dict) else None
