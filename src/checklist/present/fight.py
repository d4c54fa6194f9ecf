"""The fight as a game master reads it at the end: who is left with what, and what each attack did.

`fight_view` is plain data: a table of the combatants (HP and FP, shock, posture, conditions)
and a combat log with one line per attack, read back from the trace: the visit that chose the
target starts an attack, and the facts its visits used (the attack roll against the effective
skill, the defense, the damage and the injury) say what happened.  Whose attack it was comes
from the turns passed since (`next turn` runs at the end of each turn).
"""

from __future__ import annotations

from dataclasses import dataclass

from checklist.engine.questions import Value
from checklist.engine.session import Session
from checklist.engine.state import Visit
from checklist.graph.program import Program
from checklist.present.conditions import conditions
from checklist.roster.combatants import Roster

ATTACK_STARTS = "combat.27"  # First unresolved attack: the target is chosen here
HIT_STARTS = "combat.85"  # Base damage: each hit that lands runs the damage steps from here (83 splits them)
TURN_ENDS = "combat.135"  # End of turn: `next turn`


@dataclass(frozen=True, slots=True)
class CombatantRow:
    name: str
    hp: int
    max_hp: int | None
    fp: int
    max_fp: int | None
    shock: int
    posture: str
    conditions: tuple[str, ...]  # reeling, unconscious, dead, stunned, grappled
    wounds: tuple[str, ...] = ()  # from the log: "torso 6", "right-arm 4 crippled"


@dataclass(frozen=True, slots=True)
class AttackLine:
    round: int
    attacker: str
    target: str
    roll: str  # "13 vs 15: success by 2"
    defense: str  # "parry 13 vs 9: failure by 4", "none"
    damage: str  # "3 cut" or ""
    injury: int | None
    location: str = ""  # where it struck (wound-location)
    crippled: bool = False
    hit: str = ""  # "hit 2 of 3" when a rapid-fire attack lands several hits (a line each)


@dataclass(frozen=True, slots=True)
class FightView:
    combatants: tuple[CombatantRow, ...]
    log: tuple[AttackLine, ...]


def fight_view(session: Session) -> FightView | None:
    """The table and the log; None without a roster."""
    roster = session.state.roster
    if roster is None:
        return None
    log = _log(session.state.trace, roster)
    return FightView(_rows(roster, log, session.program), log)


def _rows(roster: Roster, log: tuple[AttackLine, ...], program: Program) -> tuple[CombatantRow, ...]:
    rows = []
    for sheet, state in zip(roster.sheets, roster.states, strict=True):
        hp = sheet.number("hp")
        said = conditions(program, sheet, state)
        wounds = tuple(
            f"{a.location or 'hit'} {a.injury}" + (" crippled" if a.crippled else "")
            for a in log
            if a.target == sheet.name and a.injury
        )
        rows.append(
            CombatantRow(
                sheet.name,
                state.current_hp,
                hp,
                state.current_fp,
                sheet.number("fp"),
                state.shock,
                state.posture,
                said,
                wounds,
            )
        )
    return tuple(rows)


def _log(trace: tuple[Visit, ...], roster: Roster) -> tuple[AttackLine, ...]:
    """One line per attack: the visits from one attack's start to the next start or the turn's end."""
    names = [s.name for s in roster.sheets]
    ends_after = [0] * (len(trace) + 1)  # turns ended at or after each visit
    for i in range(len(trace) - 1, -1, -1):
        ends_after[i] = ends_after[i + 1] + (trace[i].step == TURN_ENDS)
    lines: list[AttackLine] = []
    starts = [i for i, v in enumerate(trace) if v.step == ATTACK_STARTS]
    for n, start in enumerate(starts):
        stop = min(
            [s for s in starts[n + 1 :]]
            + [i for i in range(start, len(trace)) if trace[i].step == TURN_ENDS]
            + [len(trace)]
        )
        visits = trace[start:stop]
        cuts = [i for i, v in enumerate(visits) if v.step == HIT_STARTS]
        head = _used(visits[: cuts[0] if cuts else len(visits)])
        hits = [_used(visits[a:b]) for a, b in zip(cuts, [*cuts[1:], len(visits)], strict=False)] or [{}]
        turn = (roster.round - 1) * len(names) + roster.current - ends_after[start]  # turns since the first
        for k, hit in enumerate(hits, 1):
            label = f"hit {k} of {len(hits)}" if len(hits) > 1 else ""
            lines.append(_line(turn // len(names) + 1, names[turn % len(names)], {**head, **hit}, label))
    return tuple(lines)


def _used(visits: tuple[Visit, ...]) -> dict[str, Value]:
    """The facts some visits used, the later one's value winning."""
    return {fact: value for visit in visits for fact, value, _ in visit.used}


def _line(round_: int, attacker: str, used: dict[str, Value], hit: str = "") -> AttackLine:
    roll = _roll(used, "attack-dice", "final-skill", "attack-outcome")
    defense = str(used.get("defense", "none"))
    if "defense-dice" in used:
        defense += " " + _roll(used, "defense-dice", "defense-score", "defense-outcome")
    dice = used.get("basic-damage", used.get("damage-roll"))
    damage = f"{dice} {used.get('damage-type', '')}".rstrip() if dice is not None else ""
    injury = used.get("wound-injury", used.get("injury"))  # what the target took: a crippled limb's is capped
    target = str(used.get("target", "")) or "?"
    return AttackLine(
        round_,
        attacker,
        target,
        roll,
        defense,
        damage,
        injury if isinstance(injury, int) else None,
        str(used.get("wound-location", "")),
        used.get("crippled") == "yes",
        hit,
    )


def _roll(used: dict[str, Value], dice: str, against: str, outcome: str) -> str:
    if dice not in used:
        return "not rolled"
    text = f"{used[dice]}"
    if against in used:
        text += f" vs {used[against]}"
    if outcome in used:
        text += f": {str(used[outcome]).replace('-', ' ')}"
    return text
