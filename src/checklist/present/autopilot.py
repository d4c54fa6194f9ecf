"""What the tool did by itself (`--roll auto`, `--autopilot`), as the game master reads it.

Both front ends show the same lines, in order: a roll as present/rolls.py words it
(`Roll 3d6 for the attack: 3d6 → 13 vs 15: success by 2`), and an NPC's decision taken
without asking as `Alice: Attack  (autopilot)`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from checklist.present.rolls import RollView

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass


@dataclass(frozen=True, slots=True)
class Chosen:
    """An NPC's decision the tool took: what Enter answers, as the choice's label."""

    npc: str
    answer: str


Done = RollView | Chosen  # one thing the tool did by itself


def chosen_line(chosen: Chosen) -> str:
    """`Alice: Attack  (autopilot)`."""
    return f"{chosen.npc}: {chosen.answer}  (autopilot)"
