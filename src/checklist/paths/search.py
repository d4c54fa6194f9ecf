"""Best-first search over the engine's own states for the answers that reach a goal.

Each node is a `State` of the real engine (`Recorder`, a watched `Session`); its children
are the states one candidate answer leads to, computed by the engine itself, so the answers
found are exactly what the engine asks, in its order.  The search is guided by the flow
graph: the estimate is the number of jumps from the current step to the goal's steps through
the jumps the facts already known still allow (reach.py); when they allow none, the jumps in
the bare graph (shortest paths backwards from the goal, also by way of the exits of the
splits the state is inside) plus a penalty.  The engine may still refuse what the estimate
allows; the search then tries the other answers, within a budget of states.  An exception
from the engine other than a refusal (only seen on flows with check errors) is noted in
`failures` and that answer is treated as refused.
"""

from __future__ import annotations

import heapq
import itertools
from collections import deque
from collections.abc import Callable, Hashable

from checklist.engine.questions import BadAnswer
from checklist.engine.state import Frame, Known, SessionError, State
from checklist.graph.program import Program
from checklist.paths.choices import Choices
from checklist.paths.observe import Recorder
from checklist.paths.reach import Reach

Goal = Callable[[Recorder], bool]  # after one answer: did the engine do what is wanted?
FAR = 10_000  # the estimate for a state the graph gives no way to the goal from
PENALTY = 5  # the estimate's extra jumps when the known facts close every way to the goal
WEIGHT = 2  # weighted best-first: an answer costs 1, a jump still to go costs WEIGHT


class Search:
    def __init__(self, program: Program, choices: Choices | None = None) -> None:
        self.program = program
        self.flow = program.flow
        self.choices = choices or Choices(program)
        self.scratch = Recorder(program, seed=0)
        self.reach = Reach(program)
        self.expanded = 0  # states expanded, over every search
        self.work = 0  # answers tried and graph steps walked, over every search (and the planner's own)
        self.limit: int | None = None  # the most work allowed in all: then every search stops
        self.tried = 0  # states expanded by the last search
        self.exhausted = False  # the last search tried every state it could reach
        self.failures: dict[str, None] = {}  # the engine raised (not a refusal): flows with check errors
        self._distances: dict[frozenset[str], dict[str, int]] = {}

    def distances(self, targets: frozenset[str]) -> dict[str, int]:
        """Jumps from each step to the nearest of `targets` (absent: no way there)."""
        found = self._distances.get(targets)
        if found is None:
            found = {t: 0 for t in targets if t in self.flow.into}
            queue = deque(found)
            while queue:
                key = queue.popleft()
                for edge in self.flow.into[key]:
                    if edge.source not in found:
                        found[edge.source] = found[key] + 1
                        queue.append(edge.source)
            self.work += len(found)
            self._distances[targets] = found
        return found

    def estimate(self, state: State, targets: frozenset[str]) -> int:
        """Jumps from `state` to `targets` that the known facts allow; failing that, jumps in
        the bare graph (the facts will have to be forgotten first), plus a penalty."""
        known = {k.fact: k.value for k in state.facts}
        allowed = self.reach.distance(state.step, known, targets)
        if allowed is not None:
            return allowed
        return PENALTY + self.graph_estimate(state, targets)

    def graph_estimate(self, state: State, targets: frozenset[str]) -> int:
        """Jumps from `state` to `targets`: directly, or out of the innermost splits first."""
        to_goal = self.distances(targets)
        best = to_goal.get(state.step, FAR)
        here, spent = state.step, 0
        for frame in reversed(state.frames):
            out = self.distances(self._exits(frame)).get(here)
            if out is None:
                break
            spent += out + 1
            here = frame.goes_on or frame.step
            best = min(best, spent + to_goal.get(here, FAR))
        return best

    def possible(self, state: State, targets: frozenset[str]) -> bool:
        """Whether the graph has any way from `state` to `targets` (the engine can only do less).
        From inside splits, the flow may also go on from a split's step or its `until`."""
        sources = [state.step, *(f.step for f in state.frames), *(f.until for f in state.frames if f.until)]
        return not targets.isdisjoint(self.flow.reachable(sources))

    def _exits(self, frame: Frame) -> frozenset[str]:
        """The steps where a branch of this split can end: its `until`, and any `return`."""
        exits = set(self.flow.returns)
        if frame.until is not None:
            exits.add(frame.until)
        return frozenset(exits)

    def answer(self, state: State, text: str) -> State | None:
        """The state the engine reaches from `state` by typing `text` (None: it refuses)."""
        scratch = self.scratch
        scratch.rewind(state)
        scratch.clear()
        try:
            scratch.answer(text)
        except (BadAnswer, SessionError):
            return None
        except Exception as exc:  # noqa: BLE001 - the engine is only sound on flows without check errors
            self.failures.setdefault(f"{state.step}: answering `{text}`: {type(exc).__name__}: {exc}", None)
            return None
        return scratch.state

    def find(self, start: State, goal: Goal, targets: frozenset[str], budget: int) -> list[str] | None:
        """The fewest answers (nearly: weighted) from `start` after which `goal` holds, or None."""
        self.exhausted = True  # until the budget runs out: then None proves nothing
        self.tried = 0
        if start.question is None or not self.possible(start, targets):
            return None
        order = itertools.count()
        heap: list[tuple[int, int, int, State, tuple[str, ...]]] = []
        heapq.heappush(heap, (WEIGHT * self.estimate(start, targets), 0, next(order), start, ()))
        best: dict[Hashable, int] = {signature(start): 0}
        while heap and budget > 0 and not self.spent():
            _, cost, _, state, answers = heapq.heappop(heap)
            budget -= 1
            self.expanded += 1
            self.tried += 1
            assert state.question is not None
            for text in self.choices(state.question):
                self.work += 1
                child = self.answer(state, text)
                if child is None:
                    continue
                if goal(self.scratch):
                    return [*answers, text]
                if child.finished is not None or child.question is None:
                    continue
                key = signature(child)
                if best.get(key, cost + 2) <= cost + 1:
                    continue
                best[key] = cost + 1
                score = cost + 1 + WEIGHT * self.estimate(child, targets)
                heapq.heappush(heap, (score, cost + 1, next(order), child, (*answers, text)))
        self.exhausted = not heap
        return None

    def spent(self) -> bool:
        """The work limit is reached: no search goes on."""
        return self.limit is not None and self.work >= self.limit


def signature(state: State) -> Hashable:
    """What decides where a state can go from here (not how it got here: no trace, no counters)."""
    frames = tuple((f.step, f.statement, f.index, len(f.names), _facts(f.saved)) for f in state.frames)
    return (
        state.step,
        state.statement,
        state.question,
        state.decision,
        state.answered,
        state.spare,
        frames,
        _facts(state.facts),
    )


def _facts(known: tuple[Known, ...]) -> tuple[tuple[object, ...], ...]:
    return tuple((k.fact, k.value, k.scope, k.how, k.step) for k in known)
