"""GURPS Character Sheet (`.gcs`) files as roster combatants (docs/roster.md, "From GCS").

`combatant(path)` reads one character and gives the `[[combatant]]` table a TOML roster would
hold, and notes: every value the file did not give (so the flow asks for it) and every part of
the sheet it could not use.  What GCS computed when it saved (the `calc` blocks) is read, not
computed again; the only choices made here are which of GCS's values applies (Dodge and Move at
the encumbrance the carried weight gives) and the SM (the profile's plus traits' bonuses, which
GCS does not write as one number).
"""

from __future__ import annotations

import re
from pathlib import Path

from checklist.model.names import slug
from checklist.model.visible import brief
from checklist.roster.gcs.body import body
from checklist.roster.gcs.files import RESAVE, Character, GcsError, OldFormat, read
from checklist.roster.gcs.shield import shield
from checklist.roster.gcs.values import Json, number, obj, objects, text, whole
from checklist.roster.gcs.weapons import readied, skill_name, weapons

__all__ = ["GcsError", "OldFormat", "combatant"]

REQUIRED = {"st": "st", "dx": "dx", "ht": "ht", "hp": "hp", "basic_speed": "basic-speed"}
OPTIONAL = {"iq": "iq", "will": "will", "fp": "fp"}
CARRY = (1, 2, 3, 6, 10)  # Basic Lift times these: no, light, medium, heavy, extra-heavy encumbrance (B17)
LEVELS = ("no", "light", "medium", "heavy", "extra-heavy")
TRAIT_NAMES = {
    "high pain threshold": ("pain-threshold", "high"),
    "low pain threshold": ("pain-threshold", "low"),
    "combat reflexes": ("combat-reflexes", True),
    "grip mastery": ("grip-mastery", True),
    "trained by a master": ("trained-by-a-master", True),
}


def combatant(path: Path) -> tuple[dict[str, object], list[str]]:
    who = read(path)
    notes: list[str] = []
    profile = obj(who.data.get("profile"), who.where("profile"))
    if not text(profile.get("name")):
        notes.append(f"{who.where()}: the sheet has no name; the file's name is used")
    table: dict[str, object] = {"name": who.name}
    table.update(_numbers(who, _attributes(who), notes))
    table["sm"] = _sm(who, profile)
    table.update(_traits(who))
    table.setdefault("combat-reflexes", False)
    table.setdefault("grip-mastery", False)
    table.setdefault("trained-by-a-master", False)
    table.update(shield(who, notes))  # its DB, and how much of it GCS has added to Dodge, Parry and Block
    table["skills"] = _skills(who)
    table["body"], table["dr"], table["location"] = body(who, notes)
    table["weapon"] = found = weapons(who, notes)
    if (ready := readied(found)) is not None:
        table["readied"] = ready  # the roster may say another (a TOML roster's `readied`)
    return table, notes


def _numbers(who: Character, attributes: dict[str, Json], notes: list[str]) -> dict[str, object]:
    """The attributes (current HP and FP where they differ), and Dodge and Move at the encumbrance."""
    table: dict[str, object] = {}
    for gcs, key in {**REQUIRED, **OPTIONAL}.items():
        calc = attributes.get(gcs)
        value = None if calc is None else number(calc.get("value"))
        if value is None:
            if gcs in REQUIRED and calc is not None and calc.get("value") is not None:
                raise GcsError(
                    f"{who.where(f'attribute `{gcs}`')}: calc.value is {brief(calc.get('value'))}, not a number "
                    f"below {10**9:,}; {RESAVE}"
                )
            if gcs in REQUIRED:
                raise GcsError(
                    f"{who.where(f'attribute `{gcs}`')}: missing (no attributes[].calc.value for it); "
                    "save the file again in GCS"
                )
            notes.append(f"{who.where(f'attribute `{gcs}`')}: missing; the flow asks for it")
            continue
        table[key] = (int(value) if value.is_integer() else value) if key == "basic-speed" else int(value)
        current = whole(calc.get("current")) if calc is not None else None
        if key in ("hp", "fp") and current is not None and current != int(value):
            table[f"current-{key}"] = current
    table.update(_encumbered(who, attributes, notes))
    return table


def _attributes(who: Character) -> dict[str, Json]:
    found: dict[str, Json] = {}
    where = who.where("attributes")
    if not isinstance(who.data.get("attributes"), list):
        raise GcsError(f"{where}: missing, or not a list; {RESAVE}")
    for attribute in objects(who.data.get("attributes"), where):
        calc = attribute.get("calc")
        if isinstance(calc, dict):
            found[text(attribute.get("attr_id", attribute.get("id")))] = calc
    return found


def _encumbered(who: Character, attributes: dict[str, Json], notes: list[str]) -> dict[str, object]:
    """Dodge and Move at the character's encumbrance (GCS writes both for each level)."""
    calc = obj(who.data.get("calc"), who.where("calc"))
    if not isinstance(calc.get("dodge"), list) or not isinstance(calc.get("move"), list):
        notes.append(
            f"{who.where('Dodge and Move')}: the file has none (a version {who.version} file has no "
            "calc block for them); the flow asks for them"
        )
        return {}
    lift = _pounds(calc.get("basic_lift"))
    carried = [
        _pounds(obj(e.get("calc"), who.where("equipment")).get("extended_weight", "0 lb"))
        for e in objects(who.data.get("equipment"), who.where("equipment"))
    ]
    if lift is None or None in carried:
        notes.append(f"{who.where('encumbrance')}: the weights cannot be read; Dodge and Move are asked")
        return {}
    total = sum(c for c in carried if c is not None)
    level = next((i for i, times in enumerate(CARRY) if total <= lift * times), len(CARRY) - 1)
    dodges, moves = calc["dodge"], calc["move"]
    assert isinstance(dodges, list) and isinstance(moves, list)
    dodge, move = (whole(dodges[level]), whole(moves[level])) if level < min(len(dodges), len(moves)) else (None, None)
    if dodge is None or move is None:
        raise GcsError(f"{who.where('calc.dodge')}: no Dodge and Move for each encumbrance level; {RESAVE}")
    if level:
        notes.append(
            f"{who.where()}: {LEVELS[level]} encumbrance ({total:g} lb carried, Basic Lift {lift:g} lb): "
            f"Dodge {dodge}, Move {move}"
        )
    return {"dodge": dodge, "move": move}


def _pounds(written: object) -> float | None:
    found = re.fullmatch(r"\s*([\d,]{0,20}\.?\d{1,20})\s*(lb|kg|oz|g|tn|t)?\s*", text(written))
    if found is None:
        return None
    per = {"lb": 1.0, None: 1.0, "kg": 2.0, "oz": 1 / 16, "g": 0.002, "tn": 2000.0, "t": 2000.0}  # B9: 1 kg = 2 lb
    return float(found.group(1).replace(",", "")) * per[found.group(2)]


def _sm(who: Character, profile: Json) -> int:
    """The profile's SM and the `sm` bonuses of enabled traits (Size Modifier, Large)."""
    total = whole(profile.get("SM")) or 0
    for trait in who.items("traits"):
        for feature in objects(trait.get("features"), who.where(f"trait `{text(trait.get('name'))}`, features")):
            if feature.get("type") == "attribute_bonus" and feature.get("attribute") == "sm":
                levels = (number(trait.get("levels")) or 0) if feature.get("per_level") else 1
                total += int((number(feature.get("amount")) or 0) * levels)
    return total if abs(total) < 10**6 else 0


def _traits(who: Character) -> dict[str, object]:
    found: dict[str, object] = {}
    for trait in who.items("traits"):
        name = text(trait.get("name")).lower()
        for start, (key, value) in TRAIT_NAMES.items():
            if name == start or name.startswith(start + " ("):
                found[key] = value
    return found


def _skills(who: Character) -> dict[str, int]:
    skills: dict[str, int] = {}
    for item in who.items("skills"):
        calc = item.get("calc")
        level = (
            whole(calc.get("level")) if who.kind(item) in ("skill", "technique") and isinstance(calc, dict) else None
        )
        if level is not None and level > 0:
            name = slug(skill_name(item))
            skills[name] = max(level, skills.get(name, level))
    return skills
