"""The table view's questions in a game master's words: the fighters are named."""

from __future__ import annotations

from checklist.run.reader import TARGET_ITEMS
from checklist.run.session import Session
from checklist.run.state import Known


def gm_words(session: Session, text: str) -> str:
    """The table view names the fighters: "Whom does Alice attack?", "Which defense does Bruno use?"."""
    state = session.state
    if state.roster is None:
        return text
    actor = state.roster.actor.name
    target = next((f.names[f.index] for f in reversed(state.frames) if f.item in TARGET_ITEMS), None)
    target = target or str(state.known().get("target", Known("", "", "attack", "computed", None, 0)).value)
    for words, name in (("the combatant", actor), ("the attacker", actor), ("the defender", target),
                        ("the target", target)):  # fmt: skip
        if name:
            text = text.replace(words, name).replace(words.capitalize(), name)
    return text
