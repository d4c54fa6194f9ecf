"""A served session for the tests: the app around a Game, driven with Starlette's TestClient."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from checklist.engine import journal as jr
from checklist.engine.session import Session
from checklist.graph.program import Program
from checklist.play import saving
from checklist.play.pilot import MANUAL, Pilot
from checklist.roster.load import load as load_roster
from checklist.web.app import create_app
from checklist.web.chart import Charts
from checklist.web.game import Game
from tests.conftest import FLOW, ROOT

DUEL_ROSTER = ROOT / "examples" / "duel.toml"
TOKEN = "test-token-0123456789"
ORIGIN = "http://127.0.0.1:8000"


@dataclass
class Served:
    client: TestClient
    game: Game
    path: Path  # the session file

    def post(self, route: str, token: str = TOKEN, headers: dict[str, str] | None = None, **form: str) -> str:
        sent = {"HX-Request": "true", "Origin": ORIGIN, **(headers or {})}
        response = self.client.post(f"/{route}", data={"token": token, **form}, headers=sent)
        assert response.status_code == 200, response.text
        return response.text

    def answer(self, text: str) -> str:
        return self.post("answer", answer=text)


def asked(html: str) -> tuple[str, str | None]:
    """(kind, fact) of the question a page or fragment asks."""
    found = re.search(r'<p class="ask" id="ask" data-kind="([^"]+)"(?: data-fact="([^"]+)")?', html)
    assert found is not None, "no question on the page"
    return found.group(1), found.group(2)


def serve(tmp_path: Path, session: Session, charts: Charts | None = None, pilot: Pilot = MANUAL) -> Served:
    """The app around `session`, as `checklist serve` builds it (`pilot`: its --roll auto and --autopilot)."""
    path = tmp_path / "session.json"
    digest = jr.digest(session.program)

    def save(sync: bool = True) -> None:
        saving.write(path, jr.snapshot(session, digest, (str(FLOW),)), sync)

    game = Game(session, save, str(path), pilot)
    save()
    app = create_app(game, charts or Charts(session.program), "127.0.0.1", 8000, "Combat", token=TOKEN, warm=False)
    return Served(TestClient(app, base_url=ORIGIN), game, path)


@pytest.fixture(scope="session")
def charts(flow: Program) -> Charts:
    return Charts(flow)  # each section laid out once for all the tests


@pytest.fixture
def duel(tmp_path: Path, flow: Program, charts: Charts) -> Served:
    """examples/duel.toml from the first turn, in the table view, with seed 11."""
    session = Session(flow, at="combat.1", seed=11, roster=load_roster(DUEL_ROSTER), pause=False)
    return serve(tmp_path, session, charts)
