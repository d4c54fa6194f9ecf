"""What a choice would be rolled against: each option's score, tried on a fork of the session.

A choice that picks the ledger a roll is made against (`defense`: dodge, block or parry picks
dodge-score, block-score or parry-score, which defense-dice is rolled against; Program.picks_score)
shows each option's score in its menu, so that the game master need not ask for it.  The score is
the flow's own: a fork of the session takes the option and runs on, as the session would, until
that roll is asked, and reads the score there.  An option whose run asks anything else first (a
`--learn` run asks what the table view assumes), ends, or does not get there in MAX_ANSWERS
answers (Enter at a step that asks nothing) has none: `none` (no defense) has no roll.

Such a choice with no default of its own (a player's defense: an NPC's is its tactic's) takes the
option with the highest score on Enter (`best_scored`): the menu shows why.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping

from checklist.engine.questions import BadAnswer, Question
from checklist.engine.reader import Reader
from checklist.engine.session import Session
from checklist.engine.state import SessionError

MAX_ANSWERS = 40  # Enter at steps that ask nothing, in --learn: the dodge's six steps, with room to spare


def option_scores(session: Session) -> dict[str, int]:
    """The score each option of the pending choice would be rolled against, by option value; empty
    when the choice picks no score (or the game master is overriding a known value)."""
    question = session.state.question
    if question is None or question.kind not in ("choice", "table") or question.fact is None or question.override:
        return {}
    picked = session.program.picks_score.get(question.fact)
    if picked is None:
        return {}
    roll, score = picked
    scores: dict[str, int] = {}
    for option in question.options:
        value = _score(session, option.value, roll, score)
        if value is not None:
            scores[option.value] = value
    return scores


def best_scored(question: Question, scores: Mapping[str, int]) -> str | None:
    """What Enter takes at a choice with no default whose options show scores (`option_scores`): the
    option with the highest, the first in the menu on a tie; None when the choice has a default."""
    if question.default is not None or not scores:
        return None
    best = max(scores.values())
    return next((o.value for o in question.options if scores.get(o.value) == best), None)


def scored_for_enter(session: Session) -> str | None:
    """The option Enter takes at the pending choice when it has no default: the best-scored, if any."""
    question = session.state.question
    if question is None or question.default is not None:  # Enter takes the default: no fork to try the options
        return None
    return best_scored(question, option_scores(session))


def fork(session: Session) -> Session:
    """A session at this one's state, to try answers on: the same program, roster and settings, no
    observers, no undo past its start; what it is answered changes nothing in `session`."""
    tried = copy.copy(session)
    tried.observers, tried.history, tried.events = [], [session.state], []
    return tried


def _score(session: Session, answer: str, roll: str, score: str) -> int | None:
    """`score` when the fork, answered `answer`, comes to ask `roll` with nothing asked between."""
    tried = fork(session)
    try:
        tried.give(answer)
        for _ in range(MAX_ANSWERS):
            question = tried.state.question
            if question is None or question.kind != "continue":
                break
            tried.give(None)
    except (BadAnswer, SessionError):
        return None
    question = tried.state.question
    if question is None or question.fact != roll or question.override:
        return None
    value = Reader.of(tried.program, tried.state, compute=tried.compute, assume=tried.assume).read(score)
    return value if isinstance(value, int) else None
