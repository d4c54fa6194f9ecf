"""Paths for the `checklist run` tests; the flows themselves are fixtures in tests/conftest.py."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import DUEL, FLOW, HARDEST, ROOT

DATA = Path(__file__).resolve().parent / "data"
PLANS = ROOT / "tests" / "plans"
__all__ = ["DATA", "DUEL", "FLOW", "HARDEST", "MELEE_ANSWERS", "PLANS", "ROOT"]

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
