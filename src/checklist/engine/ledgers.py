"""A ledger's value, as a step reads it: the sum of its lines (facts added at steps, `add FACT to LEDGER`), each
line read in order, plus the game master's correction (Known.adjust). The Reader is a Ledgers."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from checklist.compute.evaluate import CannotCompute, Need
from checklist.engine.state import Known
from checklist.model.frozen import evolve
from checklist.model.kept import Kept

if TYPE_CHECKING:
    from checklist.engine.questions import Value
    from checklist.graph.program import Program

_LINES: Kept[Known, tuple[Known, ...]] = Kept(20_000)  # a ledger's line facts as its sum read them (Ledgers._sum)


class _Reading(Protocol):
    """What a Ledgers reads of the Reader it is."""

    program: Program
    changed: dict[str, Known]
    consulted: dict[str, None]
    _base: dict[str, Known]
    preset: dict[str, Value]
    counted: frozenset[str]
    step: str
    seq: int

    def value(self, fact: str) -> Value: ...

    def _sum(self, ledger: Known, lines: tuple[tuple[str, str], ...]) -> tuple[int, tuple[Known, ...] | None]: ...


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
        made = self.changed[ledger] = evolve(current, lines=lines, value=total)
        if read is not None:
            _LINES.put(made, read)

    def ledger(self: _Reading, name: str) -> int:
        current = self.changed.get(name) or self._base.get(name)
        if current is None:
            return 0
        total, read = self._sum(current, current.lines)
        if total != current.value:
            current = evolve(current, value=total)
            self.changed[name] = current
        if read is not None and _LINES.get(current) is None:
            _LINES.put(current, read)
        return total

    def _sum(self: _Reading, ledger: Known, lines: tuple[tuple[str, str], ...]) -> tuple[int, tuple[Known, ...] | None]:
        """The sum of `lines` read in order (as a step that reads the ledger reads each), plus the ledger's
        correction; and each line's fact as read, None if one is not plain (known, read as it is known: what
        Reader.value tests first). The lines of `ledger` last summed (_LINES) whose facts are the same here
        are not read again: only noted as read."""
        changed, base, consulted = self.changed, self._base, self.consulted
        ledgers, counted = self.program.ledgers, self.counted
        total, read, kept = ledger.adjust, [], () if self.preset else _LINES.get(ledger) or ()
        for (fact, _step), known in zip(lines, kept, strict=False):
            if (changed.get(fact) or base.get(fact)) is not known or fact in ledgers or fact in counted:
                break
            consulted[fact] = None
            total += known.value if isinstance(known.value, int) else 0
            read.append(known)
        for fact, _step in lines[len(read) :]:
            try:
                value = self.value(fact)
            except CannotCompute:  # a line worked out before, forgotten since (an override): ask it
                raise Need(fact) from None
            total += value if isinstance(value, int) else 0
            now = changed.get(fact) or base.get(fact)
            if now is not None and not self.preset and fact not in ledgers and fact not in counted:
                read.append(now)
        return total, tuple(read) if len(read) == len(lines) else None
