"""engine/step.py: a step that only goes on is decided once (Going), as step_move decides it."""

from __future__ import annotations

from checklist import model as m
from checklist.engine.reader import Reader
from checklist.engine.state import State
from checklist.engine.step import Going, step_move
from checklist.engine.trace import Trail, Visit
from checklist.graph.program import Program


def _arrived(key: str) -> State:
    return State(key, trail=Trail(None, Visit(key, "")))


def test_a_step_that_only_goes_on_is_decided_as_step_move_decides_it(flow: Program) -> None:
    going = Going(flow)
    decided = 0
    for key, step in flow.steps.items():
        state = _arrived(key)
        decision = going.decision(state)
        if step.actions or not step.jumps or not isinstance(step.jumps[0], m.Go):
            assert decision is None, key  # an action or a condition first: the reader decides
            continue
        reader = Reader.of(flow, state)
        need, moved = step_move(flow, state, reader)
        assert need is None and moved is not None, key
        if moved.kind != "jump":  # `go end`: left to step_move
            assert decision is None, key
            continue
        assert decision == moved, key
        assert reader.consulted == {} and reader.changed == {}, key  # it reads nothing: no reader is needed
        decided += 1
    assert decided >= 40  # the bundled flows have many (a fifth of a fight's visits)


def test_a_visit_that_has_begun_is_left_to_the_reader(flow: Program) -> None:
    going = Going(flow)
    key = next(k for k, s in flow.steps.items() if not s.actions and s.jumps and isinstance(s.jumps[0], m.Go))
    assert going.decision(_arrived(key)) is not None
    assert going.decision(State(key, statement=1)) is None  # back from a split: its next statement
    assert going.decision(State(key, consulted=("hp",))) is None
