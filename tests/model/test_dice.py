from __future__ import annotations

import pytest

from checklist.model.dice import Dice, DiceError, roll


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [("3d6", 3, 18), ("1d6+2", 3, 8), ("2d6-1", 1, 11), ("1d1", 1, 1), ("1d+2", 3, 8), ("2d", 2, 12), ("3d-1", 2, 17)],
)  # GURPS: d is d6
def test_bounds(text: str, low: int, high: int) -> None:
    dice = Dice.parse(text)
    assert (dice.low, dice.high) == (low, high)
    assert str(dice) == text.replace("d+", "d6+").replace("d-", "d6-") + ("6" if text.endswith("d") else "")
    assert all(low <= roll(text, seed, n) <= high for seed in range(5) for n in range(40))


def test_seeded_rolls_repeat_and_vary() -> None:
    first = [roll("3d6", 42, n) for n in range(30)]
    assert first == [roll("3d6", 42, n) for n in range(30)]
    assert len(set(first)) > 5
    assert first != [roll("3d6", 43, n) for n in range(30)]


@pytest.mark.parametrize("text", ["", "d6", "3x6", "0d6", "3d0", "3d6+", "1001d6", "3d6*2"])
def test_bad_dice(text: str) -> None:
    with pytest.raises(DiceError):
        Dice.parse(text)


def test_dice_read_again_are_the_same_and_bad_dice_stay_refused() -> None:
    """A fight parses the same dice at every roll: the second parse gives the same dice; a bad one is
    refused every time (nothing bad is kept)."""
    assert Dice.parse("2d+1") == Dice.parse("2d+1") == Dice(2, 6, 1)
    for _ in range(2):
        with pytest.raises(DiceError):
            Dice.parse("2d+")
