"""The trace: each visit of a step, what it read and what it decided, as a persistent list (Trail).

The session writes a visit up as it leaves it; what the visit read is turned into the trace's own
(fact, value, how) triples only when something reads them (the screens, the log, an override).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Literal, Protocol

from checklist.engine.questions import Value

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass

How = Literal["set", "asked", "rolled", "override", "computed", "ledger", "assumed"]  # how a fact came to be known
Used = tuple[tuple[str, Value, How], ...]  # what a visit read: each fact, its value, how it came to be known


class Learnt(Protocol):
    """A known fact as the trace reads it (state.Known)."""

    @property
    def value(self) -> Value: ...

    @property
    def how(self) -> How: ...

    @property
    def step(self) -> str | None: ...


@dataclass(frozen=True, slots=True)
class Decision:
    """Where a step goes: a jump, the end, a return, a split, or nowhere (stuck)."""

    kind: Literal["jump", "end", "return", "split", "stuck"]
    statement: int
    target: str | None = None
    why: str = ""  # the condition that held, "otherwise", "go", or why it is stuck
    names: tuple[str, ...] = ()
    label: str = ""  # an `end "label"`

    def describe(self) -> str:
        if self.kind == "jump":  # most: a trace says one at nearly every visit
            return f"-> {self.target} ({self.why})" if self.why else f"-> {self.target}"
        why = f" ({self.why})" if self.why and self.kind != "stuck" else ""
        if self.kind == "end":
            return f"end{why}" + (f": {self.label}" if self.label else "")
        if self.kind == "return":
            return f"return{why}"
        if self.kind == "split":
            return f"split: {', '.join(self.names) or 'no branch'}" if self.names != ("",) else "split once"
        return f"stuck: {self.why}"


class Visit:
    """One arrival at a step (or a return to it after a split), for the trace. What it read (`used`) is written
    up when first asked for, from the names read and the facts by name it decided with (by_name's, never
    changed): a simulated fight's report reads the visits of its last rounds only."""

    __slots__ = ("step", "branch", "resumed", "_read", "_known", "_used", "decided", "shared")

    def __init__(self, step: str, branch: str, resumed: bool = False, shared: bool = True) -> None:
        self.step, self.branch, self.resumed = step, branch, resumed
        self._read: tuple[str, ...] = ()
        self._known: Mapping[str, Learnt] | None = None
        self._used: Used | None = ()
        self.decided: tuple[Decision, ...] = ()  # what it decided, in order (again after a split)
        # False: only the machine's run that made it holds it (no state it gave out): decided in place (`written`)
        self.shared = shared

    def written(self, read: tuple[str, ...], known: Mapping[str, Learnt], decision: Decision) -> Visit:
        """This visit with what it read (`visit_used`) and what it decided written up: itself, when no state
        given out holds it and it decides for the first time (most visits); else a copy."""
        if not self.shared and not self.decided:
            self.decided, self._read, self._known, self._used = (decision,), read, known, None
            return self
        new = _NEW(Visit)
        new.step, new.branch, new.resumed, new.decided = self.step, self.branch, self.resumed, (*self.decided, decision)
        new._read, new._known, new._used, new.shared = read, known, None, True
        if self.decided:  # it decides again (after a split): what it read before comes first
            seen = {u[0] for u in self.used}
            new._used = self.used + tuple(u for u in new.used if u[0] not in seen)
        return new

    @property
    def used(self) -> Used:
        """What the visit read: each fact, its value and how it came to be known (visit_used)."""
        if self._used is None:
            assert self._known is not None
            self._used, self._known = visit_used(self._read, self._known.get, self.step), None
        return self._used

    @property
    def outcome(self) -> str:
        return "; ".join(decision.describe() for decision in self.decided)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Visit):
            return NotImplemented
        return self._compared() == other._compared()

    def __hash__(self) -> int:
        return hash(self._compared())

    def _compared(self) -> tuple[str, str, bool, Used, tuple[Decision, ...]]:
        return self.step, self.branch, self.resumed, self.used, self.decided

    def __repr__(self) -> str:
        step, branch, resumed, used, outcome = self.step, self.branch, self.resumed, self.used, self.outcome
        return f"Visit({step=!r}, {branch=!r}, {resumed=!r}, {used=!r}, {outcome=!r})"


_NEW = object.__new__


class Trail:
    """The trace as a persistent linked list: each state shares every earlier visit with the
    states before it, so keeping every state for undo costs one node per visit, not a copy."""

    __slots__ = ("prev", "visit", "length")

    def __init__(self, prev: Trail | None, visit: Visit) -> None:
        self.prev = prev
        self.visit = visit
        self.length: int = (prev.length if prev is not None else 0) + 1

    def visits(self, start: int = 0) -> tuple[Visit, ...]:
        """The visits from the `start`-th on (0: all), oldest first: O(visits after `start`)."""
        out: list[Visit] = []
        node: Trail | None = self
        while node is not None and node.length > start:
            out.append(node.visit)
            node = node.prev
        return tuple(reversed(out))

    def after(self, step: str, count: int) -> tuple[Visit, ...]:
        """The visits after the `count`-th last visit of `step` (all, if fewer), oldest first: O(those)."""
        out: list[Visit] = []
        node: Trail | None = self
        while node is not None and not (node.visit.step == step and (count := count - 1) < 0):
            out.append(node.visit)
            node = node.prev
        return tuple(reversed(out))

    def __eq__(self, other: object) -> bool:
        a: Trail | None = self
        b = other if isinstance(other, Trail) else None
        if b is None:
            return NotImplemented
        while a is not None and b is not None:
            if a is b:
                return True
            if a.length != b.length or a.visit != b.visit:
                return False
            a, b = a.prev, b.prev
        return a is b

    def __hash__(self) -> int:
        return hash((self.length, self.visit))

    def __repr__(self) -> str:
        return f"Trail({self.length} visits, last {self.visit.step})"


_SHOWN = frozenset(("asked", "rolled", "override", "computed", "ledger", "assumed"))


def visit_used(consulted: tuple[str, ...], known: Callable[[str], Learnt | None], step: str) -> Used:
    """What a visit of `step` read, for the trace: each fact known, its value, and how it came to be known
    there (asked, rolled, worked out ... at this step), else remembered ('set' is shown as known)."""
    return tuple(
        [
            (name, fact.value, fact.how if fact.step == step and fact.how in _SHOWN else "set")
            for name in consulted
            if (fact := known(name)) is not None
        ]
    )
