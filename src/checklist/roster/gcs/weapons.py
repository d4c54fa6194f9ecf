"""A GCS character's weapons as roster weapon tables (docs/roster.md, "From GCS").

GCS computes each weapon's skill level, damage, parry, block, range and so on when it saves, in
the weapon's `calc` block; a field there is written only when it differs from the raw one, so
the value is `calc.X`, else `X`.  The weapons are those of enabled traits (natural attacks,
innate attacks), of skills and spells, and of equipment that is equipped.
"""

from __future__ import annotations

import re
from typing import Any

from checklist.model.names import slug
from checklist.model.vocabulary import UNARMED_SKILLS
from checklist.roster.gcs.files import RESAVE, Character, GcsError

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
DAMAGE = re.compile(
    r"(?P<dice>\d+d\d*(?:[+-]\d+)?(?:x\d+)?|\d+)(?:\s*\((?P<divisor>[^)]*)\))?"
    r"(?:\s+(?P<type>\S+))?(?P<rest>.*)"
)
CALC = {"strength": "minimum_st"}  # where `calc` keeps a raw field under another name


def weapons(who: Character, notes: list[str]) -> list[dict[str, Any]]:
    """Every usable weapon, equipment first (the first one is readied), then traits, skills, spells."""
    found: list[dict[str, Any]] = []
    skills = {slug(skill_name(s)): s for s in who.items("skills") if who.kind(s) in ("skill", "technique")}
    for group in ("equipment", "traits", "skills", "spells"):
        for item in _carried(who, group):
            owner = str(item.get("description") or item.get("name") or "").strip() or "an unnamed item"
            for raw in item.get("weapons") or []:
                if not isinstance(raw, dict):
                    raise GcsError(f"{who.where(owner)}: a weapon is a JSON object; {RESAVE}")
                found.append(_weapon(who, owner, raw, group == "traits", skills, notes))
    names = [w["name"] for w in found]
    for i, weapon in enumerate(found):  # two weapons of one name (two knives): number them
        if names.count(weapon["name"]) > 1:
            weapon["name"] += f" #{names[: i + 1].count(weapon['name'])}"
    return found


def _carried(who: Character, group: str) -> list[dict[str, Any]]:
    if group != "equipment":
        return [i for i in who.items(group) if i.get("weapons")]
    result: list[dict[str, Any]] = []

    def walk(items: object) -> None:
        for item in items if isinstance(items, list) else []:
            if isinstance(item, dict) and item.get("equipped", True) is not False:
                if item.get("weapons"):
                    result.append(item)
                walk(item.get("children"))

    walk(who.data.get("equipment"))
    return result


def _field(raw: dict[str, Any], key: str) -> str:
    calc = raw.get("calc") if isinstance(raw.get("calc"), dict) else {}
    assert isinstance(calc, dict)
    value = calc.get(CALC.get(key, key), raw.get(key, ""))
    return "" if value is None else str(value).strip()


def _weapon(
    who: Character, owner: str, raw: dict[str, Any], natural: bool, skills: dict[str, Any], notes: list[str]
) -> dict[str, Any]:
    kind = who.kind(raw)
    if kind not in ("melee", "ranged"):
        raise GcsError(
            f"{who.where(owner)}: a weapon that is neither melee nor ranged "
            f"(id {raw.get('id')!r}, type {raw.get('type')!r}); {RESAVE}"
        )
    usage = str(raw.get("usage") or "").strip()
    name = f"{owner} ({usage})" if usage else owner
    where = who.where(f"weapon `{name}`")
    table: dict[str, Any] = {"name": name}
    if usage:
        table["usage"] = usage
    ask: list[str] = []
    table.update(_damage(_field(raw, "damage"), where, ask, notes))
    table["skill"] = _skill(raw, skills)
    level = (raw.get("calc") or {}).get("level")
    if isinstance(level, (int, float)) and not isinstance(level, bool):
        table["level"] = int(level)
    else:
        ask.append("skill")
        notes.append(f"{where}: no skill level in the file; the flow asks for it")
    table["ranged"] = kind == "ranged"
    table["unarmed"] = natural or slug(table["skill"]) in UNARMED_SKILLS
    if kind == "melee":
        for key in ("reach", "parry", "block"):
            value = _field(raw, key)
            if key == "reach" or value:
                table[key] = value if key == "reach" or value.lower() != "no" else "No"
        table.setdefault("parry", "No")
        table.setdefault("block", "No")
    else:
        for key, out in (("range", "range"), ("rate_of_fire", "rof"), ("shots", "shots")):
            if value := _field(raw, key):
                table[out] = value
        for key, out in (("accuracy", "acc"), ("bulk", "bulk"), ("recoil", "rcl")):
            value = _field(raw, key)
            if re.fullmatch(r"[+-]?\d+", value):
                table[out] = int(value)
            elif value:
                ask.append(out)
                notes.append(f"{where}: {key} `{value}` is not one number; the flow asks for it")
    if strength := _field(raw, "strength"):
        table["min-st"] = strength
    if ask:
        table["ask"] = ask
    return table


def _damage(text: str, where: str, ask: list[str], notes: list[str]) -> dict[str, Any]:
    """`2d+1 cut`, `3d(2) pi`, `15d pi+`: dice, armor divisor and type."""
    found = DAMAGE.fullmatch(text)
    if not text or found is None:
        raise GcsError(
            f"{where}: damage `{text}` cannot be read (dice, an optional armor divisor and a type, "
            "such as 2d+1 cut or 3d(2) pi); correct it in GCS and save again"
        )
    table: dict[str, Any] = {"damage": found["dice"]}
    kind = TYPES.get(found["type"] or "")
    if kind is None:
        table["type"] = found["type"] or ""
        ask.append("type")
        notes.append(
            f"{where}: damage type `{found['type'] or ''}` is not one the flow knows "
            f"({', '.join(TYPES)}); the flow asks for it"
        )
    else:
        table["type"] = kind
    divisor = found["divisor"]
    if divisor is not None:
        if divisor.isdigit() and int(divisor) >= 1:
            table["armor-divisor"] = int(divisor)
        elif divisor.strip() in ("0.5", "0.2", "0.1"):  # fractional: multiplies DR (B110, B378)
            table["armor-divisor"] = float(divisor)
        else:
            ask.append("armor-divisor")
            notes.append(
                f"{where}: armor divisor ({divisor}) is neither a whole number nor 0.5, 0.2 or 0.1; "
                "the flow asks for it"
            )
    if found["rest"].strip():
        notes.append(f"{where}: `{found['rest'].strip()}` after the damage type is not used (damage {text})")
    return table


def skill_name(item: dict[str, Any]) -> str:
    name = str(item.get("name", ""))
    special = item.get("specialization")
    return f"{name} ({special})" if special else name


def _skill(raw: dict[str, Any], skills: dict[str, Any]) -> str:
    """The skill the weapon is used with: the default to a skill the character has that gives the
    highest level (GCS does not write which one it used); else the first skill it defaults to."""
    best: tuple[float, str] | None = None
    first = ""
    for default in raw.get("defaults") or []:
        if not isinstance(default, dict) or default.get("type") != "skill":
            continue
        name = skill_name(default)
        first = first or name
        skill = skills.get(slug(name))
        level = (skill or {}).get("calc", {}).get("level")
        if isinstance(level, (int, float)):
            value = level + float(default.get("modifier", 0) or 0)
            if best is None or value > best[0]:
                best = (value, name)
    return best[1] if best is not None else first or "DX"
