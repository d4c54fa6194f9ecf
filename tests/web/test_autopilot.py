"""`checklist serve --roll auto` and `--autopilot` through Starlette's TestClient: the page takes the
steps the terminal takes by itself (play/pilot.py) before it paints, and lists them in the
terminal's words.

With every combatant an NPC (tests/play/test_autopilot.py's SIDED, seed 2) no answer is posted at
all: the Game takes the NPCs' steps when it starts, before the first page, as `checklist run
--autopilot` prints the whole fight before any prompt; the first page load is the end table.
With `--roll auto` alone, the game master still chooses (the maneuver, the defense) but never rolls."""

from __future__ import annotations

import html
import re
from pathlib import Path

from checklist.cli.arguments import parser
from checklist.cli.run import start_of
from checklist.engine.session import Session
from checklist.graph.program import Program
from checklist.play import saving
from checklist.play.pilot import Pilot
from checklist.present.autopilot import Chosen, chosen_line
from checklist.present.rolls import roll_line
from checklist.roster.load import load as load_roster
from checklist.roster.load import load_all
from checklist.web.app import FORGED
from checklist.web.chart import Charts
from tests.play.test_autopilot import SIDED
from tests.web.conftest import DUEL_ROSTER, ORIGIN, TOKEN, Served, asked, serve
from tests.web.test_app import CHOICES

AUTOPILOT = Pilot(auto_roll=True, autopilot=True)


def npcs(tmp_path: Path, flow: Program, charts: Charts) -> Served:
    path = tmp_path / "npcs.toml"
    path.write_text(SIDED, "utf-8")
    session = Session(flow, at="combat.1", seed=2, roster=load_roster(path), pause=False)
    return serve(tmp_path, session, charts, AUTOPILOT)


def done_lines(page: str) -> list[str]:
    """The lines of what the tool did by itself, as the page shows them (a damage roll's `→` part apart)."""
    found = re.search(r'<ol class="done-lines">(.*?)</ol>', page)
    if found is None:
        return []
    items = re.findall(r"<li[^>]*>(.*?)</li>", found.group(1))
    return [html.unescape(re.sub(r'<span class="roll-then">.*?</span>', "", item)) for item in items]


def test_the_command_line_takes_the_flags_of_run() -> None:
    args = parser().parse_args(["serve", "--autopilot", "--roll", "auto", "--npc", "Bruno=defensive"])
    start = start_of(args)
    assert (start.auto_roll, start.autopilot) == (True, True) and args.npc == ["Bruno=defensive"]
    start = start_of(parser().parse_args(["serve"]))
    assert (start.auto_roll, start.autopilot) == (None, None)  # neither: as saved, else every question asked
    for option in ("--npc", "--autopilot", "--roll"):  # one definition, one help text
        assert _help("serve", option) == _help("run", option)


def _help(command: str, option: str) -> str:
    sub = next(a for a in parser()._actions if a.dest == "command")
    choices = sub.choices
    assert isinstance(choices, dict)
    action = next(a for a in choices[command]._actions if option in a.option_strings)
    return f"{action.help} {action.metavar} {action.choices} {action.default}"


def test_a_fight_of_npcs_reaches_the_end_table_with_no_answer(tmp_path: Path, flow: Program, charts: Charts) -> None:
    served = npcs(tmp_path, flow, charts)
    page = served.client.get("/").text  # the first page load; nothing is posted
    session = served.game.session
    assert session.finished is not None and session.finished.kind == "end"
    assert "The flow ended at post-combat." in page and "<caption>The combatants</caption>" in page
    said = [chosen_line(d) if isinstance(d, Chosen) else roll_line(d) for d in served.game.flight.done]
    assert done_lines(page) == said  # every step the tool took, in the terminal's words and order
    assert said[:4] == [
        "Alice: Attack  (autopilot)",
        "Alice: Bruno  (autopilot)",
        "Alice: Torso  (autopilot)",
        "Roll 3d6 for the attack: 3d6 → 13 vs 15: success by 2",
    ]
    assert '<details class="done" id="done">' in page  # a whole fight's lines start folded
    saved = saving.read(served.path)
    assert saved.finished and len(saved.events) == len(session.events)
    assert served.client.get("/").text == page  # a reload shows the same, and takes no step


def test_with_roll_auto_a_person_chooses_but_never_rolls(tmp_path: Path, flow: Program, charts: Charts) -> None:
    """examples/duel.toml, seed 11, as tests/web/test_app.py's whole fight: Alice attacks Bruno, Bruno
    attacks Alice, Alice attacks again, then the game master ends the combat."""
    session = Session(flow, at="combat.1", seed=11, roster=load_roster(DUEL_ROSTER), pause=False)
    served = serve(tmp_path, session, charts, Pilot(auto_roll=True))
    page = served.client.get("/").text
    assert asked(page) == ("table", "maneuver") and done_lines(page) == []  # Alice's maneuver: hers to choose
    posted: list[str] = []
    rolls, turns = 0, 0
    for _ in range(40):
        kind, fact = asked(page)
        assert kind != "roll", f"the page asks for {fact}: --roll auto rolls it"
        if fact == "combat-over":
            turns += 1
            page = served.answer("yes" if turns == 3 else "no")
            posted.append(fact)
            if turns == 3:
                break
            continue
        assert fact in CHOICES, f"the duel asks {fact}, which the table view should not"
        page = served.answer(CHOICES[fact])
        posted.append(fact)
        lines = done_lines(page)
        rolls += len(lines)
        assert all(line.startswith("Roll ") for line in lines)  # no one is an NPC: only rolls
        if lines:  # the roll is shown once, in the list, not again as the screen's last roll
            assert 'id="roll"' not in page and "(typed)" not in "".join(lines)
    assert turns == 3 and session.finished is not None and session.finished.kind == "end"
    turn = ["maneuver", "aimed-location", "defense", "combat-over"]
    assert posted == turn + ["maneuver", "aimed-location", "combat-over"] + turn  # Bruno missed: no defense
    assert rolls == 8  # 3d6 to hit three times, two defenses, damage twice, and a knockdown check
    log = re.findall(r"<li[^>]*>round (\d)\s+(\w+) attacks (\w+) ", page)
    assert log == [("2", "Alice", "Bruno"), ("1", "Bruno", "Alice"), ("1", "Alice", "Bruno")]  # as with `r` typed


def test_the_roll_just_made_leads_the_next_question(tmp_path: Path, flow: Program, charts: Charts) -> None:
    session = Session(flow, at="combat.1", seed=11, roster=load_roster(DUEL_ROSTER), pause=False)
    served = serve(tmp_path, session, charts, Pilot(auto_roll=True))
    served.answer("attack")
    page = served.answer("")  # torso: then the attack roll is rolled, and Bruno is asked his defense
    assert asked(page) == ("choice", "defense")
    assert done_lines(page) == ["Roll 3d6 for the attack: 3d6 → 9 vs 15: success by 6"]
    assert '<details class="done" id="done" open>' in page  # a few lines: open


def test_forged_and_malformed_requests_are_refused_on_autopilot(tmp_path: Path, flow: Program, charts: Charts) -> None:
    session = Session(flow, at="combat.1", seed=11, roster=load_all([DUEL_ROSTER], ("Bruno",)), pause=False)
    served = serve(tmp_path, session, charts, AUTOPILOT)
    before, events = served.path.read_bytes(), len(session.events)
    client = served.client
    forged = client.post("/answer", data={"answer": "attack", "token": "guess"}, headers={"Origin": ORIGIN})
    other_site = client.post(
        "/answer", data={"answer": "attack", "token": TOKEN}, headers={"Origin": "http://evil.test"}
    )
    for response in (forged, other_site):
        assert (response.status_code, response.text) == (403, FORGED)
    huge = client.post("/answer", content=b"answer=" + b"1" * 20_000, headers={"Origin": ORIGIN})
    assert huge.status_code == 413 and "16 KB" in huge.text
    garbled = served.post("answer", answer="\x00\ufffd" * 3)  # a form field the session cannot take
    assert "not one of the choices" in garbled and asked(garbled) == ("table", "maneuver")
    assert len(session.events) == events and served.path.read_bytes() == before
    served.answer("attack")  # then real answers: Bruno's steps are taken before the page comes back
    page = served.answer("")  # torso
    assert done_lines(page) == [
        "Roll 3d6 for the attack: 3d6 → 9 vs 15: success by 6",
        "Bruno: parry  (autopilot)",
        "Roll 3d6 for the active defense: 3d6 → 13 vs 9: failure by 4",
        "Roll the damage of the broadsword: 1d6+2 → 5",
    ]
    assert asked(page) == ("yes/no", "combat-over")  # no sides, so no default: the game master says
