"""What a combatant has, asked of the game master: whose it is, and the roster that keeps the answer."""

from __future__ import annotations

from checklist import model as m
from checklist.compute.evaluate import ROLES, CannotCompute, Need, NoRoster, show
from checklist.engine.questions import Value
from checklist.engine.reader import Reader
from checklist.graph.program import Program
from checklist.model.vocabulary import OWNED, OWNED_AT
from checklist.roster.combatants import Roster, at_key


def _had(expr: m.Expr | None) -> bool:
    """Whether a fact's expression reads what a combatant has: `actor.grip-mastery`, `target.flexible-armor[X]`."""
    if isinstance(expr, m.Attr):
        return expr.name in OWNED
    return isinstance(expr, m.Lookup) and expr.table in ROLES and expr.column in OWNED_AT and len(expr.keys) == 1


def keeps(program: Program, decl: m.Fact) -> bool:
    """Whether an answer to `decl` can change the roster (`learnt`): what a combatant has, or a habit."""
    return _had(decl.expr) or (decl.scope != "defender" and program.habitual(decl))


def owned(reader: Reader, decl: m.Fact) -> tuple[int, str] | None:
    """Whose is a fact read from what a combatant has, and the name it is kept under: `= actor.grip-mastery`,
    or at a place, `= target.flexible-armor[LOCATION]` (`flexible-armor[torso]`: the place must be known)."""
    expr = decl.expr
    if reader.roster is None or not _had(expr):
        return None
    if isinstance(expr, m.Attr):
        try:
            return reader.combatant(expr.role), expr.name
        except NoRoster:
            return None
    if isinstance(expr, m.Lookup):
        try:  # whose first, then the place, as a step reads them
            who = reader.combatant(expr.table)
            return who, at_key(expr.column, show(reader.evaluator().run(expr.keys[0]).value))
        except (Need, CannotCompute):
            return None
    return None


def learnt(reader: Reader, decl: m.Fact, answer: Value) -> Roster | None:
    """The roster after an answer: one about what a combatant has (Grip Mastery, a shield; the armor
    on a hit location) is kept for that combatant (and that place) only. The reader is released."""
    owner = owned(reader, decl)
    reader.release()
    roster = reader.roster if owner is None or reader.roster is None else reader.roster.learn(*owner, answer)
    if roster is not None and decl.scope != "defender" and reader.program.habitual(decl) and not for_another(reader):
        roster = roster.remember(roster.current, decl.name, answer)  # the actor's: their target, their range
    return roster


def for_another(reader: Reader) -> bool:
    """Whether a split branch runs for a combatant other than the actor (a triggered Wait's): `actor` there is
    still whose turn it is, so the actor's habits (their maneuver, their target) are neither proposed nor kept."""
    roster = reader.roster
    if roster is None or not reader.frames:
        return False
    actor = roster.sheets[roster.current].name
    return any((name := f.names[f.index]) != actor and roster.index(name) is not None for f in reader.frames)
