"""When the tool acts by itself (play/pilot.py): `--roll auto` rolls every roll, `--autopilot` takes an
NPC's decisions and rolls; a person's question, and a flow that is over, are left alone. `fly`
carries the steps out through play/commands.py (saved after each) until a person must answer.

Rosters: tests/data/duel-roster.toml (Alice, broadsword 15; Bruno), as players, with Bruno an NPC
(`--npc Bruno`), and tests/play/test_autopilot.py's SIDED (Alice aggressive, Bruno defensive, Cora
ranged: every combatant an NPC)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from checklist.cli import exitcodes
from checklist.engine.session import Session
from checklist.graph.program import Program
from checklist.play import pilot as pilot_module
from checklist.play.commands import Commands, Reply
from checklist.play.pilot import ASK, MANUAL, Act, Pilot, fly
from checklist.present.autopilot import Chosen, chosen_line
from checklist.present.rolls import RollView, roll_line
from checklist.roster.load import load, load_all
from tests.inprocess import checklist
from tests.play.test_autopilot import SIDED
from tests.turns import DATA

DUEL_ROSTER = DATA / "duel-roster.toml"
ROLL, AUTOPILOT, BOTH = Pilot(auto_roll=True), Pilot(autopilot=True), Pilot(True, True)


def duel(flow: Program, npcs: tuple[str, ...] = ()) -> Session:
    """Alice's first turn against Bruno, in the table view, seed 11."""
    return Session(flow, at="combat.1", seed=11, roster=load_all([DUEL_ROSTER], npcs), pause=False)


def everyone_an_npc(flow: Program, tmp_path: Path, seed: int = 2) -> Session:
    path = tmp_path / "npcs.toml"
    path.write_text(SIDED, "utf-8")
    return Session(flow, at="combat.1", seed=seed, roster=load(path), pause=False)


def saving(session: Session) -> tuple[Commands, list[int]]:
    """The session's commands, and a list that counts the saves."""
    saves: list[int] = []
    return Commands(session, lambda: saves.append(len(session.events))), saves


def test_a_persons_roll_is_rolled_only_with_roll_auto(flow: Program) -> None:
    session = duel(flow)
    session.answer("attack")
    session.answer("")  # torso
    assert session.question is not None and session.question.fact == "attack-dice" and session.question.npc is None
    assert ROLL.next(session) == Act("roll") and BOTH.next(session) == Act("roll")
    assert MANUAL.next(session) == ASK and AUTOPILOT.next(session) == ASK  # a player's roll: they roll it


def test_a_persons_decision_is_always_theirs(flow: Program) -> None:
    session = duel(flow)
    question = session.question
    assert question is not None and question.fact == "maneuver" and question.npc is None
    assert [p.next(session) for p in (MANUAL, ROLL, AUTOPILOT, BOTH)] == [ASK] * 4


def test_an_npcs_decision_is_taken_only_on_autopilot(flow: Program, tmp_path: Path) -> None:
    session = everyone_an_npc(flow, tmp_path)
    question = session.question
    assert question is not None and (question.fact, question.npc, question.default) == ("maneuver", "Alice", "attack")
    assert AUTOPILOT.next(session) == Act("default", "Alice") == BOTH.next(session)
    assert MANUAL.next(session) == ASK and ROLL.next(session) == ASK  # proposed (Enter takes it), not taken


def test_an_npcs_roll_is_rolled_on_autopilot(flow: Program, tmp_path: Path) -> None:
    session = everyone_an_npc(flow, tmp_path)
    for _ in range(3):  # Alice: Attack, at Bruno, at the torso
        session.answer("")
    assert session.question is not None and (session.question.fact, session.question.npc) == ("attack-dice", "Alice")
    assert AUTOPILOT.next(session) == Act("roll", "Alice") == BOTH.next(session)
    assert ROLL.next(session) == Act("roll")  # rolled as anyone's roll is
    assert MANUAL.next(session) == ASK


def test_a_finished_flow_is_left_alone(flow: Program, tmp_path: Path) -> None:
    session = everyone_an_npc(flow, tmp_path)
    fly(BOTH, Commands(session, lambda: None))
    assert session.finished is not None and session.finished.kind == "end"
    assert BOTH.next(session) == ASK
    events = len(session.events)
    assert fly(BOTH, Commands(session, lambda: None)) == pilot_module.Flight() and len(session.events) == events


def test_a_whole_fight_on_autopilot_in_the_terminals_words(flow: Program, tmp_path: Path) -> None:
    """Seed 2, as tests/play/test_autopilot.py's `checklist run --autopilot --roll auto`."""
    session = everyone_an_npc(flow, tmp_path)
    commands, saves = saving(session)
    flight = fly(AUTOPILOT, commands)
    assert session.finished is not None and session.finished.kind == "end" and flight.errors == ()
    said = [chosen_line(d) if isinstance(d, Chosen) else roll_line(d) for d in flight.done]
    assert said[:5] == [
        "Alice: Attack  (autopilot)",
        "Alice: Bruno  (autopilot)",  # the target: the first foe standing
        "Alice: Torso  (autopilot)",
        "Roll 3d6 for the attack: 3d6 → 13 vs 15: success by 2",
        "Bruno: dodge  (autopilot)",  # defensive: block, but he has no shield; so the first one open
    ]
    assert flight.changed and saves == list(range(1, len(session.events) + 1))  # saved after every step


def test_fly_stops_at_a_persons_question(flow: Program) -> None:
    """Bruno an NPC, Alice a player, rolls asked: after Alice's roll (its line first, as no screen
    shows it) the tool takes Bruno's defense and rolls his roll,
    and stops at the question that is no one's to take: Is the combat over? (no sides, no default)."""
    session = duel(flow, ("Bruno",))
    commands, saves = saving(session)
    for answer in ("attack", "", "9"):  # Alice attacks Bruno at the torso; her dice show 9: a hit (15)
        assert fly(AUTOPILOT, commands) == pilot_module.Flight()  # each is Alice's: nothing done
        session.answer(answer)
    flight = fly(AUTOPILOT, commands)
    alices = flight.done[0]  # her own roll first: the screen that would have said it is passed by
    assert isinstance(alices, RollView)
    assert roll_line(alices) == "Roll 3d6 for the attack: 3d6 → 9 (typed) vs 15: success by 6"
    assert flight.done[1] == Chosen("Bruno", "parry")  # aggressive: parry (9 with his mace)
    rolled = flight.done[2]
    assert isinstance(rolled, RollView)
    assert roll_line(rolled) == "Roll 3d6 for the active defense: 3d6 → 9 vs 9: success"
    assert len(flight.done) == 3 and flight.changed and flight.rolled and saves == [4, 5]
    question = session.question
    assert question is not None and (question.fact, question.npc, question.default) == ("combat-over", "Bruno", None)
    assert AUTOPILOT.next(session) == ASK  # an NPC's question with nothing to take: asked


class Refusing(Commands):
    """Commands whose answers the session refuses: the same refusal every time."""

    tried = 0

    def answer(self, text: str) -> Reply:
        self.tried += 1
        return Reply("question", ("the table has no row for 19",))


def test_a_refused_step_stops_the_tool_for_a_person(flow: Program, tmp_path: Path) -> None:
    session = everyone_an_npc(flow, tmp_path)
    commands = Refusing(session, lambda: None)
    flight = fly(BOTH, commands)
    assert flight.errors == ("the table has no row for 19",) and commands.tried == 1  # not tried again and again
    assert flight.done == (Chosen("Alice", "Attack"),) and not flight.changed


def test_a_fight_that_goes_on_stops_the_tool(flow: Program, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pilot_module, "MAX_STEPS", 3)
    session = everyone_an_npc(flow, tmp_path)
    flight = fly(BOTH, Commands(session, lambda: None))
    assert len(session.events) == 3 and flight.changed
    assert flight.errors == ("the tool took 3 steps by itself and the flow goes on; answer this one yourself",)


def test_back_stops_the_tool_until_the_person_answers(flow: Program, tmp_path: Path) -> None:
    """`b` after the tool's roll goes back to that roll, and the tool waits: the game master may type
    the NPC's roll (a correction), after which the tool goes on by itself."""
    session = everyone_an_npc(flow, tmp_path)
    commands, _ = saving(session)
    for _ in range(3):  # Alice: Attack, at Bruno, at the torso, by hand
        commands.answer("")
    first = fly(AUTOPILOT, commands)
    assert first.changed and isinstance(first.done[0], RollView) and first.done[0].fact == "attack-dice"
    answers = len(session.events)  # the tool played on, to the end of the fight
    for _ in range(answers):  # back to the first roll, the tool's (the first three answers were by hand)
        if session.question is not None and session.question.fact == "attack-dice" and len(session.events) < 6:
            break
        assert commands.undo().done == "went back one answer"
    assert answers > 6 and session.question is not None and session.question.fact == "attack-dice"
    assert session.question is not None and session.question.npc == "Alice"
    assert fly(AUTOPILOT, commands) == pilot_module.Flight((), False, False)  # held: the person's now
    commands.answer("3")  # the game master's own dice: a critical success
    assert session.state.known()["attack-dice"].value == 3
    assert fly(AUTOPILOT, commands).changed  # and then the tool goes on


def test_a_resumed_session_is_played_on_as_it_was_played(tmp_path: Path) -> None:
    """The playtest: a resume forgot `--roll auto` and `--autopilot`, and the Ogre's next roll waited for dice.
    The session file keeps them; a resume plays on with them and says so; `--roll ask` and `--no-autopilot`
    stop them (and the file then holds neither)."""
    session = tmp_path / "s.json"
    started = checklist("run", "--roster", DATA / "duel-sides.toml", "--npc", "Bruno", "--autopilot", "--roll",
                        "auto", "--seed", "4", "--session", session, stdin="")  # fmt: skip
    assert started.returncode == exitcodes.END_OF_INPUT, started.stderr
    saved = json.loads(session.read_text("utf-8"))
    assert saved["roll-auto"] is True and saved["autopilot"] is True
    resumed = checklist("run", "--resume", session, stdin="attack\n\n")  # Alice attacks the torso
    assert "as saved: --roll auto, --autopilot (--roll ask, --no-autopilot to stop)" in resumed.stdout
    assert "Roll 3d6 for the attack: 3d6 →" in resumed.stdout  # her roll: rolled by the tool, as saved
    assert "Bruno: Attack  (autopilot)" in resumed.stdout  # his turn: taken by the tool, as saved
    asked = checklist("run", "--resume", session, "--roll", "ask", "--no-autopilot", stdin="")
    assert "as saved:" not in asked.stdout
    saved = json.loads(session.read_text("utf-8"))
    assert "roll-auto" not in saved and "autopilot" not in saved
