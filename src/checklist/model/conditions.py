"""How a condition reads, written once: the session asks what it needs, the planner guesses ahead."""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from checklist import model as m

Value = int | str
COMPARE: dict[str, Callable[[Any, Any], bool]] = {
    ">=": operator.ge,
    "<=": operator.le,
    ">": operator.gt,
    "<": operator.lt,
}


def truthy(value: Value) -> bool:
    if isinstance(value, int):
        return value != 0
    return value not in ("no", "")


def decide(cond: m.Condition, read: Callable[[str], Value | None]) -> bool | str:
    """True or False, or the name of the fact to ask first.

    `and`/`or` look at the facts already known before asking anything: `a and b` with b
    known false is false without asking a.
    """
    if isinstance(cond, (m.AllOf, m.AnyOf)):
        decisive = isinstance(cond, m.AnyOf)  # the item value that settles the whole
        missing: str | None = None
        for item in cond.items:
            result = decide(item, read)
            if isinstance(result, str):
                missing = missing or result
            elif result is decisive:
                return decisive
        return missing if missing is not None else not decisive
    value = read(cond.fact)
    if value is None:
        return cond.fact
    return atom_holds(cond, value)


def atom_holds(cond: m.IsTrue | m.IsFalse | m.Equals | m.Compare, value: Value) -> bool:
    """Whether one condition holds, given the known value of the fact it names."""
    if isinstance(cond, m.IsTrue):
        return truthy(value)
    if isinstance(cond, m.IsFalse):
        return not truthy(value)
    if isinstance(cond, m.Equals):
        return (str(value) == str(cond.value)) != cond.negated
    number = value if isinstance(value, int) else _int(value)
    if number is None:
        return False
    return COMPARE[cond.op](number, cond.value)


def _int(text: str) -> int | None:
    try:
        return int(text)
    except ValueError:
        return None


def condition_mentions(cond: m.Condition) -> Iterator[tuple[str, m.Span, str | int | None]]:
    """(fact, span, value it must equal or None) for every fact a condition names."""
    if isinstance(cond, (m.AllOf, m.AnyOf)):
        for item in cond.items:
            yield from condition_mentions(item)
    else:
        yield cond.fact, cond.span, cond.value if isinstance(cond, m.Equals) else None


def holds(cond: m.Condition, known: Mapping[str, Value]) -> bool | None:
    """True, False, or None when it depends on facts not known yet."""
    result = decide(cond, known.get)
    return None if isinstance(result, str) else result
