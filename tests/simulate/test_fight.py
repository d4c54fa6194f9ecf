"""play/simulate/fight.py: a fight runs with the collector paused, so the engine must make no garbage cycles."""

from __future__ import annotations

import gc

from checklist.play.simulate.fight import play, played
from checklist.play.simulate.setup import Spec, fight_seed, load_setup
from checklist.present.fight import fight_events
from checklist.present.simulation import way_down
from tests.conftest import FLOW, ROOT

SKIRMISH = str(ROOT / "examples" / "skirmish.toml")


def test_a_fight_leaves_no_garbage_cycles() -> None:
    """Everything a fight makes is freed by reference counting: with the collector paused during a fight
    (gc_paused), a cycle per step (a reader and its evaluator once made one) would pile up until the next
    full collection."""
    setup = load_setup(Spec((SKIRMISH,), (str(FLOW),)))
    play(setup, 1, fight_seed(5, 1))  # the first fight fills the flow's caches
    collecting = gc.isenabled()
    gc.disable()
    try:
        gc.collect()
        outcome = play(setup, 2, fight_seed(5, 2))
        found = gc.collect()  # the unreachable objects the collector had to find
    finally:
        if collecting:
            gc.enable()
    assert outcome.answers > 100  # a whole fight was played
    assert found == 0


def test_the_ways_down_read_from_the_last_rounds_are_those_of_the_whole_log() -> None:
    """A fight's report reads how the losers went down from the log of its last two rounds when that holds the
    last damage each took (_ways); the log of the last turns is the end of the whole log, and what way_down
    reads of it is the same. Twelve skirmishes of three against five: losers hit early and late."""
    setup = load_setup(Spec((SKIRMISH,), (str(FLOW),)))
    compared = shorter = 0
    for index in range(12):
        outcome, session = played(setup, index, fight_seed(5, index))
        whole = fight_events(session)
        for turns in (1, 4, 16):
            last = fight_events(session, turns=turns)
            assert len(last) <= len(whole) and whole[len(whole) - len(last) :] == last
            shorter += 0 < len(last) < len(whole)
        if outcome.winner is None:
            continue
        losers = [f for f in outcome.fighters if f.side != outcome.winner]
        assert outcome.ways == tuple(way_down(whole, f.name, f.dead) for f in losers)
        compared += len(losers)
    assert compared >= 12 and shorter >= 12
