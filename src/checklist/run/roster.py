"""Combatants and their state across turns: the roster (docs/roster.md).

A roster file is TOML: one `[[combatant]]` table per combatant, with the sheet (ST, DX, IQ,
HT, HP, FP, Basic Speed, Move, SM, defenses, skills, DR by location, weapons).  The roster
keeps them in turn order (B393: highest Basic Speed first, then DX) and, for each, the state
that carries across turns: current HP and FP, stunned, shock for the next turn, posture, aim
and evaluate turns, feint, grappled, readied weapons and parries used.  Everything here is an
immutable value: the session keeps one per state, so undo and resume need nothing more.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from checklist.graph.load import LoadError, read_file
from checklist.model.limits import MAX_DIGITS, MAX_INPUT_BYTES
from checklist.model.names import slug
from checklist.model.visible import has_control, visible
from checklist.model.vocabulary import FLAGS, SHEET_NUMBERS, STATE, UNARMED_SKILLS

Value = int | str

WEAPON_FIELDS = {"name", "damage", "type", "skill", "reach", "acc", "rof", "rcl", "bulk", "ranged", "unarmed",
                 "armor-divisor"}  # fmt: skip
COMBATANT_FIELDS = {*SHEET_NUMBERS, "name", "basic-speed", "pain-threshold", "skills", "dr", "weapon", "posture"}
PAIN = ("normal", "high", "low")


class RosterError(ValueError):
    """A roster file that cannot be used: the message says where and how to fix it."""


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
    ranged: bool = False  # the `ranged` key, or Acc or RoF and no reach
    unarmed: bool = False  # the `unarmed` key, or an unarmed combat skill (UNARMED_SKILLS)
    armor_divisor: int = 1


@dataclass(frozen=True, slots=True)
class Sheet:
    name: str
    numbers: tuple[tuple[str, int], ...]
    basic_speed: Fraction
    pain_threshold: str
    skills: tuple[tuple[str, int], ...]
    dr: tuple[tuple[str, int], ...]
    weapons: tuple[Weapon, ...]

    def number(self, name: str) -> int | None:
        return dict(self.numbers).get(name)


@dataclass(frozen=True, slots=True)
class Condition:
    """One combatant's state; `record ROLE.ATTR = ...` in the flow changes it."""

    current_hp: int
    current_fp: int
    posture: str = "standing"
    stunned: bool = False
    shock: int = 0
    aim_turns: int = 0
    evaluate_turns: int = 0
    feint: int = 0
    grappled: bool = False
    parries: int = 0
    readied: tuple[str, ...] = ()

    def get(self, attr: str) -> Value:
        value = getattr(self, attr.replace("-", "_"))
        if isinstance(value, bool):
            return "yes" if value else "no"
        return value  # type: ignore[no-any-return]


@dataclass(frozen=True, slots=True)
class Roster:
    sheets: tuple[Sheet, ...]  # in turn order
    states: tuple[Condition, ...]
    current: int = 0
    round: int = 1
    source: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    @property
    def actor(self) -> Sheet:
        return self.sheets[self.current]

    def index(self, name: str) -> int | None:
        wanted = slug(name)
        for i, sheet in enumerate(self.sheets):
            if slug(sheet.name) == wanted:
                return i
        return None

    def get(self, who: int, attr: str, key: str | None = None) -> Value | None:
        """An attribute of combatant `who`: a sheet number, a state, or a keyed one (skill, dr)."""
        sheet, state = self.sheets[who], self.states[who]
        if key is not None:
            table = {"skill": sheet.skills, "dr": sheet.dr}.get(attr)
            if table is None:
                return None
            found = dict(table).get(slug(key))
            return found if found is not None else (0 if attr == "dr" else None)
        if attr in STATE:
            return state.get(attr)
        if attr == "pain-threshold":
            return sheet.pain_threshold
        if attr == "holding-weapon":  # the readied weapon, unless it is a body part (a punch, a kick)
            readied = _readied(sheet, state)
            return "yes" if readied is not None and not readied.unarmed else "no"
        if attr.startswith("weapon-"):
            return _weapon(sheet, state, attr[len("weapon-") :])
        return sheet.number(attr)

    def record(self, who: int, attr: str, value: Value) -> Roster:
        if attr not in STATE or attr == "readied":
            raise RosterError(f"`{attr}` is not a state the flow can record; it can record: {', '.join(STATE)}")
        new: bool | str | int
        if attr in FLAGS:
            new = value == "yes" or value == 1
        elif attr == "posture":
            new = str(value)
        elif isinstance(value, int):
            new = value
        else:
            raise RosterError(f"`{attr}` needs a number, not `{value}`")
        states = list(self.states)
        changes: dict[str, Any] = {attr.replace("-", "_"): new}
        states[who] = replace(states[who], **changes)
        return replace(self, states=tuple(states))

    def next_turn(self) -> Roster:
        current = (self.current + 1) % len(self.sheets)
        return replace(self, current=current, round=self.round + (1 if current == 0 else 0))

    def describe(self, who: int) -> str:
        sheet, state = self.sheets[who], self.states[who]
        flags = [f for f, on in (("stunned", state.stunned), ("grappled", state.grappled)) if on]
        shock = f", shock {state.shock}" if state.shock else ""
        return (f"{sheet.name}: HP {state.current_hp}/{sheet.number('hp')}, FP {state.current_fp}/"
                f"{sheet.number('fp')}, {state.posture}{shock}" + "".join(f", {f}" for f in flags))  # fmt: skip


def _readied(sheet: Sheet, state: Condition) -> Weapon | None:
    return next((w for w in sheet.weapons if w.name in state.readied), sheet.weapons[0] if sheet.weapons else None)


def _weapon(sheet: Sheet, state: Condition, what: str) -> Value | None:
    weapon = _readied(sheet, state)
    if weapon is None:
        return None
    if what == "skill":
        return dict(sheet.skills).get(slug(weapon.skill))
    if what in ("ranged", "unarmed"):
        return "yes" if getattr(weapon, what) else "no"
    if what == "fatigue":
        return "yes" if slug(weapon.type) == "fat" else "no"
    if what == "armor-divisor":
        return weapon.armor_divisor
    value = getattr(weapon, what, None)
    return value if isinstance(value, (int, str)) else None


# ---- reading a roster file -------------------------------------------------------------


def load(path: Path) -> Roster:
    try:
        data = tomllib.loads(read_file(path, "a roster (TOML)", MAX_INPUT_BYTES).decode("utf-8"))
    except LoadError as exc:
        raise RosterError(f"--roster {exc}") from None
    except UnicodeDecodeError:
        raise RosterError(f"{path}: the roster is not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise RosterError(f"{path}: not a TOML roster: {exc}; see docs/roster.md") from None
    except RecursionError:  # tomllib nests arrays by recursion
        raise RosterError(f"{path}: not a TOML roster: nested too deep; see docs/roster.md") from None
    return from_data(data, str(path))


def from_data(data: dict[str, Any], where: str) -> Roster:
    _plain(data, where)
    people = data.get("combatant")
    extra = set(data) - {"combatant"}
    if extra:
        raise RosterError(f"{where}: unknown top-level key `{sorted(extra)[0]}`; a roster holds [[combatant]] tables")
    if not isinstance(people, list) or not people:
        raise RosterError(f"{where}: no combatants; write one [[combatant]] table per combatant (docs/roster.md)")
    sheets = [_sheet(p, f"{where}: combatant {i}") for i, p in enumerate(people, 1)]
    names = [slug(s.name) for s in sheets]
    twice = next((n for n in names if names.count(n) > 1), None)
    if twice is not None:
        raise RosterError(f"{where}: two combatants are called `{twice}`; give each a different name")
    order = sorted(range(len(sheets)), key=lambda i: (-sheets[i].basic_speed, -(sheets[i].number("dx") or 0), i))
    ordered = tuple(sheets[i] for i in order)
    states = tuple(_fresh(s, people[i]) for s, i in zip(ordered, order, strict=True))
    return Roster(ordered, states, source=data)


def _fresh(sheet: Sheet, raw: dict[str, Any]) -> Condition:
    posture = str(raw.get("posture", "standing")).lower()
    readied = (sheet.weapons[0].name,) if sheet.weapons else ()
    return Condition(sheet.number("hp") or 0, sheet.number("fp") or 0, posture=posture, readied=readied)


def _sheet(raw: object, where: str) -> Sheet:
    if not isinstance(raw, dict):
        raise RosterError(f"{where}: a combatant is a table of keys")
    unknown = set(raw) - COMBATANT_FIELDS
    if unknown:
        known = ", ".join(sorted(COMBATANT_FIELDS))
        raise RosterError(f"{where}: unknown key `{sorted(unknown)[0]}`; known keys: {known}")
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise RosterError(f"{where}: every combatant needs a `name`")
    where = f"{where} ({name})"
    for required in ("st", "dx", "ht", "hp", "basic-speed"):
        if required not in raw:
            raise RosterError(f"{where}: `{required}` is missing")
    numbers = tuple((k, _int(raw[k], f"{where}, {k}")) for k in SHEET_NUMBERS if k in raw)
    speed = raw["basic-speed"]
    if isinstance(speed, bool) or not isinstance(speed, (int, float)) or not 0 < speed < 1000:  # nan, inf too
        raise RosterError(f"{where}, basic-speed: a positive number such as 5.75, not {speed!r}")
    pain = str(raw.get("pain-threshold", "normal")).lower()
    if pain not in PAIN:
        raise RosterError(f"{where}, pain-threshold: one of {', '.join(PAIN)}, not {pain!r}")
    numbers_dict = dict(numbers)
    numbers_dict.setdefault("fp", numbers_dict["ht"])
    weapons = raw.get("weapon", [])
    if not isinstance(weapons, list):
        raise RosterError(f"{where}: weapons are [[combatant.weapon]] tables")
    return Sheet(name.strip(), tuple(numbers_dict.items()), Fraction(str(speed)), pain,
                 _table(raw.get("skills", {}), f"{where}, skills"), _table(raw.get("dr", {}), f"{where}, dr"),
                 tuple(_weapon_of(w, f"{where}, weapon {i}") for i, w in enumerate(weapons, 1)))  # fmt: skip


def _table(raw: object, where: str) -> tuple[tuple[str, int], ...]:
    if not isinstance(raw, dict):
        raise RosterError(f"{where}: a table such as {{ broadsword = 14 }}")
    return tuple((slug(k), _int(v, f"{where}.{k}")) for k, v in raw.items())


def _weapon_of(raw: object, where: str) -> Weapon:
    if not isinstance(raw, dict) or not {"name", "damage", "type", "skill"} <= set(raw):
        raise RosterError(f"{where}: a weapon needs name, damage, type and skill (docs/roster.md)")
    unknown = set(raw) - WEAPON_FIELDS
    if unknown:
        known = ", ".join(sorted(WEAPON_FIELDS))
        raise RosterError(f"{where}: unknown key `{sorted(unknown)[0]}`; known keys: {known}")
    numbers = {k: _int(raw[k], f"{where}, {k}") for k in ("acc", "rcl", "bulk") if k in raw}
    reach, skill = str(raw.get("reach", "")), str(raw["skill"])
    ranged = _flag(raw, "ranged", where, ("acc" in raw or "rof" in raw) and not reach)
    unarmed = _flag(raw, "unarmed", where, slug(skill) in UNARMED_SKILLS)
    divisor = _int(raw.get("armor-divisor", 1), f"{where}, armor-divisor")
    if divisor < 1:
        raise RosterError(f"{where}, armor-divisor: a whole number of 1 or more (1 for none), not {divisor!r}")
    return Weapon(str(raw["name"]), str(raw["damage"]), str(raw["type"]), skill, reach, rof=str(raw.get("rof", "")),
                  ranged=ranged, unarmed=unarmed, armor_divisor=divisor, **numbers)  # fmt: skip


def _flag(raw: dict[str, Any], key: str, where: str, default: bool) -> bool:
    value = raw.get(key, default)
    if not isinstance(value, bool):
        raise RosterError(f"{where}, {key}: true or false, not {value!r}")
    return value


def _int(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) >= 10**MAX_DIGITS:
        shown = f"{str(value)[:12]}..." if isinstance(value, int) else repr(value)
        raise RosterError(f"{where}: a whole number of at most {MAX_DIGITS} digits, not {shown}")
    return value


def _plain(data: object, where: str) -> None:
    """Every text of the roster is plain (it is shown on the screen): no control characters."""
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str) and has_control(item):
            raise RosterError(f"{where}: `{visible(item[:40])}` holds a control character; write plain text")
