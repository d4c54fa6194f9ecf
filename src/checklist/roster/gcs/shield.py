"""The Defense Bonus of what a GCS character carries (B374): a shield's, or a cloak's.

GCS writes an item's DB in one of two ways.  As equal `attribute_bonus` features to Dodge, Parry
and Block (the part common to all three), which it adds into the Dodge, Parry and Block it
computes; or only as a reminder: a conditional modifier "to Dodge, Parry & Block against attacks
from the front or shield side", or `DB 2` in the item's notes, which is in none of them.  The
roster gives the sum as `shield-db` and the part GCS added as `db-included`; the flow takes that
part out of each defense (before the Dodge is halved) and adds the DB once (rules.flow,
dodge-base), so a DB counts once either way.  A shield whose DB is neither (no feature, no note)
leaves `shield-db` out, and the flow asks for it.
"""

from __future__ import annotations

import re

from checklist.roster.gcs.files import Character
from checklist.roster.gcs.values import Json, objects, text, whole

DEFENSES = ("dodge", "parry", "block")
NOTED = re.compile(r"\b(?:DB|Defen[cs]e Bonus)\s*:?\s*\+?(\d{1,2})\b", re.IGNORECASE)  # `DB 2; DR 4; HP 20`


def shield(who: Character, notes: list[str]) -> dict[str, int]:
    """`shield-db` and `db-included` for the roster's combatant table; {} when the sheet does not say."""
    folded = noted = 0
    unread: list[str] = []
    for item in who.tree("equipment", lambda i: i.get("equipped", True) is False):
        name = text(item.get("description")) or text(item.get("name")) or "an unnamed item"
        features = _features(item, who.where(name))
        db = min(_bonuses(features).values())  # a DB is to every defense; a bonus to one only is no DB (B374)
        if db > 0:
            folded += db
        elif note := _noted(item, features, who.where(name)):
            noted += note
            notes.append(
                f"{who.where(name)}: DB {note} is only a note on the sheet (GCS's Dodge, Parry and Block leave it "
                "out); the flow adds it once (shield-db)"
            )
        elif _is_shield(item, who.where(name)):
            unread.append(name)
    if unread and not folded + noted:
        notes.append(
            f"{who.where(unread[0])}: the shield's DB is not a bonus to Dodge, Parry and Block on the sheet "
            "(GCS has not added it to them), nor a note; the flow asks for it (shield-db)"
        )
        return {}
    return {"shield-db": folded + noted} | ({"db-included": folded} if folded else {})


def _features(item: Json, where: str) -> list[Json]:
    """The item's features and those of its enabled modifiers."""
    features = objects(item.get("features"), f"{where}, features")
    for modifier in objects(item.get("modifiers"), f"{where}, modifiers"):
        if modifier.get("disabled") is not True:
            features = features + objects(modifier.get("features"), f"{where}, modifiers")
    return features


def _bonuses(features: list[Json]) -> dict[str, int]:
    """The whole-number bonuses to each active defense."""
    bonus = dict.fromkeys(DEFENSES, 0)
    for feature in features:
        amount = whole(feature.get("amount"))
        attribute = text(feature.get("attribute"))
        if feature.get("type") == "attribute_bonus" and attribute in bonus and amount is not None:
            bonus[attribute] += amount
    return bonus


def _noted(item: Json, features: list[Json], where: str) -> int:
    """A DB GCS keeps only as a reminder: a conditional modifier to Dodge and Parry or Block, else
    `DB 2` in the notes of a shield or a cloak; 0 when there is none."""
    for feature in features:
        situation = text(feature.get("situation")).lower()
        amount = whole(feature.get("amount")) or 0
        defenses = "dodge" in situation and ("parry" in situation or "block" in situation)
        if feature.get("type") == "conditional_modifier" and defenses and 0 < amount < 100:
            return amount
    if not (_is_shield(item, where) or "cloak" in text(item.get("description")).lower()):
        return 0
    for key in ("local_notes", "notes"):
        found = NOTED.search(text(item.get(key)))
        if found:
            return int(found.group(1))
    return 0


def _is_shield(item: Json, where: str) -> bool:
    """Tagged a shield (`categories` before version 5), or used with the Shield skill."""
    tags = item.get("tags") or item.get("categories") or []
    if isinstance(tags, list) and any(text(t).lower() == "shield" for t in tags):
        return True
    weapons = objects(item.get("weapons"), f"{where}, weapons")
    defaults = [w.get("defaults") for w in weapons]  # a bad one is refused where the weapons are read, by name
    return any(isinstance(d, dict) and text(d.get("name")).lower() == "shield" for ds in defaults
               if isinstance(ds, list) for d in ds)  # fmt: skip
