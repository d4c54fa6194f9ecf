"""The words every front end shows alike: a combatant's line, an attack of the combat log, a signed number.

The terminal paints them as text and the web page puts them in its HTML: one wording for both.
"""

from __future__ import annotations

from checklist.present.fight import AttackLine
from checklist.present.screen import CombatantView


def combatant_text(view: CombatantView, brief: bool = False) -> str:
    """`Bruno: HP 3/13, FP 12/12, lying, shock -4, stunned`; brief (the table view's status line):
    FP only when not full and the posture only when not standing."""
    fp = "" if brief and view.fp == view.max_fp else f", FP {view.fp}/{view.max_fp}"
    posture = "" if brief and view.posture == "standing" else f", {view.posture}"
    shock = f", shock {view.shock}" if view.shock else ""
    conditions = "".join(f", {c}" for c in view.conditions)
    return f"{view.name}: HP {view.hp}/{view.max_hp}{fp}{posture}{shock}{conditions}"


def signed(value: object) -> str:
    return f"{value:+d}" if isinstance(value, int) else str(value)


def attack_text(a: AttackLine) -> str:
    """One attack (or one hit of it) of the combat log:
    `round 1  Alice → Bruno: attack 13 vs 15: success; defense ...; damage 3 cut to the torso; injury 4`."""
    hurt = f"; injury {a.injury}" if a.injury is not None else ""
    where = f" to the {a.location.replace('-', ' ')}" if a.location else ""
    damage = f"; {a.hit + ': ' if a.hit else ''}damage {a.damage}{where}" if a.damage else ""
    return f"round {a.round}  {a.attacker} → {a.target}: attack {a.roll}; defense {a.defense}{damage}{hurt}"
