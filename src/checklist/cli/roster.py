"""`checklist roster FILE... [--toml]`: the roster that `checklist run --roster FILE...` would use.

The files are TOML rosters and GURPS Character Sheet files (.gcs); docs/roster.md describes both.
Without --toml it prints each combatant, in turn order, as the run will read them, then what the
sheets did not say (the flow asks for it).  With --toml it writes the roster as a TOML file, to be
edited and given to `run --roster`; the notes become comments at its top.
Exit codes: 0; 2 a file that is not a roster or a readable sheet; 7 a GCS file in a format this
tool cannot read (XML from before GCS 4.20, or an unknown data version).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from typing import Any

from checklist.cli import exitcodes
from checklist.roster.combatants import Roster, RosterError
from checklist.roster.errors import OldFormat
from checklist.roster.load import load_all
from checklist.roster.sheet import Sheet, Weapon

LABELS = {"will": "Will", "move": "Move", "shield-db": "shield DB", "db-included": "of it in the defenses"}
BARE = re.compile(r"[A-Za-z0-9_-]+")


def run(args: argparse.Namespace) -> int:
    try:
        roster = load_all(list(args.files))
    except OldFormat as exc:
        print(f"checklist roster: {exc}", file=sys.stderr)
        return exitcodes.OLD_SHEET
    except RosterError as exc:
        print(f"checklist roster: {exc}", file=sys.stderr)
        return exitcodes.USAGE
    sys.stdout.write(to_toml(roster.source, roster.notes) if args.toml else describe(roster))
    return exitcodes.OK


# ---- the roster as text ----------------------------------------------------------------------


def describe(roster: Roster) -> str:
    lines: list[str] = []
    for who, sheet in enumerate(roster.sheets):
        lines += [*_person(roster, who, sheet), ""]
    if roster.notes:
        lines.append("Notes: what the sheets do not say (the flow asks for it), what is not used, what was chosen:")
        lines += [f"  - {note}" for note in roster.notes]
    else:
        lines.append("The sheets say everything the roster holds.")
    return "\n".join(lines) + "\n"


def _person(roster: Roster, who: int, sheet: Sheet) -> list[str]:
    state = roster.states[who]
    side = f", side {sheet.side}" if sheet.side else ""
    numbers = dict(sheet.numbers)
    head = f"{who + 1}. {sheet.name}{side}: " + ", ".join(
        f"{LABELS.get(k, k.upper())} {v}"
        for k, v in numbers.items()
        if k not in ("hp", "fp", "dodge", "parry", "block")
    )
    speed = f"Basic Speed {float(sheet.basic_speed):g}"
    pools = (
        f"   HP {state.current_hp}/{numbers.get('hp')}, FP {state.current_fp}/{numbers.get('fp')}, {speed}, "
        f"{state.posture}, pain threshold {sheet.pain_threshold}"
    )
    traits = ", ".join(f"{k} {'yes' if v else 'no'}" for k, v in sheet.traits)
    lines = [head, pools + (f"; {traits}" if traits else "")]
    defenses = [f"{k} {v}" for k in ("dodge", "parry", "block") if (v := roster.get(who, k)) is not None]
    lines.append("   " + (", ".join(defenses) or "no Dodge, Parry or Block given: asked"))
    if sheet.skills:
        lines.append("   skills: " + ", ".join(f"{k} {v}" for k, v in sheet.skills))
    flexible = "asked" if sheet.flexible is None else ", ".join(sheet.flexible) or "none (rigid)"
    if sheet.locations:
        lines.append(f"   hit locations ({sheet.body or 'body'}): " + _body(sheet))
    lines.append(
        "   DR" + (f" ({sheet.body} body)" if sheet.body else "") + ": " + _dr(sheet) + f"; flexible armor: {flexible}"
    )
    readied = state.readied[0] if state.readied else ""
    for weapon in sheet.weapons:
        lines.append(f"   {'*' if weapon.name == readied else '-'} {_weapon(sheet, weapon)}")
    return lines


def _dr(sheet: Sheet) -> str:
    parts = []
    for location, value in sheet.dr:
        typed = "".join(f", {v} {k}" for loc, k, v in sheet.dr_by_type if loc == location)
        parts.append(f"{location} {value}" + (f" ({typed[2:]})" if typed else ""))
    return ", ".join(parts) or "none given" + ("; asked at every hit" if sheet.body else " (0 everywhere)")


def _body(sheet: Sheet) -> str:
    """The body's own table: roll, location, penalty, natural DR (in its DR)."""
    return ", ".join(
        f"{p.roll} {p.key} {p.penalty}" + (f" (natural DR {p.natural})" if p.natural else "") for p in sheet.locations
    )


def _weapon(sheet: Sheet, weapon: Weapon) -> str:
    divisor = f"({float(weapon.armor_divisor):g})" if weapon.armor_divisor != 1 else ""
    level = weapon.level if weapon.level is not None else dict(sheet.skills).get(weapon.skill.lower())
    if weapon.kind:  # no damage dice: what GCS wrote instead, the damage asked when it hits
        said = " ".join(w for w in (f"`{weapon.damage}`" if weapon.damage else "", weapon.type) if w)
        damage = f"{weapon.kind}" + (f" ({said})" if said else "")
    else:
        damage = f"{weapon.damage}{divisor} {weapon.type}".strip()
    effects = f" {weapon.effects}" if weapon.effects else ""
    parts = [f"{weapon.name}: {damage}{effects}", f"{weapon.skill} {level}"]
    fields = (
        ("reach", weapon.reach),
        ("parry", weapon.parry),
        ("block", weapon.block),
        ("range", weapon.range),
        ("Acc", weapon.acc if weapon.ranged else ""),
        ("RoF", weapon.rof),
        ("shots", weapon.shots),
        ("Bulk", weapon.bulk or ""),
        ("Rcl", weapon.rcl or ""),
        ("ST", weapon.min_st),
    )
    parts += [f"{k} {v}" for k, v in fields if v != ""]
    if weapon.ask:
        parts.append("asked: " + ", ".join(weapon.ask))
    return ", ".join(parts)


# ---- the roster as TOML ----------------------------------------------------------------------


def to_toml(data: dict[str, Any], notes: tuple[str, ...] = ()) -> str:
    """A roster's data (what `load_all` read, .gcs files included) as a TOML roster file."""
    lines = ["# A roster for `checklist run --roster FILE` (docs/roster.md), written by `checklist roster --toml`."]
    if notes:
        lines.append("# Notes: what the sheets do not say (the flow asks for it), what is not used, what was chosen:")
        lines += [f"#   {note}" for note in notes]
    for person in data.get("combatant", []):
        lines += ["", "[[combatant]]"]
        lines += [f"{_key(k)} = {_value(v)}" for k, v in person.items() if k not in ("weapon", "location")]
        for part in ("location", "weapon"):
            for item in person.get(part, []):
                lines += ["", f"[[combatant.{part}]]"]
                lines += [f"{_key(k)} = {_value(v)}" for k, v in item.items()]
    return "\n".join(lines) + "\n"


def _key(key: str) -> str:
    return key if BARE.fullmatch(key) else json.dumps(key, ensure_ascii=False)


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + " }" if value else "{}"
    raise TypeError(f"a roster holds no {type(value).__name__}")  # pragma: no cover - load_all reads TOML or JSON
