"""The table view's questions in a game master's words: the fighters are named."""

from __future__ import annotations

import re

from checklist.engine.state import Known, State, branch_target
from checklist.graph.program import Program


def gm_words(program: Program, state: State, text: str) -> str:
    """The table view names the fighters: "Whom does Alice attack?", "Which defense does Bruno use?",
    as they stand in `state` (where the question was asked). A per-defender question's combatant is
    its split branch's (post-combat's "Roll for Ogre's HT roll")."""
    if state.roster is None:
        return text
    actor = state.roster.actor.name
    chosen = state.known().get("target")
    target = branch_target(state.frames) or (str(chosen.value) if chosen is not None else "")
    asked = program.facts.get(state.question.fact or "") if state.question is not None else None
    weapon = state.known().get("weapon")
    if weapon is not None:  # "Roll the damage of the broadsword (swung)"
        text = re.sub(r"\bthe weapon's (\w+)", lambda m: f"the {m[1]} of the {weapon.value}", text)
    for words, name in (
        ("the combatant", target if asked is not None and asked.scope == "defender" and target else actor),
        ("the attacker", actor),
        ("the defender", target),
        ("the target", target),
    ):
        if name:
            text = text.replace(words, name).replace(words.capitalize(), name)
    return text


def how_known(known: Known) -> str:
    """How a fact came to be known, in words: `answered at combat.2, per turn`."""
    where = f" at {known.step}" if known.step else ""
    if known.how == "computed" or known.how == "assumed" and known.work:  # the weapon: "the readied weapon is X"
        return f"{'worked out' if known.how == 'computed' else 'assumed'}{where}: {known.work}"
    said = {
        "set": "set on the command line",
        "asked": f"answered{where}",
        "rolled": f"rolled{where}",
        "override": f"overridden{where}",
        "ledger": f"summed{where}",
        "assumed": f"assumed{where}",
    }
    return said[known.how] + f", per {known.scope}"
