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
