"""One block a turn (the playtest: a shield blocked twice before its bearer's next turn).

B375: a block is made with a shield (or cloak), once a turn; seed 000, BLOCK: "You may only Block
one attack per turn". Parries are not limited so, but each after the first with the same weapon is
at -4 (seed 003 step 78, B376). Both count from the defender's own turn to the next: the roster
keeps `blocks` as it keeps `parries` (recorded at combat.74 and combat.80, back to 0 at the
defender's combat.1). Seed 003 step 72 plays by another rule, "Each previous block with the shield
gives -5": a table that does says `multiple-blocks` yes, and a later block is offered at -5 each.

By hand, Alice (tests/data/duel-roster.toml: Dodge 9, Parry 11) given a shield for this test
(`block = 10`, `shield-db = 2`: a TOML sheet, the DB not in her defenses) against Bruno and Carl
(Bruno's twin, slower: Basic Speed 5.25), the turn order Alice (6.25), Bruno (5.5), Carl. Alice
does nothing; Bruno hits her (10 against his 13) and she blocks: 10 + DB 2 = 12, rolled 10, a
success. Carl hits her (10 against 13): no block is offered; dodge 9 + 2 = 11, parry 11 + 2 = 13.
With `multiple-blocks`: block 12 - 5 = 7.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from checklist.engine.questions import BadAnswer
from checklist.engine.session import Session
from checklist.graph.program import Program
from checklist.present.rolls import roll_target
from checklist.present.screen import screen
from checklist.roster.load import load
from tests.present.test_table_turn import answer_until
from tests.turns import DATA

ATTACK = {"maneuver": "attack", "aimed-location": "torso", "attack-dice": "10"}
SHIELD = ("dodge = 9\nparry = 11\nblock = 0", 'dodge = 9\nparry = 11\nblock = 10\nshield-db = 2\nside = "heroes"')
FOE = ("dodge = 8\nparry = 9\nblock = 0", 'dodge = 8\nparry = 9\nblock = 0\nside = "foes"')


def three(tmp_path: Path) -> Path:
    text = (DATA / "duel-roster.toml").read_text("utf-8")
    assert SHIELD[0] in text and FOE[0] in text
    text = text.replace(SHIELD[0], SHIELD[1], 1).replace(FOE[0], FOE[1], 1)
    bruno = "[[combatant]]" + text.split("[[combatant]]")[1]  # the file's first combatant, with his mace
    assert 'name = "Bruno"' in bruno and "Alice" not in bruno
    carl = bruno.replace('name = "Bruno"', 'name = "Carl"').replace("basic-speed = 5.5", "basic-speed = 5.25")
    path = tmp_path / "three.toml"
    path.write_text(text + "\n" + carl, "utf-8")
    return path


def offered(session: Session) -> dict[str, int | None]:
    question = screen(session).question
    assert question is not None and question.fact == "defense"
    return {c.value: c.score for c in question.choices}


def blocks(session: Session, who: str = "Alice") -> int:
    roster = session.state.roster
    assert roster is not None
    return roster.states[roster.index(who) or 0].blocks


def carl_attacks(flow: Program, tmp_path: Path, facts: dict[str, str | int] | None = None) -> Session:
    """Round 1: Alice does nothing, blocks Bruno's attack; Carl's attack asks her defense."""
    session = Session(flow, at="combat.1", seed=11, roster=load(three(tmp_path)), pause=False, facts=facts)
    answer_until(session, "maneuver", {})
    session.answer("do-nothing")
    answer_until(session, "defense", ATTACK)
    assert offered(session) == {"dodge": 11, "block": 12, "parry": 13, "none": None}
    session.answer("block")
    assert session.question is not None and session.question.fact == "defense-dice"
    target = roll_target(session)
    assert target is not None and target[0].startswith("12 or less")
    session.answer("10")
    assert blocks(session) == 1
    answer_until(session, "defense", ATTACK)
    return session


def test_a_second_block_before_the_defenders_next_turn_is_not_offered(flow: Program, tmp_path: Path) -> None:
    session = carl_attacks(flow, tmp_path)
    assert offered(session) == {"dodge": 11, "parry": 13, "none": None}
    with pytest.raises(BadAnswer, match=r"`block` cannot be chosen now: .*one block a turn"):
        session.answer("block")


def test_the_block_is_back_on_the_defenders_next_turn(flow: Program, tmp_path: Path) -> None:
    session = carl_attacks(flow, tmp_path)
    session.answer("parry")
    answer_until(session, "maneuver", {})  # round 2, Alice's turn: combat.1 put her blocks back to 0
    assert blocks(session) == 0
    session.answer("do-nothing")
    answer_until(session, "defense", ATTACK)  # Bruno again
    assert offered(session) == {"dodge": 11, "block": 12, "parry": 13, "none": None}


def test_with_multiple_blocks_a_later_block_is_at_minus_5(flow: Program, tmp_path: Path) -> None:
    """Seed 003 step 72: "Each previous block with the shield gives -5": 12 - 5 = 7."""
    session = carl_attacks(flow, tmp_path, facts={"multiple-blocks": "yes"})
    assert offered(session) == {"dodge": 11, "block": 7, "parry": 13, "none": None}
    session.answer("block")
    target = roll_target(session)
    said = "7 or less: defender's Block 10, Shield DB +2, penalty for the defender's earlier blocks this turn -5"
    assert target is not None and target[0] == said
