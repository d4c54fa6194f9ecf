"""One combatant's state across turns (roster/combatants.py keeps one for each): what `record
ROLE.STATE = ...` in the flow changes, and what the status line and the session file show."""

from __future__ import annotations

from typing import TYPE_CHECKING

from checklist.model.names import slug
from checklist.roster.sheet import Value

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass


@dataclass(frozen=True, slots=True)
class Condition:
    """One combatant's state; `record ROLE.ATTR = ...` in the flow changes it."""

    current_hp: int
    current_fp: int
    posture: str = "standing"
    stunned: bool = False
    shock: int = 0
    aim_turns: int = 0
    evaluate_turns: int = 0
    feint: int = 0
    grappled: bool = False
    parries: int = 0
    blocks: int = 0  # blocks made since their last turn: one a turn (B375), recorded at combat.74
    readied: tuple[str, ...] = ()
    all_out: bool = False  # made an All-Out Attack this turn: no active defense until the next (B365)
    unconscious: bool = False  # failed a roll to stay conscious (B419); the flow has no waking up yet
    dead: bool = False  # failed a death check by 3 or more, or down to -5xHP (B423)
    waiting: bool = False  # took a Wait this turn: it may trigger in another's turn (B366)
    move_and_attack: bool = False  # made a Move and Attack this turn: no parry, no retreat until the next (B365)
    in_hand: str = ""  # the weapon whose item is held ready (the readied one at first); a Ready changes it
    unready: bool = False  # the item in hand needs a Ready before it attacks or parries (‡ after a swing, B270)
    attacked_unbalanced: bool = False  # attacked with an unbalanced weapon (U) this turn: no parry with it (B269)
    mortally_wounded: bool = False  # failed a death check by 1 or 2 (B423): HT rolls every half hour after the fight
    bleeding_successes: int = 0  # bleeding rolls made in a row (B420): three stop the bleeding (post-combat)
    learned: tuple[tuple[str, Value], ...] = ()  # what the sheet did not say and the game master answered (OWNED)
    wounds: tuple[tuple[str, int], ...] = ()  # injury recorded on each hit location, by slug (KEYED_STATE)
    crippled: tuple[str, ...] = ()  # the hit locations crippled, by slug (B421)
    habits: tuple[tuple[str, Value], ...] = ()  # their last answer to a fact with a default (a target, a location)
    aim_at: str = ""  # whom their aim_turns of Aim are at (a slug); B364: one target and one weapon
    aim_with: str = ""  # the weapon they aim (a slug)
    feint_at: str = ""  # whom their Feint was at (a slug): `feint` is its margin, for their next turn's attack (B365)

    def flags(self) -> tuple[str, ...]:
        """The conditions a game master reads on the roster line: dead, unconscious, stunned, grappled,
        and until their next turn, what their maneuver left them (no defense, no parry, a Wait). The dead
        are dead (and crippled where they were); the unconscious are not also stunned."""
        if self.dead:
            return ("dead", *(f"{place.replace('-', ' ')} crippled" for place in self.crippled))
        marks = (
            ("unconscious", self.unconscious),
            ("mortally wounded", self.mortally_wounded),
            ("stunned", self.stunned and not self.unconscious),
            ("grappled", self.grappled),
            ("all-out: no defense", self.all_out),
            ("moved and attacked: no parry", self.move_and_attack),
            ("attacked unbalanced: no parry", self.attacked_unbalanced),
            ("weapon unready", self.unready),
            ("weapon dropped", self.weapon_dropped),
            ("waiting", self.waiting),
        )
        return tuple(name for name, on in marks if on) + tuple(
            f"{place.replace('-', ' ')} crippled" for place in self.crippled
        )

    @property
    def weapon_dropped(self) -> bool:
        """Nothing held ready though a weapon is readied: dropped at combat.5 (`in-hand = nothing`), until a Ready."""
        return bool(self.readied) and not self.in_hand

    def keyed(self, attr: str, key: str) -> Value:
        """A state kept for each hit location: the injury recorded there, or whether it is crippled."""
        if attr == "wounds":
            return dict(self.wounds).get(slug(key), 0)
        if attr == "aimed-at":  # turns of Aim in a row at `key`: none at anybody else
            return self.aim_turns if self.aim_at == slug(key) else 0
        if attr == "aimed-with":
            return "yes" if self.aim_with == slug(key) else "no"
        if attr == "feint-on":  # what a Feint at `key` takes off their defenses: at nobody else (B365)
            return self.feint if self.feint_at == slug(key) else 0
        if attr == "habit":  # the last answer to the fact `key`: what Enter proposes next (engine/defaults.py)
            return dict(self.habits).get(key, "")
        return "yes" if slug(key) in self.crippled else "no"

    def get(self, attr: str) -> Value:
        if attr == "readied":
            return self.readied[0] if self.readied else ""
        value = getattr(self, attr.replace("-", "_"))
        if isinstance(value, bool):
            return "yes" if value else "no"
        return value  # type: ignore[no-any-return]
