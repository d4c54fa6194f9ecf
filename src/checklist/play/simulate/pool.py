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

BATCH = 50  # fights per task: few enough messages, small enough that the last ones spread over the workers

_mine: Setup | None = None  # the worker's own, loaded once by its initializer


def fights(setup: Setup, count: int, seed: int, jobs: int, done: Callable[[int], None] | None = None) -> list[Outcome]:
    """Fights 1..count of `seed`, played on `jobs` processes (1: in this one); `done(n)` hears progress."""
    if jobs <= 1 or count <= BATCH:
        return _progress(setup, count, seed, done or _quiet)
    global _mine
    _mine = setup  # a forked worker has it already; a spawned one loads it
    batches = [range(start, min(start + BATCH, count + 1)) for start in range(1, count + 1, BATCH)]
    out: list[Outcome] = []
    with ProcessPoolExecutor(max_workers=jobs, initializer=_load, initargs=(setup.spec,)) as pool:
        for result in pool.map(_work, batches, [seed] * len(batches)):
            out += result
            if done is not None:
                done(len(out))
    return out


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
