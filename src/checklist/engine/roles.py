"""What a step reads of the roster: whom a role names (`actor`, `target`) and their attributes. The Reader
is a Roles."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from checklist.compute.evaluate import CannotCompute, NoRoster
from checklist.engine.state import Frame, branch_target
from checklist.model.vocabulary import SHEETLESS_NO

if TYPE_CHECKING:
    from checklist.engine.questions import Value
    from checklist.graph.program import Program
    from checklist.roster.combatants import Roster


class _Reading(Protocol):
    """What a Roles reads of the Reader it is."""

    program: Program
    roster: Roster | None
    frames: tuple[Frame, ...]

    def _input(self, fact: str) -> Value: ...

    def combatant(self, role: str) -> int: ...


class Roles:
    """A reader's combatants (engine/reader.py's Reader)."""

    __slots__ = ()

    def combatant(self: _Reading, role: str) -> int:
        """Which combatant a role names: `actor` is whose turn it is; `target` the combatant
        of the innermost defender (or combatant-hit) branch."""
        if self.roster is None:
            raise NoRoster("no roster")
        if role == "actor":
            return self.roster.current
        name = branch_target(self.frames)
        decl = self.program.facts.get(role)
        if name is None and decl is not None and decl.kind == "combatant":
            name = str(self._input(role))
        if name is None:
            raise NoRoster("no target: the defender split names the target")
        found = self.roster.index(name)
        if found is None:
            raise NoRoster(f"`{name}` is not in the roster")
        return found

    def attribute(self: _Reading, role: str, attr: str, key: str | None) -> Value:
        try:
            who = self.combatant(role)  # raises NoRoster without a roster
        except NoRoster:
            if attr in SHEETLESS_NO:  # no sheet, no body of its own: the flow's table is used
                return "no"
            raise
        assert self.roster is not None
        value = self.roster.get(who, attr, key)
        if value is None:
            sheet = self.roster.sheets[who]
            if attr == "sides-standing":  # a free-for-all: whether it is over is the game master's
                raise CannotCompute("the roster gives no sides")
            if attr.startswith("weapon-") and not sheet.weapons:
                raise CannotCompute(f"the roster does not say: it gives {sheet.name} no weapon")
            raise CannotCompute(
                f"the roster does not say: {sheet.name} has no `{attr}`" + (f" for {key}" if key else "")
            )
        return value
