"""A GURPS Character Sheet file as data: JSON of data version 2, 4 or 5, and its items by kind.

GCS writes one JSON object per character (`.gcs`).  Version 2 (late GCS 4.x) and 4 (GCS 5.0 to
5.23) give each item a `type` ("trait", "advantage_container", "melee_weapon", ...); version 5
(GCS 5.24 on) drops it: the first letter of the item's id says the kind (t trait, T trait
container, s skill, q technique, e equipment, w melee weapon, W ranged weapon, ...).  GCS before
4.20 wrote XML, which is refused with what to do about it.

The file is read as any file we are given (bounded, never a FIFO or a device); a number no sheet
holds is kept as Unreadable (values.py), and containers nest as deep as real sheets do (some 900
deep), which is walked without recursion.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from checklist.model.limits import MAX_SHEET_BYTES, MAX_SHEET_DEPTH, MAX_SHEET_VALUES
from checklist.model.visible import brief, visible
from checklist.program.files import LoadError, read_file
from checklist.roster.errors import OldFormat
from checklist.roster.gcs.values import RESAVE, GcsError, Json, Unreadable, objects, text

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass

__all__ = ["RESAVE", "Character", "GcsError", "OldFormat", "plain_name", "read"]

VERSIONS = (2, 4, 5)
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
NUMBER_DIGITS = 30  # a JSON number longer than this is no sheet's (int() refuses 4 300 digits anyway)


@dataclass(frozen=True, slots=True)
class Character:
    path: Path
    data: Json
    version: int
    name: str

    def where(self, field: str = "") -> str:
        return f"{visible(str(self.path))} ({self.name})" + (f", {field}" if field else "")

    def kind(self, item: Json) -> str:
        if self.version >= 5:
            return LETTERS.get(text(item.get("id"))[:1], "")
        return TYPES.get(text(item.get("type")), "")

    def items(self, group: str) -> Iterator[Json]:
        """The items of a list (traits, skills, spells, equipment), containers' children included;
        not a disabled trait or anything in it."""
        for key in GROUPS[group]:
            yield from self.tree(key, lambda item: item.get("disabled") is True)

    def tree(self, key: str, skip: Callable[[Json], bool]) -> Iterator[Json]:
        """The items of the top-level list `key` and their children, in order (an item, then what it
        holds), without those `skip` says and what they hold."""
        where = self.where(key)
        stack = [iter(objects(self.data.get(key), where))]
        while stack:
            item = next(stack[-1], None)
            if item is None:
                stack.pop()
            elif not skip(item):
                yield item
                stack.append(iter(objects(item.get("children"), where)))


def read(path: Path) -> Character:
    shown = visible(str(path))
    try:
        raw = read_file(path, "a GCS character sheet (.gcs)", MAX_SHEET_BYTES, "pass the .gcs file GCS saved")
    except LoadError as exc:
        raise GcsError(str(exc)) from None
    words = raw.decode("utf-8", errors="replace").lstrip("\ufeff \t\r\n")
    if words.startswith("<"):
        found = re.search(r"<character[^>]*\sversion=\"(\d{1,9})\"", words[:2000])
        said = f" (data version {found.group(1)})" if found else ""
        raise OldFormat(
            f"{shown}: an XML character sheet{said}, from GCS before 4.20, which this tool cannot read; {RESAVE}"
        )
    data = _object(_json(words, shown), shown)
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise OldFormat(f"{shown}: no data version in the file (`version` is {brief(version)}); {RESAVE}")
    if version not in VERSIONS:
        newer = "newer than" if version > max(VERSIONS) else "older than"
        raise OldFormat(
            f"{shown}: GCS data version {brief(version)}, {newer} the versions this tool reads "
            f"({', '.join(map(str, VERSIONS))}); {RESAVE}"
        )
    profile = data.get("profile")
    name = plain_name(text(profile.get("name"))) if isinstance(profile, dict) else ""
    return Character(path, data, version, name or text(path.stem) or "sheet")


def _object(data: object, shown: str) -> Json:
    if not isinstance(data, dict):
        raise GcsError(
            f"{shown}: not a GCS character sheet: the file holds a JSON {type(data).__name__}, not an "
            "object; pass a .gcs file that GCS saved"
        )
    kind = data.get("type")
    if kind is not None and kind != "character":
        raise GcsError(f"{shown}: a GCS {brief(kind)} file, not a character sheet (.gcs); pass a character's .gcs file")
    return data


def _json(words: str, shown: str) -> object:
    """The file's JSON; containers may nest deeper than Python's recursion limit, up to MAX_SHEET_DEPTH."""
    values = words.count("{") + words.count("[") + words.count('"') // 2
    if values > MAX_SHEET_VALUES:
        raise GcsError(
            f"{shown}: not a GCS character sheet: about {values} JSON values, more than any sheet holds "
            f"(at most {MAX_SHEET_VALUES}); pass the .gcs file GCS saved"
        )
    try:
        try:
            return _loads(words)
        except RecursionError:
            depth = _depth(words)
            if depth > MAX_SHEET_DEPTH:
                raise GcsError(
                    f"{shown}: not a GCS character sheet: JSON nested {depth} deep, deeper than any sheet's "
                    f"containers (at most {MAX_SHEET_DEPTH}); pass the .gcs file GCS saved"
                ) from None
            limit = sys.getrecursionlimit()
            sys.setrecursionlimit(limit + depth + 100)  # json's decoder recurses once per level
            try:
                return _loads(words)
            finally:
                sys.setrecursionlimit(limit)
    except json.JSONDecodeError as exc:
        raise GcsError(
            f"{shown}: not a GCS character sheet: broken JSON at line {exc.lineno}, column {exc.colno}: "
            f"{exc.msg}; {RESAVE}"
        ) from None


def _loads(words: str) -> object:
    return json.loads(words, parse_constant=Unreadable, parse_int=_int, parse_float=_float)


def _int(written: str) -> int | Unreadable:
    if len(written) > NUMBER_DIGITS:
        return Unreadable(f"{written[:12]}... ({len(written)} digits)")
    return int(written)


def _float(written: str) -> float | Unreadable:
    value = float(written)
    return value if abs(value) != float("inf") else Unreadable(written[:20])


def _depth(words: str) -> int:
    """How deep the JSON's lists and objects nest (strings, which may hold brackets, left out)."""
    brackets = re.sub(r"[^\[\]{}]+", "", re.sub(r'"(?:[^"\\]|\\.)*+"', "", words))
    deepest = level = 0
    for bracket in brackets:
        level += 1 if bracket in "[{" else -1
        deepest = max(deepest, level)
    return deepest


QUOTES = str.maketrans("", "", '"\u201c\u201d')  # a nickname's quotes: `"Fiasco Felicity" Tanner`


def plain_name(name: str) -> str:
    """The name the roster shows: a nickname's double quotes dropped (they are no part of the name
    a game master types, and a TOML roster written from it needs none), spaces collapsed."""
    return " ".join(name.translate(QUOTES).split())
