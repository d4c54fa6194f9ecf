"""A ledger's value, as a step reads it: the sum of its lines (facts added at steps, `add FACT to LEDGER`), each
line read in order, plus the game master's correction (Known.adjust). The Reader is a Ledgers."""

from __future__ import annotations

from collections.abc import Container
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
    _aside: Container[str]

    def value(self, fact: str) -> Value: ...

    def _sum(self, current: Known, lines: tuple[tuple[str, str], ...]) -> tuple[int, tuple[Known, ...] | None]: ...


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
        total, read = self._sum(current, lines)
        grown = self.changed[ledger] = _GROWN(current, lines, total)
        _remember(grown, read, total)

    def ledger(self: _Reading, name: str) -> int:
        current = self.changed.get(name) or self._base.get(name)
        if current is None:
            return 0
        total, read = self._sum(current, current.lines)
        if total != current.value:
            current = self.changed[name] = evolve(current, value=total)
        _remember(current, read, total)
        return total

    def _sum(
        self: _Reading, current: Known, lines: tuple[tuple[str, str], ...]
    ) -> tuple[int, tuple[Known, ...] | None]:
        """The sum of `lines` read in order (as a step that reads the ledger reads each), plus the ledger's adjust;
        and the lines' Knowns, when each was known as it is (a ledger, or a split's item, is not). When `current`
        was summed from lines that are still the same Knowns, its sum is taken and only the lines after them read."""
        start, total, read = 0, current.adjust, _SUMMED.get(id(current))
        if read is not None and read[0] is current:  # its lines begin `lines`: a line is only ever added
            changed, base, aside, consulted = self.changed, self._base, self._aside, self.consulted
            for (fact, _), was in zip(lines, read[1], strict=False):
                if (changed.get(fact) or base.get(fact)) is not was or fact in aside:
                    break
                consulted[fact] = None  # read, as the sum reads each line
            else:
                start, total = len(read[1]), current.adjust + read[2]
        knowns: list[Known] | None = list(read[1]) if read is not None and start else []
        for fact, _step in lines[start:]:
            try:
                value = self.value(fact)
            except CannotCompute:  # a line worked out before, forgotten since (an override): ask it
                raise Need(fact) from None
            total += value if isinstance(value, int) else 0
            if knowns is not None:
                known = self.changed.get(fact) or self._base.get(fact)
                knowns = None if known is None or fact in self._aside else [*knowns, known]
        return total, tuple(knowns) if knowns is not None else None


_SUMMED: dict[int, tuple[Known, tuple[Known, ...], int]] = {}  # by a ledger's Known: its lines' Knowns, their sum


def _remember(ledger: Known, lines: tuple[Known, ...] | None, total: int) -> None:
    """Keep what `ledger` (a Known) was summed from, and the sum less its adjust, for the next `_sum` of it: a turn
    adds line after line to a ledger, and reads it again at later steps. An entry holds its Known (an id is
    not reused while it is kept); past 20,000 entries they are all dropped."""
    if lines is None:
        return
    if len(_SUMMED) > 20_000:
        _SUMMED.clear()
    _SUMMED[id(ledger)] = (ledger, lines, total - ledger.adjust)
