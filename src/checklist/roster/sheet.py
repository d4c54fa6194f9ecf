"""One combatant's sheet in a roster (docs/roster.md): what a `[[combatant]]` table may hold, checked.

The sheet is what does not change during a fight: attributes, skills, DR by hit location (and by
damage type), traits, weapons.  `checklist.roster.combatants` keeps the sheets with their state from turn
to turn; a `.gcs` file (checklist.roster.gcs) becomes the same table before it gets here.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from checklist.model.limits import MAX_DIGITS
from checklist.model.names import slug
from checklist.model.visible import brief, has_control, visible
from checklist.model.vocabulary import DAMAGE_TYPES, SHEET_NUMBERS, TRAITS, UNARMED_SKILLS
from checklist.roster.body import BodyError, BodyPart, body_of
from checklist.roster.errors import RosterError as RosterError  # also imported from here

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass

Value = int | str

WEAPON_FIELDS = {
    "name",
    "damage",
    "type",
    "skill",
    "reach",
    "acc",
    "rof",
    "rcl",
    "bulk",
    "malf",
    "ranged",
    "unarmed",
    "armor-divisor",
    "level",
    "usage",
    "parry",
    "block",
    "range",
    "shots",
    "min-st",
    "ask",
    "kind",
    "effects",
}
WEAPON_KINDS = ("slam", "affliction", "special")  # an attack with no damage dice (docs/roster.md, "From GCS")
ASKABLE = ("skill", "damage", "type", "reach", "acc", "rof", "rcl", "bulk", "armor-divisor", "parry", "block")
COMBATANT_FIELDS = {
    *SHEET_NUMBERS,
    *TRAITS,
    "name",
    "basic-speed",
    "pain-threshold",
    "skills",
    "dr",
    "weapon",
    "posture",
    "current-hp",
    "current-fp",
    "side",
    "tactic",
    "body",
    "location",
    "readied",
    "flexible-armor",
}
PAIN = ("normal", "high", "low")
DEFENSE = re.compile(r"([+-]?\d+)\s*([FU]*)")  # a weapon's parry or block as GCS writes it: 12, 12F, 9U, 0U


@dataclass(frozen=True, slots=True)
class Weapon:
    name: str
    damage: str
    type: str
    skill: str
    reach: str = ""
    acc: int = 0
    rof: str = ""
    rcl: int = 0
    bulk: int = 0
    malf: int | None = None  # B407: given only for a weapon that can malfunction below 17
    ranged: bool = False  # the `ranged` key, or Acc or RoF and no reach
    unarmed: bool = False  # the `unarmed` key, or an unarmed combat skill (UNARMED_SKILLS)
    armor_divisor: Fraction = Fraction(1)  # a whole number, or a fractional 0.5, 0.2, 0.1 (B110, B378)
    level: int | None = None  # the skill level with this weapon, when the sheet gives it (GCS does)
    usage: str = ""  # swung, thrust, thrown, ...
    parry: str = ""  # as written: "12", "12F" (fencing), "9U" (unbalanced), "No"; "" when not given
    block: str = ""
    range: str = ""
    shots: str = ""
    min_st: str = ""  # as written: "10", "13†"
    ask: tuple[str, ...] = ()  # what the sheet could not say: the flow asks (ASKABLE)
    kind: str = ""  # "" for damage dice; else WEAPON_KINDS: its damage is asked when it hits
    effects: str = ""  # what GCS writes after the damage type (nw, dkb, + Paralysis): shown, not applied

    @property
    def item(self) -> str:
        """The item this attack mode belongs to: the name without its usage in parentheses, so that
        GCS's `Broadsword (Swung)` and `Broadsword (Thrust)` are one broadsword (a twin's ` #2` stays)."""
        if not self.usage:
            return slug(self.name)
        return slug(re.sub(rf"\s*\({re.escape(self.usage)}\)", "", self.name, count=1, flags=re.IGNORECASE))

    def defense(self, which: str) -> tuple[int | None, str]:
        """The weapon's parry or block as a number and its letters (F, U); None when it has none."""
        found = DEFENSE.fullmatch(getattr(self, which).strip())
        return (int(found.group(1)), found.group(2)) if found else (None, "")


@dataclass(frozen=True, slots=True)
class Sheet:
    name: str
    numbers: tuple[tuple[str, int], ...]
    basic_speed: Fraction
    pain_threshold: str
    skills: tuple[tuple[str, int], ...]
    dr: tuple[tuple[str, int], ...]
    weapons: tuple[Weapon, ...]
    dr_by_type: tuple[tuple[str, str, int], ...] = ()  # (location, damage type, DR against it)
    traits: tuple[tuple[str, bool], ...] = ()  # combat-reflexes, grip-mastery: given yes or no
    side: str = ""
    body: str = ""  # given: `dr` lists every location the body has, and any other is asked
    flexible: tuple[str, ...] | None = None  # where the armor is flexible (B379); None: not said, asked
    tactic: str = ""  # an NPC's tactic (flow/tactics.flow): what the tool proposes for its decisions
    locations: tuple[BodyPart, ...] = ()  # the body's own hit location table (a GCS body); none: the flow's

    def flexible_at(self, location: str) -> str | None:
        """`yes` when the armor that covers the location (`vitals-or-torso`: as for DR) is flexible."""
        if self.flexible is None:
            return None
        where = self.listed(location)
        return "yes" if where is not None and where in self.flexible else "no"

    def number(self, name: str) -> int | None:
        return dict(self.numbers).get(name)

    def dr_at(self, location: str, damage_type: str | None) -> int | None:
        """DR at a location (against a damage type when the sheet says); 0 or None when unlisted.

        `vitals-or-torso`: the DR of the first of the locations the sheet lists (a sub-location
        takes its DR from where it sits, flow/rules.flow, hit-locations)."""
        where = self.listed(location)
        if where is None:
            return None if self.body else 0
        if damage_type is not None:
            for loc, kind, value in self.dr_by_type:
                if loc == where and kind == damage_type:
                    return value
        return dict(self.dr).get(where)

    def listed(self, location: str) -> str | None:
        """The first of `a-or-b-or-c` whose DR the sheet lists, or None."""
        given = {loc for loc, _ in self.dr} | {loc for loc, _, _ in self.dr_by_type}
        for way in slug(location).split("-or-"):  # a loop, not next(generator): see roster/combatants.py _parrier
            if way in given:
                return way
        return None


# ---- a [[combatant]] table ----------------------------------------------------------------


def sheet_of(raw: object, where: str) -> Sheet:
    if not isinstance(raw, dict):
        raise RosterError(f"{where}: a combatant is a table of keys; write [[combatant]] and then name = ..., st = ...")
    unknown = set(raw) - COMBATANT_FIELDS
    if unknown:
        known = ", ".join(sorted(COMBATANT_FIELDS))
        raise RosterError(f"{where}: unknown key `{sorted(unknown)[0]}`; use one of the known keys: {known}")
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise RosterError(f'{where}: every combatant needs a `name`; add one, e.g. name = "Bruno"')
    where = f"{where} ({name})"
    for required in ("st", "dx", "ht", "hp", "basic-speed"):
        if required not in raw:
            example = 5.5 if required == "basic-speed" else 10
            raise RosterError(f"{where}: `{required}` is missing; add it, e.g. {required} = {example}")
    numbers = tuple((k, _int(raw[k], f"{where}, {k}")) for k in SHEET_NUMBERS if k in raw)
    speed = raw["basic-speed"]
    if isinstance(speed, bool) or not isinstance(speed, (int, float)) or not 0 < speed < 1000:  # nan, inf too
        raise RosterError(f"{where}, basic-speed: a positive number such as 5.75, not {brief(speed)}")
    pain = str(raw.get("pain-threshold", "normal")).lower()
    if pain not in PAIN:
        raise RosterError(f"{where}, pain-threshold: one of {', '.join(PAIN)}, not {brief(pain)}")
    numbers_dict = dict(numbers)
    included = numbers_dict.get("db-included", 0)
    if not 0 <= included <= numbers_dict.get("shield-db", included):
        raise RosterError(
            f"{where}, db-included: the part of shield-db ({numbers_dict.get('shield-db')}) that dodge, parry and "
            f"block already hold, from 0 to shield-db, not {included}"
        )
    numbers_dict.setdefault("fp", numbers_dict["ht"])
    numbers_dict.setdefault("move", math.floor(speed))  # Basic Move: Basic Speed, rounded down (B17)
    weapons = raw.get("weapon", [])
    if not isinstance(weapons, list):
        raise RosterError(f"{where}: weapons are [[combatant.weapon]] tables; write each as one")
    dr, by_type = _dr(raw.get("dr", {}), f"{where}, dr")
    traits = tuple((t, _flag(raw, t, where, False)) for t in TRAITS if t in raw)
    arms = tuple(weapon_of(w, f"{where}, weapon {i}") for i, w in enumerate(weapons, 1))
    readied = raw.get("readied")
    if readied is not None and str(readied) not in {w.name for w in arms}:
        raise RosterError(
            f"{where}, readied: `{readied}` is not one of its weapons' names; name one of: "
            f"{', '.join(w.name for w in arms) or '(no weapons)'}"
        )
    return Sheet(
        name.strip(),
        tuple(numbers_dict.items()),
        Fraction(str(speed)),
        pain,
        _table(raw.get("skills", {}), f"{where}, skills"),
        dr,
        arms,
        by_type,
        traits,
        str(raw.get("side", "")),
        str(raw.get("body", "")),
        _flexible(raw, where),
        _tactic(raw, where),
        _locations(raw, where),
    )


def _locations(raw: dict[str, Any], where: str) -> tuple[BodyPart, ...]:
    try:
        return body_of(raw.get("location"), f"{where}, location")
    except BodyError as why:
        raise RosterError(str(why)) from None


TACTICS = ("aggressive", "defensive", "ranged")  # flow/tactics.flow's rows; docs/roster.md, NPCs


def _tactic(raw: dict[str, Any], where: str) -> str:
    tactic = raw.get("tactic", "")
    if tactic and tactic not in TACTICS:
        raise RosterError(f"{where}, tactic: one of {', '.join(TACTICS)}, not {brief(tactic)}")
    return str(tactic)


def _flexible(raw: dict[str, Any], where: str) -> tuple[str, ...] | None:
    """`flexible-armor = ["torso", "groin"]`: the locations whose armor is flexible (the rest rigid)."""
    if "flexible-armor" not in raw:
        return None
    value = raw["flexible-armor"]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise RosterError(f'{where}, flexible-armor: a list of hit locations, such as ["torso", "groin"]')
    return tuple(slug(v) for v in value)


def _dr(raw: object, where: str) -> tuple[tuple[tuple[str, int], ...], tuple[tuple[str, str, int], ...]]:
    """`{ torso = 3 }`, or by damage type: `{ torso = { all = 4, cr = 2 } }` (2 against crushing)."""
    if not isinstance(raw, dict):
        raise RosterError(f"{where}: write a table such as {{ torso = 3, skull = 2 }}")
    flat: list[tuple[str, int]] = []
    typed: list[tuple[str, str, int]] = []
    for location, value in raw.items():
        if not isinstance(value, dict):
            flat.append((slug(location), _int(value, f"{where}.{location}")))
            continue
        if "all" not in value:
            raise RosterError(
                f"{where}.{location}: give `all`, then the damage types that differ: {{ all = 4, cr = 2 }}"
            )
        for kind, number in value.items():
            if kind != "all" and kind not in DAMAGE_TYPES:
                raise RosterError(
                    f"{where}.{location}: unknown damage type `{kind}`; known: all, {', '.join(DAMAGE_TYPES)}"
                )
            dr = _int(number, f"{where}.{location}.{kind}")
            if kind == "all":
                flat.append((slug(location), dr))
            else:
                typed.append((slug(location), kind, dr))
    return tuple(flat), tuple(typed)


def _table(raw: object, where: str) -> tuple[tuple[str, int], ...]:
    if not isinstance(raw, dict):
        raise RosterError(f"{where}: write a table such as {{ broadsword = 14 }}")
    return tuple((slug(k), _int(v, f"{where}.{k}")) for k, v in raw.items())


def weapon_of(raw: object, where: str) -> Weapon:
    if not isinstance(raw, dict) or not {"name", "damage", "type", "skill"} <= set(raw):
        raise RosterError(
            f'{where}: a weapon needs name, damage, type and skill; add them, e.g. name = "mace", '
            'damage = "2d+3", type = "cr", skill = "axe-mace" (docs/roster.md)'
        )
    unknown = set(raw) - WEAPON_FIELDS
    if unknown:
        known = ", ".join(sorted(WEAPON_FIELDS))
        raise RosterError(f"{where}: unknown key `{sorted(unknown)[0]}`; use one of the known keys: {known}")
    numbers: dict[str, Any] = {k: _int(raw[k], f"{where}, {k}") for k in ("acc", "rcl", "bulk", "malf") if k in raw}
    if "level" in raw:
        numbers["level"] = _int(raw["level"], f"{where}, level")
    said = {k: _words(raw[k], f"{where}, {k}") for k in WEAPON_TEXTS if k in raw}
    reach, skill = said.get("reach", ""), said["skill"]
    ranged = _flag(raw, "ranged", where, ("acc" in raw or "rof" in raw) and not reach)
    unarmed = _flag(raw, "unarmed", where, slug(skill) in UNARMED_SKILLS)
    divisor = armor_divisor(raw.get("armor-divisor", 1), f"{where}, armor-divisor")
    defenses: dict[str, Any] = {k: _defense(raw[k], f"{where}, {k}") for k in ("parry", "block") if k in raw}
    texts: dict[str, str] = {
        k.replace("-", "_"): said[k] for k in ("usage", "range", "shots", "min-st", "effects") if k in said
    }
    ask = raw.get("ask", [])
    if not isinstance(ask, list) or not all(isinstance(a, str) and a in ASKABLE for a in ask):
        raise RosterError(f"{where}, ask: a list of what the flow asks for this weapon, from: {', '.join(ASKABLE)}")
    kind = raw.get("kind", "")
    if kind and kind not in WEAPON_KINDS:
        raise RosterError(f"{where}, kind: one of {', '.join(WEAPON_KINDS)} (an attack with no damage dice), "
                          f"not {brief(kind)}")  # fmt: skip
    return Weapon(
        said["name"],
        said["damage"],
        said["type"],
        skill,
        reach,
        rof=said.get("rof", ""),
        ranged=ranged,
        unarmed=unarmed,
        armor_divisor=divisor,
        ask=tuple(ask),
        kind=str(kind),
        **numbers,
        **defenses,
        usage=texts.get("usage", ""),
        range=texts.get("range", ""),
        shots=texts.get("shots", ""),
        min_st=texts.get("min_st", ""),
        effects=texts.get("effects", ""),
    )


WEAPON_TEXTS = ("name", "damage", "type", "skill", "reach", "rof", "usage", "range", "shots", "min-st", "effects")


def _words(value: object, where: str) -> str:
    """A weapon's text field: text, or a whole number written without quotes (min-st = 10)."""
    if isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10**9):
        return str(value)
    raise RosterError(f'{where}: text in quotes, such as "2d+1" or "mace", not {brief(value)}')


FRACTIONAL_DIVISORS = (Fraction(1, 2), Fraction(1, 5), Fraction(1, 10))  # (0.5), (0.2), (0.1): B110


def armor_divisor(value: object, where: str) -> Fraction:
    """A whole number of 1 or more (1: none), or one of the fractional divisors 0.5, 0.2 and 0.1."""
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value < 10**MAX_DIGITS:
        return Fraction(value)
    if isinstance(value, (float, str)) and not isinstance(value, bool):
        try:
            fraction = Fraction(str(value).strip())
        except (ValueError, ZeroDivisionError):
            fraction = None
        if fraction in FRACTIONAL_DIVISORS:
            return fraction
    raise RosterError(f"{where}: a whole number of 1 or more (1 for none), or 0.5, 0.2 or 0.1, not {brief(value)}")


def _defense(value: object, where: str) -> str:
    """A parry or block: a number, or text as GCS writes it (12F, 9U, No)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if isinstance(value, str) and (value.strip().lower() in ("no", "") or DEFENSE.fullmatch(value.strip())):
        return value.strip()
    raise RosterError(
        f'{where}: a number, or text such as "12F" (fencing), "9U" (unbalanced) or "No", not {brief(value)}'
    )


def _flag(raw: dict[str, Any], key: str, where: str, default: bool) -> bool:
    value = raw.get(key, default)
    if not isinstance(value, bool):
        raise RosterError(f"{where}, {key}: true or false, not {brief(value)}")
    return value


def _int(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) >= 10**MAX_DIGITS:
        raise RosterError(f"{where}: a whole number of at most {MAX_DIGITS} digits, not {brief(value, 12)}")
    return value


MAX_ROSTER_DEPTH = 32  # a roster's tables and lists nest 6 deep (combatant, weapon, ask); past this, refused


def plain(data: object, where: str) -> None:
    """Every text of the roster is plain (it is shown on the screen): no control characters; every
    value is text, a number, true or false, a table or a list (not a TOML date, which no JSON session
    could save); and nothing nests deeper than MAX_ROSTER_DEPTH (so that nothing after recurses far)."""
    stack: list[tuple[object, int]] = [(data, 0)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_ROSTER_DEPTH:
            raise RosterError(f"{where}: tables or lists nested more than {MAX_ROSTER_DEPTH} deep; a roster's "
                              "nest a few deep (docs/roster.md shows one)")  # fmt: skip
        if isinstance(item, dict):
            stack.extend((k, depth + 1) for k in item)
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
        elif isinstance(item, str) and has_control(item):
            raise RosterError(f"{where}: `{visible(item[:40])}` holds a control character; write plain text")
        elif not isinstance(item, str | int | float | bool):
            raise RosterError(
                f"{where}: {brief(item)} is a TOML date or time; a roster holds text, numbers, true or false, "
                "lists and tables: put it in quotes if it is text"
            )
