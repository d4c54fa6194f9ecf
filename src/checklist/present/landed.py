"""What some rolls did, in the line after them (present/rolls.py): where a hit location roll landed, how many shots
of a burst hit and how many hits its defense stopped, what a Feint's Quick Contest won."""

from __future__ import annotations

from checklist.engine.questions import Value


def landed_line(known: dict[str, Value], roll: str) -> str | None:
    """A hit location roll: where it landed."""
    where = known.get("wound-location") if roll == "hit-location-roll" else known.get("random-location")
    if roll not in ("location-roll", "hit-location-roll") or not where:
        return None
    return f"the {str(where).replace('-', ' ')}"


def feint_line(known: dict[str, Value], roll: str) -> str | None:
    """A Feint's last roll (its own when it failed, else the foe's): what the Quick Contest won (B365)."""
    margin = known.get("feint-margin")
    if roll not in ("feint-dice", "feint-resist-dice") or not isinstance(margin, int):
        return None
    return (
        f"the feint wins by {margin}: the foe's defenses -{margin} on the next turn"
        if margin
        else "the feint wins nothing"
    )


def hits_line(known: dict[str, Value], roll: str) -> str | None:
    """Rapid fire: how many shots the attack roll hit with, and how many hits the defense stopped."""
    shots, hits, landing = known.get("shots-fired"), known.get("hits"), known.get("hits-landing")
    if not isinstance(shots, int) or shots < 2 or not isinstance(hits, int):
        return None
    if roll == "attack-dice":
        return f"{hits} of {shots} shots hit{'s' if hits == 1 else ''}"
    if roll == "defense-dice" and isinstance(landing, int):
        return f"{hits - landing} of {hits} hits stopped · {landing} land{'s' if landing == 1 else ''}"
    return None
