"""`checklist serve --players` through Starlette's TestClient: each player's page, their own questions
answered there, the game master's page waiting for them (and answering instead), the news every
page asks for, late answers, and the refusals: another combatant's question, an NPC's, the game
master's routes, a forged token, Origin or Host (403, and nothing changes)."""

from __future__ import annotations

import re
from pathlib import Path

from starlette.testclient import TestClient

from checklist.engine.session import Session
from checklist.graph.program import Program
from checklist.play.pilot import answerer
from checklist.roster.load import load as load_roster
from checklist.roster.load import load_all
from checklist.web.app import FORGED, GM_ONLY, NOT_YOURS, create_app
from checklist.web.chart import Charts
from checklist.web.game import LATE
from checklist.web.page import Join, mine
from tests.conftest import ROOT, golden
from tests.web.conftest import DUEL_ROSTER, ORIGIN, TOKEN, Served, asked, serve

ALICE, BRUNO = "alice-token-0123456789", "bruno-token-0123456789"
PLAYERS = {ALICE: "Alice", BRUNO: "Bruno"}
GOLDEN = ROOT / "tests" / "web" / "golden"


def players(tmp_path: Path, flow: Program, charts: Charts, npcs: tuple[str, ...] = ()) -> Served:
    """examples/duel.toml from the first turn with a page for each combatant who is not an NPC."""
    session = Session(flow, at="combat.1", seed=11, roster=load_all([DUEL_ROSTER], npcs), pause=False)
    served = serve(tmp_path, session, charts)
    game = served.game
    game.players = frozenset(name for name in PLAYERS.values() if name not in npcs)
    tokens = {token: name for token, name in PLAYERS.items() if name in game.players}
    joins = tuple(Join(name, f"{ORIGIN}/p/{token}") for token, name in tokens.items())
    app = create_app(game, charts, "127.0.0.1", 8000, "Combat", token=TOKEN, warm=False, players=tokens, joins=joins)
    served.client = TestClient(app, base_url=ORIGIN)
    return served


def post(served: Served, route: str, token: str, origin: str = ORIGIN, **form: str) -> tuple[int, str]:
    response = served.client.post(f"/{route}", data={"token": token, **form},
                                  headers={"HX-Request": "true", "Origin": origin})  # fmt: skip
    return response.status_code, response.text


def version(html: str) -> str:
    found = re.search(r'id="version" name="v" value="(\d+)"', html)
    assert found is not None, "no version on the page"
    return found.group(1)


def test_each_player_answers_their_own_question_and_every_page_hears_of_it(
    tmp_path: Path, flow: Program, charts: Charts
) -> None:
    served = players(tmp_path, flow, charts)
    client = served.client
    # the game master's page needs the key
    assert (
        client.get("/").status_code == 403 and client.get("/").text == GM_ONLY
    )  # the game master's page needs the key
    gm = client.get(f"/?key={TOKEN}").text
    assert asked(gm) == ("table", "maneuver")
    assert "Waiting for <strong>Alice</strong>\u2019s answer" in gm  # and the game master may answer instead
    assert f'href="{ORIGIN}/p/{ALICE}"' in gm and "Players\u2019 links (2)" in gm
    alice, bruno = client.get(f"/p/{ALICE}").text, client.get(f"/p/{BRUNO}").text
    assert asked(alice) == ("table", "maneuver") and 'hx-post="/p/' + ALICE + '/answer"' in alice
    assert '<span class="hp">10/10</span>' in alice and "Round 1, <strong>Alice</strong>" in alice
    assert 'id="ask"' not in bruno and "Waiting for Alice\u2019s answer." in bruno
    v = version(bruno)
    assert client.get(f"/p/{BRUNO}/poll?v={v}").status_code == 204  # nothing new
    assert client.get(f"/poll?v={v}", headers={"X-Checklist-Token": TOKEN}).status_code == 204
    for answer in ("attack", "torso", "r"):  # Alice's maneuver, location and attack roll (the target is Bruno)
        status, alice = post(served, f"p/{ALICE}/answer", ALICE, answer=answer, v=version(alice))
        assert status == 200, alice
    assert 'id="ask"' not in alice  # the defense is Bruno's now
    assert "Waiting for Bruno\u2019s answer." in alice
    news = client.get(f"/p/{BRUNO}/poll?v={v}")  # Bruno's page, still at the old version, hears of it
    assert news.status_code == 200 and asked(news.text) == ("choice", "defense")
    gm_news = client.get(f"/poll?v={v}", headers={"X-Checklist-Token": TOKEN})
    assert gm_news.status_code == 200 and "Waiting for <strong>Bruno</strong>\u2019s answer" in gm_news.text
    status, bruno = post(served, f"p/{BRUNO}/answer", BRUNO, answer="parry", v=version(news.text))
    assert status == 200 and asked(bruno) == ("roll", "defense-dice")
    status, bruno = post(served, f"p/{BRUNO}/answer", BRUNO, answer="r", v=version(bruno))
    assert status == 200 and 'class="roll" id="roll">Roll 3d6 for the active defense' in bruno
    assert answerer(served.game.session) == "Alice" or served.game.session.question is not None


def test_the_game_master_answers_instead_and_a_late_answer_is_not_taken(
    tmp_path: Path, flow: Program, charts: Charts
) -> None:
    served = players(tmp_path, flow, charts)
    alice = served.client.get(f"/p/{ALICE}").text
    served.answer("attack")  # the game master answers Alice's question for her
    assert served.game.session.question is not None and served.game.session.question.fact == "aimed-location"
    events = len(served.game.session.events)
    status, late = post(served, f"p/{ALICE}/answer", ALICE, answer="aim", v=version(alice))  # her page was behind
    assert status == 200 and LATE in late and asked(late)[1] == "aimed-location"
    assert len(served.game.session.events) == events


def test_a_plain_form_post_too_late_gets_the_page_another_players_question_still_403(
    tmp_path: Path, flow: Program, charts: Charts
) -> None:
    """Forms the browser posts itself (no htmx), with players: the game master's, taken, back to the page
    with its key (303); a player's and the game master's, too late, their page with the line (nothing done);
    a player's to a question not theirs, and a forged one, 403 as with htmx."""
    served = players(tmp_path, flow, charts)
    client = served.client

    def plain(route: str, token: str, **form: str) -> tuple[int, str, str]:
        response = client.post(f"/{route}", data={"token": token, **form}, headers={"Origin": ORIGIN},
                               follow_redirects=False)  # fmt: skip
        return response.status_code, response.headers.get("location", ""), response.text

    shown = version(client.get(f"/p/{ALICE}").text)
    assert plain("answer", TOKEN, answer="attack", v=shown)[:2] == (303, f"/?key={TOKEN}")  # for Alice
    events, before = len(served.game.session.events), served.path.read_bytes()
    status, _, alice = plain(f"p/{ALICE}/answer", ALICE, answer="aim", v=shown)  # her page was behind
    assert status == 200 and alice.startswith("<!doctype html>") and f"<li>{LATE}</li>" in alice
    assert asked(alice)[1] == "aimed-location" and f'hx-post="/p/{ALICE}/answer"' in alice
    status, _, gm = plain("answer", TOKEN, answer="aim", v=shown)  # a second tab of the game master's
    assert status == 200 and f"<li>{LATE}</li>" in gm and "Players\u2019 links (2)" in gm
    now = version(client.get(f"/p/{BRUNO}").text)
    refused = [
        plain(f"p/{BRUNO}/answer", BRUNO, answer="torso", v=now),  # Alice's question, on Bruno's page
        plain(f"p/{ALICE}/answer", BRUNO, answer="torso", v=now),  # another's token
        plain(f"p/{ALICE}/answer", "guess", answer="torso", v=now),  # her page, a forged token
    ]
    assert [(status, text) for status, _, text in refused] == [(403, NOT_YOURS), (403, FORGED), (403, FORGED)]
    assert len(served.game.session.events) == events and served.path.read_bytes() == before


def test_a_player_cannot_answer_another_combatants_question_nor_an_npcs(
    tmp_path: Path, flow: Program, charts: Charts
) -> None:
    served = players(tmp_path, flow, charts, npcs=("Alice",))
    client = served.client
    assert client.get(f"/p/{ALICE}").status_code == 403  # an NPC has no page
    before, events = served.path.read_bytes(), len(served.game.session.events)
    bruno = client.get(f"/p/{BRUNO}").text
    refused = [
        post(served, f"p/{BRUNO}/answer", BRUNO, answer="attack", v=version(bruno)),  # the NPC Alice's maneuver
        post(served, f"p/{BRUNO}/answer", BRUNO, answer="attack"),  # without a version, the same
        post(served, f"p/{ALICE}/answer", ALICE, answer="attack"),  # an NPC's token: none
        post(served, f"p/{BRUNO}/answer", ALICE, answer="attack"),  # Bruno's page, another token
        post(served, "answer", BRUNO, answer="attack"),  # the game master's route
        post(served, "undo", BRUNO),
        post(served, f"p/{BRUNO}/answer", BRUNO, origin="http://evil.test", answer="attack"),
        post(served, "p/guess/answer", "guess", answer="attack"),
    ]
    assert [status for status, _ in refused] == [403] * len(refused)
    assert {text for _, text in refused} == {NOT_YOURS, FORGED}
    assert refused[0][1] == NOT_YOURS and refused[4][1] == FORGED
    for path in ("/p/guess", "/p/guess/poll?v=0", "/poll?v=0", f"/?key={BRUNO}"):
        assert client.get(path).status_code == 403, path
    rebound = client.get(f"/p/{BRUNO}", headers={"Host": "evil.test:8000"})
    assert rebound.status_code == 403 and "unknown Host" in rebound.text
    assert served.path.read_bytes() == before and len(served.game.session.events) == events


def test_on_every_address_a_host_that_is_an_ip_address_is_ours(tmp_path: Path, flow: Program, charts: Charts) -> None:
    """--host 0.0.0.0: a phone opens http://192.168.1.20:8000/p/...; a name is still refused (DNS rebinding)."""
    session = Session(flow, at="combat.1", seed=11, roster=load_roster(DUEL_ROSTER), pause=False)
    served = serve(tmp_path, session, charts)
    app = create_app(served.game, charts, "0.0.0.0", 8000, "Combat", token=TOKEN, warm=False)
    client = TestClient(app, base_url="http://192.168.1.20:8000")
    assert client.get("/").status_code == 200
    assert client.get("/", headers={"Host": "192.168.1.20:8001"}).status_code == 403
    assert client.get("/", headers={"Host": "evil.test:8000"}).status_code == 403
    answered = client.post("/answer", data={"token": TOKEN, "answer": "attack"},
                           headers={"HX-Request": "true", "Origin": "http://192.168.1.20:8000"})  # fmt: skip
    assert answered.status_code == 200
    forged = client.post("/answer", data={"token": TOKEN, "answer": "attack"},
                         headers={"HX-Request": "true", "Origin": "http://evil.test:8000"})  # fmt: skip
    assert forged.status_code == 403


def test_a_players_page_as_golden_html(tmp_path: Path, flow: Program, charts: Charts) -> None:
    """Bruno's page at his defense (his question) and Alice's at the same moment (she waits for him)."""
    served = players(tmp_path, flow, charts)
    for answer in ("attack", "torso", "r"):
        served.answer(answer)
    game = served.game
    html = mine(game.player("Bruno"), BRUNO) + "\n" + mine(game.player("Alice"), ALICE) + "\n"
    golden(GOLDEN / "players.html", html.replace("><", ">\n<"))
