"""The table view's questions in a game master's words: the fighters are named."""

from __future__ import annotations

from checklist.engine.reader import branch_target
from checklist.engine.session import Session


def gm_words(session: Session, text: str) -> str:
    """The table view names the fighters: "Whom does Alice attack?", "Which defense does Bruno use?"."""
    state = session.state
    if state.roster is None:
        return text
    actor = state.roster.actor.name
    chosen = state.known().get("target")
    target = branch_target(state.frames) or (str(chosen.value) if chosen is not None else "")
    for words, name in (
        ("the combatant", actor),
        ("the attacker", actor),
        ("the defender", target),
        ("the target", target),
    ):
        if name:
            text = text.replace(words, name).replace(words.capitalize(), name)
    return text
