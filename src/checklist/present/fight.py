"""The fight as a game master reads it at the end: who is left with what, and what each attack did.

`fight_view` is plain data: a table of the combatants (HP and FP, shock, posture, conditions),
one record per attack (or per hit of it), and the combat log: one line per event (an attack,
a defense, damage, injury, shock, a major wound, a knockdown, a stun, unconsciousness, a mortal
wound, a death, a Ready), read back from the trace: the visit that chose the target starts an
attack, and the facts its visits used (the attack roll against the effective skill, the
defense, the damage and the injury, ...) say what happened.  Whose turn it was comes from the
turns passed since (`next turn` runs at the end of each turn).  A miss has no defense line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from checklist.engine.questions import Value
from checklist.engine.session import Session
from checklist.engine.trace import Visit
from checklist.graph.program import Program
from checklist.present.conditions import conditions
from checklist.present.criticals import missed_by_one
from checklist.roster.combatants import Roster

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass

ATTACK_STARTS = "combat.27"  # First unresolved attack: the target is chosen here
HIT_STARTS = "combat.85"  # Base damage: each hit that lands runs the damage steps from here (83 splits them)
TURN_ENDS = "combat.135"  # End of turn: `next turn`
TURN_STARTS = "combat.1"  # Incapacitated or unconscious?: the roll to stay conscious
READY = "combat.23"  # Ready: chosen, or taken at 27 when the attack's weapon was not ready
FEINT = "combat.22"  # a Feint: its Quick Contest's margin at the foe
POSTURE = "combat.16"  # a Change Posture: the new posture
STUNNED = "combat.2"  # Stun recovery: a stunned combatant does nothing this turn (seed 002)
OWN_STEPS = frozenset((TURN_STARTS, STUNNED, READY, FEINT, POSTURE))  # a turn's own events, not an attack's


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
    roll: str  # "13 vs 15: success"
    defense: str  # "parry 13 vs 9: failure", "none" (no active defense); "" when none was called for (a miss)
    damage: str  # "3 cut" or ""
    injury: int | None
    location: str = ""  # where it struck (wound-location)
    crippled: bool = False
    hit: str = ""  # "hit 2 of 3" when a rapid-fire attack lands several hits (a line each)


@dataclass(frozen=True, slots=True)
class LogLine:
    """One event of the combat log; present/text.py's `log_text` words it."""

    round: int
    event: str  # attack, defense, damage, injury, shock, major wound, knockdown, stun, unconscious, knockback,
    # death check, mortal wound, death, ready
    who: str  # who did it (an attack, a Ready) or whom it befell
    detail: str = ""  # "Bruno 13 vs 15: success", "parry 12 vs 9: failure", "6 cut to the torso"


@dataclass(frozen=True, slots=True)
class FightView:
    combatants: tuple[CombatantRow, ...]
    log: tuple[AttackLine, ...]
    events: tuple[LogLine, ...] = ()  # the combat log, in the order things happened


def fight_view(session: Session) -> FightView | None:
    """The table and the log; None without a roster."""
    fought = _fought(session)
    if fought is None:
        return None
    roster, attacks, events = fought
    log = tuple(_line(a.round, a.attacker, {**a.head, **a.hit}, a.label) for a in attacks)
    return FightView(_rows(roster, log, session.program), log, events)


def fight_events(session: Session, turns: int | None = None) -> tuple[LogLine, ...]:
    """The combat log alone (`fight_view`'s events): what a simulated fight's report reads of it; of the last
    `turns` turns only (and the one under way), when given."""
    fought = _fought(session, turns)
    return fought[2] if fought is not None else ()


def _fought(session: Session, turns: int | None = None) -> tuple[Roster, list[_Attack], tuple[LogLine, ...]] | None:
    """The roster, the attacks read from the trace (of the last `turns` turns) and the combat log; None without
    a roster."""
    roster = session.state.roster
    if roster is None:
        return None
    trail = session.state.trail
    if trail is None:
        trace: tuple[Visit, ...] = ()
    else:  # the last turns from the visit after the end of the turn before them: whole attacks
        trace = trail.visits() if turns is None else trail.after(TURN_ENDS, turns)
    of_turn = _turns(trace, roster)
    attacks = _attacks(trace, roster, of_turn)
    return roster, attacks, _events(trace, roster, attacks, of_turn)


def _rows(roster: Roster, log: tuple[AttackLine, ...], program: Program) -> tuple[CombatantRow, ...]:
    rows = []
    for sheet, state in zip(roster.sheets, roster.states, strict=True):
        hp = sheet.number("hp")
        said = conditions(program, sheet, state)
        wounds = _wounds([a for a in log if a.target == sheet.name and a.injury])
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


def _wounds(blows: list[AttackLine]) -> tuple[str, ...]:
    """The injury each place took, in the order first hit, summed with its blows shown: `torso 10 (6 + 4)`,
    `right-arm 7 crippled`."""
    places: dict[str, list[AttackLine]] = {}
    for blow in blows:
        places.setdefault(blow.location or "hit", []).append(blow)
    return tuple(
        f"{place} {sum(b.injury or 0 for b in hits)}"
        + (f" ({' + '.join(str(b.injury) for b in hits)})" if len(hits) > 1 else "")
        + (" crippled" if any(b.crippled for b in hits) else "")
        for place, hits in places.items()
    )


@dataclass(frozen=True, slots=True)
class _Attack:
    """One attack, or one hit of it: what its visits used before the hits (the roll, the defense)
    and in this hit's damage steps; where in the trace it started."""

    round: int
    attacker: str
    head: dict[str, Value]
    hit: dict[str, Value]
    label: str  # "hit 2 of 3", or ""
    start: int  # the trace index of its first visit
    first: bool  # the first hit of its attack (the attack and defense lines go before it)
    going: bool = False  # still under way: the trace ends inside it (the game master is playing it)


def _unready(visit: Visit) -> bool:
    """A visit of step 27 that found the attack's weapon not ready: a Ready, not an attack (B366)."""
    return any(fact == "weapon-ready" and value == "no" for fact, value, _ in visit.used)


def _turns(trace: tuple[Visit, ...], roster: Roster) -> list[int]:
    """For each visit, the number of the turn it belongs to, counted from 0 at the fight's first."""
    ends_after = [0] * (len(trace) + 1)  # turns ended at or after each visit
    for i in range(len(trace) - 1, -1, -1):
        ends_after[i] = ends_after[i + 1] + (trace[i].step == TURN_ENDS)
    now = (roster.round - 1) * len(roster.sheets) + roster.current
    return [now - ends_after[i] for i in range(len(trace))]


def _attacks(trace: tuple[Visit, ...], roster: Roster, turns: list[int]) -> list[_Attack]:
    """Each attack's visits, from its start to the next start or the turn's end, cut at each hit."""
    names = [s.name for s in roster.sheets]
    out: list[_Attack] = []
    starts = [i for i, v in enumerate(trace) if v.step == ATTACK_STARTS and not _unready(v)]
    ends = [len(trace)] * (len(trace) + 1)  # the first turn's end at or after each visit (one pass, not one a start)
    for i in range(len(trace) - 1, -1, -1):
        ends[i] = i if trace[i].step == TURN_ENDS else ends[i + 1]
    for n, start in enumerate(starts):
        stop = min(starts[n + 1] if n + 1 < len(starts) else len(trace), ends[start])
        visits = trace[start:stop]
        cuts = [i for i, v in enumerate(visits) if v.step == HIT_STARTS]
        head = _used(visits[: cuts[0] if cuts else len(visits)])
        hits = [_used(visits[a:b]) for a, b in zip(cuts, [*cuts[1:], len(visits)], strict=False)] or [{}]
        turn = turns[start]
        for k, hit in enumerate(hits, 1):
            label = f"hit {k} of {len(hits)}" if len(hits) > 1 else ""
            going = stop == len(trace)
            out.append(
                _Attack(turn // len(names) + 1, names[turn % len(names)], head, hit, label, start, k == 1, going)
            )
    return out


def _events(trace: tuple[Visit, ...], roster: Roster, attacks: list[_Attack], turns: list[int]) -> tuple[LogLine, ...]:
    """The combat log: each turn's own events (out cold at its start, a Ready), then each attack's, in order."""
    names = [s.name for s in roster.sheets]
    timed: list[tuple[int, int, LogLine]] = []  # (trace index, order within it, line)
    readied: set[int] = set()  # the turns whose Ready is logged
    for i, visit in enumerate(trace):
        if visit.step not in OWN_STEPS:  # most visits: nothing of the turn's own to log
            continue
        round_, actor = turns[i] // len(names) + 1, names[turns[i] % len(names)]
        used = _used((visit,))
        if visit.step == TURN_STARTS and used.get("consciousness-failed") == "yes":  # not out cold already
            timed.append((i, 0, LogLine(round_, "unconscious", actor, "failed the HT roll to stay conscious")))
        if visit.step == FEINT and "feint-margin" in used:
            margin, foe = used["feint-margin"], used.get("target", "")
            failed = used.get("feint-outcome") in ("failure", "critical-failure")
            said = f"wins the Quick Contest by {margin}" if isinstance(margin, int) and margin > 0 else "wins nothing"
            said = "fails" if failed else said
            timed.append((i, 0, LogLine(round_, "feint", actor, f"{foe}: {said}" if foe else said)))
        if visit.step == STUNNED and used.get("stunned") == "yes":
            timed.append((i, 0, LogLine(round_, "stunned", actor, "does nothing this turn")))
        if visit.step == POSTURE and "new-posture" in used:
            timed.append((i, 0, LogLine(round_, "posture", actor, str(used["new-posture"]))))
        if visit.step == READY and turns[i] not in readied:
            readied.add(turns[i])
            timed.append((i, 0, LogLine(round_, "ready", actor, _instead(trace, turns, i))))
    order = 0  # the lines of one attack's hits share its start: they keep their own order
    for attack in attacks:
        lines = _attack_events(attack) if attack.first else []
        for line in lines + _hit_events(attack):
            order += 1
            timed.append((attack.start, order, line))
    return tuple(line for _, _, line in sorted(timed, key=lambda t: (t[0], t[1])))


def _instead(trace: tuple[Visit, ...], turns: list[int], ready: int) -> str:
    """Why the Ready at visit `ready` came at step 27 instead of the attack (its weapon was not ready),
    looking back through its turn; "" for a Ready chosen."""
    for i in range(ready - 1, -1, -1):
        if turns[i] != turns[ready]:
            break
        visit = trace[i]
        if visit.step == ATTACK_STARTS and _unready(visit):
            return f"instead of attacking: the {_used((visit,)).get('weapon') or 'weapon'} was not ready"
    return ""


def _attack_events(a: _Attack) -> list[LogLine]:
    used = {**a.head, **a.hit}
    target = str(used.get("target", "")) or "?"
    roll = _roll(used, "attack-dice", "final-skill", "attack-outcome")
    if a.going and "attack-dice" not in used:
        roll = "(under way)"  # not "not rolled": the roll is the question on screen, or soon will be
    missed = missed_by_one(used)  # a failure by 1 that strikes another location
    lines = [LogLine(a.round, "attack", a.attacker, f"{target} {roll}" + (f"; {missed}" if missed else ""))]
    defense = _defense(used)
    if defense:
        lines.append(LogLine(a.round, "defense", target, defense))
    return lines


def _hit_events(a: _Attack) -> list[LogLine]:
    """Damage, injury, shock, a major wound, a knockdown and what it did, a mortal wound, a death."""
    used = {**a.head, **a.hit}
    who = str(used.get("target", "")) or "?"
    out: list[LogLine] = []

    def add(event: str, detail: str = "") -> None:
        out.append(LogLine(a.round, event, who, detail))

    dice = used.get("basic-damage", used.get("damage-roll"))
    if dice is None:
        return out
    where = str(used.get("wound-location", ""))
    place = f" to the {where.replace('-', ' ')}" if where else ""
    add("damage", f"{dice} {used.get('damage-type', '')}".rstrip() + place + (f" ({a.label})" if a.label else ""))
    injury = used.get("wound-injury", used.get("injury"))
    if isinstance(injury, int):
        before, after = used.get("target-current-hp"), used.get("hp-after")
        hp = f" (HP {before} → {after})" if isinstance(before, int) and isinstance(after, int) else ""
        add("injury", f"{injury}{hp}")
    shock = used.get("shock")
    if isinstance(shock, int) and shock:
        add("shock", f"{shock} to DX and IQ on the next turn")
    if used.get("major-wound") == "yes":
        add("major wound", f"{where.replace('-', ' ')} crippled" if used.get("crippled") == "yes" else "")
    count = used.get("death-checks")  # one at each multiple of -HP passed (injury.flow): 116, before 119's knockdown
    for number, (check, outcome, failed) in enumerate(DEATH_CHECKS, 1):
        which = f"{number} of {count}: " if isinstance(count, int) and count > 1 else ""
        if check in used:
            add("death check", which + _roll(used, check, "target-ht", outcome))
        elif failed in used:  # rolled at an earlier question of the step: its dice were not read again
            add("death check", which + ("failure" if used[failed] == "yes" else "success"))
    if used.get("mortal-wound") == "yes":
        add("mortal wound", "a death check failed by 1 or 2")
    if used.get("died") == "yes":
        add("death")
    if used.get("knockdown-check") == "yes":
        automatic = used.get("knockdown-automatic") == "yes"
        add("knockdown", "fails without a roll" if automatic else _knockdown_roll(used))
        if used.get("knockdown-failed") == "yes":
            add("stun", "stunned, falls (lying)")
        if used.get("knocked-out") == "yes":
            add("unconscious", "the knockdown check failed by 5 or more")
    knockback = used.get("knockback")
    if isinstance(knockback, int) and knockback > 0:
        add("knockback", _knockback(used, knockback))
    return out


def _knockback(used: dict[str, Value], yards: int) -> str:
    """`2 yd, DX 12 vs 12: success`, and `falls (lying)` when the DX roll failed (B378)."""
    roll = _roll(used, "knockback-dice", "knockback-score", "knockback-outcome")
    fell = ", falls (lying)" if used.get("knockback-falls") == "yes" else ""
    if "knockback-dice" not in used and used.get("knockback-posture") == "lying":
        fell = ", already lying: no DX roll"
    elif "knockback-dice" not in used and used.get("knockback-dead") == "yes":
        fell = ", dead: no DX roll"
    return f"{yards} yd" + (f", DX {roll}" if "knockback-dice" in used else "") + fell


DEATH_CHECKS = (
    ("death-dice", "death-outcome", "death-failed"),
    *((f"death-dice-{n}", f"death-outcome-{n}", f"death-failed-{n}") for n in (2, 3, 4)),
)


def _knockdown_roll(used: dict[str, Value]) -> str:
    return _roll(used, "knockdown-dice", "knockdown-score", "knockdown-outcome")


def _defense(used: dict[str, Value]) -> str:
    """The defense: which, and its roll; "none" when the defender made none; "" when none was
    called for (the attack missed, or the step was never reached)."""
    if "defense" not in used:
        return ""
    defense = str(used["defense"])
    if "defense-dice" in used:
        defense += " " + _roll(used, "defense-dice", "defense-score", "defense-outcome")
    return defense


def _used(visits: tuple[Visit, ...]) -> dict[str, Value]:
    """The facts some visits used, the later one's value winning."""
    return {fact: value for visit in visits for fact, value, _ in visit.used}


def _line(round_: int, attacker: str, used: dict[str, Value], hit: str = "") -> AttackLine:
    roll = _roll(used, "attack-dice", "final-skill", "attack-outcome")
    defense = _defense(used)
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
