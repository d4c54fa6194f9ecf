"""`checklist serve` as a command: it prints its address, answers, saves, stops on Ctrl-C, resumes,
and says clearly when it cannot listen (exit 8) or listens beyond this machine."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from checklist.cli import exitcodes
from checklist.cli.serve import listen
from checklist.play import saving
from tests.play.test_autopilot import SIDED
from tests.web.conftest import DUEL_ROSTER, asked

FLOW = Path(__file__).resolve().parents[2] / "flow"


@contextmanager
def served(*args: str) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """`checklist serve ARGS --port 0` running; (the process, its address). Stopped with Ctrl-C (SIGINT)."""
    command = [sys.executable, "-m", "checklist", "serve", str(FLOW), "--port", "0", *args]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "NO_COLOR": "1"})  # fmt: skip
    try:
        assert proc.stdout is not None
        hang = threading.Timer(120, proc.kill)  # a bound on a hang: a busy machine only starts it later
        hang.start()
        line = proc.stdout.readline()
        hang.cancel()
        found = re.search(r"(http://\S+/)", line)
        assert found is not None, f"no address in {line!r}; stderr: {proc.stderr.read() if proc.stderr else ''}"
        yield proc, found.group(1)
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
            proc.wait(timeout=120)


def get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=120) as response:
        return str(response.read().decode("utf-8"))


def post(url: str, token: str, answer: str) -> str:
    data = urllib.parse.urlencode({"token": token, "answer": answer}).encode()
    origin = url.rstrip("/").rsplit("/", 1)[0]
    request = urllib.request.Request(url, data, headers={"HX-Request": "true", "Origin": origin})
    with urllib.request.urlopen(request, timeout=120) as response:
        return str(response.read().decode("utf-8"))


def token_of(page: str) -> str:
    found = re.search(r'name="token" value="([^"]+)"', page)
    assert found is not None
    return found.group(1)


def test_serve_answers_saves_stops_and_resumes(tmp_path: Path) -> None:
    session = tmp_path / "s.json"
    with served("--roster", str(DUEL_ROSTER), "--session", str(session), "--seed", "11") as (proc, url):
        page = get(url)
        assert asked(page)[1] == "maneuver"
        after = asked(post(url + "answer", token_of(page), "attack"))
        assert after[1] != "maneuver"
        assert len(saving.read(session).events) == 1  # saved after the answer, before the page came back
    assert proc.returncode == exitcodes.INTERRUPTED  # Ctrl-C, as `checklist run`: saved first
    assert "stopped; the session is in" in (proc.stdout.read() if proc.stdout else "")
    with served("--session", str(session)) as (_, url):  # the same file: resumed where it was
        assert asked(get(url)) == after


def test_serve_on_autopilot_plays_a_fight_of_npcs_before_the_first_page(tmp_path: Path) -> None:
    """`--autopilot --roll auto` as `checklist run` takes them (tests/web/test_autopilot.py: the page)."""
    roster = tmp_path / "npcs.toml"
    roster.write_text(SIDED, "utf-8")
    session = tmp_path / "s.json"
    options = ("--roster", str(roster), "--autopilot", "--roll", "auto", "--seed", "2", "--session", str(session))
    with served(*options) as (_, url):
        page = get(url)
        assert "The flow ended at post-combat." in page and "Alice: Attack  (autopilot)" in page
        assert saving.read(session).finished


def test_a_new_start_does_not_overwrite_an_unfinished_session(tmp_path: Path) -> None:
    session = tmp_path / "s.json"
    with served("--roster", str(DUEL_ROSTER), "--session", str(session)):
        pass
    done = subprocess.run([sys.executable, "-m", "checklist", "serve", "--roster", str(DUEL_ROSTER), "--session",
                           str(session), "--port", "0"], capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == exitcodes.USAGE
    assert f"{session} holds an unfinished session: serve it again with" in done.stderr


def test_a_port_in_use_is_exit_8_with_a_message() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "checklist", "serve", "--port", str(port)], capture_output=True,
                              text=True, timeout=60)  # fmt: skip
    assert done.returncode == exitcodes.NO_PORT == 8
    assert done.stderr == (f"checklist serve: port {port} on 127.0.0.1 is in use (another `checklist serve`?); "
                           "pick another with --port N, or --port 0 for any free port\n")  # fmt: skip


def test_listening_beyond_loopback_says_what_it_means(tmp_path: Path) -> None:
    with served("--host", "0.0.0.0", "--session", str(tmp_path / "s.json")) as (proc, url):
        assert url.startswith("http://0.0.0.0:")
        assert proc.stderr is not None
        note = proc.stderr.readline()
    assert note.startswith("note: listening on 0.0.0.0, not on loopback: anyone who can reach this machine")


def test_a_host_that_is_not_an_address_is_a_usage_error() -> None:
    done = subprocess.run([sys.executable, "-m", "checklist", "serve", "--host", "my laptop"], capture_output=True,
                          text=True, timeout=60)  # fmt: skip
    assert done.returncode == exitcodes.USAGE and "--host my laptop: give an IP address" in done.stderr


def test_the_listening_socket_is_tcp_so_answers_are_not_held_back_by_nagle() -> None:
    """asyncio turns Nagle's algorithm off only for sockets whose protocol is IPPROTO_TCP; with 0 a
    kept-alive connection waited 40 ms (the client's delayed ACK) for every response's body."""
    sock = listen("127.0.0.1", 0)
    try:
        assert sock.proto == socket.IPPROTO_TCP
    finally:
        sock.close()


def test_players_get_links_and_the_game_master_a_key(tmp_path: Path) -> None:
    """--players: a link per combatant who is not an NPC, each with a token of its own; the game master's
    address carries the key its page needs; a player's link opens their page."""
    with served("--roster", str(DUEL_ROSTER), "--npc", "Bruno", "--players", "--session", str(tmp_path / "s.json"),
                "--at", "combat.1") as (proc, url):  # fmt: skip
        assert proc.stdout is not None
        joined = proc.stdout.readline()
        found = re.match(r"  player Alice: (http://127\.0\.0\.1:\d+/p/[\w-]{20,})$", joined.rstrip("\n"))
        assert found is not None, joined
        with urllib.request.urlopen(found.group(1), timeout=120) as response:
            assert response.status == 200 and "Alice" in response.read().decode("utf-8")
        try:
            urllib.request.urlopen(url, timeout=120)  # the address without its key
            raise AssertionError("the game master's page opened without its key")
        except urllib.error.HTTPError as refused:
            assert refused.code == 403


def test_players_without_a_roster_or_with_only_npcs_is_a_usage_error(tmp_path: Path) -> None:
    base = [sys.executable, "-m", "checklist", "serve", "--port", "0", "--players"]
    bare = subprocess.run([*base, "--session", str(tmp_path / "a.json")], capture_output=True, text=True, timeout=120)
    assert bare.returncode == exitcodes.USAGE and "--players needs a roster (--roster FILE)" in bare.stderr
    npcs = subprocess.run([*base, "--roster", str(DUEL_ROSTER), "--npc", "Alice", "--npc", "Bruno", "--session",
                           str(tmp_path / "b.json")], capture_output=True, text=True, timeout=120)  # fmt: skip
    assert npcs.returncode == exitcodes.USAGE and "every combatant of the roster is an NPC" in npcs.stderr
    assert "Traceback" not in bare.stderr + npcs.stderr
