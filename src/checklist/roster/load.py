"""Reading roster files: TOML rosters (whose combatants may name .gcs files) and GCS character sheets.

The result is a Roster (combatants.py); everything here is about files and what they say.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import replace
from pathlib import Path
from typing import Any

from checklist.model.limits import MAX_INPUT_BYTES, MAX_KEY_PARTS
from checklist.model.names import slug
from checklist.model.visible import brief, visible
from checklist.program.files import LoadError, read_file
from checklist.roster.combatants import Roster, from_data
from checklist.roster.sheet import RosterError, plain


def load(path: Path) -> Roster:
    """A roster file: TOML (whose combatants may name .gcs files), or one GCS character sheet."""
    return load_all([path])


def load_all(paths: list[Path], npcs: tuple[str, ...] = ()) -> Roster:
    """The combatants of every file, in one roster: TOML rosters and .gcs character sheets; `npcs`
    (`Ogre=aggressive`, or a name alone for aggressive) gives combatants a tactic."""
    people: list[dict[str, Any]] = []
    notes: list[str] = []
    rules: list[tuple[str, str]] = []
    rules_from: list[tuple[str, str]] = []  # each rule's file, for the messages about it
    named: list[int] = []  # the combatants that take their name from a .gcs file
    for given in paths:
        path, side = _sided(given)
        if path.suffix.lower() == ".gcs":
            person, said = _gcs(path)
            named.append(len(people))
            people.append({**person, "side": side} if side else person)
            notes += said
            continue
        data = _toml(path)
        plain(data, visible(str(path)))  # before its [rules] and `gcs = ...` are used
        if side and isinstance(data.get("combatant"), list):
            data["combatant"] = [{"side": side, **p} if isinstance(p, dict) else p for p in data["combatant"]]
        found = _rules(data.pop("rules", {}), path)
        rules += found
        rules_from += [(name, visible(str(path))) for name, _ in found]
        if set(data) - {"combatant"} or not isinstance(data.get("combatant"), list):
            from_data(data, str(path))  # says what is wrong
        for i, person in enumerate(data["combatant"], 1):
            if isinstance(person, dict) and "gcs" in person:
                if "name" not in person:
                    named.append(len(people))
                person, said = _gcs_in_toml(path, i, person)
                notes += said
            people.append(person)
    notes += _number_twins(people, named)
    for spec in npcs:
        _mark_npc(people, spec)
    where = str(paths[0]) if len(paths) == 1 else "the roster"
    roster = from_data({"combatant": people}, where)
    return replace(roster, notes=tuple(dict.fromkeys(notes)), rules=tuple(rules), rules_from=tuple(rules_from))


def _mark_npc(people: list[dict[str, Any]], spec: str) -> None:
    """`--npc Ogre=aggressive`: that combatant's decisions are proposed by the tactic."""
    name, _, tactic = spec.partition("=")
    found = [p for p in people if isinstance(p, dict) and slug(str(p.get("name", ""))) == slug(name)]
    if not found:
        names = ", ".join(str(p.get("name")) for p in people if isinstance(p, dict))
        raise RosterError(f"--npc {spec}: no combatant is called `{name.strip()}`; the roster has: {names}")
    found[0]["tactic"] = tactic.strip() or "aggressive"


def _sided(path: Path) -> tuple[Path, str | None]:
    """`ogre.gcs@foes`: the file, and the side its combatants take (a file named so wins)."""
    if path.exists() or "@" not in path.name:
        return path, None
    name, side = path.name.rsplit("@", 1)
    return path.with_name(name), side.strip() or None


def _rules(table: object, path: Path) -> list[tuple[str, str]]:
    """`[rules]`: the table's optional rules, set once for the combat (`gun-fright-rules = true`)."""
    if not isinstance(table, dict):
        raise RosterError(f"{path}: `rules` is a table of options, e.g. [rules] grip-rules = true (docs/roster.md)")
    out = []
    for name, value in table.items():
        if isinstance(value, bool):
            out.append((str(name), "yes" if value else "no"))
        elif isinstance(value, (int, str)):
            out.append((str(name), str(value)))
        else:
            raise RosterError(f"{path}: [rules] {name}: true, false, a number or a word, not {brief(value)}")
    return out


def _number_twins(people: list[dict[str, Any]], named: list[int]) -> list[str]:
    """Two wolves from one sheet: `Timber Wolf 1` and `Timber Wolf 2` (said when the roster loads)."""
    notes = []
    taken = [slug(str(p.get("name", ""))) for p in people if isinstance(p, dict)]
    for i in named:
        name = str(people[i]["name"])
        if taken.count(slug(name)) > 1:
            twins = [j for j in named if slug(str(people[j]["name"])) == slug(name)]
            for n, j in enumerate(twins, 1):
                people[j]["name"] = f"{name} {n}"
            notes.append(
                f"{len(twins)} combatants are called {name}: they are {name} 1 to {name} {len(twins)}, "
                "in the order given"
            )
            taken = [slug(str(p.get("name", ""))) for p in people if isinstance(p, dict)]
    return notes


DOTTED = re.compile(  # a key of MAX_KEY_PARTS parts or more, where keys start: `a.b.c...` (bare or quoted parts)
    r"""(?:^|(?<=[{,\[]))[ \t]*(?:(?:[A-Za-z0-9_-]+|"[^"\n]*"|'[^'\n]*')[ \t]*\.[ \t]*)"""
    + f"{{{MAX_KEY_PARTS - 1},}}",
    re.MULTILINE,
)


def _toml(path: Path) -> dict[str, Any]:
    try:
        text = read_file(path, "a roster (TOML)", MAX_INPUT_BYTES).decode("utf-8")
        if dotted := DOTTED.search(text):  # tomllib takes a second and 160 MB for 5 000 parts
            line = text.count("\n", 0, dotted.start()) + 1
            raise RosterError(
                f"{path}:{line}: a dotted key of more than {MAX_KEY_PARTS} parts; a roster's keys have a few "
                "(combatant.weapon, dr.torso): write it as tables (docs/roster.md)"
            )
        return tomllib.loads(text)
    except LoadError as exc:
        raise RosterError(f"--roster {exc}") from None
    except UnicodeDecodeError:
        raise RosterError(f"{path}: the roster is not UTF-8 text; save it as UTF-8") from None
    except tomllib.TOMLDecodeError as exc:
        raise RosterError(f"{path}: not a TOML roster: {exc}; correct it there (docs/roster.md shows one)") from None
    except RosterError:
        raise
    except RecursionError:  # tomllib nests arrays by recursion
        raise RosterError(f"{path}: not a TOML roster: nested too deep; write it flatter (docs/roster.md)") from None
    except ValueError as exc:  # tomllib's int() refuses a number of more than 4 300 digits
        raise RosterError(f"{path}: not a TOML roster: {brief(str(exc), 60)}; write numbers of a few digits") from None


def _gcs(path: Path) -> tuple[dict[str, Any], list[str]]:
    from checklist.roster import gcs  # deferred: a TOML roster needs no GCS reader

    return gcs.combatant(path)  # its GcsError is a RosterError; OldFormat says to re-save the file


def _gcs_in_toml(roster: Path, index: int, raw: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """`gcs = "FILE"` (beside the roster) and overrides: the other keys replace what the sheet says."""
    where = f"{roster}: combatant {index}"
    name = raw["gcs"]
    if not isinstance(name, str) or not name.strip():
        raise RosterError(f"{where}, gcs: the path of a .gcs file, relative to the roster")
    unknown = set(raw) - GCS_OVERRIDES
    if unknown:
        raise RosterError(
            f"{where}: `{sorted(unknown)[0]}` does not go with `gcs`; a combatant from a .gcs file "
            f"may change only: {', '.join(sorted(GCS_OVERRIDES - {'gcs'}))}"
        )
    person, notes = _gcs(roster.parent / name)
    person.update({k: v for k, v in raw.items() if k != "gcs"})
    return person, notes


GCS_OVERRIDES = {"gcs", "name", "current-hp", "current-fp", "posture", "side", "readied", "flexible-armor", "tactic"}
