"""`split T for each ITEM of COUNT`: COUNT (and ITEM, when it is declared) must be numbers (E305)."""

from __future__ import annotations

from pathlib import Path

from checklist import check, load

FLOW = """checklist demo "Counted split"
start 1
fact hits-landing : {count} per attack "How many hits land?"
fact hit : {item} per attack "Which hit is this?"
step 1 "Hits"
  split 2 for each hit of hits-landing until 3
step 2 "Damage"
  if hit > 1 -> 3
  else -> 3
step 3 "Done"
  end
"""


def findings(tmp_path: Path, count: str, item: str) -> list[tuple[str, int, str]]:
    path = tmp_path / "demo.flow"
    path.write_text(FLOW.format(count=count, item=item), encoding="utf-8")
    return [(d.code.code, d.span.line, d.message) for d in check(load(path))]


def test_a_number_counts_the_branches_and_numbers_them(tmp_path: Path) -> None:
    assert findings(tmp_path, "number", "number") == []


def test_a_count_that_is_not_a_number_is_refused_at_the_split(tmp_path: Path) -> None:
    assert findings(tmp_path, "yes/no", "number") == [
        ("E305", 6, "split at demo.1: `hits-landing` counts the branches but is a yes/no")
    ]


def test_a_declared_item_that_is_not_a_number_is_refused(tmp_path: Path) -> None:
    found = findings(tmp_path, "number", "choice(first, second)")
    assert ("E305", 6, "split at demo.1: `hit` is each branch's number but is a choice") in found


def test_the_count_is_a_fact_the_split_reads(tmp_path: Path) -> None:
    path = tmp_path / "demo.flow"
    path.write_text(FLOW.format(count="number", item="number").replace("of hits-landing", "of hits-landed"),
                    encoding="utf-8")  # fmt: skip
    codes = [(d.code.code, d.message) for d in check(load(path))]
    assert ("E301", "fact `hits-landed` is not declared") in codes
