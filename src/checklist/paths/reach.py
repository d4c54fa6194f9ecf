"""Where the flow can still go, given the facts already known: the search's guide.

The flow graph says where each jump leads; the facts a session already knows narrow that
down (a `yes/no` answered `no` earlier closes the `if` that needs `yes`).  `Reach` walks
the graph forward from a state, reading each step's statements in order the way the
engine does, and follows only the jumps the known facts still allow.  Facts are forgotten
at scope heads (docs/run.md, "Scopes"): past the first head on the way, every jump counts
as open again.  The result is an estimate, not a promise; the engine has the last word.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping

from checklist import model as m
from checklist.engine.questions import Value
from checklist.engine.scopes import Scopes, asked_facts
from checklist.graph.program import Program
from checklist.model.jumps import Exit, always_decides, jump_exits, take


class Reach:
    def __init__(self, program: Program) -> None:
        self.program = program
        self.scopes = Scopes.derive(program)
        self._heads = {key for keys in self.scopes.heads.values() for key in keys}
        self._reads: dict[str, tuple[str, ...]] = {}
        self._successors: dict[tuple[str, tuple[Value | None, ...]], tuple[str, ...]] = {}

    def distance(self, start: str, known: Mapping[str, Value], targets: frozenset[str]) -> int | None:
        """Jumps from `start` to the nearest target through jumps the known facts allow."""
        if start in targets:
            return 0
        # (step, facts still hold): once past a scope head, the facts no longer narrow anything
        seen = {(start, True)}
        queue = deque([(start, True, 0)])
        while queue:
            key, holds, depth = queue.popleft()
            for nxt in self.successors(key, known if holds else {}):
                if nxt in targets:
                    return depth + 1
                state = (nxt, holds and nxt not in self._heads)
                if state not in seen:
                    seen.add(state)
                    queue.append((*state, depth + 1))
        return None

    def successors(self, key: str, known: Mapping[str, Value]) -> tuple[str, ...]:
        """The steps `key` can jump to when `known` holds (the engine's statement order)."""
        reads = self._reads.get(key)
        if reads is None:
            reads = self._reads[key] = tuple(dict.fromkeys(asked_facts(self.program.steps[key])))
        memo = (key, tuple(known.get(fact) for fact in reads))
        found = self._successors.get(memo)
        if found is None:
            found = self._successors[memo] = tuple(self._successors_of(key, known))
        return found

    def _successors_of(self, key: str, known: Mapping[str, Value]) -> list[str]:
        step = self.program.steps[key]
        steps, tables = self.program.steps, self.program.tables
        out: list[str] = []
        for index, jump in enumerate(step.jumps):
            if isinstance(jump, m.Branch) and jump.target.special == "return":
                continue
            way = None if isinstance(jump, m.Split) else take(step, index, jump, known.get, tables, steps)
            if way is None and not isinstance(jump, m.Split):
                continue  # it does not hold, or names no step: the next statement is tried
            if isinstance(way, Exit):
                out += _known([way], steps)
            else:  # not known yet, or a split (into its branches and on at its join): every way it may take
                out += _known([w for w in jump_exits(step, index, jump, tables) if w.ending is None], steps)
            if isinstance(way, Exit) or always_decides(jump):
                break
        return out


def _known(ways: list[Exit], steps: Mapping[str, m.Step]) -> list[str]:
    return [w.key for w in ways if w.key is not None and w.key in steps]
