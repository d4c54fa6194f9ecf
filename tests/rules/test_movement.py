"""A combatant's Move, worked out by hand from the seeds (issue 14, item 8): below 1/3 HP (reeling)
or 1/3 FP (tired) Move is halved, rounding up, and both halve it twice (seed 002; B419, B426).

Alice (examples/duel.toml): Move 6, HP 10, FP 11. Reeling below 1/3 HP: 3 x 3 = 9 < 10, so at
3 HP she is reeling; tired at 3 FP (9 < 11).
"""

from __future__ import annotations

import math
import tomllib

from hypothesis import given
from hypothesis import strategies as st

from checklist.engine.reader import Reader
from checklist.engine.session import Session
from checklist.graph.program import Program
from checklist.present.screen import LedgerView, screen
from checklist.program.load import load
from checklist.roster.combatants import from_data
from tests.turns import FLOW, ROOT

DUEL = ROOT / "examples" / "duel.toml"
BUNDLED = load(FLOW)


def alice_moves(flow: Program, maneuver: str, hp: int = 10, fp: int = 11) -> LedgerView:
    """Alice's turn to the first screen after her maneuver: the Move ledger it shows."""
    text = DUEL.read_text("utf-8").replace('name = "Alice"', f'name = "Alice"\ncurrent-hp = {hp}\ncurrent-fp = {fp}')
    session = Session(flow, at="combat.1", seed=1, roster=from_data(tomllib.loads(text), "duel"), pause=False)
    session.answer(maneuver)
    [ledger] = [ledger for ledger in screen(session).ledgers if ledger.fact == "move-allowance"]
    return ledger


def test_a_move_at_full_hp_is_the_sheets_move(flow: Program) -> None:
    ledger = alice_moves(flow, "move")
    assert [(line.fact, line.value) for line in ledger.lines] == [("basic-move", 6), ("move-lost", 0)]
    assert ledger.total == 6


def test_a_reeling_move_is_halved_and_the_screen_says_where_from(flow: Program) -> None:
    """At 3 of 10 HP: Move 6 halved = 3, i.e. 3 lost; the line cites B419 and B426."""
    ledger = alice_moves(flow, "move", hp=3)
    assert [(line.fact, line.value) for line in ledger.lines] == [("basic-move", 6), ("move-lost", -3)]
    assert ledger.total == 3
    assert ledger.lines[1].source == "step 24, B419, B426"


def test_reeling_and_tired_halve_the_move_twice(flow: Program) -> None:
    """3 HP and 3 FP: 6 -> 3 -> 2 (each halving rounds up): 4 lost."""
    assert alice_moves(flow, "move", hp=3, fp=3).total == 2


def test_a_move_and_attack_shows_the_move_beside_the_effective_skill(flow: Program) -> None:
    """Move and Attack (B365) moves the full Move: tired alone halves it, 6 -> 3."""
    ledger = alice_moves(flow, "move-and-attack", fp=3)
    assert ledger.total == 3


@given(move=st.integers(0, 30), hp=st.integers(3, 40), current=st.integers(-50, 40), tired=st.booleans())
def test_a_reeling_move_is_always_half_rounded_up(move: int, hp: int, current: int, tired: bool) -> None:
    """Property, from the roster: Move is ceil(Move/2) below 1/3 HP, ceil(Move/2) again below 1/3 FP."""
    data = tomllib.loads(DUEL.read_text("utf-8"))
    alice = next(c for c in data["combatant"] if c["name"] == "Alice")
    alice.update({"move": move, "hp": hp, "current-hp": current, "current-fp": 3 if tired else 11})
    reader = Reader(BUNDLED, (), "combat.24", 1, from_data(data, "duel"))
    expected = move
    for halved in (3 * current < hp, tired):
        expected = math.ceil(expected / 2) if halved else expected
    assert move + reader.read("move-lost") == expected  # type: ignore[operator]
