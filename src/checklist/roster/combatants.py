"""Combatants and their state across turns: the roster (docs/roster.md).

A roster file is TOML: one `[[combatant]]` table per combatant, with the sheet (ST, DX, IQ,
HT, HP, FP, Basic Speed, Move, SM, defenses, skills, DR by location, weapons).  The roster
keeps them in turn order (B393: highest Basic Speed first, then DX) and, for each, the state
that carries across turns: current HP and FP, stunned, shock for the next turn, posture, aim
and evaluate turns, feint, grappled, readied weapons, and parries and blocks used.  Everything here is an
immutable value: the session keeps one per state, so undo and resume need nothing more.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import field
from typing import TYPE_CHECKING, Any, TypeVar

from checklist.model.frozen import evolve
from checklist.model.kept import Kept
from checklist.model.names import slug
from checklist.model.visible import brief
from checklist.model.vocabulary import BODY_KEYED, DROPPED, FLAGS, KEYED_STATE, OWNED, STATE, TRAITS
from checklist.roster.body import location_attribute
from checklist.roster.condition import Condition
from checklist.roster.sheet import RosterError, Sheet, Value, Weapon, plain, sheet_of
from checklist.roster.weapons import weapon_attribute

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass

__all__ = ["Condition", "Roster", "RosterError", "Sheet", "Value", "Weapon", "from_data"]


@dataclass(frozen=True, slots=True)
class Roster:
    sheets: tuple[Sheet, ...]  # in turn order
    states: tuple[Condition, ...]
    current: int = 0
    round: int = 1
    source: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    notes: tuple[str, ...] = field(default=(), compare=False, hash=False)  # what a .gcs file did not say
    rules: tuple[tuple[str, str], ...] = field(default=(), compare=False, hash=False)  # `[rules]`: options set once
    rules_from: tuple[tuple[str, str], ...] = field(default=(), compare=False, hash=False)  # each rule's file

    @property
    def actor(self) -> Sheet:
        return self.sheets[self.current]

    def index(self, name: str) -> int | None:
        by_name, by_slug = _INDEXES.made(self.sheets, _indexed)
        found = by_name.get(name)  # the name as the sheet writes it: most look-ups
        return found if found is not None else by_slug.get(slug(name))

    def get(self, who: int, attr: str, key: str | None = None) -> Value | None:
        """An attribute of combatant `who`: a sheet number, a state, or a keyed one (skill, dr). Kept for this
        roster: it changes nothing, and a fight reads the same few again at every step until a record."""
        got = _GOT.made(self, _nothing_got)
        asked = (who, attr, key)
        if asked in got:
            return got[asked]
        value = got[asked] = self._looked_up(who, attr, key)
        return value

    def _looked_up(self, who: int, attr: str, key: str | None) -> Value | None:
        sheet, state = self.sheets[who], self.states[who]
        if key is not None:
            if attr == "flexible-armor":  # flexible armor there (blunt trauma, B379): the sheet's, or an answer
                said = sheet.flexible_at(key)
                return said if said is not None else dict(state.learned).get(at_key(attr, key))
            if attr == "dr-listed":  # does the sheet list DR at (the first of) `a-or-b`?
                return "no" if sheet.listed(key) is None else "yes"
            if attr == "dr":  # against the damage type of the acting combatant's readied weapon
                weapon = _readied(self.actor, self.states[self.current])
                return sheet.dr_at(key, None if weapon is None or "type" in weapon.ask else slug(weapon.type))
            if attr in _KEYED_STATE:
                return state.keyed(attr, key)
            if attr in _BODY_KEYED:
                return location_attribute(sheet.locations, attr, key)
            if attr == "in-hand":  # is `key` an attack of the item in hand (Swung and Thrust: one broadsword)?
                named, held = _named(sheet, key), _named(sheet, state.in_hand)
                return "yes" if named is not None and held is not None and named.item == held.item else "no"
            if attr.startswith("weapon-"):  # the weapon `key`, not the readied one
                named = _named(sheet, key)
                return None if named is None else weapon_attribute(named, sheet, attr[len("weapon-") :])
            return dict(sheet.skills).get(slug(key)) if attr == "skill" else None
        if attr in _STATE:
            return state.get(attr)
        if attr in ("has-parry", "has-block"):
            return _has(sheet, state, attr[len("has-") :])
        if attr == "others-waiting":  # B366: a Wait can trigger only if somebody else took one
            return "yes" if any(s.waiting for i, s in enumerate(self.states) if i != who) else "no"
        if attr == "sides-standing":
            return self.sides_standing()
        if attr == "tactic":  # an NPC's (flow/tactics.flow); a player's is not known
            return sheet.tactic or None
        if attr == "pain-threshold":
            return sheet.pain_threshold
        if attr == "has-body":
            return "yes" if sheet.locations else "no"
        if attr == "incapacitated":  # seed 002, Mortal Wounds: "You are incapacitated"
            return "yes" if state.mortally_wounded else "no"
        if attr == "aiming-at":  # the combatant their Aim is at, while it lasts
            aimed = self.index(state.aim_at) if state.aim_turns > 0 and state.aim_at else None
            return self.sheets[aimed].name if aimed is not None else None
        if attr in _TRAITS and attr in dict(sheet.traits):
            return "yes" if dict(sheet.traits)[attr] else "no"
        if attr in _OWNED and sheet.number(attr) is None:
            return dict(state.learned).get(attr)
        if attr == "to-ready":
            return _to_ready(sheet, state)
        if attr == "holding-weapon":  # the item in hand, unless it is a body part (a punch, a kick) or dropped
            held = _named(sheet, state.in_hand)
            return "yes" if held is not None and not held.unarmed else "no"
        if attr.startswith("weapon-"):
            return _weapon(sheet, state, attr[len("weapon-") :])
        if attr.startswith("parrying-"):  # the weapon that parries (_parrier), not the readied one: after a kick
            parrier = _parrier(sheet, state)
            return None if parrier is None else weapon_attribute(parrier, sheet, attr[len("parrying-") :])
        number = sheet.number(attr)
        if number is None and attr == "db-included":  # the sheet's defenses hold no DB unless it says
            return 0
        if attr == "parry":  # the parrying weapon's own, else the sheet's (TOML)
            parrier = _parrier(sheet, state)
            own = None if parrier is None else parrier.defense("parry")[0]
            return own if own is not None else number
        if number is None and attr == "block":  # the best block of the weapons (a shield's)
            blocks = [b for w in sheet.weapons if (b := w.defense("block")[0]) is not None]
            return max(blocks) if blocks else None
        return number

    def locations(self, who: int) -> tuple[str, ...]:
        """The hit locations of `who`'s own body (roster/body.py), then the flow's sub-locations whose DR
        the sheet lists (the jaw, the spine); none when the sheet has no body (the flow's table is used)."""
        sheet = self.sheets[who]
        own = tuple(p.key for p in sheet.locations)
        return (own + tuple(dict.fromkeys(loc for loc, _ in sheet.dr if loc not in own))) if own else ()

    def learn(self, who: int, attr: str, value: Value) -> Roster:  # attr: OWNED, or at_key(OWNED_AT, place)
        """Remember an answer about what a combatant has (OWNED), for that combatant only."""
        return self._changed(who, learned=_put(self.states[who].learned, attr, value))

    def side(self, who: int) -> str:
        """The combatant's side: as the roster says, else a side of their own."""
        sheet = self.sheets[who]
        return slug(sheet.side) if sheet.side else f"({slug(sheet.name)})"

    def standing(self, who: int) -> bool:
        """Neither dead, unconscious nor mortally wounded (incapacitated: seed 002; the flow records all three:
        B419, B423)."""
        state = self.states[who]
        return not (state.dead or state.unconscious or state.mortally_wounded)

    def sides_left(self) -> set[str]:
        """The sides with someone still standing (`standing`)."""
        return {self.side(i) for i in range(len(self.sheets)) if self.standing(i)}

    def sides_standing(self) -> int | None:
        """How many sides still have someone standing; None (not known) while several stand and the
        roster gives no sides."""
        standing = self.sides_left()
        if len(standing) > 1 and not any([s.side for s in self.sheets]):  # a list: no generator left open
            return None
        return len(standing)

    def foes_and_allies(self) -> tuple[list[int], list[int]]:
        """The others, as the actor may attack them: their foes, standing first, then down; and
        their allies apart (a menu of targets lists the foes; an ally is attacked when named).
        Without sides everyone is their own side: every other combatant is a foe."""
        mine = self.side(self.current)
        others = [i for i in range(len(self.sheets)) if i != self.current]
        foes = sorted((i for i in others if self.side(i) != mine), key=lambda i: not self.standing(i))
        return foes, [i for i in others if self.side(i) == mine]

    def targets(self) -> tuple[str, ...]:
        """Whom the actor's combatant fact lists: their foes (standing first; everybody else when no one is a
        foe), not their allies (`unlisted`)."""
        foes, allies = self.foes_and_allies()
        return tuple(self.sheets[i].name for i in (foes or allies))

    def unlisted(self) -> tuple[str, ...]:
        """Whom the actor's combatant fact takes when named, though its menu does not list them: their allies
        (a game master attacks an ally on purpose, by name: a menu of foes is what they expect)."""
        foes, allies = self.foes_and_allies()
        return tuple(self.sheets[i].name for i in allies) if foes else ()

    def only_foe(self) -> str | None:
        """The actor's one foe standing, if only one stands."""
        foes = [i for i in self.foes_and_allies()[0] if self.standing(i)]
        return self.sheets[foes[0]].name if len(foes) == 1 else None

    def remember(self, who: int, fact: str, value: Value) -> Roster:
        """Keep a combatant's answer (their target, where they aimed) as their next default."""
        return self._changed(who, habits=_put(self.states[who].habits, fact, value))

    def habit(self, who: int, fact: str) -> Value | None:
        return dict(self.states[who].habits).get(fact)

    def record(self, who: int, attr: str, value: Value, key: str | None = None) -> Roster:
        if key is not None or attr in _KEYED_STATE:
            return self._record_keyed(who, attr, value, key)
        if attr == "in-hand" and value == DROPPED:  # combat.5: nothing held ready; a Ready picks it up (B366)
            return self._changed(who, in_hand="")
        if attr in ("readied", "in-hand"):  # the weapon the attack is made with; the one a Ready takes in hand
            names = [w.name for w in self.sheets[who].weapons]
            if value not in names:
                raise RosterError(f"{self.sheets[who].name} has no weapon `{value}`; their weapons: {', '.join(names)}")
            return self._changed(who, **({"readied": (str(value),)} if attr == "readied" else {"in_hand": str(value)}))
        if attr not in _STATE:
            raise RosterError(f"`{attr}` is not a state the flow can record; it can record: {', '.join(STATE)}")
        new: bool | str | int
        if attr in _FLAGS:
            new = _yes(value)
        elif attr == "posture":
            new = str(value)
        elif isinstance(value, int):
            new = value
        else:
            raise RosterError(f"`{attr}` needs a number, not `{value}`")
        return self._changed(who, **{attr.replace("-", "_"): new})

    def _record_keyed(self, who: int, attr: str, value: Value, key: str | None) -> Roster:
        if attr not in _KEYED_STATE or key is None:
            raise RosterError(f"`{attr}[...]` is not a state kept for each key; those are: {', '.join(KEYED_STATE)}")
        state, place = self.states[who], slug(key)
        if attr == "aimed-at":  # an Aim at `key`: the turns so far, and at nobody else
            if not isinstance(value, int):
                raise RosterError(f"`aimed-at[{key}]` needs a number, not `{value}`")
            return self._changed(who, aim_at=place, aim_turns=value)
        if attr == "habit":  # `record actor.habit[maneuver] = attack`: what Enter proposes next (after a Ready)
            return self.remember(who, key, value)
        if attr == "feint-on":  # `record actor.feint-on[target] = feint-margin`: a Feint at `key` (B365)
            if not isinstance(value, int):
                raise RosterError(f"`feint-on[{key}]` needs a number, not `{value}`")
            return self._changed(who, feint_at=place, feint=value)
        if attr == "aimed-with":
            return self._changed(who, aim_with=place if _yes(value) else "")
        if attr == "crippled":
            kept = tuple(p for p in state.crippled if p != place)
            return self._changed(who, crippled=kept + ((place,) if _yes(value) else ()))
        if not isinstance(value, int):
            raise RosterError(f"`wounds[{key}]` needs a number, not `{value}`")
        return self._changed(who, wounds=_put(state.wounds, place, value))

    def _changed(self, who: int, **changes: Any) -> Roster:
        """The roster with combatant `who`'s Condition changed (itself when nothing changes: a turn records
        `parries = 0` and the like whether or not they were)."""
        state = self.states[who]
        for name, value in changes.items():  # a loop, not all(...): most records change nothing
            if getattr(state, name) != value:
                break
        else:
            return self
        states = list(self.states)
        states[who] = evolve(states[who], **changes)
        return evolve(self, states=tuple(states))

    def next_turn(self) -> Roster:
        current = (self.current + 1) % len(self.sheets)
        return evolve(self, current=current, round=self.round + (1 if current == 0 else 0))


def _indexed(sheets: tuple[Sheet, ...]) -> tuple[dict[str, int], dict[str, int]]:
    """Each combatant's place in turn order, by their name and by its slug (the first of those who share
    one), kept for the sheets (_INDEXES): the roster's copies share them, and the engine finds the target often."""
    by_slug: dict[str, int] = {}
    for i, sheet in enumerate(sheets):
        by_slug.setdefault(slug(sheet.name), i)
    return {sheet.name: by_slug[slug(sheet.name)] for sheet in sheets}, by_slug


# the vocabulary's lists as sets: Roster.get and record test an attribute against them at every read
_STATE, _FLAGS, _KEYED_STATE = frozenset(STATE), frozenset(FLAGS), frozenset(KEYED_STATE)
_BODY_KEYED, _TRAITS, _OWNED = frozenset(BODY_KEYED), frozenset(TRAITS), frozenset(OWNED)


def _nothing_got(_: Roster) -> dict[tuple[int, str, str | None], Value | None]:
    return {}


_GOT: Kept[Roster, dict[tuple[int, str, str | None], Value | None]] = Kept(64)  # Roster.get's, the last rosters'
_INDEXES: Kept[tuple[Sheet, ...], tuple[dict[str, int], dict[str, int]]] = Kept(1000)


def at_key(attr: str, place: str) -> str:
    """The name an answer about what a combatant has at a place is kept under (OWNED_AT: `flexible-armor[torso]`)."""
    return f"{attr}[{slug(place)}]"


_V = TypeVar("_V")


def _yes(value: Value) -> bool:
    """A recorded flag: `yes`, or 1 from arithmetic."""
    return value == "yes" or value == 1


def _put(pairs: tuple[tuple[str, _V], ...], key: str, value: _V) -> tuple[tuple[str, _V], ...]:
    """Key-value pairs with `key` set to `value` (last)."""
    return tuple((k, v) for k, v in pairs if k != key) + ((key, value),)


def _has(sheet: Sheet, state: Condition, defense: str) -> Value | None:
    """Whether the sheet gives a parry (with the readied weapon) or a block (with any weapon or a
    shield); None when it does not say.  Whether the defense is open now is the flow's (own-maneuver)."""
    parrier = _parrier(sheet, state) if defense == "parry" else None
    if defense == "parry" and sheet.weapons and parrier is None:
        return "no"  # the readied weapon lies where it was dropped (combat.5), and no bare hand parries
    given = sheet.number(defense)
    if given is not None:  # a TOML sheet: `block = 0` is no shield
        return "yes" if given > 0 else "no"
    weapons = ([parrier] if parrier is not None else []) if defense == "parry" else list(sheet.weapons)
    if not weapons or any(defense in w.ask for w in weapons):
        return None
    return "yes" if any(w.defense(defense)[0] is not None for w in weapons) else "no"


def _parrier(sheet: Sheet, state: Condition) -> Weapon | None:
    """What parries (B376): the readied weapon if it can, and is not lying where it was dropped (combat.5); else the
    item in hand, else a bare hand that can (a punch after a kick); else the readied one, or None if dropped."""
    readied = _readied(sheet, state)
    if readied is None:
        return None
    dropped = state.weapon_dropped and not readied.unarmed
    held = _named(sheet, state.in_hand)
    tried = (
        ([] if dropped else [readied]) + ([held] if held is not None else []) + [w for w in sheet.weapons if w.unarmed]
    )
    for weapon in tried:  # a loop, not next(generator): a generator left open costs an exception (GeneratorExit)
        if _parries(sheet, weapon):
            return weapon
    return None if dropped else readied


def _parries(sheet: Sheet, weapon: Weapon) -> bool:
    """Its own parry, or one the flow asks; on a TOML sheet, the sheet's parry is a weapon's, not a kick's."""
    own = weapon.defense("parry")[0] is not None or "parry" in weapon.ask
    return own or (sheet.number("parry") is not None and not weapon.unarmed)


def _readied(sheet: Sheet, state: Condition) -> Weapon | None:
    for weapon in sheet.weapons:  # a loop: see _parrier
        if weapon.name in state.readied:
            return weapon
    return sheet.weapons[0] if sheet.weapons else None


def _to_ready(sheet: Sheet, state: Condition) -> str | None:
    """What a Ready takes in hand (B366): the readied weapon while it is unready (a swing of an unbalanced one,
    B270) or not the item in hand (an attack with it sent here), else the first weapon of another item that is
    not a body part (a punch needs no Ready); None if none."""
    readied, held = _readied(sheet, state), _named(sheet, state.in_hand)
    if readied is None or state.unready or held is None or held.item != readied.item:
        return readied.name if readied is not None else None
    return next((w.name for w in sheet.weapons if w.item != readied.item and not w.unarmed), None)


def _named(sheet: Sheet, name: str) -> Weapon | None:
    wanted = slug(name)
    for weapon in sheet.weapons if wanted else ():  # a loop: see _parrier
        if slug(weapon.name) == wanted:
            return weapon
    return None


def _weapon(sheet: Sheet, state: Condition, what: str) -> Value | None:
    weapon = _readied(sheet, state)
    return None if weapon is None else weapon_attribute(weapon, sheet, what)


def from_data(data: dict[str, Any], where: str) -> Roster:
    plain(data, where)
    people = data.get("combatant")
    extra = set(data) - {"combatant"}
    if extra:
        raise RosterError(f"{where}: unknown top-level key `{sorted(extra)[0]}`; a roster holds [[combatant]] tables")
    if not isinstance(people, list) or not people:
        raise RosterError(f"{where}: no combatants; write one [[combatant]] table per combatant (docs/roster.md)")
    sheets = [sheet_of(p, f"{where}: combatant {i}") for i, p in enumerate(people, 1)]
    names = [slug(s.name) for s in sheets]
    counts = Counter(names)  # not names.count(n) for each: 80 000 combatants took minutes
    twice = next((n for n in names if counts[n] > 1), None)
    if twice is not None:
        raise RosterError(
            f"{where}: two combatants are called `{twice}`; give each a different name"
            " (a TOML roster can name a .gcs file twice, with `name` for each)"
        )
    order = sorted(range(len(sheets)), key=lambda i: (-sheets[i].basic_speed, -(sheets[i].number("dx") or 0), i))
    ordered = tuple(sheets[i] for i in order)
    states = tuple(
        _fresh(s, people[i], f"{where}: combatant {i + 1} ({s.name})") for s, i in zip(ordered, order, strict=True)
    )
    return Roster(ordered, states, source=data)


def _fresh(sheet: Sheet, raw: dict[str, Any], where: str) -> Condition:
    posture = str(raw.get("posture", "standing")).lower()
    readied = (str(raw.get("readied", sheet.weapons[0].name)),) if sheet.weapons else ()
    current: dict[str, Any] = {}
    for key, full in (("current-hp", sheet.number("hp") or 0), ("current-fp", sheet.number("fp") or 0)):
        value = raw.get(key, full)
        if isinstance(value, bool) or not isinstance(value, int):
            raise RosterError(f"{where}, {key}: a whole number, not {brief(value)}")
        current[key.replace("-", "_")] = value
    return Condition(posture=posture, readied=readied, in_hand=readied[0] if readied else "", **current)
