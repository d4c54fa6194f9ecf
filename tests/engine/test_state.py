"""engine/state.py: the facts a visit's evaluation adds to the state, and the steps they were learnt at."""

from __future__ import annotations

from checklist.engine.state import Known, State, by_name, learnt_at, merged
from checklist.model.frozen import evolve


def test_a_merge_keeps_the_facts_by_name_and_the_steps_they_were_learnt_at() -> None:
    """A visit of c.3 works out `b` and adds a line to the ledger begun at c.1: the new state's facts by name
    and the steps they were learnt at (forget's first test) are those of its facts, as if made anew."""
    ledger = Known("total", 2, "attack", "ledger", "c.1", 1, lines=(("a", "c.1"),))
    before = State("c.3", facts=(Known("a", 2, "attack", "asked", "c.1", 0), ledger))
    assert learnt_at(before.facts) == {"c.1"}
    changed = (
        Known("b", 5, "attack", "computed", "c.3", 2),
        evolve(ledger, value=7, lines=(("a", "c.1"), ("b", "c.3"))),
    )
    after = merged(before, changed, ("b",), None, 0, 2)
    assert [k.fact for k in after.facts] == ["a", "b", "total"]  # a fact known before moves to the end
    assert by_name(after.facts) == {k.fact: k for k in after.facts}
    assert list(by_name(after.facts)) == ["a", "b", "total"]
    assert {k.step for k in after.facts} <= learnt_at(after.facts) == {"c.1", "c.3"}


def test_a_merge_leaves_the_facts_by_name_of_the_state_before_as_they_were() -> None:
    """A visit of the trace keeps the facts by name it decided with, and reads them when it is first read
    (engine/trace.py): a merge makes a new dict, and changes nothing in the one before."""
    first = Known("a", 2, "attack", "asked", "c.1", 0)
    before = State("c.3", facts=(first,))
    kept = by_name(before.facts)
    again = Known("a", 3, "attack", "asked", "c.3", 1)
    after = merged(before, (again, Known("b", 5, "attack", "computed", "c.3", 2)), ("a",), None, 0, 2)
    assert kept == {"a": first} and kept["a"] is first
    assert by_name(after.facts) == {"a": again, "b": after.facts[-1]}
