"""The fights spread over processes with the standard library (concurrent.futures).

Each worker loads the flow and the roster once (its initializer), then plays batches of fights by
their numbers; a fight depends only on its own seed (setup.fight_seed), and the outcomes come back
in the order of the fights, so the report is the same with any number of processes.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

from checklist.play.simulate.fight import Outcome, play
from checklist.play.simulate.setup import Setup, Spec, fight_seed, load_setup

BATCH = 50  # fights per task at most: few messages, and the last ones spread over the workers

_mine: Setup | None = None  # the worker's own, loaded once by its initializer


def fights(setup: Setup, count: int, seed: int, jobs: int, done: Callable[[int], None] | None = None) -> list[Outcome]:
    """Fights 1..count of `seed`, played on `jobs` processes (1: in this one); `done(n)` hears progress."""
    if processes(count, jobs) == 1:
        return _progress(setup, count, seed, done or _quiet)
    global _mine
    _mine = setup  # a forked worker has it already; a spawned one loads it
    size = max(1, min(BATCH, count // (jobs * 4)))
    batches = [range(start, min(start + size, count + 1)) for start in range(1, count + 1, size)]
    out: list[Outcome] = []
    with ProcessPoolExecutor(max_workers=processes(count, jobs), initializer=_load, initargs=(setup.spec,)) as pool:
        for result in pool.map(_work, batches, [seed] * len(batches)):
            out += result
            if done is not None:
                done(len(out))
    return out


def processes(count: int, jobs: int) -> int:
    """How many processes play `count` fights: one when there are too few to share."""
    return max(1, min(jobs, count // 2))


def _quiet(done: int) -> None:
    pass


def _progress(setup: Setup, count: int, seed: int, done: Callable[[int], None]) -> list[Outcome]:
    out = []
    for index in range(1, count + 1):
        out.append(play(setup, index, fight_seed(seed, index)))
        if index % BATCH == 0 or index == count:
            done(index)
    return out


def _batch(setup: Setup, indices: range, seed: int) -> list[Outcome]:
    return [play(setup, i, fight_seed(seed, i)) for i in indices]


def _load(spec: Spec) -> None:
    global _mine
    if _mine is None or _mine.spec != spec:
        _mine = load_setup(spec)


def _work(indices: range, seed: int) -> list[Outcome]:
    assert _mine is not None, "the worker's initializer loads the setup"
    return _batch(_mine, indices, seed)


def cores() -> int:
    """The cores this process may use (the default --jobs)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
