"""The roll just made, as the game master reads it: `3d6 → 13 vs 15: success by 2`.

A roll answers a `roll` fact, rolled by the tool (`r`) or typed from a physical roll.  What
it was rolled against is read from the flow, not written here: a computed fact whose
expression is `success(TABLE, ROLL, SKILL)` names the roll and the skill, and its value
(critical success, success, failure, critical failure) is the outcome.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING

from checklist import model as m
from checklist.compute.evaluate import CannotCompute, Evaluator, Need, as_value
from checklist.engine.questions import Value
from checklist.engine.reader import Reader
from checklist.engine.session import Session
from checklist.engine.state import Known, branch_target
from checklist.graph.program import Program
from checklist.model.conditions import decide
from checklist.model.vocabulary import SHEET_NUMBERS
from checklist.present.criticals import critical_line, succeeds_on
from checklist.present.landed import feint_line, hits_line, landed_line
from checklist.present.passing import since_answer
from checklist.present.words import gm_words

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass


@dataclass(frozen=True, slots=True)
class RollView:
    fact: str  # the roll fact, e.g. attack-dice
    question: str  # its question, e.g. "Roll 3d6 for the attack"
    dice: str  # 3d6
    value: int
    rolled: bool  # True: the tool rolled it; False: typed from a physical roll
    against: int | None = None  # the skill or score it was rolled against, when the flow says
    against_name: str | None = None  # that skill's fact, e.g. final-skill
    outcome: str | None = None  # critical-success, success, failure, critical-failure
    then: str | None = None  # a damage roll: what it did, "8 cut to the torso · DR 2 · 6 penetrating · ..."

    @property
    def margin(self) -> int | None:
        return None if self.against is None else self.against - self.value


def last_roll(session: Session) -> RollView | None:
    """The roll the last answer gave, if it was a roll."""
    if not session.events or session.events[-1].kind != "answer":
        return None
    event = session.events[-1]
    decl = session.program.facts.get(event.fact or "")
    if decl is None or decl.kind != "roll" or not isinstance(event.value, int):
        return None
    asked = session.history[-2].question if len(session.history) > 1 else None
    dice = asked.dice if asked is not None and asked.dice else decl.dice  # `roll of ...`: worked out when asked
    known = _values_since(session)
    asked_at = session.history[-2] if len(session.history) > 1 else session.state  # the state the roll was asked in
    whom = branch_target(asked_at.frames) or str(known.get("target") or "")
    then = _damage(session.program, known, decl.name, whom) or hits_line(known, decl.name)
    then = then or landed_line(known, decl.name) or feint_line(known, decl.name)
    then = then or critical_line(known, decl.name, whom, asked_at.roster)
    said = decl.question if session.pause else gm_words(session.program, asked_at, decl.question)
    roll = RollView(decl.name, said, dice or "", event.value, event.rolled, then=then)
    for fact, call in session.program.rolled_against.get(decl.name, ()):
        outcome = known.get(fact)
        if outcome is None:
            continue
        sheet = Reader.of(session.program, asked_at).attribute  # `target.ht`: the branch's combatant, as asked
        score, name = _against(session, call.args[2], known, sheet)
        return replace(roll, against=score, against_name=name, outcome=str(outcome))
    return roll


def _damage(program: Program, known: dict[str, Value], roll: str, whom: str) -> str | None:
    """What a damage roll did, from flow/injury.flow's chain: the game master can check each number
    (`9 cut to the torso · DR 2 · penetrating 7 × 1.5 (cut) · injury 10 · Bruno's HP 15 → 5`)."""
    if known.get("damage-roll") is None or roll != "damage-roll":
        return None
    stopped = _stopped(known)
    if "injury" not in known and not stopped:
        return None
    where = str(known.get("wound-location", "")).replace("-", " ")
    parts = [
        f"{known.get('basic-damage', known['damage-roll'])} {known.get('damage-type', '')}".strip()
        + (f" to the {where}" if where else "")
    ]
    parts += [
        f"{label} {known[fact]}"
        for fact, label in (("effective-dr", "DR"), ("penetrating", "penetrating"))
        if fact in known
    ]
    times = _wounding(program, known)
    if times is not None and "penetrating" in known:
        parts[-1] += f" × {times} ({known.get('damage-type', '')})"
    parts.append("no injury: the DR stopped it all" if stopped else _injury(known, where))
    if known.get("crippled") == "yes":
        parts.append("crippled")
    if known.get("major-wound") == "yes":
        parts.append("major wound")
    if "hp-after" in known and "target-current-hp" in known:
        who = f"{whom}'s " if whom else ""
        parts.append(f"{who}HP {known['target-current-hp']} → {known['hp-after']}")
    return " · ".join(parts)


def _stopped(known: dict[str, Value]) -> bool:
    """DR stopped the whole blow and nothing gets through it (B379: rigid armor, or flexible armor with
    too little stopped for blunt trauma): the flow goes on without an injury step. Not while whether the
    armor is flexible is still to be asked."""
    if "injury" in known or known.get("penetrating") != 0:
        return False
    return known.get("flexible-armor") == "no" or known.get("blunt-trauma") == 0


def _wounding(program: Program, known: dict[str, Value]) -> str | None:
    """The wounding multiplier the injury's formula took from its table (`cell(...)`, B379), when it
    is not 1 and something got through: `1.5`."""
    decl = program.facts.get("injury")
    penetrating = known.get("penetrating")
    call = next((c for c in _cells(decl.expr)), None) if decl is not None and decl.expr is not None else None
    if call is None or not isinstance(penetrating, int) or penetrating <= 0:
        return None

    def read(fact: str) -> Value:
        if fact not in known:
            raise CannotCompute(f"`{fact}` is not known")
        return known[fact]

    try:
        value = Evaluator(program, read, _no_condition).run(call).value
    except (CannotCompute, Need):
        return None
    return None if not isinstance(value, int | Fraction) or value == 1 else f"{float(value):g}"


def _cells(expr: m.Expr) -> Iterator[m.Call]:
    if isinstance(expr, m.Call) and expr.func == "cell":
        yield expr
    for child in m.expr_children(expr):
        yield from _cells(child)


def _injury(known: dict[str, Value], where: str) -> str:
    """`injury 2 (of 4: ...)`: what the hit recorded, and why not all of it (a crippling cap, B421)."""
    injury, whole = known.get("wound-injury", known["injury"]), known["injury"]
    if injury == whole:
        return f"injury {injury}"
    earlier = known.get("earlier-wounds")
    if known.get("crippled-before") == "yes":
        why = f"the {where} was crippled before: nothing more is recorded there"
    elif isinstance(earlier, int) and earlier > 0:
        why = f"{earlier} recorded on the {where} before; the rest is lost"
    else:
        why = "the rest is lost"
    return f"injury {injury} (of {whole}: {why})"


def _values_since(session: Session) -> dict[str, Value]:
    """What is known now, and what the steps since the roll used (a branch that ended forgets its facts)."""
    values: dict[str, Value] = {}
    for visit in since_answer(session):
        values.update({fact: value for fact, value, _ in visit.used})
    values.update({k.fact: k.value for k in session.state.facts})
    return values


def _against(
    session: Session, skill: m.Expr, known: dict[str, Value], sheet: Callable[[str, str, str | None], Value]
) -> tuple[int | None, str | None]:
    """What the roll was against: a fact (`final-skill`), a sheet's number (`target.ht`, read by
    `sheet` where the roll was asked: an awakening roll's branch is over once it is rolled) or
    arithmetic on them (`target-ht + knockdown-modifier`, `target.ht + bleeding-penalty`), worked
    out from what is known."""

    def read(fact: str) -> Value:
        if fact not in known:
            raise CannotCompute(f"`{fact}` is not known")
        return known[fact]

    def holds(cond: m.Condition) -> bool:
        raise CannotCompute("a condition")

    try:
        worked = Evaluator(session.program, read, holds, sheet).run(skill)
    except (CannotCompute, Need):
        return None, _written(skill)
    value, _ = as_value(worked.value)
    return (value if isinstance(value, int) else None), _written(skill)


def roll_target(session: Session) -> tuple[str, str | None] | None:
    """Before a roll: what it must come under, in the game master's words, worked out from what
    is known (`15 or less: HT 12 + knockdown and stunning modifier 3`), and the ledger it spells
    out, if it is one (`16 or less: attacker's skill 15, size modifier bonus +1`: effective-skill);
    None when the flow does not say (a damage roll) or a number is not known yet."""
    question = session.state.question
    if question is None or question.kind != "roll" or question.fact is None:
        return None
    calls = session.program.rolled_against.get(question.fact, ())
    if not calls:
        return None
    call = calls[0][1]
    reader = Reader.of(session.program, session.state, assume=not session.pause)
    try:
        worked = Evaluator(session.program, reader.read, _no_condition, reader.attribute).run(call.args[2])
    except (CannotCompute, Need):
        return None
    score, _ = as_value(worked.value)
    skill = call.args[2]
    ledger = _ledger_of(session, reader, skill.name, score) if isinstance(skill, m.Name) else None
    lines = tuple(m.Name(fact, skill.span) for fact, _ in ledger.lines) if ledger is not None else ()
    table = session.program.tables.get(call.args[0].name) if isinstance(call.args[0], m.Name) else None
    passes = succeeds_on(table, question.dice, score) if table is not None and isinstance(score, int) else None
    under = (passes or f"{score} or less") + _with_weapon(session, (skill, *lines))
    if ledger is not None:
        return f"{under}: {_ledger_words(session, ledger)}", ledger.fact
    words = _words(session.program, skill, reader.read, lambda a: reader.attribute(a.role, a.name, None))
    return under + (f": {words}" if words else ""), None


def _with_weapon(session: Session, read: tuple[m.Expr, ...]) -> str:
    """` with the Large Bowie Knife (Swung)`: the weapon of the attack, when what the roll is made
    against (`read`: the skill, and a ledger's lines) reads the attacker's skill with the weapon
    (`actor.weapon-skill`) and the attacker has more than one: the table sees which one the attack is
    made with. Another weapon attribute is no roll with the weapon: the target's DX roll against
    knockback reads the attack's damage type (`actor.weapon-type`), and is not made with the Maul."""
    weapon = session.state.value("weapon")
    roster = session.state.roster
    if not weapon or roster is None or len(roster.actor.weapons) < 2:
        return ""
    seen: set[str] = set()
    return f" with the {weapon}" if any(_reads_weapon(session.program, e, seen) for e in read) else ""


def _reads_weapon(program: Program, expr: m.Expr, seen: set[str]) -> bool:
    if isinstance(expr, m.Attr):
        return expr.role == "actor" and expr.name == "weapon-skill"
    if isinstance(expr, m.Name):
        decl = program.facts.get(expr.name)
        if expr.name in seen or decl is None or decl.expr is None:
            return False
        seen.add(expr.name)
        return _reads_weapon(program, decl.expr, seen)
    return any(_reads_weapon(program, child, seen) for child in m.expr_children(expr))


def _ledger_of(session: Session, reader: Reader, fact: str, score: Value, depth: int = 4) -> Known | None:
    """The ledger a fact is, or comes to unchanged (`final-skill` is `effective-skill` but for a
    Move and Attack's cap; `defense-score` is the parry's ledger): None when it is not one."""
    found = session.state.known().get(fact)
    if found is not None and found.lines:
        return found
    decl = session.program.facts.get(fact)
    if decl is None or decl.expr is None or depth == 0:
        return None
    read: list[str] = []

    def reading(name: str) -> Value:
        read.append(name)
        return reader.value(name)

    def holds(cond: m.Condition) -> bool:
        return decide(cond, reading) is True

    try:
        Evaluator(session.program, reading, holds, reader.attribute).run(decl.expr)
    except (CannotCompute, Need):
        return None
    same = [
        k
        for name in dict.fromkeys(read)
        if reader.read(name) == score and (k := _ledger_of(session, reader, name, score, depth - 1))
    ]
    return same[0] if len(same) == 1 else None


def _ledger_words(session: Session, ledger: Known) -> str:
    """A ledger's lines that are not 0, each by its label: `attacker's skill 15, size modifier bonus +1`."""
    known = session.state.known()
    said: list[str] = []
    for fact, _ in ledger.lines:
        line = known.get(fact)
        if line is None or line.value == 0:
            continue
        value = line.value if not said or not isinstance(line.value, int) else f"{line.value:+d}"
        said.append(f"{label(session.program, fact)} {value}")
    if ledger.adjust:
        said.append(f"correction typed by the game master {ledger.adjust:+d}")
    return ", ".join(said) or "0"


def roll_adds(session: Session) -> str | None:
    """Before a roll that a sum adds to (`basic-damage = damage-roll + strong-damage + effort-damage`):
    the terms that are not 0, `All-Out Attack (Strong) damage bonus +2`; None when there are none."""
    question = session.state.question
    if question is None or question.kind != "roll" or question.fact not in session.program.added_to:
        return None
    reader = Reader.of(session.program, session.state, assume=not session.pause)
    said = []
    for sign, name in session.program.added_to[question.fact]:
        value = reader.read(name)
        if isinstance(value, int) and value != 0:
            said.append(f"{session.program.facts[name].question} {sign * value:+d}")
    return ", ".join(said) or None


def _no_condition(cond: m.Condition) -> bool:
    raise CannotCompute("a condition")


def sheet_word(name: str) -> str:
    """A sheet's number as a character sheet writes it: `HT`, `Will`, `Dodge`, `Shield DB`."""
    return " ".join(w.upper() if len(w) <= 2 else w.capitalize() for w in name.split("-"))


_ASIDE = re.compile(r"\s*\([^()]*\)")


def label(program: Program, fact: str) -> str:
    """A fact as the game master says it: `HT` for `= target.ht`, else its question, shortened."""
    decl = program.facts.get(fact)
    if decl is None:
        return fact
    if isinstance(decl.expr, m.Attr) and decl.expr.name in SHEET_NUMBERS:
        return sheet_word(decl.expr.name)
    text = _ASIDE.sub("", decl.question).split(", ")[0].strip().rstrip("?").strip()  # asides: the rule's text says
    for lead in ("What is the ", "What is "):
        text = text.removeprefix(lead)
    return text[:1].lower() + text[1:] if text[1:2].islower() else text  # `HP restored` keeps its capitals


def _words(
    program: Program, expr: m.Expr, read: Callable[[str], Value | None], attribute: Callable[[m.Attr], Value]
) -> str | None:
    """`HT 12 + knockdown and stunning modifier 3`: each fact or sheet number by its label and value;
    a lone one by its label only (its value is the score), unless the flow names a sum as the score
    (`knockdown-score = target-ht + knockdown-modifier`): then its terms."""
    if isinstance(expr, m.Name):
        decl = program.facts.get(expr.name)
        if decl is not None and isinstance(decl.expr, m.BinOp):
            return _words(program, decl.expr, read, attribute)
        return label(program, expr.name)
    if isinstance(expr, m.Attr) and expr.name in SHEET_NUMBERS:
        return sheet_word(expr.name)

    def sheet(attr: m.Attr) -> str | None:
        return f"{sheet_word(attr.name)} {attribute(attr)}" if attr.name in SHEET_NUMBERS else None

    return _said(expr, lambda name: f"{label(program, name)} {read(name)}", sheet)


def _written(expr: m.Expr) -> str | None:
    """The skill as the flow writes it, for names and arithmetic; None for anything else."""
    return _said(expr, lambda name: name)


def _said(
    expr: m.Expr, name: Callable[[str], str], attribute: Callable[[m.Attr], str | None] = lambda a: None
) -> str | None:
    """Arithmetic on facts as text, each fact as `name` says it and each roster attribute as
    `attribute` does (else `target.ht`); a nested right side in brackets (`target-dx - (knockback - 1)`);
    None for anything but numbers, facts, roles and arithmetic."""
    if isinstance(expr, m.Num):
        return str(expr.value)
    if isinstance(expr, m.Name):
        return name(expr.name)
    if isinstance(expr, m.Attr):
        return attribute(expr) or f"{expr.role}.{expr.name}"
    if isinstance(expr, m.BinOp):
        left, right = _said(expr.left, name, attribute), _said(expr.right, name, attribute)
        if left is None or right is None:
            return None
        return f"{left} {expr.op} " + (f"({right})" if isinstance(expr.right, m.BinOp) else right)
    return None


def roll_line(roll: RollView) -> str:
    """`Roll 3d6 for the attack: 3d6 → 13 vs 15: success by 2`."""
    how = "" if roll.rolled else " (typed)"
    line = f"{roll.question}: {roll.dice} → {roll.value}{how}"
    if roll.against is not None and roll.margin is not None:
        line += f" vs {roll.against}"  # what it is, the screen said before the roll
        if roll.outcome is not None:
            by = f" by {abs(roll.margin)}" if roll.margin else ""
            line += f": {roll.outcome.replace('-', ' ')}{by}"
    return line
