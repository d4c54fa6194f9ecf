"""The session's state, as immutable values: what is known, where the run is, and how it got there.

session.py is the machine that makes each State from the last; everything here is plain data,
so undo is a pop, and the journal and the path planner can read it without the machine.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal, Protocol

from checklist import model as m
from checklist.engine.questions import Question, Value, numbered_name
from checklist.engine.trace import Decision, How, Trail, Visit
from checklist.model.frozen import evolve as evolve  # engine modules take it from here
from checklist.model.frozen import replacer
from checklist.roster.combatants import Roster

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass


class SessionError(Exception):
    """A request the session cannot honour in its current state (not a bad answer)."""


class CannotGoOn(SessionError):
    """An answer the flow cannot work with; the front end says how to recover, in its own keys."""

    def __init__(self, why: str, missing: str | None = None) -> None:
        super().__init__(f"cannot go on with that: {why}")
        self.why = why
        self.missing = missing  # a fact nobody gave, when that is why


@dataclass(frozen=True, slots=True)
class Known:
    """A remembered fact: its value, scope, how it became known, where and in which order."""

    fact: str
    value: Value
    scope: m.Scope
    how: How
    step: str | None
    seq: int
    work: str = ""  # a computed fact: how it was worked out
    deps: tuple[str, ...] = ()  # a computed fact: the facts it read
    lines: tuple[tuple[str, str], ...] = ()  # a ledger: (fact, step it was added at), in order
    adjust: int = 0  # a ledger: the game master's correction over the sum of its lines


@dataclass(frozen=True, slots=True)
class Frame:
    """An active split: branch `index` of `names` is running."""

    step: str
    statement: int
    target: str
    until: str | None
    returns: bool
    item: str | None  # None: a `once` split
    names: tuple[str, ...]
    index: int
    saved: tuple[Known, ...]

    @property
    def goes_on(self) -> str | None:
        """Where the flow goes on after the last branch: the `until` step, unless the split says
        `then return`; None: back at the split's own step, at its next statement."""
        return None if self.returns else self.until

    @property
    def label(self) -> str:
        if self.item is None:
            return f"split from {self.step}"
        name, count = self.names[self.index], len(self.names)
        if name == numbered_name(self.item, self.index + 1):  # numbered, not named: `hit 2`
            return "" if count == 1 else f"{name} of {count}"
        return f"{self.item} {name} ({self.index + 1}/{count})"


def branch_label(frames: tuple[Frame, ...]) -> str:
    """The active splits' branches, outermost first ("" outside a split; a lone numbered branch says nothing).
    The last one is kept: a branch makes many visits."""
    if not frames:
        return ""
    kept, label = _label[0]  # one read: another thread may replace it
    if kept is frames:
        return label
    label = _branch_label(frames)
    _label[0] = (frames, label)
    return label


_label: list[tuple[tuple[Frame, ...], str]] = [((), "")]


def _branch_label(frames: tuple[Frame, ...]) -> str:
    return " > ".join(label for frame in frames if (label := frame.label))


@dataclass(frozen=True, slots=True)
class Finish:
    kind: Literal["end", "stuck"]
    label: str


@dataclass(frozen=True, slots=True)
class Event:
    """One thing the game master did; the journal stores these and replays them."""

    kind: Literal["answer", "continue", "split", "override"]
    step: str
    fact: str | None = None
    value: Value | None = None
    names: tuple[str, ...] = ()
    rolled: bool = False


@dataclass(frozen=True, slots=True)
class State:
    step: str
    statement: int = 0  # where this visit's statements (re)start
    facts: tuple[Known, ...] = ()
    frames: tuple[Frame, ...] = ()  # the splits the run is inside, innermost last
    trail: Trail | None = None
    question: Question | None = None
    decision: Decision | None = None  # decided without a question: waits for `continue`
    consulted: tuple[str, ...] = ()  # known facts this visit has read
    answered: bool = False  # the game master answered something during this visit
    finished: Finish | None = None
    seq: int = 0  # the order facts became known in
    rolls: int = 0  # dice rolled so far (the next roll's place in the seeded stream)
    spare: frozenset[m.Scope] = frozenset()  # scopes whose first head keeps facts set at the start
    roster: Roster | None = None  # the combatants and their state, if the run has a roster
    acted: int = 0  # this visit's actions already carried out (a `record` must not run twice)

    @property
    def trace(self) -> tuple[Visit, ...]:
        """Every visit so far, oldest first (O(visits): for summaries, not for each answer)."""
        return self.trail.visits() if self.trail is not None else ()

    @property
    def visit_count(self) -> int:
        return self.trail.length if self.trail is not None else 0

    def trace_from(self, start: int) -> tuple[Visit, ...]:
        """The visits from the `start`-th on (`trace[start:]`), walking back only that far: for each answer."""
        return self.trail.visits(max(start, 0)) if self.trail is not None else ()

    @property
    def last(self) -> Visit | None:
        return self.trail.visit if self.trail is not None else None

    def known(self) -> dict[str, Known]:
        """The facts by name (a new dict: the caller may change it)."""
        return known_of(self.facts)

    def visiting(self, step: str, statement: int, trail: Trail) -> State:
        """At `step`'s statement `statement`, a new visit: nothing asked, decided or read yet."""
        return _VISITING(self, step, statement, trail, None, None, (), False)

    def arriving(self, step: str, trail: Trail, facts: tuple[Known, ...], spare: frozenset[m.Scope]) -> State:
        """A new visit of `step` after a jump, with what it forgets forgotten (`visiting`, and the facts)."""
        return _ARRIVING(self, step, 0, trail, None, None, (), False, facts, spare, 0)

    def evaluated(self, consulted: tuple[str, ...], roster: Roster | None, acted: int) -> State:
        """After the step's statements ran: what they read, the roster after its records, the actions done."""
        return _EVALUATED(self, consulted, roster, acted)

    def value(self, fact: str) -> Value | None:
        for known in self.facts:
            if known.fact == fact:
                return known.value
        return None


_last: list[tuple[tuple[Known, ...], dict[str, Known], frozenset[str | None] | None]] = [((), {}, frozenset())]


def nothing(fact: str) -> None:
    """A reader (or a lookup of facts) that knows nothing."""
    return None


def known_of(facts: tuple[Known, ...]) -> dict[str, Known]:
    """`facts` by name, as a new dict (the caller may change it)."""
    return by_name(facts).copy()


def by_name(facts: tuple[Known, ...]) -> dict[str, Known]:
    """`facts` by name, a dict shared with other callers and kept by the trace's visits: never changed. The
    engine asks this of the same tuple several times in a row (a step's reader, then its move): the last is kept."""
    last, made, _ = _last[0]
    if last is not facts:  # identity: the kept tuple cannot be freed and its id reused
        made = {k.fact: k for k in facts}
        _last[0] = (facts, made, None)
    return made


def learnt_at(facts: tuple[Known, ...]) -> frozenset[str | None]:
    """The steps the facts were learnt at (or more: a fact replaced since may leave its old step): an
    arrival at a step not among them forgets nothing by the loop rule. Kept with the facts by name."""
    last, made, steps = _last[0]
    if last is facts and steps is not None:
        return steps
    steps = frozenset([k.step for k in facts])
    if last is facts:
        _last[0] = (facts, made, steps)
    return steps


_VISIT = ("step", "statement", "trail", "question", "decision", "consulted", "answered")
_VISITING = replacer(State, *_VISIT)
_ARRIVING = replacer(State, *_VISIT, "facts", "spare", "acted")
_EVALUATED = replacer(State, "consulted", "roster", "acted")
_MERGED = replacer(State, "facts", "seq", "consulted", "roster", "acted")


def merged(
    state: State, changed: tuple[Known, ...], consulted: tuple[str, ...], roster: Roster | None, acted: int, seq: int
) -> State:
    """Add what an evaluation computed (or a ledger line it added) to the state's facts, with the rest of
    `State.evaluated`, in the same copy. A fact known before moves to the end; `seq`: the reader's, the
    last it gave a new fact (or the state's, if it gave none)."""
    before, (_, _, steps) = by_name(state.facts), _last[0]
    made = before.copy()  # the new facts by name, for the next step's reader: a copy, not a new dict
    again = [k.fact for k in changed if k.fact in before]
    if again:
        replaced = set(again)
        facts = tuple([k for k in state.facts if k.fact not in replaced]) + changed
        for name in again:
            del made[name]
    else:  # most steps: facts worked out for the first time
        facts = state.facts + changed
    for known in changed:  # a loop, not update(zip(...)): a visit adds one or two
        made[known.fact] = known
    here = state.step  # what a visit learns it learns here (a ledger it adds to keeps its step, among `steps`)
    _last[0] = (facts, made, None if steps is None else steps if here in steps else steps | {here})
    return _MERGED(state, facts, seq, consulted, roster, acted)


TARGET_ITEMS = ("defender", "combatant-hit", "combatant")  # the split whose branch names the target


def branch_target(frames: tuple[Frame, ...]) -> str | None:
    """The combatant the innermost defender (or combatant-hit) branch is for, if any."""
    for frame in reversed(frames):  # a loop, not a generator: the engine asks this at every read of a target
        if frame.item in TARGET_ITEMS:
            return frame.names[frame.index]
    return None


def branch_facts(saved: tuple[Known, ...], current: tuple[Known, ...]) -> tuple[Known, ...]:
    """Facts for a new branch or after a split: those known at the split, plus combat facts learnt since."""
    kept = [k for k in saved if k.scope != "combat"] + [k for k in current if k.scope == "combat"]
    return tuple(sorted(kept, key=_SEQ))


_SEQ = operator.attrgetter("seq")


class Observer(Protocol):
    """Hears what a session does, as ink's Story callbacks do; it must not change the session. The states it is
    told of stay as they were, unless it says `keeps_states = False` (it reads them only during its calls): then
    the session decides the visits of its own run in place (engine/trace.py, Visit.shared), as with no observer."""

    def visited(self, step: str) -> None:
        """The run arrives at (or starts at) step `step`."""

    def decided(self, before: State, decision: Decision, after: State) -> None:
        """The run carries out `decision`, going from state `before` to `after`."""


def went_on_from(history: Sequence[State]) -> State | None:
    """The state the last of `history` went on from: the latest earlier one whose visits it continues
    (the state the last answer was given at; an override that ran that answer again went on from an
    earlier one). None: from the start."""
    now = history[-1].trail
    for state in reversed(history[:-1]):
        if _leads_to(state.trail, now):
            return state
    return None


def _leads_to(before: Trail | None, now: Trail | None) -> bool:
    """Whether the visits of `now` go on from `before` (its last visit is rewritten once decided)."""
    if before is None:
        return True
    while now is not None and now.length > before.length:
        now = now.prev
    return now is not None and now.prev is before.prev and now.visit.step == before.visit.step


def dependents(facts: tuple[Known, ...], changed: str) -> set[str]:
    """Computed facts that read `changed`, directly or through other computed facts or a ledger
    with it among its lines (the ledger sums again when read; what was worked out from it does not)."""
    out: set[str] = set()
    ledgers: set[str] = set()
    grew = True
    while grew:
        grew = False
        for known in facts:
            if known.fact in out or known.fact in ledgers or known.how not in ("computed", "ledger"):
                continue
            reads = set(known.deps) if known.how == "computed" else {line for line, _ in known.lines}
            if changed in reads or reads & (out | ledgers):
                (out if known.how == "computed" else ledgers).add(known.fact)
                grew = True
    return out


def drop_stale(facts: tuple[Known, ...]) -> tuple[Known, ...]:
    """Drop computed facts whose inputs are no longer all known (they are worked out again)."""
    while True:
        names = {k.fact for k in facts}
        kept = tuple(k for k in facts if k.how != "computed" or all(d in names for d in k.deps))
        if len(kept) == len(facts):
            return facts
        facts = kept
