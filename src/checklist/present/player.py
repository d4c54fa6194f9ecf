"""A player's own page (`checklist serve --players`): their combatant, and their question when it is theirs.

Plain data, as screen.py's Screen is for the game master: the combatant's HP, FP, shock, posture
and conditions, whose turn it is, the roll just made, and the pending question when the table
waits for this player's answer (their maneuver, target, weapon, location, defense or roll).
Whose question it is is decided in play/pilot.py (`answerer`), not here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from checklist.engine.session import Session
from checklist.present.rolls import RollView, last_roll
from checklist.present.screen import CombatantView, QuestionView, question_view, roster_view

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass


@dataclass(frozen=True, slots=True)
class PlayerView:
    name: str  # the player's combatant
    card: CombatantView | None  # None: the roster no longer names them (never in practice)
    round: int
    turn: str | None  # whose turn it is; None before or after the fight
    question: QuestionView | None  # the pending question, when it is theirs to answer
    roll: RollView | None  # the roll the last answer made
    waiting: str | None  # whose answer the table waits for: a combatant's name, None the game master's
    over: bool  # the flow has ended
    version: int = 0  # the game's version: the page asks for news after it
    messages: tuple[str, ...] = ()  # for this player, next to the question (a bad answer, a late one)


def player_view(
    session: Session, name: str, waiting: str | None, version: int = 0, messages: tuple[str, ...] = ()
) -> PlayerView:
    """`name`'s page; `waiting`: the combatant whose question is pending (play/pilot.py's `answerer`)."""
    roster = session.state.roster
    over = session.finished is not None
    card, round_, turn = None, 0, None
    if roster is not None:
        in_turn = not over and session.step.checklist in session.program.turn_loop
        shown = roster_view(roster, session.program, in_turn)
        card = next((c for c in shown.combatants if c.name == name), None)
        round_, turn = shown.round, shown.turn
    mine = not over and waiting == name
    question = question_view(session) if mine else None
    return PlayerView(
        name, card, round_, turn, question, last_roll(session), None if over else waiting, over, version, messages
    )
