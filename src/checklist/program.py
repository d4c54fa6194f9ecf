"""A Program: every module of a flow folder, joined and indexed by step key."""

from __future__ import annotations

import dataclasses
import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, TypeVar

from checklist import model as m
from checklist.model.diagnostics import Diagnostic

if TYPE_CHECKING:  # networkx is imported lazily: `checklist check` must start fast
    import networkx as nx

    from checklist.graph import FlowGraph

T = TypeVar("T")


@dataclass
class Program:
    modules: tuple[m.Module, ...]
    checklists: dict[str, m.Checklist]
    steps: dict[str, m.Step]
    facts: dict[str, m.Fact]
    tables: dict[str, m.Table]
    starts: tuple[m.StartDecl, ...]
    expects: tuple[m.Expect, ...]
    diagnostics: list[Diagnostic] = field(default_factory=list)
    sources: dict[str, str] = field(default_factory=dict)
    decks: dict[str, m.Deck] = field(default_factory=dict)

    @property
    def start(self) -> str | None:
        """The key of the single start step, if the program declares exactly one."""
        if len(self.starts) != 1:
            return None
        decl = self.starts[0]
        return self.resolve(decl.target, decl.checklist)

    def resolve(self, target: m.Target, checklist: str | None) -> str | None:
        """The step key a target names, or None for end/return or a missing checklist."""
        if target.special is not None or target.number is None:
            return None
        owner = target.checklist or checklist
        return f"{owner}.{target.number}" if owner is not None else None

    @cached_property
    def flow(self) -> FlowGraph:
        from checklist.graph import FlowGraph

        return FlowGraph.build(self)

    @cached_property
    def graph(self) -> nx.MultiDiGraph[str]:
        """The flow as a networkx MultiDiGraph; node keys like `combat.54`."""
        return self.flow.to_networkx()

    def steps_in(self, checklist: str) -> list[m.Step]:
        return list(self.checklists[checklist].steps)


# ---- performance helpers for loading and checking large flows (docs/benchmarks.md) ----


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


def fast_constructor(cls: Callable[..., T]) -> Callable[..., T]:
    """`cls(...)` for a frozen, slotted dataclass, about three times faster.

    A frozen dataclass's __init__ sets each field through `object.__setattr__`; this builds
    the object as a plain twin class with the same slots (same layout), then switches its
    class.  The result is indistinguishable: same type, fields, equality, hash and repr.
    Falls back to `cls` itself for anything but a frozen, slotted dataclass without
    `__post_init__` or default factories.
    """
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    names = tuple(f.name for f in fields)
    params = getattr(cls, "__dataclass_params__", None)
    if (
        params is None or not params.frozen or getattr(cls, "__slots__", None) != names
        or hasattr(cls, "__post_init__") or any(f.default_factory is not dataclasses.MISSING for f in fields)
        or any(not f.init or f.kw_only is True for f in fields)
    ):  # fmt: skip
        return cls
    def switch(self: Any) -> None:
        self.__class__ = cls

    spec = [
        (f.name, Any) if f.default is dataclasses.MISSING else (f.name, Any, dataclasses.field(default=f.default))
        for f in fields
    ]  # a plain twin: the stdlib builds its __init__, which sets the slots directly
    twin = dataclasses.make_dataclass(
        f"_{cls.__name__}Twin", spec, slots=True, eq=False, repr=False, namespace={"__post_init__": switch}
    )
    twin.__qualname__ = twin.__name__ = f"_{cls.__name__}Twin"
    layout = ("__basicsize__", "__dictoffset__", "__weakrefoffset__")
    if any(getattr(twin, a) != getattr(cls, a) for a in layout):
        return cls  # pragma: no cover - a layout the class switch would refuse
    return twin
