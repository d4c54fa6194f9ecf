"""The common corrections on the combatants' cards (present/quick.py), along turn (a) of the
table-turn benchmark: each on the card of whom it is about, only while its scope holds."""

from __future__ import annotations

from checklist.engine.session import Session
from checklist.present.quick import QuickFix, other_fixes, quick_fixes
from checklist.program.load import load
from checklist.roster.load import load as load_roster
from tests.conftest import ROOT

TURN = ROOT / "bench" / "table_turn"


def start() -> Session:
    session = Session(
        load([ROOT / "flow"]), at="combat.1", seed=1, roster=load_roster(TURN / "roster.toml"), pause=False
    )
    for name in ("setup/alice-hits", "setup/nothing", "setup/nothing"):
        for line in (TURN / f"{name}.answers").read_text("utf-8").splitlines():
            if line.strip() and not line.lstrip().startswith("#"):
                session.answer(line.strip())
    return session


def test_the_cards_offer_what_is_known_now_and_on_whom() -> None:
    session = start()
    alice = {QuickFix("Alice", "stunned", "stunned"), QuickFix("Alice", "drops-weapon", "drops weapon")}
    assert session.state.step == "combat.11" and set(quick_fixes(session)) == alice
    for typed in ("attack", "bruno", "torso"):
        session.answer(typed)
    assert not {f for f in quick_fixes(session) if f.combatant == "Bruno"}  # no defense yet: it would be lost
    for typed in ("r", "parry"):
        session.answer(typed)
    assert session.state.step == "combat.80"
    bruno = {fix.fact for fix in quick_fixes(session) if fix.combatant == "Bruno"}
    assert bruno == {"defender-stunned", "defender-posture", "defends"}
    assert "stun-defense" in other_fixes(session) and "defender-stunned" not in other_fixes(session)
    for typed in ("r", "r"):
        session.answer(typed)
    assert session.state.step == "combat.135" and quick_fixes(session) == ()  # the turn has passed to Bruno
