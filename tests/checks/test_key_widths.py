"""W309 counts a table's keys from its look-ups: `consciousness.roll[a, b, c, d]` has four, so two
rows that differ only in the fourth cell are not copies (flow/injury.flow's `consciousness`)."""

from __future__ import annotations

from pathlib import Path

from checklist import check, load

FLOW = """checklist t "T"
start 1
fact a : yes/no per turn "A?"
fact b : yes/no per turn "B?"
fact c : yes/no per turn "C?"
fact out : yes/no per turn "Out?" = both.out[a, b, c]
table both "Three keys"
  columns a | b | c | out
  row yes | yes | yes | yes
  row yes | yes | no | no
{extra}step 1 "One"
  if out -> 2
  else -> 2
step 2 "Two"
  end
"""


def codes(tmp_path: Path, extra: str) -> list[tuple[int, str]]:
    path = tmp_path / "t.flow"
    path.write_text(FLOW.format(extra=extra), encoding="utf-8")
    return [(d.span.line, d.code.code) for d in check(load(path))]


def test_rows_apart_in_a_later_key_are_not_copies(tmp_path: Path) -> None:
    assert codes(tmp_path, "") == []


def test_rows_alike_in_every_key_are(tmp_path: Path) -> None:
    assert codes(tmp_path, "  row yes | yes | no | yes\n") == [(11, "W309")]
