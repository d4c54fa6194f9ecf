"""What a combatant's HP mean on the roster line, read from the flow's table `hp-thresholds` (B419).

The thresholds are rules, so they live in flow/injury.flow (reeling below 1/3 of HP, a roll to
stay conscious at 0 or less, dead at -5xHP); this module only looks the row up and words it.
"""

from __future__ import annotations

from fractions import Fraction

from checklist.compute.evaluate import rows_holding
from checklist.graph.program import Program
from checklist.model.names import slug
from checklist.roster.combatants import Condition
from checklist.roster.sheet import Sheet

TABLE = "hp-thresholds"
WORDS = {
    "dead": "dead",
    "death-check": "at 0 HP or less",
    "consciousness-roll": "at 0 HP or less",
    "reeling": "reeling",
}


def hp_state(program: Program, current: int, most: int | None) -> str | None:
    """The table's `state` for HP left over full HP (`fine`, `reeling`, ...); None without the table."""
    table = program.tables.get(TABLE)
    column = table.column("state") if table is not None else None
    if table is None or column is None or not most:
        return None
    found = rows_holding(table.rows, 0, Fraction(current, most))
    return slug(found[0].cells[column]) if found and column < len(found[0].cells) else None


def conditions(program: Program, sheet: Sheet, state: Condition) -> tuple[str, ...]:
    """What the HP say, then the flags (dead, unconscious, stunned, ...), each once."""
    said = WORDS.get(hp_state(program, state.current_hp, sheet.number("hp")) or "")
    if said == "at 0 HP or less" and state.dead:
        said = None  # the flag says more
    return tuple(dict.fromkeys([*([said] if said else []), *state.flags()]))
