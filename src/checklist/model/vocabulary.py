"""The roster's words that a flow may name: `actor.NAME`, `target.NAME[KEY]`, `record ROLE.STATE`.

The checker (E315) and the run read the same lists; docs/roster.md describes each.
"""

from __future__ import annotations

SHEET_NUMBERS = (
    *("st", "dx", "iq", "ht", "will", "hp", "fp", "move", "sm", "dodge", "parry", "block", "shield-db"),
    "db-included",  # how much of shield-db the dodge, parry and block above already hold (GCS: all of it)
)
STATE = (
    "current-hp",
    "current-fp",
    "stunned",
    "shock",
    "posture",
    "aim-turns",
    "evaluate-turns",
    "feint",
    "grappled",
    "parries",
    "blocks",  # blocks made since the combatant's last turn: one a turn (B375)
    "all-out",
    "unconscious",
    "dead",
    "waiting",
    "readied",
    "move-and-attack",
    "in-hand",  # the item held ready: a Ready (combat.23) changes it, an attack does not
    "unready",  # the item in hand needs a Ready before it attacks or parries again (B270)
    "attacked-unbalanced",  # attacked with an unbalanced weapon (U): no parry with it until the next turn (B269)
    "mortally-wounded",
    "bleeding-successes",
)
FLAGS = (
    *("stunned", "grappled", "all-out", "unconscious", "dead", "waiting", "move-and-attack"),
    *("unready", "attacked-unbalanced", "mortally-wounded"),
)
TRAITS = ("combat-reflexes", "grip-mastery", "trained-by-a-master")  # yes/no, when the sheet says
# what a combatant has, which the sheet may not say: a fact read from one of these is that
# combatant's, and an answer to it is remembered for them (roster/combatants.py, Condition.learned)
OWNED = (*TRAITS, "shield-db")
OWNED_AT = ("flexible-armor",)  # what a combatant has at a hit location: an answer is kept for it and there
WEAPON_ATTRIBUTES = (
    "weapon-skill",
    "weapon-damage",
    "weapon-type",
    "weapon-reach",
    "weapon-acc",
    "weapon-rof",
    "weapon-rcl",
    "weapon-bulk",
    "weapon-malf",
    "weapon-dice",
    "weapon-ranged",
    "weapon-thrown",
    "weapon-unarmed",
    "weapon-armor-divisor",
    "weapon-dr-multiplier",
    "weapon-fatigue",
    "weapon-parry",
    "weapon-block",
    "weapon-fencing",
    "weapon-unbalanced",
    "weapon-min-st",
    "weapon-unwieldy",  # its min ST carries ‡ (B270)
    "weapon-blocks",  # it has a block: a shield or a cloak
    "weapon-thrust",  # an attack by thrust (GCS's usage `Thrust`, a TOML weapon's `usage = "thrust"`)
    "weapon-judo-karate",  # made with Judo or Karate: a bare-hand parry of a weapon at no -3 (B376)
)
# read off the sheet and the state; what a rule makes of them is the flow's (rules.flow, own-maneuver)
DERIVED = (
    *("pain-threshold", "holding-weapon", "others-waiting", "has-parry", "has-block", "sides-standing", "tactic"),
    "has-body",  # yes: the sheet gives its own hit location table (a GCS body); no: the flow's is used
    "aiming-at",  # whom their Aim is at while it lasts (B364); none otherwise
    "to-ready",  # the weapon a Ready would take in hand: the readied one while unready, else another (B366)
    "incapacitated",  # yes: mortally wounded (seed 002, Mortal Wounds); no without a roster
    # the weapon that parries (the readied one, else the item in hand, else a bare hand: after a kick, B376)
    *("parrying-unarmed", "parrying-judo-karate", "parrying-fencing"),
)
ATTRIBUTES = (*SHEET_NUMBERS, *STATE, *TRAITS, *DERIVED, *WEAPON_ATTRIBUTES)  # `actor.NAME`
UNARMED_SKILLS = ("boxing", "brawling", "judo", "karate", "wrestling")  # a weapon with one of these is unarmed
# states kept for each hit location: `record target.wounds[wound-location] = ...` (B420-421)
KEYED_STATE = ("wounds", "crippled", "aimed-at", "aimed-with", "habit", "feint-on")  # by location; Aim; a fact; a foe
NAMED_KEYS = frozenset({"habit"})  # keyed by a fact's name, not its value: `actor.habit[maneuver]`
# what `actor.NAME[KEY]` can read; `actor.weapon-unarmed[NAME]` (any WEAPON_ATTRIBUTES) reads the weapon NAME,
# not the readied one, and `actor.in-hand[NAME]` says whether NAME is an attack of the item in hand
# the body's own hit locations (roster/body.py): `in-body[LOC]` yes/no, `location-at[ROLL]` the location a roll
# lands on, and a location's `location-penalty`, `location-kind` (GCS's id) and `natural-dr`
BODY_KEYED = ("in-body", "location-at", "location-penalty", "location-kind", "natural-dr")
KEYED = ("skill", "dr", "dr-listed", "flexible-armor", "in-hand", *KEYED_STATE, *BODY_KEYED, *WEAPON_ATTRIBUTES)
# read as `no` when the run has no roster or the role names nobody in it: the flow's own table is used
SHEETLESS_NO = ("has-body", "in-body", "incapacitated")  # no roster: no body of its own, no mortal wound kept
# `record actor.in-hand = nothing`: the item in hand is dropped (combat.5); a Ready picks it up again (B366)
DROPPED = "nothing"
# a choice from this table names a hit location: against a target whose sheet has a body, that body's locations
BODY_TABLE = "hit-locations"
# the flow's damage types (injury.flow's damage-type): a roster's DR may differ by them
DAMAGE_TYPES = ("burn", "cor", "cr", "cut", "fat", "imp", "pi-small", "pi", "pi-large", "pi-huge", "tox")
