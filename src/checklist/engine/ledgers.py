"""A ledger's value, as a step reads it: the sum of its lines (facts added at steps, `add FACT to LEDGER`), each
line read in order, plus the game master's correction (Known.adjust). The Reader is a Ledgers."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from checklist.compute.evaluate import CannotCompute, Need
from checklist.engine.state import Known
from checklist.model.frozen import evolve, replacer

if TYPE_CHECKING:
    from checklist.engine.questions import Value
    from checklist.graph.program import Program


_GROWN = replacer(Known, "lines", "value")  # a line added: a fight adds two hundred


class _Reading(Protocol):
    """What a Ledgers reads of the Reader it is."""

    program: Program
    changed: dict[str, Known]
    consulted: dict[str, None]
    _base: dict[str, Known]
    step: str
    seq: int
    _summed: dict[str, tuple[tuple[tuple[str, str], ...], int, int]]

    def value(self, fact: str) -> Value: ...

    def _sum(self, ledger: str, lines: tuple[tuple[str, str], ...], adjust: int) -> int: ...


class Ledgers:
    """A reader's ledgers: what it adds to them and what it reads of them (engine/reader.py's Reader)."""

    __slots__ = ()

    def add_line(self: _Reading, fact: str, ledger: str) -> None:
        """Make `fact` a line of `ledger` (once); the fact must be known."""
        current = self.changed.get(ledger) or self._base.get(ledger)
        decl = self.program.facts[ledger]
        if current is None:
            self.seq += 1
            current = Known(ledger, 0, decl.scope, "ledger", self.step, self.seq)
        lines = current.lines
        if fact not in [line for line, _ in lines]:
            lines += ((fact, self.step),)
        self.changed[ledger] = _GROWN(current, lines, self._sum(ledger, lines, current.adjust))

    def ledger(self: _Reading, name: str) -> int:
        current = self.changed.get(name) or self._base.get(name)
        if current is None:
            return 0
        total = self._sum(name, current.lines, current.adjust)
        if total != current.value:
            self.changed[name] = evolve(current, value=total)
        return total

    def _sum(self: _Reading, ledger: str, lines: tuple[tuple[str, str], ...], adjust: int) -> int:
        """The sum of `lines` read in order (as a step that reads the ledger reads each), plus `adjust`. A line
        read once reads the same for the rest of this reader, a ledger aside: a sum that only adds lines to the
        last one this reader made of the ledger reads the new lines alone."""
        summed = self._summed.get(ledger)
        start, total = 0, adjust
        if summed is not None and summed[1] == adjust and lines[: len(summed[0])] == summed[0]:
            start, total = len(summed[0]), summed[2]
        ledgers, plain = self.program.ledgers, True
        for fact, _step in lines[start:]:
            try:
                value = self.value(fact)
            except CannotCompute:  # a line worked out before, forgotten since (an override): ask it
                raise Need(fact) from None
            total += value if isinstance(value, int) else 0
            plain = plain and fact not in ledgers
        if plain:
            self._summed[ledger] = (lines, adjust, total)
        return total
