"""model/kept.py: values kept by their object's identity, not its equality, within a bound."""

from __future__ import annotations

from checklist.model.kept import Kept


class Record:
    """Equal to every other Record, as two tables with the same rows are: Kept must not mix them up."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Record)

    def __hash__(self) -> int:
        return 0


def test_a_value_is_kept_for_its_object_only() -> None:
    kept: Kept[Record, str] = Kept()
    one, other = Record(), Record()
    assert one == other and kept.get(one) is None
    assert kept.put(one, "made from one") == "made from one"
    assert kept.get(one) == "made from one"
    assert kept.get(other) is None  # equal, but another object
    kept.put(other, "made from other")
    assert (kept.get(one), kept.get(other)) == ("made from one", "made from other")


def test_past_its_limit_everything_is_dropped() -> None:
    kept: Kept[Record, int] = Kept(limit=3)
    records = [Record() for _ in range(4)]
    for n, record in enumerate(records[:3]):
        kept.put(record, n)
    assert [kept.get(r) for r in records[:3]] == [0, 1, 2]
    kept.put(records[3], 3)  # the fourth: the three before it are dropped
    assert [kept.get(r) for r in records] == [None, None, None, 3]


def test_a_value_is_made_once_for_its_object_even_an_empty_one() -> None:
    """`made` keeps what it makes, an empty dict too (a `get(...) or put(...)` made a new one each time)."""
    kept: Kept[Record, dict[str, int]] = Kept()
    one, other = Record(), Record()
    calls: list[Record] = []

    def make(of: Record) -> dict[str, int]:
        calls.append(of)
        return {}

    first = kept.made(one, make)
    assert kept.made(one, make) is first and calls == [one]
    assert kept.made(other, make) is not first and calls == [one, other]
