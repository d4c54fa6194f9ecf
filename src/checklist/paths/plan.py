"""The planner: a few answer scripts that together visit every step, or take every edge.

A script starts a fresh session at the flow's start.  Again and again it picks the nearest
target not yet covered (fewest jumps from where the session is), and the search (search.py)
finds the answers that make the real engine take it: shortest paths over the graph, with
detours around loops for the back edges, checked answer by answer against the engine.  A
script stops after about `max_answers` answers, or when the targets left are out of its
reach, and is then driven to an end.  Everything the engine did along the way counts, not
only the target aimed at.

A target the search cannot reach from a fresh session is reported with the reason: it is
unreachable from the start, its jump names a missing step, an earlier statement of its step
always jumps first, the engine never takes it (the search tried every state it could reach:
the facts known on every way there send the flow elsewhere), or the search budget ran out.
A script that cannot reach an end stops at its last target and says why.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Literal

from checklist import model as m
from checklist.engine.state import SessionError, State
from checklist.graph.flowgraph import Edge
from checklist.graph.program import Program
from checklist.model.jumps import always_decides
from checklist.paths.observe import Recorder
from checklist.paths.search import Goal, Search

Mode = Literal["steps", "edges"]
Target = Edge | str  # an edge, or a step key
MODES: tuple[Mode, ...] = ("edges", "steps")

BUDGET = 6_000  # engine states one search may expand (flow/'s edges need 5,000: a search mid-script gets a tenth)
MAX_ANSWERS = 300  # a script takes no new target past this many answers
MAX_MISSES = 3  # targets a script may fail to reach before it is closed
WORK_PER_BUDGET = 500  # all the searches of one plan together: this many engine steps per --budget state
CONTEXT_SHARE = 10  # mid-script, a search gets this share of the budget; from a fresh start, all of it


@dataclass
class Script:
    answers: list[str]
    prompts: list[str]  # what each answer answers: `combat.1 failed-consciousness`
    visits: int  # steps visited, as `checklist run` counts them (each visit, and each return after a split)
    covers: list[Target]  # targets first covered by this script
    ended: bool  # the flow reached an end; otherwise it stops at `stop`
    stop: str  # the last step: the end step, or the step the script stops at
    why: str = ""  # when it does not end: why not


@dataclass
class Coverage:
    mode: Mode
    targets: list[Target]
    scripts: list[Script] = field(default_factory=list)
    missed: dict[Target, str] = field(default_factory=dict)
    expanded: int = 0  # engine states the searches expanded
    failures: list[str] = field(default_factory=list)  # where the engine raised: a flow with check errors

    @property
    def covered(self) -> int:
        return sum(len(s.covers) for s in self.scripts)

    @property
    def visits(self) -> int:
        return sum(s.visits for s in self.scripts)

    @property
    def answers(self) -> int:
        return sum(len(s.answers) for s in self.scripts)


def cover(program: Program, mode: Mode = "edges", *, budget: int = BUDGET, max_answers: int = MAX_ANSWERS) -> Coverage:
    """Scripts that together cover every reachable step (`steps`) or edge (`edges`) of `program`."""
    return Planner(program, mode, budget, max_answers).run()


def targets_of(program: Program, mode: Mode) -> list[Target]:
    flow = program.flow
    if mode == "steps":
        return list(program.steps)
    edges: list[Target] = [e for key in program.steps for e in flow.out[key]]
    return edges + list(flow.dangling)


def source(target: Target) -> str:
    return target.source if isinstance(target, Edge) else target


def describe(target: Target) -> str:
    if not isinstance(target, Edge):
        return target
    label = f"{target.kind}: {target.label}" if target.label else target.kind
    return f"{target.source} -> {target.target or target.written} ({label})"


class Planner:
    def __init__(self, program: Program, mode: Mode, budget: int, max_answers: int) -> None:
        self.program = program
        self.flow = program.flow
        self.mode = mode
        self.budget = budget
        self.max_answers = max_answers
        self.coverage = Coverage(mode, targets_of(program, mode))
        self.covered: set[Target] = set()
        try:
            self.start = Recorder(program, seed=0).state.step
        except Exception as exc:  # noqa: BLE001 - e.g. the first step reads a fact nobody declared
            what = str(exc) if isinstance(exc, SessionError) else f"{type(exc).__name__}: {exc}"
            self.broken: str | None = f"the session cannot start: {what}"
            self.coverage.missed = dict.fromkeys(self.coverage.targets, self.broken)
            return
        self.broken = None
        self.search = Search(program)
        self.search.limit = budget * WORK_PER_BUDGET
        self.reachable = self.flow.reachable([self.start])
        self.can_end = self.flow.coreachable(self.flow.ends)
        for target in self.coverage.targets:
            reason = self._static_reason(target)
            if reason is not None:
                self.coverage.missed[target] = reason

    def run(self) -> Coverage:
        while self.broken is None and not self.search.spent():
            script = self._script()
            if script is None:
                break
            self.coverage.scripts.append(script)
        if self.broken is None and self.search.spent():
            why = (
                f"not tried: planning ran out of its work budget ({self.search.limit} engine steps, "
                f"{WORK_PER_BUDGET} x --budget {self.budget}); raise --budget, or plan a smaller flow"
            )
            for target in self._open(set()):
                self.coverage.missed[target] = why
        if self.broken is None:
            self.coverage.expanded = self.search.expanded
            self.coverage.failures = list(self.search.failures)
        return self.coverage

    def _open(self, skip: set[Target]) -> list[Target]:
        missed = self.coverage.missed
        self.search.work += len(self.coverage.targets)
        return [t for t in self.coverage.targets if t not in self.covered and t not in missed and t not in skip]

    def _script(self) -> Script | None:
        session = Recorder(self.program, seed=0)
        script = Script([], [], 0, [], False, session.state.step)
        self._credit(session, script)
        failed: set[Target] = set()
        while (
            len(script.answers) < self.max_answers
            and len(failed) < MAX_MISSES
            and session.question is not None
            and not self.search.spent()
        ):
            pending = self._open(failed)
            if not pending:
                break
            target = self._nearest(session.state, pending)
            if target is None:
                break  # every target left is behind this script (past its loops, in another branch)
            budget = self.budget if not script.answers else self.budget // CONTEXT_SHARE
            answers = self.search.find(session.state, self._goal(target), frozenset({source(target)}), budget)
            if answers is None:
                if script.answers:
                    failed.add(target)
                else:  # not even from a fresh start
                    self.coverage.missed[target] = self._why_not()
                continue
            self._play(session, script, answers)
        if not script.covers:
            return None
        self._finish(session, script)
        return script

    def _finish(self, session: Recorder, script: Script) -> None:
        if session.question is not None:
            answers = self.search.find(session.state, _ended, frozenset(self.flow.ends), self.budget)
            if answers is not None:
                self._play(session, script, answers)
        finished = session.finished
        script.visits = session.state.trail.length if session.state.trail is not None else 0
        script.stop = session.state.step
        script.ended = finished is not None and finished.kind == "end"
        if finished is not None and finished.kind == "stuck":
            script.why = f"the flow is stuck: {finished.label}"
        elif not script.ended:
            script.why = (
                "only reachable through a trap: no end can be reached from here"
                if script.stop not in self.can_end
                else f"no end found within {self.budget} states of search"
            )

    def _play(self, session: Recorder, script: Script, answers: list[str]) -> None:
        for text in answers:
            question = session.question
            assert question is not None
            what = question.fact if question.fact else question.kind
            if question.kind == "continue" and session.state.decision is not None:
                what = f"continue ({session.state.decision.describe()})"
            script.prompts.append(f"{session.state.step} {what}")
            session.answer(text)
            self.search.work += 1
            script.answers.append(text)
            self._credit(session, script)

    def _why_not(self) -> str:
        if self.search.exhausted:
            return (
                f"the engine never takes it: on every way there ({self.search.tried} states of the session "
                "tried), the facts already known send the flow elsewhere"
            )
        return f"not reached within the search budget ({self.budget} states; --budget raises it)"

    def _credit(self, session: Recorder, script: Script) -> None:
        found: list[Target] = list(session.taken) if self.mode == "edges" else list(session.visited)
        session.clear()
        for target in found:
            if target not in self.covered:
                self.covered.add(target)
                self.coverage.missed.pop(target, None)
                script.covers.append(target)

    def _goal(self, target: Target) -> Goal:
        if isinstance(target, Edge):
            return lambda rec: target in rec.taken
        return lambda rec: target in rec.visited

    def _nearest(self, state: State, pending: list[Target]) -> Target | None:
        """The pending target fewest jumps ahead of `state` (the first listed among equals);
        None when the graph has no way from here to any of them."""
        distance = {state.step: 0}
        queue = deque([state.step])
        while queue:
            key = queue.popleft()
            for nxt in self.flow.successors(key):
                if nxt not in distance:
                    distance[nxt] = distance[key] + 1
                    queue.append(nxt)
        self.search.work += len(distance)
        ahead = [t for t in pending if source(t) in distance]
        if not ahead and state.frames:
            return pending[0]  # the graph does not know where a `then return` split comes back to
        return min(ahead, key=lambda t: distance[source(t)], default=None)

    def _static_reason(self, target: Target) -> str | None:
        if isinstance(target, Edge) and target.target is None:
            return f"the jump names step {target.written}, which does not exist"
        if source(target) not in self.reachable:
            return "unreachable from the start"
        if isinstance(target, Edge) and _shadowed(self.program.steps[target.source], target):
            return "never taken: an earlier statement of the step always jumps first"
        return None


def _ended(rec: Recorder) -> bool:
    finished = rec.state.finished
    return finished is not None and finished.kind == "end"


def _shadowed(step: m.Step, edge: Edge) -> bool:
    """True when a statement before the edge's own always decides (model/jumps.py: always_decides)."""
    return any(always_decides(jump) for jump in step.jumps[: edge.jump])
