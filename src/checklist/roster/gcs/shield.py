"""The Defense Bonus of what a GCS character carries (B374): a shield's, or a cloak's.

GCS writes an item's DB as equal `attribute_bonus` features to Dodge, Parry and Block (the part
common to all three), and adds them into the Dodge, Parry and Block it computes.  This reads the
number only: the roster gives it as `shield-db` and as `db-included` (how much of it the sheet's
defenses already hold), and the flow takes it out of the Dodge before halving it and adds it once
after (rules.flow, dodge-base).  A shield whose DB is not such a feature (a note, a conditional
modifier) is in none of those numbers: the roster leaves `shield-db` out, and the flow asks for it.
"""

from __future__ import annotations

from checklist.roster.gcs.files import Character
from checklist.roster.gcs.values import Json, objects, text, whole

DEFENSES = ("dodge", "parry", "block")


def shield(who: Character, notes: list[str]) -> dict[str, int]:
    """`shield-db` and `db-included` for the roster's combatant table; {} when the sheet does not say."""
    total = 0
    unread: list[str] = []
    for item in who.tree("equipment", lambda i: i.get("equipped", True) is False):
        where = who.where(text(item.get("description")) or text(item.get("name")) or "equipment")
        db = min(_bonuses(item, where).values())  # a DB is to every defense; a bonus to one only is no DB (B374)
        if db > 0:
            total += db
        elif _is_shield(item, where):
            unread.append(text(item.get("description")) or text(item.get("name")) or "a shield")
    if unread and not total:
        notes.append(
            f"{who.where(unread[0])}: the shield's DB is not a bonus to Dodge, Parry and Block on the sheet "
            "(GCS has not added it to them); the flow asks for it (shield-db)"
        )
        return {}
    return {"shield-db": total, "db-included": total} if total else {"shield-db": 0}


def _bonuses(item: Json, where: str) -> dict[str, int]:
    """The item's (and its enabled modifiers') whole-number bonuses to each active defense."""
    features = objects(item.get("features"), f"{where}, features")
    for modifier in objects(item.get("modifiers"), f"{where}, modifiers"):
        if modifier.get("disabled") is not True:
            features = features + objects(modifier.get("features"), f"{where}, modifiers")
    bonus = dict.fromkeys(DEFENSES, 0)
    for feature in features:
        amount = whole(feature.get("amount"))
        attribute = text(feature.get("attribute"))
        if feature.get("type") == "attribute_bonus" and attribute in bonus and amount is not None:
            bonus[attribute] += amount
    return bonus


def _is_shield(item: Json, where: str) -> bool:
    """Tagged a shield (`categories` before version 5), or used with the Shield skill."""
    tags = item.get("tags") or item.get("categories") or []
    if isinstance(tags, list) and any(text(t).lower() == "shield" for t in tags):
        return True
    return any(
        text(d.get("name")).lower() == "shield"
        for w in objects(item.get("weapons"), f"{where}, weapons")
        for d in objects(w.get("defaults"), f"{where}, weapons, defaults")
    )
