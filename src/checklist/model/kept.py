"""Values made once from a model object and kept by its identity: what the engine looks up at every step."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

_K = TypeVar("_K")
_V = TypeVar("_V")


class Kept(Generic[_K, _V]):
    """Values made from objects, kept by each object's identity. A model record hashes all its fields (a
    table all its rows), so a dict keyed by the record itself would hash it at every look-up. An entry holds
    its object, so the object's id cannot be reused while the entry is kept; past `limit` entries (a
    language server builds flow after flow) they are all dropped."""

    __slots__ = ("_made", "_limit")

    def __init__(self, limit: int = 10_000) -> None:
        self._made: dict[int, tuple[_K, _V]] = {}
        self._limit = limit

    def get(self, of: _K) -> _V | None:
        """The value kept for `of`, if any."""
        kept = self._made.get(id(of))
        return kept[1] if kept is not None and kept[0] is of else None

    def made(self, of: _K, make: Callable[[_K], _V]) -> _V:
        """The value kept for `of`, made by `make(of)` and kept the first time (an empty one is kept too)."""
        kept = self._made.get(id(of))
        return kept[1] if kept is not None and kept[0] is of else self.put(of, make(of))

    def put(self, of: _K, value: _V) -> _V:
        """Keep `value` for `of`, and give it back."""
        if len(self._made) >= self._limit:
            self._made.clear()
        self._made[id(of)] = (of, value)
        return value
