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
