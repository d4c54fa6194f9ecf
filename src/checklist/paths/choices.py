"""The answers worth trying at a question: one per way the flow can go on.

Typed exactly as at the `checklist run` prompt (and in an `--answers` file): `yes`/`no`,
a choice by name (by number when the name is itself a number), a number, a dice result,
`1`/`0` for a split (one branch, or none), and an empty line for Enter.
"""

from __future__ import annotations

from checklist import model as m
from checklist.engine.questions import Question
from checklist.engine.scopes import asked_facts
from checklist.graph.program import Program
from checklist.model.dice import Dice, DiceError


class Choices:
    """Candidate answers for each question of one program."""

    def __init__(self, program: Program) -> None:
        self.numbers = _numbers(program)
        self.first_lines = _first_lines(program)
        self.branching = _branching(program)

    def __call__(self, question: Question) -> list[str]:
        kind = question.kind
        if kind == "continue":
            return [""]
        if kind == "split":
            return ["1", "0"]
        if kind in ("yes/no", "choice", "table"):
            options = question.options if question.fact in self.branching else question.options[:1]
            return [o.value if not o.value.isdigit() else str(i) for i, o in enumerate(options, 1)]
        values = self.numbers.get(question.fact or "", [])
        if kind == "roll" and question.dice:
            try:
                dice = Dice.parse(question.dice)
            except DiceError:
                return ["r"]
            middle = (dice.low + dice.high) // 2  # with SKILL below: success, a miss by one, a miss
            wanted = {dice.low, dice.high, middle, middle + 1, middle + 3}
            values = sorted({min(max(v, dice.low), dice.high) for v in [*values, *wanted]})
        return [str(v) for v in values] or [str(SKILL if question.fact in self.first_lines else 0)]


def _numbers(program: Program) -> dict[str, list[int]]:
    """For each number or roll fact, the values on both sides of every comparison made with it."""
    found: dict[str, set[int]] = {}
    for step in program.steps.values():
        for jump in step.jumps:
            if isinstance(jump, m.Branch):
                _collect(jump.condition, found)
            elif isinstance(jump, m.Choose):
                for when in jump.whens:
                    if isinstance(when.value, int):
                        found.setdefault(jump.fact, set()).update((when.value, when.value + 1))
            elif isinstance(jump, m.Split) and jump.count is not None:  # one branch, or none
                found.setdefault(jump.count, set()).update((1, 0))
    return {fact: sorted(values) for fact, values in found.items()}


def _branching(program: Program) -> set[str]:
    """Facts whose value can change where the flow goes: read by a jump, or by a computed fact
    that is.  A fact that only feeds ledger lines is not: the rolls against the ledger already
    give every outcome, so trying each of its values would only multiply the states."""

    lines = {a.fact for step in program.steps.values() for a in step.actions if isinstance(a, m.Add)}
    found = {f for step in program.steps.values() for f in asked_facts(step) if f not in lines}
    readers: dict[str, set[str]] = {}
    for fact in program.facts.values():
        if fact.expr is not None and fact.name not in lines:
            for name in m.expr_names(fact.expr):
                readers.setdefault(name.name, set()).add(fact.name)
    todo = list(found)
    while todo:
        needed = todo.pop()
        for reader_of, users in readers.items():
            if needed in users and reader_of not in found:
                found.add(reader_of)
                todo.append(reader_of)
    return found


SKILL = 10  # a ledger's first line (a skill, a defense): middling, so that rolls can go either way


def _first_lines(program: Program) -> set[str]:
    """The first fact added to each ledger, in printed order (`add FACT to LEDGER`): its base value."""
    out: set[str] = set()
    seen: set[str] = set()
    for step in program.steps.values():
        for action in step.actions:
            if isinstance(action, m.Add) and action.ledger not in seen:
                seen.add(action.ledger)
                out.add(action.fact)
    return out


def _collect(cond: m.Condition, found: dict[str, set[int]]) -> None:
    if isinstance(cond, (m.AllOf, m.AnyOf)):
        for item in cond.items:
            _collect(item, found)
    elif isinstance(cond, m.Compare):
        found.setdefault(cond.fact, set()).update((cond.value - 1, cond.value, cond.value + 1))
    elif isinstance(cond, m.Equals) and isinstance(cond.value, int):
        found.setdefault(cond.fact, set()).update((cond.value, cond.value + 1))
