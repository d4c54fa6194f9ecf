"""When remembered facts are forgotten: derived from the flow, not written in Python.

Scopes nest: combat > turn > attack > defender.  A *head* of a scope is a step where that
scope's facts are first asked: walking the flow from the start, the first steps met that
ask a fact of the scope (the walk does not go past them).  In the combat checklist the
turn's head is combat.1, the attack's head is combat.28 (the first attack question) and the
defender's head is combat.60 (the first step of each defender's branch).

Arriving at a head of scope S starts a new S: every fact of scope S or narrower is
forgotten.  docs/run.md gives the other two rules (loops, split branches).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from checklist import model as m
from checklist.program import Program

RANK: dict[m.Scope, int] = {"combat": 0, "turn": 1, "attack": 2, "defender": 3}
NESTED: tuple[m.Scope, ...] = ("turn", "attack", "defender")


def asked_facts(step: m.Step) -> Iterator[str]:
    """The facts a step's jumps read (options are shown, not asked)."""
    for jump in step.jumps:
        if isinstance(jump, m.Branch):
            yield from (name for name, _ in m.condition_facts(jump.condition))
        elif isinstance(jump, (m.Choose, m.Dispatch)):
            yield jump.fact


@dataclass(frozen=True, slots=True)
class Scopes:
    heads: dict[m.Scope, frozenset[str]]

    @classmethod
    def derive(cls, program: Program, roots: Iterable[str] = ()) -> Scopes:
        starts = [r for r in roots if r in program.steps]
        if program.start in program.steps:
            starts.append(program.start)
        if not starts:
            starts = [c.steps[0].key for c in program.checklists.values() if c.steps]
        out = _successors(program)
        heads: dict[m.Scope, frozenset[str]] = {}
        for scope in NESTED:
            asking = {
                key for key, step in program.steps.items()
                if any(program.facts[f].scope == scope for f in asked_facts(step) if f in program.facts)
            }  # fmt: skip
            heads[scope] = frozenset(_frontier(starts, out, asking))
        return cls(heads)

    def starts_at(self, key: str) -> m.Scope | None:
        """The widest scope that arriving at `key` starts anew, if any."""
        for scope in NESTED:
            if key in self.heads.get(scope, frozenset()):
                return scope
        return None


def _successors(program: Program) -> dict[str, list[str]]:
    """Every step a step can lead to: jumps, split branches, joins, dispatch rows."""
    out: dict[str, list[str]] = {}
    for key, step in program.steps.items():
        nexts: list[str] = []
        for jump in step.jumps:
            targets: list[m.Target] = []
            if isinstance(jump, (m.Go, m.Branch, m.Otherwise)):
                targets.append(jump.target)
            elif isinstance(jump, m.Choose):
                targets.extend(w.target for w in jump.whens)
            elif isinstance(jump, m.Split):
                targets.append(jump.target)
                if jump.until is not None:
                    targets.append(jump.until)
            elif isinstance(jump, m.Dispatch):
                nexts.extend(_dispatch_targets(program, step, jump))
            for target in targets:
                resolved = program.resolve(target, step.checklist)
                if resolved in program.steps:
                    nexts.append(resolved)
        out[key] = nexts
    return out


def _dispatch_targets(program: Program, step: m.Step, jump: m.Dispatch) -> Iterator[str]:
    table = program.tables.get(jump.table)
    column = table.column(jump.column) if table is not None else None
    if table is None or column is None:
        return
    for row in table.rows:
        cell = row.cells[column].strip() if column < len(row.cells) else ""
        if cell.isdigit() and f"{step.checklist}.{cell}" in program.steps:
            yield f"{step.checklist}.{cell}"


def _frontier(starts: list[str], out: dict[str, list[str]], stop: set[str]) -> set[str]:
    """The steps of `stop` met first on walks from `starts` (walks end there)."""
    seen = set(starts)
    queue = deque(starts)
    found: set[str] = set()
    while queue:
        key = queue.popleft()
        if key in stop:
            found.add(key)
            continue
        for nxt in out.get(key, ()):
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return found
