"""Dice: `3d6`, `1d6+2`, `2d6-1`, rolled with a seeded random.Random.

Roll number n of a session with seed s is always the same, so a seeded run replays exactly,
and undoing a roll then rolling again gives the same result (roll the physical dice and type
the result to get another).
"""

from __future__ import annotations

import random
import re
from typing import NamedTuple

from checklist.model.limits import too_many_digits

_DICE = re.compile(r"^\s*([0-9]+)d([0-9]+)?\s*(?:([+-])\s*([0-9]+))?\s*$")  # GURPS `2d+1` is 2d6+1
MAX_DICE = 1000
MAX_SIDES = 1000


class DiceError(ValueError):
    """A dice expression that does not read as NdM, NdM+K or NdM-K."""


class Dice(NamedTuple):
    dice: int  # how many
    sides: int
    modifier: int

    @classmethod
    def parse(cls, text: str) -> Dice:
        made = _PARSED.get(text)  # a fight rolls the same few dice again and again
        if made is not None:
            return made
        match = _DICE.match(text)
        if match is None:
            raise DiceError(f"`{text}` is not dice like 3d6, 1d6+2 or 2d6-1")
        if any(too_many_digits(part) for part in match.groups(default="")):
            raise DiceError(f"`{text[:40]}`: use 1 to {MAX_DICE} dice of 1 to {MAX_SIDES} sides")
        count, sides = int(match[1]), int(match[2] or 6)
        modifier = int(match[4] or 0) * (-1 if match[3] == "-" else 1)
        if not 1 <= count <= MAX_DICE or not 1 <= sides <= MAX_SIDES:
            raise DiceError(f"`{text}`: use 1 to {MAX_DICE} dice of 1 to {MAX_SIDES} sides")
        made = cls(count, sides, modifier)
        if len(_PARSED) < 4096:  # dice come from rosters and answers: bounded in a fight, not in a server's life
            _PARSED[text] = made
        return made

    @property
    def low(self) -> int:
        return self.dice + self.modifier

    @property
    def high(self) -> int:
        return self.dice * self.sides + self.modifier

    def roll(self, rng: random.Random) -> int:
        return sum(rng.randint(1, self.sides) for _ in range(self.dice)) + self.modifier

    def __str__(self) -> str:
        mod = f"{self.modifier:+d}" if self.modifier else ""
        return f"{self.dice}d{self.sides}{mod}"


_PARSED: dict[str, Dice] = {}


def roll(text: str, seed: int, number: int) -> int:
    """Roll number `number` (0, 1, 2, ...) of a session seeded with `seed`."""
    return Dice.parse(text).roll(random.Random(f"{seed}:{number}"))
