"""The real session engine, watched: which edges of the flow graph each answer makes it take.

`Watch` observes a `checklist.engine.session.Session` through its public hooks: it notes, as
the engine carries out each decision, the graph edge (`program.flow`, an `Edge`) that
decision follows and every step it visits.  `Recorder` is a Session with a Watch on it.
The planner (plan.py) reads these notes, so a script is credited only with what the engine
really did.

An edge is told apart from its parallel twins (`if a -> 5` and `else -> 5`, a `choose` with
two values for one step) by the source span of the jump the engine took: `FlowGraph` gives
each edge the span of the target it was built from (a dispatch edge, its table row's span).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from checklist import model as m
from checklist.engine.session import Session
from checklist.engine.state import Frame, State
from checklist.engine.trace import Decision
from checklist.graph.flowgraph import Edge, FlowGraph
from checklist.graph.program import Program
from checklist.model.jumps import Ask, Exit, jump_exits, take


class Watch:
    """An observer of a Session (its public hooks): each edge taken and each step visited."""

    keeps_states = False  # it reads each state during the call only

    def __init__(self, program: Program) -> None:
        self.program = program
        self.flow: FlowGraph = program.flow
        self.taken: list[Edge] = []
        self.visited_steps: list[str] = []

    def visited(self, step: str) -> None:
        self.visited_steps.append(step)

    def decided(self, before: State, decision: Decision, after: State) -> None:
        self.taken.extend(taken_edges(self.program, self.flow, before, decision, after))


class Recorder(Session):
    """A Session with a Watch on it: `taken` and `visited` are what the engine really did."""

    def __init__(self, program: Program, **kwargs: Any) -> None:
        self.watch = Watch(program)
        kwargs.setdefault("compute", False)  # plan over the decisions: every computed fact is an answer
        super().__init__(program, observers=(self.watch,), **kwargs)

    @property
    def taken(self) -> list[Edge]:
        return self.watch.taken

    @property
    def visited(self) -> list[str]:
        return self.watch.visited_steps

    def clear(self) -> None:
        self.watch.taken.clear()
        self.watch.visited_steps.clear()


def taken_edges(program: Program, flow: FlowGraph, before: State, decision: Decision, after: State) -> list[Edge]:
    """The edges one decision follows: its own jump, and the `after split` edge of every split
    whose last branch it finished (the flow goes on at the split's `until`)."""
    out: list[Edge] = []
    step = program.steps[before.step]
    if decision.kind in ("jump", "split") and decision.statement < len(step.jumps):
        jump = step.jumps[decision.statement]
        edge = _edge(flow.out[before.step], _spans(program, before, jump, decision))
        if edge is not None:
            out.append(edge)
    for frame in before.frames[len(after.frames) :]:  # splits this decision finished
        edge = _after_split(program, flow, frame)
        if edge is not None:
            out.append(edge)
    return out


def _spans(program: Program, state: State, jump: m.Jump, decision: Decision) -> Iterator[tuple[str, m.Span, int]]:
    """(edge kind, span, statement) of the graph edge a decision at `jump` follows."""
    step = program.steps[state.step]
    ways = [w for w in jump_exits(step, decision.statement, jump, program.tables) if w.ending is None]
    way: Exit | Ask | None
    if isinstance(jump, m.Split):  # into the branches, or (nobody) straight on at `until`
        way = next((w for w in ways if w.kind == ("split" if decision.names else "return")), None)
    elif isinstance(jump, (m.Choose, m.Dispatch)):  # the row or `when` the known value selects
        way = take(step, decision.statement, jump, state.value, program.tables, program.steps)
    else:  # a jump with one way: the decision took it
        way = ways[0] if ways else None
    if isinstance(way, Exit) and way.ending is None:
        yield way.kind, way.span, way.index


def _edge(edges: list[Edge], wanted: Iterator[tuple[str, m.Span, int]]) -> Edge | None:
    """The edge of that kind and span from that statement (two dispatches over one table share spans)."""
    for kind, span, statement in wanted:
        for edge in edges:
            if edge.kind == kind and edge.span == span and edge.jump == statement:
                return edge
    return None


def _after_split(program: Program, flow: FlowGraph, frame: Frame) -> Edge | None:
    if frame.goes_on is None:
        return None
    jump = program.steps[frame.step].jumps[frame.statement]
    if not isinstance(jump, m.Split) or jump.until is None:
        return None  # pragma: no cover - a frame is only made from a split
    return _edge(flow.out[frame.step], iter([("return", jump.until.span, frame.statement)]))
