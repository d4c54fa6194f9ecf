"""play/simulate/fight.py: a fight runs with the collector paused, so the engine must make no garbage cycles."""

from __future__ import annotations

import gc

from checklist.play.simulate.fight import play
from checklist.play.simulate.setup import Spec, fight_seed, load_setup
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
