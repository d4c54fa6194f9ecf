"""The roster: reading a roster file, and a fight of two combatants over three turns whose
state carries from turn to turn, checked against a hand-worked answer, with a resume in the middle."""

from __future__ import annotations

from pathlib import Path

import pytest

from checklist.engine import journal as jr
from checklist.engine.session import Session
from checklist.graph.program import Program
from checklist.play import saving
from checklist.present.screen import roster_view
from checklist.present.text import combatant_text
from checklist.roster.combatants import Roster, RosterError
from checklist.roster.load import load
from tests.present.test_table_turn import THIRD
from tests.turns import DATA, MELEE_ANSWERS

ROSTER = DATA / "duel-roster.toml"


def roster_line(roster: Roster, program: Program, who: int) -> str:
    """The line the run shows for a combatant (present/: the words of the terminal and the page)."""
    return combatant_text(roster_view(roster, program).combatants[who])


def test_turn_order_is_by_basic_speed_then_dx(flow: Program) -> None:
    roster = load(ROSTER)
    assert [s.name for s in roster.sheets] == ["Alice", "Bruno"]  # Basic Speed 6.25 before 5.5 (B393)
    assert roster.get(0, "weapon-skill") == 15 and roster.get(0, "weapon-type") == "cut"
    assert roster.get(1, "dr", "torso") == 2 and roster.get(1, "dr", "skull") == 0  # no DR listed: 0
    assert roster_line(roster, flow, 1) == "Bruno: HP 13/13, FP 12/12, standing"


@pytest.mark.parametrize(("text", "words"), [
    ("[[combatant]]\nname = 'A'\nst = 10\n", "`dx` is missing"),
    ("[[combatant]]\nname = 'A'\nst = 10\ndx = 10\nht = 10\nhp = 10\nbasic-speed = 5\nstrength = 3\n",
     "unknown key"),
    ("[[combatant]]\nname = 'A'\nst = 'ten'\ndx = 10\nht = 10\nhp = 10\nbasic-speed = 5\n",
     "a whole number of at most 9 digits, not 'ten'"),
    ("[[combatant]]\nname = 'A'\nst = 1\ndx = 1\nht = 1\nhp = 1\nbasic-speed = 5\n" * 2,
     "two combatants are called `a`"),
    ("name = 'A'\n", "unknown top-level key `name`"),
    ("[[combatant]\n", "not a TOML roster"),
    # issue 17, class 9: nan, inf, a 5000-digit number; class 7: an ESC in a name
    ("[[combatant]]\nname = 'A'\nst = 1\ndx = 1\nht = 1\nhp = 1\nbasic-speed = nan\n", "not nan"),
    ("[[combatant]]\nname = 'A'\nst = 1\ndx = 1\nht = 1\nhp = 1\nbasic-speed = inf\n", "not inf"),
    ("[[combatant]]\nname = 'A'\nst = 1\ndx = 1\nht = 1\nhp = 1\nbasic-speed = -inf\n", "not -inf"),
    ("[[combatant]]\nname = 'A'\nst = 99999999999\ndx = 1\nht = 1\nhp = 1\nbasic-speed = 5\n", "at most 9 digits"),
    ("[[combatant]]\nname = \"A\\u001b[2J\"\nst = 1\ndx = 1\nht = 1\nhp = 1\nbasic-speed = 5\n",
     "`A\\x1b[2J` holds a control character"),
    ("x = " + "[" * 5000 + "]" * 5000 + "\n", "not a TOML roster"),
])  # fmt: skip
def test_a_bad_roster_says_where_and_what(tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "r.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RosterError) as caught:
        load(path)
    assert words in str(caught.value) and str(path) in str(caught.value)


# ---- three turns -------------------------------------------------------------------------
#
# Turn 1, Alice (round 1; Basic Speed 6.25 acts first): Attack with her broadsword.
#   effective skill 15 (broadsword 15, no other modifier); roll 9: a hit.
#   Bruno parries: 9; roll 14: failed.
#   damage 1d+2 rolled 8 cut; Bruno's torso DR 2 -> 6 penetrating; cut to the torso x1.5 -> 9 injury.
#   Bruno: HP 13 -> 4. Major wound (9 > 13/2). Shock -4 (at most -4, B419).
#   Knockdown: HT 12, no modifier (major wound to the torso); roll 15 fails -> falls (lying), stunned.
# Turn 2, Bruno: stunned (from turn 1), so step 2 ends his turn at 135; his shock clears; at its end
#   he rolls HT 12 to recover from the stun (seed 002, STUNNED): 13 fails, still stunned.
# Turn 3, Alice (round 2): Attack again; roll 10: a hit.
#   Bruno parries: 9, lying -3 (B551), stunned -4 (B380) = 2; roll 14: failed.
#   damage 6 cut -> 4 penetrating -> 6 injury. Bruno: HP 4 -> -2 (0 HP or less: a HT roll to stay
#   conscious, at -0: no full multiple of HP below zero (seed 002), made at the start of his own
#   next turn, where these three turns stop; none when the injury lands, B419).
#   No death check (not down to -13). Not a major wound (6 is not over 6.5); shock -4; no knockdown.
# After turn 3: Alice HP 10/10, shock 0, standing, not stunned;
#               Bruno HP -2/13, shock -4, lying, stunned.

ANSWERS = MELEE_ANSWERS
ROLLS = {"attack-dice": ["9", "10"], "defense-dice": ["14", "14"], "damage-roll": ["8", "6"], "knockdown-dice": ["15"],
         "stun-recovery-dice": ["13"]}  # fmt: skip


def script(program: Program) -> list[str]:
    """The answers a game master types for the three turns (worked out by playing them once)."""
    session = Session(program, at="combat.1", seed=11, roster=load(ROSTER))
    rolls = {k: list(v) for k, v in ROLLS.items()}
    typed: list[str] = []
    while session.question is not None and not _three_turns_done(session):
        question = session.question
        if question.kind == "continue":
            answer = ""
        elif question.kind == "split":
            answer = "Bruno" if session.state.step == "combat.59" else "0"
        elif question.fact in rolls:
            answer = rolls[question.fact].pop(0)
        else:
            answer = ANSWERS[question.fact or ""]
        typed.append(answer)
        session.answer(answer) if answer else session.give(None)
    return typed


def _three_turns_done(session: Session) -> bool:
    roster = session.state.roster
    return roster is not None and roster.round == 2 and roster.current == 1 and session.state.step == "combat.1"


def play(program: Program, answers: list[str], session: Session | None = None) -> Session:
    session = session or Session(program, at="combat.1", seed=11, roster=load(ROSTER))
    for answer in answers:
        session.answer(answer) if answer else session.give(None)
    return session


def standing(roster: Roster | None) -> dict[str, tuple[object, ...]]:
    assert roster is not None
    return {sheet.name: (state.current_hp, state.shock, state.stunned, state.posture)
            for sheet, state in zip(roster.sheets, roster.states, strict=True)}  # fmt: skip


def test_three_turns_carry_hp_shock_stun_and_posture(flow: Program) -> None:
    answers = script(flow)
    session = play(flow, answers)
    roster = session.state.roster
    assert standing(roster) == {"Alice": (10, 0, False, "standing"), "Bruno": (-2, -4, True, "lying")}
    assert roster is not None and roster.round == 2 and roster.actor.name == "Bruno"
    # what the run read from the roster instead of asking
    asked = {e.fact for e in session.events if e.kind == "answer"}
    assert {"base-skill", "parry-base", "stunned", "damage-type", "dr", "target-hp", "target-ht"}.isdisjoint(asked)
    visits = [v.step for v in session.state.trace]
    second_turn = visits.index("combat.1", 1)
    assert visits[second_turn : second_turn + 3] == ["combat.1", "combat.2", "combat.135"]  # Bruno: stunned


def test_a_resume_in_the_middle_loses_nothing(flow: Program, tmp_path: Path) -> None:
    answers = script(flow)
    digest = jr.digest(flow)
    whole = play(flow, answers)
    for cut in (len(answers) // 3, len(answers) // 2, len(answers) - 5):
        first = play(flow, answers[:cut])
        path = tmp_path / f"cut-{cut}.json"
        saving.write(path, jr.snapshot(first, digest, ("flow",)))
        del first  # the process is gone: only the file is left
        restored = jr.restore(saving.read(path), flow, digest)
        assert restored.notes == ()
        resumed = play(flow, answers[cut:], restored.session)
        assert standing(resumed.state.roster) == standing(whole.state.roster)
        assert resumed.events == whole.events


def test_the_session_file_shows_the_roster(flow: Program, tmp_path: Path) -> None:
    answers = script(flow)
    session = play(flow, answers[:80])
    path = tmp_path / "s.json"
    saving.write(path, jr.snapshot(session, jr.digest(flow), ("flow",)))
    import json

    saved = json.loads(path.read_text(encoding="utf-8"))["roster"]
    assert saved["source"]["combatant"][0]["name"] == "Bruno"  # as the file lists them
    assert saved["state"]["turn"] in ("Alice", "Bruno") and len(saved["state"]["combatants"]) == 2


def test_the_fight_at_a_real_terminal_survives_a_kill(flow: Program, tmp_path: Path) -> None:
    """The same three turns typed at `checklist run --roster` in a pseudo-terminal; the process is
    killed (SIGKILL) in the middle of turn 1's damage and resumed with --resume."""
    import json
    import os
    import signal

    import pexpect

    from tests.play.test_kill import PROMPT, finish, spawn
    from tests.turns import FLOW

    answers = script(flow)
    session = tmp_path / "fight.json"
    child = spawn(FLOW, "--roster", ROSTER, "--at", "combat.1", "--session", session, "--seed", "11")
    cut = answers.index("8") + 3  # a few prompts after the damage roll of turn 1
    for answer in answers[:cut]:
        child.expect(PROMPT)
        child.sendline(answer)
    child.expect(PROMPT)
    os.kill(child.pid, signal.SIGKILL)
    child.expect(pexpect.EOF)
    child.close()
    assert child.signalstatus == signal.SIGKILL
    saved = json.loads(session.read_text(encoding="utf-8"))
    assert len(saved["events"]) == cut and saved["roster"]["state"]["turn"] == "Alice"
    final = finish(session, answers, tmp_path, "rest")
    assert len(final) == len(answers)
    state = json.loads(session.read_text(encoding="utf-8"))["roster"]["state"]
    people = {c["name"]: (c["current-hp"], c["shock"], c["stunned"], c["posture"]) for c in state["combatants"]}
    assert people == {"Alice": (10, 0, "no", "standing"), "Bruno": (-2, -4, "yes", "lying")}
    assert state["round"] == 2 and state["turn"] == "Bruno"


def test_a_combatant_is_found_by_name_as_written_or_as_its_slug(tmp_path: Path) -> None:
    """Turn order is Alice, Bruno, Cora: a name is found as the sheet writes it, or in any case or spacing
    (its slug, as a roster refuses two names with one slug); a name nobody has is None."""
    path = tmp_path / "three.toml"
    path.write_text((DATA / "duel-roster.toml").read_text("utf-8") + THIRD, "utf-8")
    roster = load(path)
    assert [s.name for s in roster.sheets] == ["Alice", "Bruno", "Cora"]
    names = ("Alice", "alice", " ALICE ", "Bruno", "cora", "Dora")
    assert [roster.index(n) for n in names] == [0, 0, 0, 1, 2, None]


def test_what_a_roster_says_is_what_it_said_until_a_record_makes_a_new_one() -> None:
    """Roster.get keeps what each roster said (a roster changes nothing): the same roster says the same, and
    the roster a record makes says the new value while the old one still says the old."""
    roster = load(DATA / "duel-roster.toml")
    alice = roster.index("Alice")
    assert alice is not None
    assert roster.get(alice, "current-hp") == roster.get(alice, "current-hp") == 10
    hurt = roster.record(alice, "current-hp", 4)
    assert (hurt.get(alice, "current-hp"), roster.get(alice, "current-hp")) == (4, 10)
    assert hurt.get(alice, "posture") == roster.get(alice, "posture") == "standing"
    assert roster.record(alice, "posture", "lying").get(alice, "posture") == "lying"


def test_the_roster_line_of_the_dead_and_the_unconscious() -> None:
    """The playtest's end table said `dead, stunned`: the dead are dead (and crippled where they were), and
    the unconscious are not also stunned."""
    from checklist.roster.condition import Condition

    dead = Condition(-60, 10, dead=True, stunned=True, unconscious=True, all_out=True, crippled=("right-arm",))
    assert dead.flags() == ("dead", "right arm crippled")
    assert Condition(-2, 10, unconscious=True, stunned=True).flags() == ("unconscious",)
    assert Condition(5, 10, stunned=True, waiting=True).flags() == ("stunned", "waiting")
