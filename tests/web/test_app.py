"""`checklist serve`'s application through Starlette's TestClient: a whole fight, bad answers,
forged requests, undo, and the session file (the browser tests are in test_browser.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from httpx import Response

from checklist.engine import journal as jr
from checklist.engine.questions import BadAnswer
from checklist.engine.session import Session
from checklist.graph.program import Program
from checklist.play import saving
from checklist.present.chart import chart_view
from checklist.present.rolls import roll_line
from checklist.present.screen import screen
from checklist.roster.load import load as load_roster
from checklist.web.app import FORGED
from checklist.web.chart import Charts
from checklist.web.game import LATE
from tests.web.conftest import DUEL_ROSTER, ORIGIN, TOKEN, Served, asked, serve

# What the game master chooses in each turn of the duel (the table view asks only these).
CHOICES = {"maneuver": "attack", "aimed-location": "torso", "defense": "parry"}


def lit(html: str) -> str:
    found = re.search(r'class="node step current" data-step="([^"]+)"', html)
    assert found is not None, "no step is lit"
    return found.group(1)


def test_the_page_shows_the_step_its_choices_the_roster_and_the_lit_step(duel: Served) -> None:
    response = duel.client.get("/")
    html = response.text
    assert response.status_code == 200
    assert "script-src 'self'" in response.headers["content-security-policy"]
    assert asked(html)[1] == "maneuver"
    view = screen(duel.game.session)
    assert view.question is not None
    for choice in view.question.choices:  # each a button; 1-9 are its keys
        key = f' data-key="{choice.key}"><kbd>{choice.key}</kbd>' if len(choice.key) == 1 else ">"
        assert f'value="{choice.key}"{key} <span class="text">{choice.label}</span></button>' in html
    assert "Round 1, <strong>Alice</strong>" in html
    assert '<span class="hp">10/10</span>' in html and '<span class="hp">13/13</span>' in html  # Alice, Bruno
    assert f"{{&quot;X-Checklist-Token&quot;: &quot;{TOKEN}&quot;}}" in html
    assert lit(html) == duel.game.session.state.step
    assert '<abbr title="B547 (Basic Set p. 547)">B547</abbr>' in html  # a reference names its book


def test_a_whole_fight_from_the_first_turn_to_the_end(duel: Served) -> None:
    """Alice attacks Bruno, Bruno attacks Alice, Alice attacks again, then the combat is over:
    the post-combat checklist passes by and the page shows the end, the fight and its log."""
    html = duel.client.get("/").text
    turns = 0
    for _ in range(80):
        kind, fact = asked(html)
        if fact == "combat-over":
            turns += 1
            html = duel.answer("yes" if turns == 3 else "no")
            if turns == 3:
                break
        elif kind == "roll":
            html = duel.answer("r")
        else:
            assert fact in CHOICES, f"the duel asks {fact}, which the table view should not"
            html = duel.answer(CHOICES[fact])
    assert turns == 3
    session = duel.game.session
    assert session.finished is not None and session.finished.kind == "end"
    assert session.state.step.startswith("post-combat.")
    assert "The flow ended at post-combat." in html and "<caption>The combatants</caption>" in html
    log = re.findall(r"<li[^>]*>round (\d)\s+(\w+) attacks (\w+) ", html)
    assert log == [("2", "Alice", "Bruno"), ("1", "Bruno", "Alice"), ("1", "Alice", "Bruno")]  # newest first
    saved = saving.read(duel.path)
    assert saved.finished and len(saved.events) == len(session.events)


def test_a_roll_shows_its_line_and_the_ledger_its_lines(duel: Served) -> None:
    duel.answer("attack")
    kind, fact = asked(duel.client.get("/").text)
    while kind != "roll":
        html = duel.answer(CHOICES[fact or ""])
        kind, fact = asked(html)
    assert fact == "attack-dice"
    html = duel.answer("r")
    view = screen(duel.game.session)
    assert view.roll is not None and view.roll.fact == "attack-dice"
    line = roll_line(view.roll)  # `...: 3d6 → 8 vs 15: success by 7`, as in the terminal
    assert " vs 15: " in line
    assert f'<p class="roll" id="roll">{line}</p>' in html
    for ledger in view.ledgers:
        assert f'data-fact="{ledger.fact}"' in html
        assert f'<td class="value">= {ledger.total}</td>' in html


def test_a_bad_answer_gets_the_terminals_message_and_changes_nothing(duel: Served) -> None:
    before = duel.path.read_bytes()
    steps = len(duel.game.session.history)
    terminal = Session(duel.game.session.program, at="combat.1", seed=11, roster=load_roster(DUEL_ROSTER),
                       pause=False)  # fmt: skip
    with pytest.raises(BadAnswer) as refused:
        terminal.answer("fly")
    message = str(refused.value)
    html = duel.answer("fly")
    assert f'<ul class="messages" id="messages" role="alert"><li>{message}</li></ul>' in html.replace("&#x27;", "'")
    assert asked(html)[1] == "maneuver"
    assert len(duel.game.session.history) == steps and duel.path.read_bytes() == before


def test_forged_requests_are_refused_and_change_nothing(duel: Served) -> None:
    before = duel.path.read_bytes()
    client = duel.client
    no_token = client.post("/answer", data={"answer": "1"}, headers={"Origin": ORIGIN})
    wrong_token = client.post("/answer", data={"answer": "1", "token": "guess"}, headers={"Origin": ORIGIN})
    other_site = client.post("/answer", data={"answer": "1", "token": TOKEN}, headers={"Origin": "http://evil.test"})
    undo = client.post("/undo", data={"token": "guess"})
    for response in (no_token, wrong_token, other_site, undo):
        assert (response.status_code, response.text) == (403, FORGED)
    rebound = client.get("/", headers={"Host": "evil.test:8000"})  # DNS rebinding: a name that is not ours
    assert rebound.status_code == 403 and "unknown Host" in rebound.text
    header_token = client.post("/answer", data={"answer": "1"}, headers={"X-Checklist-Token": TOKEN, "Origin": ORIGIN},
                               follow_redirects=False)  # fmt: skip
    assert header_token.status_code == 303  # the token in a header (htmx) is as good; no htmx: back to the page
    assert duel.path.read_bytes() != before
    assert len(duel.game.session.events) == 1


def test_a_plain_form_post_too_late_gets_the_page_and_a_line_a_forged_one_still_403(duel: Served) -> None:
    """A form the browser posts itself (no JavaScript, or one htmx had not taken over yet): taken, back to
    the page (303); too late (its version is behind: the question moved on), the whole page with a line
    saying so and nothing done, never a bare error; a bad answer, the page with the terminal's message.
    A forged one is refused as before (403): a wrong token, another site's Origin, an opaque one."""
    client = duel.client

    def plain(token: str = TOKEN, origin: str = ORIGIN, route: str = "answer", **form: str) -> Response:
        return client.post(f"/{route}", data={"token": token, **form}, headers={"Origin": origin},
                           follow_redirects=False)  # fmt: skip

    shown = str(duel.game.version)
    taken = plain(answer="attack", v=shown)
    assert (taken.status_code, taken.headers["location"]) == (303, "/")
    question = asked(client.get("/").text)  # after the maneuver
    events, before = len(duel.game.session.events), duel.path.read_bytes()
    for route, form in (("answer", {"answer": "1"}), ("answer", {"answer": ""}), ("undo", {})):  # the old page's
        late = plain(route=route, v=shown, **form)
        assert late.status_code == 200 and late.text.startswith("<!doctype html>"), late.text
        assert f'<ul class="messages" id="messages" role="alert"><li>{LATE}</li></ul>' in late.text
        assert asked(late.text) == question and 'hx-post="/answer"' in late.text  # the page, working
    now = str(duel.game.version)
    bad = plain(answer="fly", v=now)
    assert bad.status_code == 200 and asked(bad.text) == question
    assert re.search(r'<ul class="messages" id="messages" role="alert"><li>[^<]+</li></ul>', bad.text)
    assert len(duel.game.session.events) == events and duel.path.read_bytes() == before
    forged = [
        plain(token="guess", answer="1", v=now),
        plain(origin="http://evil.test", answer="1", v=now),
        plain(origin="null", answer="1", v=now),  # an opaque origin (a sandboxed frame, a data: page) is not ours
        plain(token="guess", answer="1", v=shown),  # late and forged: forged
    ]
    assert [(r.status_code, r.text) for r in forged] == [(403, FORGED)] * len(forged)
    assert len(duel.game.session.events) == events and duel.path.read_bytes() == before
    # same-origin: a browser's own form post carries our Origin (under no-referrer it sent `null`: refused)
    assert client.get("/").headers["referrer-policy"] == "same-origin"


def test_undo_and_the_session_file_resume_where_the_page_was(duel: Served, tmp_path: Path, charts: Charts) -> None:
    first = duel.client.get("/").text
    duel.answer("attack")
    after = asked(duel.client.get("/").text)
    html = duel.post("undo")
    assert asked(html) == asked(first) and "went back one answer" in html
    html = duel.answer("attack")
    assert asked(html) == after
    program: Program = duel.game.session.program
    restored = jr.restore(saving.read(duel.path), program, jr.digest(program)).session  # a restarted server
    (tmp_path / "again").mkdir()
    again = serve(tmp_path / "again", restored, charts)
    page = again.client.get("/").text
    assert asked(page) == after and lit(page) == duel.game.session.state.step


def test_the_flowchart_is_laid_out_once_and_lit_by_classes(duel: Served) -> None:
    """Moving within a section changes the classes and the numbers, never the drawing."""

    def drawing(html: str) -> str:
        svg = html[html.index("<svg") : html.index("</svg>")]
        svg = re.sub(r'class="(node step|edge)[^"]*"', r'class="\1"', svg)
        return re.sub(r"<text x=\"[^\"]+\" y=\"[^\"]+\" text-anchor=\"middle\">\d*</text>", "", svg)

    program = duel.game.session.program
    html = duel.client.get("/").text
    for _ in range(30):  # on until two steps in a row are in the same section
        kind, fact = asked(html)
        following = duel.answer("r" if kind == "roll" else CHOICES.get(fact or "", "no"))
        start, nxt = lit(html), lit(following)
        if program.steps[start].section == program.steps[nxt].section and start != nxt:
            break
        html = following
    else:
        raise AssertionError("no two steps in a row in one section")
    assert drawing(html) == drawing(following)
    assert re.search(rf'class="node step visited" data-step="{re.escape(start)}"', following)
    path = chart_view(duel.game.session).path  # this turn's visits, numbered from 1 on the drawing
    badge = re.search(rf'data-step="{re.escape(start)}".*?text-anchor="middle">(\d*)</text>', following, re.S)
    assert badge is not None and int(badge.group(1)) == len(path) - path[::-1].index(start)
    assert 'class="edge taken"' in following


def test_what_a_roster_names_is_escaped(tmp_path: Path, flow: Program, charts: Charts) -> None:
    hostile = tmp_path / "hostile.toml"
    text = DUEL_ROSTER.read_text("utf-8").replace('name = "Bruno"', 'name = "<script>alert(1)</script>"')
    hostile.write_text(text, "utf-8")
    session = Session(flow, at="combat.1", seed=11, roster=load_roster(hostile), pause=False)
    html = serve(tmp_path, session, charts).client.get("/").text
    assert "<script>alert" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_the_flowchart_has_no_ids_for_htmx_to_settle_old_classes_onto(flow: Program, charts: Charts) -> None:
    """dot names every section's nodes node1, node2, ...; htmx gives a swapped-in element the `class`
    of the old page's element with its id for 20 ms, so with ids the old step stayed lit a moment
    (a browser test read no lit step under load). No element of any section's chart has an id."""
    for checklist in flow.checklists.values():
        for section in checklist.sections:
            layout = charts.layout((checklist.id, section.name))
            assert not isinstance(layout, str), layout
            assert not re.search(r"<[^>]*\sid=", "".join(layout.parts)), (checklist.id, section.name)


def test_the_end_button_ends_the_fight_as_e_does(duel: Served) -> None:
    """The page's `End the fight` (key e) is play/commands.py's `e`: mid-turn, at the turn's end."""
    page = duel.client.get("/").text
    assert 'action="/end"' in page and 'data-key="e"' in page
    duel.answer("attack")
    said = duel.post("end")
    assert "the fight ends at the end of this turn" in said and asked(said) == ("table", "aimed-location")
    for typed in ("", "r", "none", "r"):  # torso, the attack roll, no defense, the damage (or a miss)
        if duel.game.session.finished is not None:
            break
        duel.answer(typed)
    session = duel.game.session
    assert session.finished is not None and session.state.step.startswith("post-combat.")
    assert 'action="/end"' not in duel.client.get("/").text  # no fight left to end
