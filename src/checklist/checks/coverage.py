"""Whether a step's conditions cover every case, proved by trying each case that can differ.

A condition reads yes/no and choice facts by value and numbers against constants, so between two
neighbouring constants a number behaves the same: trying every value of each yes/no or choice fact,
and each constant of a number with the numbers just below and above it, tries every case. A fact
whose values the flow does not list (a combatant) also takes one value no condition names.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import product

from checklist import model as m
from checklist.model.conditions import Value, holds

MAX_CASES = 4096  # more combinations than this are not tried: the step is taken as not covered
OTHER = "\x00other"  # a value that no condition names
NUMBERS = ("number", "roll", "ledger")

Values = Callable[[m.Fact], "set[str] | None"]


def covers(conditions: list[m.Condition], facts: dict[str, m.Fact], values: Values) -> bool:
    """Whether one of `conditions` holds whatever the facts they read are (an undeclared fact: no)."""
    domains: dict[str, list[Value]] = {}
    for name, atoms in _atoms_by_fact(conditions).items():
        fact = facts.get(name)
        if fact is None:
            return False
        domains[name] = _domain(fact, atoms, values)
    size = 1
    for domain in domains.values():
        size *= len(domain)
    if size > MAX_CASES:
        return False
    names = list(domains)
    for case in product(*(domains[n] for n in names)):
        known = dict(zip(names, case, strict=True))
        if not any(holds(cond, known) for cond in conditions):
            return False
    return True


def _atoms(cond: m.Condition) -> Iterator[m.IsTrue | m.IsFalse | m.Equals | m.Compare]:
    if isinstance(cond, (m.AllOf, m.AnyOf)):
        for item in cond.items:
            yield from _atoms(item)
    else:
        yield cond


def _atoms_by_fact(conditions: list[m.Condition]) -> dict[str, list[m.IsTrue | m.IsFalse | m.Equals | m.Compare]]:
    found: dict[str, list[m.IsTrue | m.IsFalse | m.Equals | m.Compare]] = {}
    for cond in conditions:
        for atom in _atoms(cond):
            found.setdefault(atom.fact, []).append(atom)
    return found


def _domain(fact: m.Fact, atoms: list[m.IsTrue | m.IsFalse | m.Equals | m.Compare], values: Values) -> list[Value]:
    """The values of `fact` worth trying: one in each stretch where the conditions read it alike."""
    if fact.kind in NUMBERS:
        points = {0}
        for atom in atoms:
            if isinstance(atom, (m.Compare, m.Equals)) and isinstance(atom.value, int):
                points.update((atom.value - 1, atom.value, atom.value + 1))
        return sorted(points | {min(points) - 1, max(points) + 1})
    listed = values(fact)
    if listed is not None:
        return sorted(listed)
    named = {str(atom.value) for atom in atoms if isinstance(atom, m.Equals)}
    return [*sorted(named), OTHER]
