"""A dropped weapon is out of hand until a Ready picks it up (combat.5; seed 004, Ready: "Pick up or draw
any item"; B366).

Step 5 ("Consider dropping the weapon") records `actor.in-hand = nothing` when the combatant drops it. Then,
by the roster: they hold no weapon (`holding-weapon` no, so the next turn skips 5-8), the weapon cannot parry
(`has-parry` no), the roster line says `weapon dropped`, and an attack with it goes to the Ready (27 -> 23),
which takes it in hand again.

By hand, tests/data/duel-roster.toml: Alice has Dodge 9 and parries 11 with her broadsword. Holding it, Bruno's
attack gets her menu `dodge 9, parry 11, none`; with it dropped, `dodge 9, none`.
"""

from __future__ import annotations

from pathlib import Path

from checklist.engine.session import Session
from checklist.graph.program import Program
from checklist.present.screen import screen
from checklist.roster.load import load
from tests.present.test_table_turn import answer_until, table_view
from tests.turns import DATA

BRUNO_ATTACKS = {"maneuver": "attack", "aimed-location": "torso", "attack-dice": "8"}


def alice_turn(flow: Program, drops: bool) -> tuple[Session, int]:
    """Alice's first turn, her weapon dropped at step 5 (`o drops-weapon`, yes) or not; she stands at 11."""
    session = table_view(flow, DATA / "duel-roster.toml")
    assert session.question is not None and session.question.fact == "maneuver"
    if drops:
        session.override("drops-weapon")
        session.answer("yes")
    roster = session.state.roster
    assert roster is not None
    return session, roster.index("Alice") or 0


def test_a_dropped_weapon_is_out_of_hand(flow: Program) -> None:
    session, alice = alice_turn(flow, drops=True)
    roster = session.state.roster
    assert roster is not None
    assert (roster.states[alice].in_hand, roster.get(alice, "holding-weapon"), roster.get(alice, "has-parry")) == (
        "",
        "no",
        "no",
    )
    assert "weapon dropped" in roster.states[alice].flags()
    kept, alice = alice_turn(flow, drops=False)
    held = kept.state.roster
    assert held is not None and held.states[alice].in_hand == "broadsword" and held.get(alice, "has-parry") == "yes"


def test_an_attack_with_the_dropped_weapon_is_the_ready_that_picks_it_up(flow: Program) -> None:
    session, alice = alice_turn(flow, drops=True)
    session.answer("attack")
    visits = [v.step for v in session.state.trace]
    assert visits[visits.index("combat.27") + 1] == "combat.23"  # no attack roll: a Ready
    roster = session.state.roster
    assert roster is not None and roster.states[alice].in_hand == "broadsword"
    assert roster.get(alice, "holding-weapon") == "yes" and "weapon dropped" not in roster.states[alice].flags()


def test_without_her_weapon_she_cannot_parry_bruno(flow: Program) -> None:
    for drops, menu in ((False, {"dodge": 9, "parry": 11, "none": None}), (True, {"dodge": 9, "none": None})):
        session, _ = alice_turn(flow, drops)
        session.answer("do-nothing-b364")
        answer_until(session, "combat-over", {})
        session.answer("no")  # Bruno's turn
        answer_until(session, "defense", BRUNO_ATTACKS)
        view = screen(session).question
        assert view is not None and {c.value: c.score for c in view.choices} == menu


KICK = '\n[[combatant.weapon]]\nname = "kick"\ndamage = "1d-1"\ntype = "cr"\nskill = "brawling"\nreach = "C,1"\n'


def test_after_a_kick_the_sword_in_hand_parries_at_its_own_number(flow: Program, tmp_path: Path) -> None:
    """Alice (a TOML sheet: Parry 11 with her broadsword) kicks with Brawling: the kick is readied, the sword stays in
    hand and parries at 11, with no -3 for a bare hand (B376; the review: 8 before, the kick's bare-hand -3). Dropped,
    and no bare hand that parries (the kick has none), she has no parry."""
    path = tmp_path / "kick.toml"
    text = (
        (DATA / "duel-roster.toml")
        .read_text("utf-8")
        .replace("skills = { broadsword = 15 }", "skills = { broadsword = 15, brawling = 13 }")
    )
    path.write_text(text + KICK, "utf-8")
    roster = load(path)
    alice = roster.index("Alice") or 0
    kicked = roster.record(alice, "readied", "kick")
    assert (kicked.get(alice, "has-parry"), kicked.get(alice, "parry"), kicked.get(alice, "parrying-unarmed")) == (
        "yes",
        11,
        "no",
    )
    dropped = roster.record(alice, "in-hand", "nothing")
    assert dropped.get(alice, "has-parry") == "no"
