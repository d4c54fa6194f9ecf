"""What Enter answers, and whose decision or roll a question is (an NPC's is proposed by its tactic).

A default is, in order: a fact's value when `default` names one (an NPC's tactic: flow/tactics.flow),
the acting combatant's last answer (a target still standing, the range: Program.habitual),
the flow's `default` (a hit location's torso, whatever was hit last), what the table view would
assume, or the first one offered (the readied weapon, a foe standing).  A roll has none: the dice
say, or the tool rolls.
"""

from __future__ import annotations

from checklist import model as m
from checklist.compute.evaluate import NoRoster
from checklist.engine.owned import for_another, owned
from checklist.engine.reader import Reader
from checklist.graph.program import Program
from checklist.model.kept import Kept

TACTICS = "tactics"


def default_for(reader: Reader, decl: m.Fact, names: tuple[str, ...]) -> str | None:
    """What Enter answers for `decl`, offered `names` (a combatant's, a guarded choice's)."""
    if decl.kind == "roll":
        return None
    named = reader.program.default_fact(decl)
    proposed = reader.read(named) if named is not None else None
    if proposed is not None and (not names or proposed in names):
        return str(proposed)  # `default npc-maneuver`: an NPC's tactic (flow/tactics.flow)
    roster = reader.roster
    habitual = roster is not None and reader.program.habitual(decl) and not for_another(reader)
    habit = roster.habit(roster.current, decl.name) if roster is not None and habitual else None
    if habit is not None and (not names or habit in names) and _still_there(reader, decl, habit):
        return str(habit)
    literal = reader.program.default_value(decl)
    preset = literal if literal is not None else decl.assumed
    if preset is not None and (not names or preset in names):
        return str(preset)
    if decl.kind in ("weapon", "combatant") and names:
        return names[0]
    return _npc_fallback(reader, decl, names)


def _npc_fallback(reader: Reader, decl: m.Fact, names: tuple[str, ...]) -> str | None:
    """An NPC's choice its tactic does not settle: the first one open (dodge, when the rules bar
    its parry).  A yes/no or a number stays the game master's (Is the combat over?)."""
    offered = names or decl.choices
    if decl.kind not in ("choice", "table") or not offered or npc(reader, decl) is None:
        return None
    return offered[0]


def _still_there(reader: Reader, decl: m.Fact, habit: object) -> bool:
    """A last target is proposed again only while they stand."""
    roster = reader.roster
    if decl.kind != "combatant" or roster is None:
        return True
    who = roster.index(str(habit))
    return who is not None and roster.standing(who)


def decider(reader: Reader, decl: m.Fact) -> int | None:
    """Whose decision or roll `decl` is: the combatant whose own thing it asks about (their Grip
    Mastery, the armor on their hit location), a defender's (a per-defender fact), the combatant a
    roll's skill reads (`target-ht` for a knockdown roll), or the actor's; None without a roster."""
    if reader.roster is None:
        return None
    owner = owned(reader, decl)
    if owner is not None:
        return owner[0]
    role = "target" if decl.scope == "defender" else _role(reader, decl)
    try:
        return reader.combatant(role)
    except NoRoster:
        return None


def owner(reader: Reader, decl: m.Fact) -> str | None:
    """The name of the combatant whose decision or roll this is (decider's), if any."""
    return whose(reader, decl)[0]


def npc(reader: Reader, decl: m.Fact) -> str | None:
    """The NPC (a combatant with a tactic) whose decision or roll this is, if any."""
    return whose(reader, decl)[1]


def whose(reader: Reader, decl: m.Fact) -> tuple[str | None, str | None]:
    """The combatant whose decision or roll this is (`owner`), and the same if they are an NPC (`npc`)."""
    who = decider(reader, decl)
    if who is None or reader.roster is None:
        return None, None
    sheet = reader.roster.sheets[who]
    return sheet.name, sheet.name if sheet.tactic else None


def _role(reader: Reader, decl: m.Fact) -> str:
    """`target` when what the fact is rolled against reads the target first (`target-ht`), else `actor`:
    the program's to say, once per fact (a roll's is found by looking through every fact)."""
    roles = _ROLES.made(reader.program, lambda _: {})
    role = roles.get(decl.name)
    if role is None:
        role = roles[decl.name] = _found_role(reader, decl)
    return role


_ROLES: Kept[Program, dict[str, str]] = Kept(100)


def _found_role(reader: Reader, decl: m.Fact) -> str:
    if decl.dice_expr is not None:
        return _first_role(reader, decl.dice_expr, set()) or "actor"
    for _, call in reader.program.rolled_against.get(decl.name, ())[:1]:
        return _first_role(reader, call.args[2], set()) or "actor"
    for fact in reader.program.facts.values() if decl.kind == "roll" else ():  # `target-ht - death-dice`
        if fact.expr is not None and any(n.name == decl.name for n in m.expr_names(fact.expr)):
            return _first_role(reader, fact.expr, {decl.name}) or "actor"
    return "actor"


def _first_role(reader: Reader, expr: m.Expr, seen: set[str]) -> str | None:
    if isinstance(expr, m.Attr) or (isinstance(expr, m.Lookup) and expr.table in ("actor", "target")):
        return expr.role if isinstance(expr, m.Attr) else expr.table
    if isinstance(expr, m.Name) and expr.name not in seen:
        seen.add(expr.name)
        decl = reader.program.facts.get(expr.name)
        return _first_role(reader, decl.expr, seen) if decl is not None and decl.expr is not None else None
    for child in m.expr_children(expr):
        found = _first_role(reader, child, seen)
        if found is not None:
            return found
    return None
