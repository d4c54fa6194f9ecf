"""engine/reader.py: what a step reads, and what it must ask when it cannot read it."""

from __future__ import annotations

from checklist.engine.reader import Reader
from checklist.engine.state import Known
from tests.engine.test_compute import flow_from_text

SUM_FLOW = """\
checklist demo "A worked-out sum"
start 1
fact a : number per attack "A?"
fact b : number per attack "B?"
fact total : number per attack "A plus B" = a + b
step 1 "Sum"
  find total
  go 2
step 2 "Done"
  end
"""


def test_a_fact_not_read_names_the_input_to_ask_first() -> None:
    reader = Reader(flow_from_text(SUM_FLOW), (), "demo.1", 0)
    assert reader.read("total") is None
    assert reader.ask("total") == ("a", "")
    known = (Known("a", 4, "attack", "asked", "demo.1", 1),)
    reader = Reader(flow_from_text(SUM_FLOW), known, "demo.1", 1)
    assert reader.read("total") is None
    assert reader.ask("total") == ("b", "")


def test_what_the_reader_learns_after_a_read_is_asked_from_again() -> None:
    """`ask` takes the input the last read lacked only while the reader has learnt nothing since: once
    `a` is known (as a computed fact or a preset would make it), `total` lacks `b`."""
    reader = Reader(flow_from_text(SUM_FLOW), (), "demo.1", 0)
    assert reader.read("total") is None
    reader.seq += 1
    reader.changed["a"] = Known("a", 4, "attack", "computed", "demo.1", reader.seq)
    assert reader.ask("total") == ("b", "")
    assert reader.read("total") is None
    assert reader.ask("total") == ("b", "")


CONDITIONS_FLOW = """\\
checklist demo "Worked out through conditions"
start 1
fact b : number per attack "B?"
fact a : yes/no per attack "Is B over 2?" = if b > 2 then yes else no
fact x : yes/no per attack "Does A hold?" = if a then yes else no
step 1 "X"
  find x
  go 2
step 2 "Done"
  end
"""


def test_a_condition_that_cannot_decide_asks_for_the_same_input_when_recalled() -> None:
    """`x` reads `a` in a condition, and `a` reads the unknown `b`: the first reader works it out and finds
    that `b` is to be asked; a second reader, which recalls that the condition lacked `a`, finds the same;
    with `b` known, both read as worked out."""
    program = flow_from_text(CONDITIONS_FLOW)
    for _ in range(2):
        reader = Reader(program, (), "demo.1", 0)
        assert reader.read("x") is None
        assert reader.ask("x") == ("b", "")
    for b, x in ((3, "yes"), (1, "no"), (3, "yes")):
        known = (Known("b", b, "attack", "asked", "demo.1", 1),)
        assert Reader(program, known, "demo.1", 1).read("x") == x
