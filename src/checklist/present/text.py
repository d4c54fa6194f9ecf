"""The words every front end shows alike: a combatant's line, a line of the combat log, a signed number.

The terminal paints them as text and the web page puts them in its HTML: one wording for both.
"""

from __future__ import annotations

from checklist.present.fight import LogLine
from checklist.present.screen import CombatantView


def combatant_text(view: CombatantView, brief: bool = False) -> str:
    """`Bruno: HP 3/13, FP 12/12, lying, shock -4, stunned`; brief (the table view's status line,
    `Bruno 3/13, lying, shock -4, stunned`): FP only when not full, the posture only when not standing."""
    fp = "" if brief and view.fp == view.max_fp else f", FP {view.fp}/{view.max_fp}"
    posture = "" if brief and view.posture == "standing" else f", {view.posture}"
    shock = f", shock {view.shock}" if view.shock else ""
    conditions = "".join(f", {c}" for c in view.conditions)
    hp = f" {view.hp}/{view.max_hp}" if brief else f": HP {view.hp}/{view.max_hp}"
    return f"{view.name}{hp}{fp}{posture}{shock}{conditions}"


def signed(value: object) -> str:
    return f"{value:+d}" if isinstance(value, int) else str(value)


EVENT_WORDS = {  # the event, as the log line says it after the name
    "attack": "attacks",
    "defense": "defends:",
    "damage": "takes damage",
    "injury": "injury",
    "shock": "shock",
    "major wound": "major wound",
    "knockdown": "knockdown check",
    "stun": "stun:",
    "unconscious": "unconscious:",
    "mortal wound": "mortal wound:",
    "death": "dies",
    "ready": "takes a Ready maneuver",
    "feint": "feints",
    "posture": "changes posture:",
    "stunned": "is stunned:",
}


def log_text(line: LogLine) -> str:
    """One event of the combat log: `round 1  Alice attacks Bruno 13 vs 15: success`,
    `round 1  Bruno defends: parry 12 vs 9: failure`, `round 1  Bruno injury 6 (HP 13 → 7)`."""
    said = EVENT_WORDS.get(line.event, line.event)
    return f"round {line.round}  {line.who} {said} {line.detail}".rstrip().rstrip(":")
