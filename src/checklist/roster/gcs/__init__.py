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
from typing import Any

from checklist.model.names import slug
from checklist.roster.gcs.body import body
from checklist.roster.gcs.files import RESAVE, Character, GcsError, OldFormat, read
from checklist.roster.gcs.shield import shield
from checklist.roster.gcs.weapons import skill_name, weapons

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
}


def combatant(path: Path) -> tuple[dict[str, Any], list[str]]:
    who = read(path)
    notes: list[str] = []
    profile = who.data.get("profile")
    if not isinstance(profile, dict) or not str(profile.get("name") or "").strip():
        notes.append(f"{who.where()}: the sheet has no name; the file's name is used")
    table: dict[str, Any] = {"name": who.name}
    attributes = _attributes(who)
    for gcs, key in {**REQUIRED, **OPTIONAL}.items():
        calc = attributes.get(gcs)
        if calc is None or not isinstance(calc.get("value"), (int, float)):
            if gcs in REQUIRED:
                raise GcsError(
                    f"{who.where(f'attribute `{gcs}`')}: missing (no attributes[].calc.value for it); "
                    "save the file again in GCS"
                )
            notes.append(f"{who.where(f'attribute `{gcs}`')}: missing; the flow asks for it")
            continue
        value = calc["value"]
        table[key] = float(value) if key == "basic-speed" else int(value)
        current = calc.get("current")
        if key in ("hp", "fp") and isinstance(current, (int, float)) and current != value:
            table[f"current-{key}"] = int(current)
    if isinstance(table["basic-speed"], float) and table["basic-speed"].is_integer():
        table["basic-speed"] = int(table["basic-speed"])
    table.update(_encumbered(who, attributes, notes))
    table["sm"] = _sm(who, profile if isinstance(profile, dict) else {})
    table.update(_traits(who))
    table.setdefault("combat-reflexes", False)
    table.setdefault("grip-mastery", False)
    table.update(shield(who, notes))  # its DB, which GCS has added to Dodge, Parry and Block already
    table["skills"] = _skills(who)
    table["body"], table["dr"] = body(who, notes)
    table["weapon"] = weapons(who, notes)
    return table, notes


def _attributes(who: Character) -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = {}
    attributes = who.data.get("attributes")
    if not isinstance(attributes, list):
        raise GcsError(f"{who.where('attributes')}: missing, or not a list; save the file again in GCS")
    for attribute in attributes:
        if isinstance(attribute, dict) and isinstance(attribute.get("calc"), dict):
            found[str(attribute.get("attr_id", attribute.get("id", "")))] = attribute["calc"]
    return found


def _encumbered(who: Character, attributes: dict[str, dict[str, Any]], notes: list[str]) -> dict[str, Any]:
    """Dodge and Move at the character's encumbrance (GCS writes both for each level)."""
    calc = who.data.get("calc")
    if not isinstance(calc, dict) or not isinstance(calc.get("dodge"), list) or not isinstance(calc.get("move"), list):
        notes.append(
            f"{who.where('Dodge and Move')}: the file has none (a version {who.version} file has no "
            "calc block for them); the flow asks for them"
        )
        return {}
    lift = _pounds(calc.get("basic_lift"))
    carried = [_pounds((e.get("calc") or {}).get("extended_weight", "0 lb")) for e in _list(who.data.get("equipment"))]
    if lift is None or None in carried:
        notes.append(f"{who.where('encumbrance')}: the weights cannot be read; Dodge and Move are asked")
        return {}
    total = sum(c for c in carried if c is not None)
    level = next((i for i, times in enumerate(CARRY) if total <= lift * times), len(CARRY) - 1)
    try:
        dodge, move = int(calc["dodge"][level]), int(calc["move"][level])
    except (IndexError, TypeError, ValueError):
        raise GcsError(f"{who.where('calc.dodge')}: no Dodge and Move for each encumbrance level; {RESAVE}") from None
    if level:
        notes.append(
            f"{who.where()}: {LEVELS[level]} encumbrance ({total:g} lb carried, Basic Lift {lift:g} lb): "
            f"Dodge {dodge}, Move {move}"
        )
    return {"dodge": dodge, "move": move}


def _pounds(text: object) -> float | None:
    found = re.fullmatch(r"\s*([\d,]*\.?\d+)\s*(lb|kg|oz|g|tn|t)?\s*", str(text))
    if found is None:
        return None
    per = {"lb": 1.0, None: 1.0, "kg": 2.0, "oz": 1 / 16, "g": 0.002, "tn": 2000.0, "t": 2000.0}  # B9: 1 kg = 2 lb
    return float(found.group(1).replace(",", "")) * per[found.group(2)]


def _list(value: object) -> list[dict[str, Any]]:
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []


def _sm(who: Character, profile: dict[str, Any]) -> int:
    """The profile's SM and the `sm` bonuses of enabled traits (Size Modifier, Large)."""
    sm = profile.get("SM", 0)
    total = sm if isinstance(sm, int) and not isinstance(sm, bool) else 0
    for trait in who.items("traits"):
        for feature in _list(trait.get("features")):
            if feature.get("type") == "attribute_bonus" and feature.get("attribute") == "sm":
                levels = _number(trait.get("levels", 1)) if feature.get("per_level") else 1
                total += int(_number(feature.get("amount", 0)) * levels)
    return total


def _number(value: object) -> float:
    try:
        return float(str(value))
    except ValueError:
        return 0.0


def _traits(who: Character) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for trait in who.items("traits"):
        name = str(trait.get("name", "")).strip().lower()
        for start, (key, value) in TRAIT_NAMES.items():
            if name == start or name.startswith(start + " ("):
                found[key] = value
    return found


def _skills(who: Character) -> dict[str, int]:
    skills: dict[str, int] = {}
    for item in who.items("skills"):
        level = (item.get("calc") or {}).get("level") if who.kind(item) in ("skill", "technique") else None
        if isinstance(level, (int, float)) and not isinstance(level, bool) and level > 0:
            name = slug(skill_name(item))
            skills[name] = max(int(level), skills.get(name, int(level)))
    return skills
