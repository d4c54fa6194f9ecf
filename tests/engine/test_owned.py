"""engine/owned.py: the answers the roster keeps (what a combatant has, the actor's habits), and the
answers it cannot keep, which the session takes without working out whose they are."""

from __future__ import annotations

from checklist.engine.owned import keeps, learnt
from checklist.engine.reader import Reader
from checklist.engine.state import Frame, Known
from checklist.graph.program import Program
from checklist.roster.load import load
from tests.turns import DATA


def test_an_answer_the_roster_cannot_keep_leaves_it_as_it_was(flow: Program) -> None:
    """For every fact of the flow, asked in Alice's turn against Bruno with a target and a hit location
    known: when `keeps` says no, `learnt` gives back the very roster it was given; the facts it says yes to
    include Grip Mastery, a shield's DB, the flexible armor at a location and the target (a habit)."""
    roster = load(DATA / "duel-roster.toml")
    frame = Frame("combat.59", 0, "combat.60", None, False, "defender", ("Bruno",), 0, ())
    known = (
        Known("target", "Bruno", "attack", "asked", "combat.28", 1),
        Known("wound-location", "torso", "attack", "asked", "combat.90", 2),
    )
    kept = set()
    for decl in flow.facts.values():
        answer = decl.choices[0] if decl.choices else 1
        reader = Reader(flow, known, "combat.90", 3, roster, (frame,))
        if keeps(flow, decl):
            kept.add(decl.name)
        else:
            assert learnt(reader, decl, answer) is roster, decl.name
    assert {"grip-mastery", "shield-db", "target"} <= kept
    assert any("flexible" in name for name in kept)
