"""A GURPS Character Sheet file as data: JSON of data version 2, 4 or 5, and its items by kind.

GCS writes one JSON object per character (`.gcs`).  Version 2 (late GCS 4.x) and 4 (GCS 5.0 to
5.23) give each item a `type` ("trait", "advantage_container", "melee_weapon", ...); version 5
(GCS 5.24 on) drops it: the first letter of the item's id says the kind (t trait, T trait
container, s skill, q technique, e equipment, w melee weapon, W ranged weapon, ...).  GCS before
4.20 wrote XML, which is refused with what to do about it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from checklist.roster.sheet import RosterError

VERSIONS = (2, 4, 5)
RESAVE = "open it in a current GCS (5.24 or later) and save it again"
# kinds by the first letter of a version 5 id, and by the `type` of versions 2 and 4
LETTERS = {
    "t": "trait",
    "T": "trait-container",
    "s": "skill",
    "S": "skill-container",
    "q": "technique",
    "p": "spell",
    "P": "spell-container",
    "r": "spell",
    "e": "equipment",
    "E": "equipment-container",
    "w": "melee",
    "W": "ranged",
}
TYPES = {
    "advantage": "trait",
    "advantage_container": "trait-container",
    "trait": "trait",
    "trait_container": "trait-container",
    "skill": "skill",
    "skill_container": "skill-container",
    "technique": "technique",
    "spell": "spell",
    "ritual_magic_spell": "spell",
    "spell_container": "spell-container",
    "equipment": "equipment",
    "equipment_container": "equipment-container",
    "melee_weapon": "melee",
    "ranged_weapon": "ranged",
}
GROUPS = {"traits": ("traits", "advantages"), "skills": ("skills",), "spells": ("spells",), "equipment": ("equipment",)}


class GcsError(RosterError):
    """A .gcs file that cannot be read: the message names the file, the character and the field."""


class OldFormat(GcsError):
    """A .gcs file in a format this tool does not read (XML, or an unknown data version): re-save it."""


@dataclass(frozen=True, slots=True)
class Character:
    path: Path
    data: dict[str, Any]
    version: int
    name: str

    def where(self, field: str = "") -> str:
        return f"{self.path} ({self.name})" + (f", {field}" if field else "")

    def kind(self, item: dict[str, Any]) -> str:
        if self.version >= 5:
            return LETTERS.get(str(item.get("id", ""))[:1], "")
        return TYPES.get(str(item.get("type", "")), "")

    def items(self, group: str) -> Iterator[dict[str, Any]]:
        """The items of a list (traits, skills, spells, equipment), containers' children included;
        not a disabled trait or anything in it."""
        for key in GROUPS[group]:
            yield from self._walk(self.data.get(key), f"{key}")

    def _walk(self, items: object, where: str) -> Iterator[dict[str, Any]]:
        if items is None:
            return
        if not isinstance(items, list):
            raise GcsError(f"{self.where(where)}: a list of items, not {type(items).__name__}; {RESAVE}")
        for item in items:
            if not isinstance(item, dict):
                raise GcsError(f"{self.where(where)}: an item is a JSON object, not {type(item).__name__}; {RESAVE}")
            if item.get("disabled") is True:
                continue
            yield item
            yield from self._walk(item.get("children"), where)


def read(path: Path) -> Character:
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise GcsError(
            f"{path}: cannot read the character sheet: {exc.strerror or exc}; check the path "
            "(ls -l) and that the file is readable"
        ) from None
    text = raw.decode("utf-8", errors="replace").lstrip("\ufeff \t\r\n")
    if text.startswith("<"):
        found = re.search(r"<character[^>]*\sversion=\"(\d+)\"", text[:2000])
        said = f" (data version {found.group(1)})" if found else ""
        raise OldFormat(
            f"{path}: an XML character sheet{said}, from GCS before 4.20, which this tool cannot read; {RESAVE}"
        )
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise GcsError(
            f"{path}: not a GCS character sheet: broken JSON at line {exc.lineno}, column {exc.colno}: "
            f"{exc.msg}; {RESAVE}"
        ) from None
    if not isinstance(data, dict):
        raise GcsError(
            f"{path}: not a GCS character sheet: the file holds a JSON {type(data).__name__}, not an "
            "object; pass a .gcs file that GCS saved"
        )
    version = data.get("version")
    kind = data.get("type")
    if kind is not None and kind != "character":
        raise GcsError(f"{path}: a GCS `{kind}` file, not a character sheet (.gcs); pass a character's .gcs file")
    if isinstance(version, bool) or not isinstance(version, int):
        raise OldFormat(f"{path}: no data version in the file (`version` is {version!r}); {RESAVE}")
    if version not in VERSIONS:
        newer = "newer than" if version > max(VERSIONS) else "older than"
        raise OldFormat(
            f"{path}: GCS data version {version}, {newer} the versions this tool reads "
            f"({', '.join(map(str, VERSIONS))}); {RESAVE}"
        )
    profile = data.get("profile")
    name = profile.get("name") if isinstance(profile, dict) else None
    shown = plain_name(name) if isinstance(name, str) else ""
    return Character(path, data, version, shown or path.stem)


QUOTES = str.maketrans("", "", '"\u201c\u201d')  # a nickname's quotes: `"Fiasco Felicity" Tanner`


def plain_name(name: str) -> str:
    """The name the roster shows: a nickname's double quotes dropped (they are no part of the name
    a game master types, and a TOML roster written from it needs none), spaces collapsed."""
    return " ".join(name.translate(QUOTES).split())
