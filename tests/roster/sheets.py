"""Small GCS sheets (data version 5) written by the tests: one fighter, and the parts a case needs.

Each case of GURPS issue 27's "What was measured" gets a sheet of its own, built here from what
GCS writes (attributes with their calc values, a calc block of Dodge and Move by encumbrance, a
body whose locations carry GCS's DR, traits, skills and equipment with their weapons), never
copied from the GCS library.  `fighter()` is ST 12, DX 12, HT 11, Basic Speed 5.75, Dodge 8,
Move 5, no encumbrance; `weapon()` is a weapon as GCS saves it (`calc` holds what it resolved).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

Item = dict[str, Any]


def fighter(name: str = "Test Fighter", **lists: list[Item]) -> Item:
    attributes = [("st", 12), ("dx", 12), ("iq", 10), ("ht", 11), ("will", 10), ("hp", 12), ("fp", 11),
                  ("basic_speed", 5.75)]  # fmt: skip
    return {
        "version": 5,
        "id": "Atest000000000001",
        "profile": {"name": name},
        "attributes": [{"attr_id": k, "calc": {"value": v}} for k, v in attributes],
        "traits": lists.get("traits", []),
        "skills": lists.get("skills", []),
        "equipment": lists.get("equipment", []),
        "settings": {"body_type": body(lists.get("locations"))},
        "calc": {"basic_lift": "29 lb", "dodge": [8, 7, 6, 5, 4], "move": [5, 4, 3, 2, 1]},
    }


def body(locations: list[Item] | None = None, name: str = "Humanoid") -> Item:
    """A body: by default the skull with GCS's own DR 2 (`dr_bonus`) and a torso of DR 0."""
    if locations is None:
        locations = [location("skull", "Skull", 2, bonus=2), location("torso", "Torso", 0)]
    return {"name": name, "roll": "3d", "locations": locations}


def location(kind: str, table: str, dr: int | dict[str, int], bonus: int | None = None) -> Item:
    out: Item = {"id": kind, "choice_name": table, "table_name": table}
    if bonus is not None:
        out["dr_bonus"] = bonus
    out["calc"] = {"dr": dr if isinstance(dr, dict) else {"all": dr}}
    return out


def weapon(usage: str, damage: str | None, letter: str = "w", **fields: Any) -> Item:
    """A weapon as GCS saves it: `damage` is its calc.damage (None: GCS resolved nothing, so no calc
    damage and a raw damage of `{"type": ""}`); `level` goes to calc (0 is left out, as GCS does);
    `parry`, `block` to calc too; anything else as given."""
    calc: Item = {}
    if damage is not None:
        calc["damage"] = damage
    for key in ("level", "parry", "block"):
        if fields.get(key):
            calc[key] = fields[key]
        fields.pop(key, None)
    out: Item = {"id": f"{letter}{usage.replace(' ', '')[:8]:0<16}", "damage": {"type": ""}, "usage": usage}
    out.update(fields)
    if calc:
        out["calc"] = calc
    return out


def trait(name: str, *weapons: Item, **fields: Any) -> Item:
    return {"id": f"t{name.replace(' ', '')[:8]:0<16}", "name": name, **fields, "weapons": list(weapons)}


def skill(name: str, level: int, *weapons: Item, letter: str = "s", **fields: Any) -> Item:
    out: Item = {"id": f"{letter}{name.replace(' ', '')[:8]:0<16}", "name": name, **fields, "calc": {"level": level}}
    return out | ({"weapons": list(weapons)} if weapons else {})


def equipment(name: str, *weapons: Item, weight: str = "1 lb", **fields: Any) -> Item:
    out: Item = {"id": f"e{name.replace(' ', '')[:8]:0<16}", "description": name, "equipped": True, **fields}
    out["calc"] = {"extended_weight": weight}
    return out | ({"weapons": list(weapons)} if weapons else {})


def write(folder: Path, data: object, name: str = "sheet.gcs") -> Path:
    path = folder / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path
