"""Paths for the `checklist run` tests; the flows themselves are fixtures in tests/conftest.py."""

from __future__ import annotations

from pathlib import Path

from checklist.engine.state import State
from checklist.engine.trace import Decision
from checklist.roster.combatants import Roster
from tests.conftest import DUEL, FLOW, HARDEST, ROOT

DATA = Path(__file__).resolve().parent / "data"
PLANS = ROOT / "tests" / "plans"
__all__ = ["DATA", "DUEL", "FLOW", "HARDEST", "MELEE_ANSWERS", "PLANS", "ROOT", "EndOfCombat"]


class EndOfCombat:
    """An Observer that keeps the roster as combat ends: post-combat then changes it (a combatant at
    1 HP or more awakens, B423), so what the fight left is read from here."""

    def __init__(self) -> None:
        self.roster: Roster | None = None

    def visited(self, step: str) -> None:
        pass

    def decided(self, before: State, decision: Decision, after: State) -> None:
        if self.roster is None and not before.step.startswith("post-combat") and after.step.startswith("post-combat"):
            self.roster = before.roster


# The answers of a melee Attack turn with examples/duel.toml's roster, every split but the
# defenders' skipped (tests/roster/test_roster.py works its numbers by hand); the rolls vary by test.
MELEE_ANSWERS = {
    "failed-consciousness": "no", "holding-weapon": "yes", "drops-weapon": "no", "multi-skill-weapon": "no",
    "grip-mastery": "no", "mighty-blows": "no", "fast-draw-failed": "no", "maneuver": "attack",
    "already-grappling": "no",
    "unarmed": "no", "attacking-behind": "no", "close-combat": "no", "ranged-attack": "no", "target-sm": "0",
    "deceptive-levels": "0", "telegraphic": "no", "other-skill-modifier": "0", "area-or-cone": "no",
    "attacker-much-bigger": "no", "aimed-location": "torso", "location-unknown": "no", "defends": "yes",
    "defense": "parry", "shield-db": "0", "side-attack": "no", "feint-defense": "0", "retreats": "no",
    "other-defense-modifier": "0", "aggressive-parry": "no", "parry-limb-hit": "no", "attack-on-weapon": "no",
    "armor-divisor": "1", "flexible-armor": "no", "fatigue-damage": "no", "mortal-wound": "no",
    "gun-fright-rules": "no", "target-behind-cover": "no", "grip-rules": "no",
    "attacks-left": "no", "noticing-rules": "no", "combat-over": "no", "evaluate-turns": "0",
}  # fmt: skip
