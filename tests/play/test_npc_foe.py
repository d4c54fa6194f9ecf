"""Issue 25, "NPCs on autopilot": with the Ogre an NPC (`--npc Ogre --autopilot`), the game master
types nothing for the Ogre's decisions and rolls. Three real GCS sheets (Basic Warrior and
Fiasco-Felicity on the party's side, the Ogre on the foes'), read in place.

Every question of the fight is sorted by whose it is, from the rules, not from the engine: in
the Ogre's turn every question is his; in another's turn his are the defense against an attack
on him, its roll, the rolls a hit on him calls for (knockdown, knockback, death) and whether his
armor there is flexible. Each
of his must be marked as an NPC's (`Question.npc == "Ogre"`, which `--autopilot` takes without
asking), and no question of the party's may be."""

from __future__ import annotations

import pytest

from checklist.engine.session import Session
from checklist.engine.state import branch_target
from checklist.graph.program import Program
from checklist.roster.load import load_all
from tests.conftest import ROOT

SHEETS = ROOT.parent / "shared" / "gcs" / "v5"
PARTY = ("Basic Warrior.gcs@party", "Fiasco-Felicity.gcs@party")
TARGET_FACTS = {"defense", "defense-dice", "knockdown-dice", "knockback-dice", "death-dice", "death-dice-2",
                "death-dice-3", "death-dice-4", "retreats",
                "flexible-armor"}  # fmt: skip  # the armor on his own hit location: his sheet's, so his


def whose(session: Session) -> str:
    """The combatant a question belongs to, by the rules: the actor's, or the target's for his defense
    and the HT rolls a hit on him calls for."""
    state, question = session.state, session.question
    assert state.roster is not None and question is not None
    target = branch_target(state.frames) or str(state.known().get("target", None) and state.known()["target"].value)
    if question.fact in TARGET_FACTS and target and target != state.roster.actor.name:
        return target
    return state.roster.actor.name


@pytest.mark.skipif(not SHEETS.is_dir(), reason=f"the GCS sheets are not beside the checkout ({SHEETS})")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_ogre_on_autopilot_asks_the_game_master_nothing(flow: Program, seed: int) -> None:
    roster = load_all([*(SHEETS / p for p in PARTY), SHEETS / "Ogre.gcs@foes"], ("Ogre",))
    session = Session(flow, at="combat.1", seed=seed, roster=roster, pause=False)
    asked: dict[str, int] = {"Ogre": 0, "party": 0}
    for _ in range(3000):
        question = session.question
        if question is None or session.state.step.startswith("post-combat"):
            break
        owner = whose(session)
        if owner == "Ogre":
            assert question.npc == "Ogre", (session.state.step, question.text)
        else:
            assert question.npc is None, (session.state.step, question.text)
            asked["party"] += 1
        if question.kind == "roll":
            session.roll()
        elif question.fact == "maneuver" and owner != "Ogre":
            session.answer("attack")
        elif question.default is not None:
            session.answer("")  # Enter (the Ogre's on autopilot: always, as asserted above)
        else:
            session.answer(question.options[0].value)  # the party's own choice: its defense
    else:
        pytest.fail("the fight did not end")
    assert asked["Ogre"] == 0 and asked["party"] > 0
