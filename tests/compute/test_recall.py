"""compute/recall.py: a computed fact's work is recalled only when every read it made reads the same."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from checklist.compute import recall as rc
from checklist.compute.evaluate import CannotCompute, Got, Need, Read, Reads, Undecided
from checklist.compute.recall import Asks, Done, Recall
from checklist.play.simulate.fight import played
from checklist.play.simulate.setup import Spec, fight_seed, load_setup
from tests.conftest import FLOW, ROOT


class World:
    """What reads give: facts by name (a missing one raises Need), combatants' attributes by (role, name)."""

    def __init__(self, facts: dict[str, int | str], attrs: dict[tuple[str, str], int | str] | None = None) -> None:
        self.facts = facts
        self.attrs = attrs or {}
        self.made: list[Read] = []  # every read made, in order

    def read(self, read: Read) -> Got:
        self.made.append(read)
        if len(read) == 4:
            return self.attrs[(read[1], read[2])]
        if read[1] not in self.facts:
            if read[0] == "read":
                return None  # a condition's read gives None for a fact not known
            raise Need(read[1])
        return self.facts[read[1]]


def skill_work(world: World, reads: Reads) -> Callable[[], Done]:
    """`skill = actor.dx + bonus` (bonus only if `aiming`), writing its reads as the evaluator does."""

    def work() -> Done:
        def made(read: Read) -> Got:
            reads.append(read)
            got = world.read(read)
            reads.append(got)
            return got

        dx = made(("attr", "actor", "dx", None))
        aiming = made(("read", "aiming"))
        bonus = made(("input", "bonus")) if aiming == "yes" else 0
        assert isinstance(dx, int) and isinstance(bonus, int)
        return dx + bonus, f"actor.dx {dx} + bonus {bonus}", ("aiming", "bonus") if aiming == "yes" else ("aiming",)

    return work


def worked(recall: Recall, world: World) -> tuple[Done, bool]:
    """The fact `skill` in `world`: (what it came to, whether it was recalled rather than worked out)."""
    done = recall.recalled("skill", world.read)
    if done is not None:
        return done, True
    reads: Reads = []
    return recall.kept("skill", reads, skill_work(world, reads)), False


def test_the_same_reads_recall_the_work_and_make_each_read_again_in_order() -> None:
    recall = Recall()
    first = World({"aiming": "yes", "bonus": 2}, {("actor", "dx"): 12})
    assert worked(recall, first) == ((14, "actor.dx 12 + bonus 2", ("aiming", "bonus")), False)
    again = World({"aiming": "yes", "bonus": 2}, {("actor", "dx"): 12})
    assert worked(recall, again) == ((14, "actor.dx 12 + bonus 2", ("aiming", "bonus")), True)
    assert again.made == [("attr", "actor", "dx", None), ("read", "aiming"), ("input", "bonus")]


def test_a_read_that_reads_differently_works_it_out_again_and_both_are_kept() -> None:
    recall = Recall()
    worked(recall, World({"aiming": "yes", "bonus": 2}, {("actor", "dx"): 12}))
    other = World({"aiming": "no"}, {("actor", "dx"): 12})
    assert worked(recall, other) == ((12, "actor.dx 12 + bonus 0", ("aiming",)), False)
    assert worked(recall, World({"aiming": "no"}, {("actor", "dx"): 12}))[1] is True
    assert worked(recall, World({"aiming": "yes", "bonus": 2}, {("actor", "dx"): 12}))[1] is True
    assert worked(recall, World({"aiming": "yes", "bonus": 3}, {("actor", "dx"): 12})) == (
        (15, "actor.dx 12 + bonus 3", ("aiming", "bonus")),
        False,
    )


def test_a_read_that_raised_raises_there_again() -> None:
    recall = Recall()
    with pytest.raises(Need):
        worked(recall, World({"aiming": "yes"}, {("actor", "dx"): 12}))  # bonus is not known: ask it
    world = World({"aiming": "yes"}, {("actor", "dx"): 12})
    with pytest.raises(Need) as raised:
        recall.recalled("skill", world.read)  # raised by the read, as the evaluator would let it out
    assert raised.value.fact == "bonus"
    assert world.made[-1] == ("input", "bonus")


def test_what_the_evaluator_refused_after_its_reads_is_refused_again() -> None:
    recall = Recall()
    world = World({"row": 3})

    def work(reads: Reads) -> Callable[[], Done]:
        def refused() -> Done:
            reads.extend([("input", "row"), world.read(("input", "row"))])
            raise CannotCompute("table `t` has no row for 3")

        return refused

    reads: Reads = []
    with pytest.raises(CannotCompute):
        recall.kept("cell", reads, work(reads))
    with pytest.raises(CannotCompute, match="no row for 3"):
        recall.recalled("cell", World({"row": 3}).read)
    assert recall.recalled("cell", World({"row": 4}).read) is None  # another row: worked out again


def test_a_condition_that_cannot_decide_is_kept_as_the_fact_it_lacks() -> None:
    """A condition the evaluator cannot decide (Undecided: `aiming` is not known) is kept as Asks(aiming),
    the fact to ask for it being found by asking then (`Reader.ask`); a bare Need after the reads keeps no
    end; neither keeps anything for reads that read otherwise."""
    recall = Recall()
    reads: Reads = [("read", "aiming"), None]

    def undecided() -> Done:
        raise Undecided("aim-target", "aiming")  # asking for `aiming` names an input of it

    with pytest.raises(Undecided):
        recall.kept("skill", reads, undecided)
    kept = recall.recalled("skill", World({}).read)
    assert isinstance(kept, Asks) and kept.fact == "aiming"
    assert recall.recalled("skill", World({"aiming": "no"}).read) is None

    bare: Reads = [("read", "aiming"), None]

    def need() -> Done:
        raise Need("aiming")

    with pytest.raises(Need):
        recall.kept("range", bare, need)
    assert recall.recalled("range", World({}).read) is None


def test_past_the_limit_everything_kept_is_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rc, "LIMIT", 4)
    recall = Recall()
    for dx in range(10, 16):
        worked(recall, World({"aiming": "no"}, {("actor", "dx"): dx}))
    assert worked(recall, World({"aiming": "no"}, {("actor", "dx"): 15}))[1] is True
    assert worked(recall, World({"aiming": "no"}, {("actor", "dx"): 10}))[1] is False  # dropped on the way


def fights_seen(rosters: tuple[str, ...], count: int) -> list[str]:
    """Everything observable of `count` fights: each state (question, decision, facts with their work,
    roster), the trace, the events and the outcome."""
    setup = load_setup(Spec(rosters, (str(FLOW),)))
    seen = []
    for index in range(1, count + 1):
        outcome, session = played(setup, index, fight_seed(3, index))
        states = [
            (
                s.step,
                s.statement,
                s.question,
                s.decision,
                s.consulted,
                s.seq,
                s.rolls,
                s.roster,
                sorted(map(repr, s.facts)),
            )
            for s in session.history
        ]
        seen.append(repr((outcome, session.events, states, session.state.trace)))
    return seen


def test_fights_play_the_same_with_their_work_recalled_or_worked_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """The whole chain: a duel and a three-against-five fight, played twice with Recall (the second time
    mostly recalled) and once with every fact worked out by the evaluator, are the same in every state."""
    duel, skirmish = (str(ROOT / "tests" / "data" / "duel-sides.toml"),), (str(ROOT / "examples" / "skirmish.toml"),)
    recalled = [fights_seen(duel, 3), fights_seen(duel, 3), fights_seen(skirmish, 1)]
    monkeypatch.setattr(Recall, "recalled", lambda self, key, read: None)
    worked_out = fights_seen(duel, 3)
    assert recalled[0] == recalled[1] == worked_out
    assert fights_seen(skirmish, 1) == recalled[2]


def test_an_evaluation_notes_its_reads_only_when_asked_and_not_those_of_one_run_unnoted() -> None:
    """The evaluator notes each read in `reads` when it is a list; `run_unnoted` (a roll's dice, a hit
    location, worked out while another fact is) notes none, and leaves the outer list as it was."""
    from fractions import Fraction
    from types import SimpleNamespace
    from typing import cast

    from checklist import model as m
    from checklist.compute.evaluate import Evaluator
    from checklist.graph.program import Program

    span = m.Span("t.flow", 1, 1, 1, 2)
    program = cast(Program, SimpleNamespace(facts={"a": None}, tables={}))  # what the evaluator asks of one
    evaluator = Evaluator(program, lambda fact: 4, lambda cond: True, lambda role, attr, key: 7)
    expr = m.BinOp("+", m.Name("a", span), m.Attr("actor", "st", span), span)
    assert evaluator.run(expr).value == Fraction(11) and evaluator.reads is None
    evaluator.reads = outer = []
    evaluator.run(expr)
    assert outer == [("input", "a"), 4, ("attr", "actor", "st", None), 7]
    outer.clear()
    assert evaluator.run_unnoted(expr).value == Fraction(11)
    assert outer == [] and evaluator.reads is outer
