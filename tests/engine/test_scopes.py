from __future__ import annotations

from checklist.engine.scopes import Scopes
from checklist.graph.program import Program


def test_heads_of_the_combat_checklist(flow: Program) -> None:
    scopes = Scopes.derive(flow)
    assert scopes.heads == {
        "turn": frozenset({"combat.1"}),
        "attack": frozenset({"combat.27"}),  # the target is chosen when the attack starts
        "defender": frozenset({"combat.60", "post-combat-rolls.1"}),  # each combatant's branch after the fight
    }
    assert scopes.starts_at("combat.1") == "turn"
    assert scopes.starts_at("combat.27") == "attack"
    assert scopes.starts_at("combat.29") is None
    assert scopes.starts_at("post-combat.2") is None  # post-combat asks only combat facts


def test_heads_of_the_design_sample(hardest: Program) -> None:
    scopes = Scopes.derive(hardest)
    assert {k: sorted(v) for k, v in scopes.heads.items()} == {
        "turn": ["combat.4"],
        "attack": ["combat.28"],
        "defender": ["combat.62"],
    }
    assert scopes.describe() == ["turn: combat.4", "attack: combat.28", "defender: combat.62"]
