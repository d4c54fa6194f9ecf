"""Random sessions on flow/: random answers (good and bad), undo, override, and save/resume
at random points.

The session never stops anywhere but at an end (flow/ is clean: never `stuck`), every
prompt takes at least one of the answers offered, and a saved session always resumes to an
identical state, from which the run goes on.  docs/reliability.md gives the numbers.
"""

from __future__ import annotations

import os
import random
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from checklist import load
from checklist.engine import journal as jr
from checklist.engine.questions import BadAnswer, Question
from checklist.engine.session import Session
from checklist.engine.state import SessionError
from checklist.model.dice import Dice
from checklist.play import saving
from checklist.roster.combatants import Roster
from checklist.roster.load import load as load_roster

ROOT = Path(__file__).resolve().parents[2]
FLOW = load(ROOT / "flow")
DIGEST = jr.digest(FLOW)
SCALE = float(os.environ.get("CHECKLIST_FUZZ_SCALE", "1"))
CASES = int(200 * SCALE)
ACTIONS = 250  # at most, per session
STARTS = [None, "combat.1", "combat.54", "combat.59", "combat.132", "post-combat.1"]
# The roster paths are where crashes were seen (issue 17: a roster attribute read with no roster,
# "no row for shots -3", a needed fact never asked): some walks play the duel, and some play in the
# table view (`checklist run`'s default: no pauses, `assume` answers taken), as the command does.
DUEL = load_roster(ROOT / "examples" / "duel.toml")
ROSTERS: list[Roster | None] = [None, DUEL]

ACTION = st.tuples(
    st.sampled_from(["good"] * 12 + ["bad", "undo", "undo", "save", "override"]),
    st.integers(0, 1 << 30),
)


def good_answer(question: Question, rng: random.Random) -> str:
    """Something the game master could type that the question takes."""
    if question.kind == "continue":
        return rng.choice(["", "1", "c"])
    if question.kind == "split":
        if question.item is None:
            return rng.choice(["1", "0", "y", "n"])
        count = rng.choice([0, 1, 1, 2, 3])
        if count and rng.random() < 0.5:
            return f"{count}: " + ", ".join(f"Name{i}" for i in range(count))
        return str(count)
    if question.kind == "roll":
        if rng.random() < 0.5:
            return "r"
        dice = Dice.parse(question.dice or "")
        return str(rng.randint(dice.low, dice.high))
    if question.kind == "number":
        return str(rng.randint(-3, 25))
    assert question.options, f"a {question.kind} question with nothing to choose: {question}"
    index = rng.randrange(len(question.options))
    return str(index + 1) if rng.random() < 0.5 else question.options[index].value


BAD = ["", "   ", "0", "999", "-1", "maybe", "x" * 500, "\x00", "\x1b[2J", "1.5", "r r", "2: a", "a, a", "51", "é"]
BAD += [
    "9" * 5000,
    "-" + "9" * 10,
    "\u00b2",
    "\u0661",
    "\ud800",
    "1: \x1b]0;x\x07",
    "2: " + "x" * 41 + ", b",
    "1e9",
    "0x10",
    "\uffff",
    "1\n2",
]  # issue 17: huge numbers, non-ASCII digits, escapes in names


def save_and_resume(session: Session, folder: Path, rng: random.Random) -> Session:
    path = folder / f"s{rng.randrange(1 << 30)}.json"
    saving.write(path, jr.snapshot(session, DIGEST, ("/flow",)), sync=False)
    restored = jr.restore(saving.read(path), FLOW, DIGEST)
    assert restored.notes == ()
    again = restored.session
    assert again.state == session.state
    assert again.events == session.events
    assert len(again.history) == len(session.history)
    assert again.question == session.question and again.finished == session.finished
    return again


def check_invariants(session: Session) -> None:
    finished = session.finished
    if finished is not None:
        assert finished.kind == "end", f"stuck at {session.state.step}: {finished.label}"
        assert session.question is None
    else:
        assert session.question is not None, f"no question and not over at {session.state.step}"


@settings(max_examples=CASES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(STARTS),
    st.integers(0, 1 << 31),
    st.lists(ACTION, min_size=ACTIONS // 5, max_size=ACTIONS),
    st.sampled_from(ROSTERS),
    st.booleans(),
)
def test_random_session(
    at: str | None, seed: int, actions: list[tuple[str, int]], roster: Roster | None, pause: bool
) -> None:
    session = Session(FLOW, at=at, seed=seed, roster=roster, pause=pause)
    event("with the duel roster" if roster else "no roster")  # --hypothesis-show-statistics
    event("table view" if not pause else "step by step")
    check_invariants(session)
    with tempfile.TemporaryDirectory() as tmp:
        for kind, number in actions:
            rng = random.Random(number)
            question = session.question
            if kind == "undo":
                before = len(session.history)
                assert session.undo() == (before > 1)
            elif kind == "save":
                session = save_and_resume(session, Path(tmp), rng)
            elif question is None:
                try:
                    session.answer("1")
                except SessionError:
                    pass
                else:
                    raise AssertionError("an answer after the end was taken")
            elif kind == "override" and session.overridable():
                session.override(rng.choice(session.overridable()))
                assert session.question is not None and session.question.override
            elif kind == "bad":
                text = rng.choice(BAD)
                before = session.state
                try:
                    session.answer(text)
                except (BadAnswer, SessionError):  # "51" is a number; the flow may not work with it
                    assert session.state is before  # a refused answer changes nothing
            else:
                before = session.state
                try:
                    session.answer(good_answer(question, rng))
                except SessionError:  # the flow cannot work with it (e.g. after an override): said, unchanged
                    assert session.state is before
            check_invariants(session)
        save_and_resume(session, Path(tmp), random.Random(0))
    event("reached an end" if session.finished is not None else "still asking at the last action")
