"""The common corrections, as buttons on a combatant's card: stunned, posture, defends, drops weapon.

A game master mid-fight looks for "Bruno is stunned" on Bruno, not in a list of thirteen facts.
Each is the same override as the terminal's `o FACT` (play/commands.py). Only a fact known now is
offered: it is in its scope (this turn, this attack, this defense), so the answer replaces it and
what follows from it (a stunned defender's Parry 9 becomes 5). Asked before its scope, a
defender's fact would be asked again when the defense starts, and the correction lost. The rest
stay under "Correct a known fact".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from checklist import model as m
from checklist.engine.session import Session

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass

# fact -> (whose card: the acting combatant or the attack's target, the button's words)
COMMON: dict[str, tuple[str, str]] = {
    "stunned": ("actor", "stunned"),
    "attacker-posture": ("actor", "posture"),
    "drops-weapon": ("actor", "drops weapon"),
    "defender-stunned": ("target", "stunned"),
    "defender-posture": ("target", "posture"),
    "defends": ("target", "defends"),
}


@dataclass(frozen=True, slots=True)
class QuickFix:
    """A button on `combatant`'s card that asks `fact` again."""

    combatant: str
    fact: str
    label: str


def quick_fixes(session: Session) -> tuple[QuickFix, ...]:
    """The common corrections known now, each on the card of whom it is about."""
    state = session.state
    if state.roster is None or state.question is None:
        return ()
    if any(isinstance(action, m.NextTurn) for action in session.program.steps[state.step].actions):
        return ()  # the roster has passed to the next combatant: the turn's facts are still the last one's
    known = state.known()
    target = known.get("target")
    whose = {"actor": state.roster.actor.name, "target": str(target.value) if target is not None else ""}
    return tuple(
        QuickFix(whose[who], fact, label) for fact, (who, label) in COMMON.items() if fact in known and whose[who]
    )


def other_fixes(session: Session) -> tuple[str, ...]:
    """The facts left for "Correct a known fact": the ones no card offers."""
    on_cards = {fix.fact for fix in quick_fixes(session)}
    return tuple(fact for fact in session.overridable() if fact not in on_cards)
