"""The Defense Bonus of what a GCS character carries (B374): a shield's, or a cloak's.

GCS writes an item's DB as equal `attribute_bonus` features to Dodge, Parry and Block (the part
common to all three), and adds them into the Dodge, Parry and Block it computes.  This reads the
number only: the roster gives it as `shield-db` and as `db-included` (how much of it the sheet's
defenses already hold), and the flow takes it out of the Dodge before halving it and adds it once
after (rules.flow, dodge-base).  A shield whose DB is not such a feature (a note, a conditional
modifier) is in none of those numbers: the roster leaves `shield-db` out, and the flow asks for it.
"""

from __future__ import annotations

from typing import Any

from checklist.roster.gcs.files import Character

DEFENSES = ("dodge", "parry", "block")


def shield(who: Character, notes: list[str]) -> dict[str, int]:
    """`shield-db` and `db-included` for the roster's combatant table; {} when the sheet does not say."""
    total = 0
    unread: list[str] = []
    for item in _equipped(who.data.get("equipment")):
        db = min(_bonuses(item).values())  # a DB is to every defense; a bonus to one only is no DB (B374)
        if db > 0:
            total += db
        elif _is_shield(item):
            unread.append(str(item.get("description") or item.get("name") or "a shield").strip())
    if unread and not total:
        notes.append(
            f"{who.where(unread[0])}: the shield's DB is not a bonus to Dodge, Parry and Block on the sheet "
            "(GCS has not added it to them); the flow asks for it (shield-db)"
        )
        return {}
    return {"shield-db": total, "db-included": total} if total else {"shield-db": 0}


def _equipped(items: object) -> list[dict[str, Any]]:
    """Equipped equipment, and what equipped containers hold."""
    found: list[dict[str, Any]] = []
    for item in items if isinstance(items, list) else []:
        if isinstance(item, dict) and item.get("equipped", True) is not False:
            found.append(item)
            found.extend(_equipped(item.get("children")))
    return found


def _bonuses(item: dict[str, Any]) -> dict[str, int]:
    """The item's (and its enabled modifiers') whole-number bonuses to each active defense."""
    features = list(item.get("features") or [])
    for modifier in item.get("modifiers") or []:
        if isinstance(modifier, dict) and modifier.get("disabled") is not True:
            features.extend(modifier.get("features") or [])
    bonus = dict.fromkeys(DEFENSES, 0)
    for feature in features:
        if not isinstance(feature, dict) or feature.get("type") != "attribute_bonus":
            continue
        amount = feature.get("amount")
        if feature.get("attribute") in bonus and isinstance(amount, int) and not isinstance(amount, bool):
            bonus[str(feature["attribute"])] += amount
    return bonus


def _is_shield(item: dict[str, Any]) -> bool:
    """Tagged a shield (`categories` before version 5), or used with the Shield skill."""
    tags = item.get("tags") or item.get("categories") or []
    if isinstance(tags, list) and any(str(t).strip().lower() == "shield" for t in tags):
        return True
    return any(
        isinstance(d, dict) and str(d.get("name", "")).strip().lower() == "shield"
        for w in item.get("weapons") or []
        if isinstance(w, dict)
        for d in w.get("defaults") or []
    )
