"""What a combatant's HP and FP mean on the roster line, read from the flow's tables `hp-thresholds`
(B419, flow/injury.flow) and `fp-thresholds` (B426, flow/rules.flow).

The thresholds are rules, so they live in the flow (reeling below 1/3 of HP, a roll to stay
conscious at 0 or less, dead at -5xHP; tired below 1/3 of FP); this module only looks the row up
and words it.
"""

from __future__ import annotations

from fractions import Fraction

from checklist.compute.evaluate import rows_holding
from checklist.graph.program import Program
from checklist.model.names import slug
from checklist.roster.combatants import Condition
from checklist.roster.sheet import Sheet

HP_WORDS = {
    "dead": "dead",
    "death-check": "at 0 HP or less",
    "consciousness-roll": "at 0 HP or less",
    "reeling": "reeling",
}
FP_WORDS = {"unconscious": "at -FP or less", "will-roll": "at 0 FP or less", "tired": "tired"}


def threshold(program: Program, table_name: str, current: int, most: int | None) -> str | None:
    """The table's `state` for points left over full points (`fine`, `reeling`, ...); None without
    the table or the full points."""
    table = program.tables.get(table_name)
    column = table.column("state") if table is not None else None
    if table is None or column is None or not most:
        return None
    found = rows_holding(table.rows, 0, Fraction(current, most))
    return slug(found[0].cells[column]) if found and column < len(found[0].cells) else None


def conditions(program: Program, sheet: Sheet, state: Condition) -> tuple[str, ...]:
    """What the HP and FP say, then the flags (dead, unconscious, stunned, ...), each once."""
    hp = HP_WORDS.get(threshold(program, "hp-thresholds", state.current_hp, sheet.number("hp")) or "")
    if hp == "at 0 HP or less" and state.dead:
        hp = None  # the flag says more
    fp = FP_WORDS.get(threshold(program, "fp-thresholds", state.current_fp, sheet.number("fp")) or "")
    return tuple(dict.fromkeys([*([hp] if hp else []), *([fp] if fp else []), *state.flags()]))
