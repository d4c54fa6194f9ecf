"""engine/trace.py: a visit's reads are written up when first read, as they were when it decided."""

from __future__ import annotations

from checklist.engine import ahead
from checklist.engine.session import Session
from checklist.engine.state import Known, State
from checklist.engine.trace import Decision, Trail, Visit
from checklist.play.simulate import fight
from checklist.play.simulate.setup import Spec, fight_seed, load_setup
from tests.conftest import FLOW, ROOT

GO = Decision("jump", 0, "combat.2", "go")


def _known(fact: str, value: int | str, how: str = "asked", step: str = "combat.1") -> Known:
    return Known(fact, value, "turn", how, step, 1)  # type: ignore[arg-type]


def test_a_visit_says_what_it_read_and_decided() -> None:
    """Each fact read that is known, in the order read: how it came to be known here, or `set` when it was
    known before the step; a fact not known is left out."""
    known = {"dodge": _known("dodge", 9), "hp": _known("hp", 12, "computed", "combat.40")}
    visit = Visit("combat.1", "").written(("hp", "dodge", "unknown"), known, GO)
    assert visit.used == (("hp", 12, "set"), ("dodge", 9, "asked"))
    assert visit.outcome == "-> combat.2 (go)"


def test_a_visit_that_decides_again_keeps_what_it_read_first() -> None:
    """After a split with no branch the visit goes on at its next statement and decides again: its earlier
    reads come first, a fact read again is not repeated, and both decisions are said."""
    first = Visit("combat.60", "").written(("a",), {"a": _known("a", 1, step="combat.60")}, Decision("split", 0))
    later = {"a": _known("a", 1, step="combat.60"), "b": _known("b", 2, step="combat.60")}
    again = first.written(("b", "a"), later, GO)
    assert again.used == (("a", 1, "asked"), ("b", 2, "asked"))
    assert again.outcome == "split: no branch; -> combat.2 (go)"


def test_a_visit_no_state_holds_is_decided_in_place_and_a_shared_one_in_a_copy() -> None:
    """The machine decides a visit it has given out in no state (`shared=False`) in place: one object fewer at most
    visits; a visit of a state given out (the default) is copied, and stays as it was."""
    known = {"a": _known("a", 1)}
    private = Visit("combat.1", "", shared=False)
    assert private.written(("a",), known, GO) is private and private.outcome == "-> combat.2 (go)"
    shared = Visit("combat.1", "")
    decided = shared.written(("a",), known, GO)
    assert decided is not shared and shared.outcome == "" and shared.used == ()
    assert decided.outcome == "-> combat.2 (go)" and decided.shared


def _visits(state: State) -> list[tuple[str, str, tuple[object, ...]]]:
    return [(v.step, v.outcome, v.used) for v in state.trace]


def test_the_states_given_out_keep_their_visits_as_they_were() -> None:
    """Each state the session gave out (its history: undo goes back to them) keeps its visits as they were when
    it was given out, though the machine decides the visits of its own run in place: after more answers, and
    after a fork (the menu's scores) answers on from the last."""
    setup = load_setup(Spec((str(ROOT / "tests" / "data" / "duel-sides.toml"),), (str(FLOW),)))
    session = Session(setup.program, facts=dict(setup.facts), seed=fight_seed(7, 3), roster=setup.roster,
                      pause=False, scopes=setup.scopes)  # fmt: skip
    seen = []
    for _ in range(25):
        assert session.question is not None
        seen.append(_visits(session.state))
        assert fight._answer(session, session.question, []) == ""
    tried = ahead.fork(session)
    for _ in range(5):
        assert tried.question is not None
        fight._answer(tried, tried.question, [])
    assert len(session.history) == len(seen) + 1 and _visits(tried.state) != _visits(session.state)
    assert [_visits(state) for state in session.history[:-1]] == seen
    assert all(not v.decided for v in (state.trace[-1] for state in session.history[1:]))  # each at its question


class _Keeper:
    """An observer that keeps the states it is told of (no `keeps_states = False`), with what their last visits
    said then."""

    def __init__(self) -> None:
        self.told: list[tuple[State, str]] = []

    def visited(self, step: str) -> None:
        pass

    def decided(self, before: State, decision: Decision, after: State) -> None:
        self.told += [(before, before.trace[-1].outcome), (after, after.trace[-1].outcome)]


def test_an_observer_that_keeps_states_sees_them_as_they_were_when_told() -> None:
    """With an observer that keeps the states (the Observer protocol's default), the session decides every visit in
    a copy: none of the states it was told of changes afterwards."""
    setup = load_setup(Spec((str(ROOT / "tests" / "data" / "duel-sides.toml"),), (str(FLOW),)))
    keeper = _Keeper()
    session = Session(setup.program, facts=dict(setup.facts), seed=fight_seed(7, 3), roster=setup.roster,
                      pause=False, scopes=setup.scopes, observers=[keeper])  # fmt: skip
    for _ in range(25):
        assert session.question is not None
        fight._answer(session, session.question, [])
    assert len(keeper.told) > 200
    assert all(state.trace[-1].outcome == said for state, said in keeper.told)


def test_visits_are_equal_by_what_they_say() -> None:
    known = {"a": _known("a", 1)}
    one, two = (Visit("combat.1", "hit 1").written(("a",), dict(known), GO) for _ in range(2))
    other = Visit("combat.1", "hit 1").written(("a",), {"a": _known("a", 2)}, GO)
    assert one == two and hash(one) == hash(two) and one != other
    assert repr(one) == (
        "Visit(step='combat.1', branch='hit 1', resumed=False, used=(('a', 1, 'asked'),), outcome='-> combat.2 (go)')"
    )


class _Reading(fight.CombatEnd):
    """CombatEnd that reads each visit as soon as it is written up."""

    def decided(self, before: State, decision: Decision, after: State) -> None:
        super().decided(before, decision, after)
        for visit in after.trace_from(after.visit_count - 2):
            assert visit.used is not None


def test_the_trace_read_at_the_end_is_the_trace_read_as_it_was_written() -> None:
    """A fight's visits read only at its end say what they said when each was written: the facts by name a
    visit keeps are not changed as the fight goes on."""
    setup = load_setup(Spec((str(ROOT / "tests" / "data" / "duel-sides.toml"),), (str(FLOW),)))
    _, late = fight.played(setup, 3, fight_seed(7, 3))
    fight.CombatEnd = _Reading  # type: ignore[misc]
    try:
        _, early = fight.played(setup, 3, fight_seed(7, 3))
    finally:
        fight.CombatEnd = _Reading.__bases__[0]  # type: ignore[misc]
    assert len(late.state.trace) > 300
    assert late.state.trace == early.state.trace
    assert [v.used for v in late.state.trace] == [v.used for v in early.state.trace]


def test_the_visits_after_the_last_ends_of_a_step() -> None:
    """Trail.after(step, n): the visits after the (n+1)-th last visit of `step` (all of them if fewer): the last
    n whole turns and the one under way, when `step` ends a turn."""
    trail = None
    for key in ("c.1", "c.9", "c.1", "c.5", "c.9", "c.1", "c.9", "c.1", "c.2"):
        trail = Trail(trail, Visit(key, ""))
    assert trail is not None
    assert [v.step for v in trail.after("c.9", 0)] == ["c.1", "c.2"]
    assert [v.step for v in trail.after("c.9", 1)] == ["c.1", "c.9", "c.1", "c.2"]
    assert [v.step for v in trail.after("c.9", 3)] == [v.step for v in trail.visits()]
    assert trail.after("c.2", 0) == ()
