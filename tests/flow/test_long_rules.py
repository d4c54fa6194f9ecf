"""The longest computed facts of flow/ are wrapped, and use `x in (a, b)` (issue 31, part 4).

Each is the same fact as its one-line form, as it stood before: the same model (spans aside),
so every check and every turn reads the same rule.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from checklist.graph.program import Program
from checklist.syntax.parser import parse
from checklist.syntax.statements import FactLine

ONE_LINE = {  # fact -> (file, its line before the rewrite)
    "attack-roll": (
        "combat.flow",
        "fact attack-roll : choice(critical-hit, hit, miss-by-one-other-location, miss, ranged-or-close-"
        'combat-miss, malfunction, critical-miss, area-or-cone-attack) per attack "How did the attack ro'
        'll turn out? (For an Area or Cone attack, pick area-or-cone-attack.)" = if ranged-attack and ma'
        "lfunctioned then malfunction else if area-or-cone then area-or-cone-attack else if attack-hit !"
        "= miss then attack-hit else if miss-by-one-elsewhere then miss-by-one-other-location else if ra"
        "nged-attack or close-combat then ranged-or-close-combat-miss else miss",
    ),
    "wound-location": (
        "injury.flow",
        'fact wound-location : choice from hit-locations per attack "Which hit location was struck?" = i'
        "f location-unknown then (if hit > 1 then next-location else random-l"
        "ocation) else if attack-roll = miss-by-one-other-location then miss-spot else aimed-location",
    ),
    "head-spine-or-vitals": (
        "injury.flow",
        'fact head-spine-or-vitals : yes/no per attack "Was the head (skull, face and its parts), the sp'
        'ine or the vitals hit?" = if hit-area = skull or hit-area = face or hit-area = eye or hit-area '
        "= nose or hit-area = ear or hit-area = vitals or hit-area = spine then yes else no",
    ),
    "knockdown-modifier": (
        "injury.flow",
        'fact knockdown-modifier : number per attack "Knockdown and stunning modifier" = (if wound-kind'
        " = ear and not cutting-attack then knockdown-rules.modifier[skull] else knockdown-rules.modi"
        "fier[wound-kind]) + pain-rules.knockdown[target-pain]",
    ),
    "knockdown-failed": (
        "injury.flow",
        'fact knockdown-failed : yes/no per attack "Did the target fail the knockdown check?" = if knock'
        "down-automatic then yes else if knockdown-outcome = failure or knockdown-outcome = critical-fai"
        "lure then yes else no",
    ),
    "knockback-falls": (
        "injury.flow",
        'fact knockback-falls : yes/no per attack "Does the target fall down from the knockback?" = if k'
        "nockback < 1 or knockback-posture = lying or knockback-dead then no else if knockback-outcome ="
        " failure or knockback-outcome = critical-failure then yes else no",  # since: lying or dead
    ),
    "consciousness-failed": (
        "injury.flow",
        'fact consciousness-failed : yes/no per turn "Did the combatant fail the HT roll to stay conscio'
        'us?" = if consciousness-outcome = failure or consciousness-outcome = critical-failure then yes '
        "else no",
    ),
    "still-stunned": (
        "injury.flow",
        'fact still-stunned : yes/no per turn "Is the combatant still stunned after the HT roll?" = if s'
        "tun-recovery = failure or stun-recovery = critical-failure then yes else no",
    ),
    "awakened": (
        "post-combat-rolls.flow",
        'fact awakened : yes/no per defender "Did the combatant awaken?" = if awakening-outcome = succes'
        "s or awakening-outcome = critical-success then yes else no",
    ),
    "maneuver-option": (
        "rules.flow",
        "fact maneuver-option : choice(determined, double, feint, strong, suppression-fire, long, axe-ki"
        'ck, elbow-drop, jump-kick, knee-drop, sacrificial-throw, spinning-attack, none) per attack "Man'
        'euver option" = if maneuver = all-out-attack-all-other then aoa-option else if maneuver = commi'
        "tted-attack then committed-option else none",
    ),
    "maneuver-skill": (
        "rules.flow",
        'fact maneuver-skill : number per attack "Skill modifier for the maneuver" = if ranged-attack an'
        "d maneuver = move-and-attack then min(-2, weapon-bulk) else if ranged-attack then maneuver-skil"
        "l.ranged[maneuver, maneuver-option] else maneuver-skill.melee[maneuver, maneuver-option]",
    ),
    "hits-landing": (
        "rules.flow",
        'fact hits-landing : number per defender "How many hits get past the defense?" = if attack-roll '
        "= critical-hit or not defends or defense = none or defense-roll-failed then hits else if defens"
        "e-outcome = critical-success then 0 else max(0, hits - hits-defended)",
    ),
    "can-parry": (
        "rules.flow",
        'fact can-parry : yes/no per defender "Can the defender parry now (a ready weapon that parries: '
        "not unready after a swing, not an unbalanced weapon that attacked since their last turn; not af"
        'ter their own Move and Attack; not a missile)?" = if missile-attack then no else parry-ready.pa'
        "rry[own-maneuver.parry[target.all-out, target.move-and-attack], target.has-parry, target.unread"
        "y, target.attacked-unbalanced]",
    ),
    "weapon-ready": (
        "rules.flow",
        'fact weapon-ready : yes/no per attack "Is the weapon of this attack ready (held ready, not unre'
        'ady after a swing; a punch or a kick always is)?" = readiness.ready[actor.weapon-unarmed[weapon'
        "], actor.weapon-blocks[weapon], actor.in-hand[weapon], actor.unready] assume yes",
    ),
    "defense-roll-failed": (
        "rules.flow",
        'fact defense-roll-failed : yes/no per defender "Did the active defense roll fail, or does the d'
        'efender remain in the Area or explosion zone?" = if defense-outcome = failure or defense-outcom'
        "e = critical-failure or area-or-cone and stays-in-area then yes else no",
    ),
    "defense-critical": (
        "rules.flow",
        "fact defense-critical : choice(attacker-critical-miss, falls-prone, critical-miss, shield-unrea"
        'dy, none) per defender "What does a critical defense roll do?" = if ranged-attack and defense-o'
        "utcome = critical-success then none else critical-defense.effect[defense-outcome, defense]",
    ),
}


@pytest.mark.parametrize("name", sorted(ONE_LINE))
def test_a_rewritten_fact_is_its_one_line_form(name: str, flow: Program) -> None:
    file, line = ONE_LINE[name]
    statements, errors = parse(line + "\n", file)
    assert errors == []
    (before,) = [st.fact for st in statements if isinstance(st, FactLine)]
    now = flow.facts[name]
    assert replace(now, refs=(), notes=()) == before


@pytest.mark.parametrize("name", sorted(ONE_LINE))
def test_a_rewritten_fact_is_no_longer_one_long_line(name: str, flow: Program) -> None:
    fact = flow.facts[name]
    text = flow.sources[fact.span.file].split("\n")[fact.span.line - 1]
    assert len(text) < len(ONE_LINE[name][1]), name
