"""Loading and checking large flows builds millions of small objects: keep the collector out of it."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def gc_paused() -> Iterator[None]:
    """Run a block with the cyclic garbage collector off.

    Loading and checking build millions of small acyclic objects; with the collector on,
    every few thousand of them it walks all the others again (at 100k steps that was most
    of the run).  Afterwards the new objects join the oldest generation directly, so the
    collector does not walk them all on its next young-generation pass either.  Nothing
    is lost: the block makes no garbage cycles, and refcounting frees everything as usual.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        if gc.get_freeze_count() == 0:  # leave alone a caller that froze objects itself
            gc.freeze()
            gc.unfreeze()  # both O(1): the young generations are merged into the oldest
        gc.enable()
