"""Every command says and writes the same with a warm cache as with `--no-cache`, on flow/ and on the
test corpus; two commands that start at once on a cold cache both succeed, and leave it valid."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from checklist.program import cache
from tests.conftest import FLOW, ROOT
from tests.inprocess import checklist
from tests.program.test_cache import CORPUS

DUEL = ROOT / "examples" / "duel.toml"


def three_ways(tmp_path: Path, *args: str | Path) -> tuple[subprocess.CompletedProcess[str], ...]:
    """The command cold (the entry written), warm (read back) and with --no-cache, each in its own
    folder so that the files it writes can be compared."""
    out = []
    for way in ("cold", "warm", "off"):
        here = tmp_path / way
        here.mkdir()
        cache.forget()
        words = [str(a).replace("{here}", str(here)) for a in args]
        done = checklist(*words, *(["--no-cache"] if way == "off" else []), cwd=here)
        for line in (done.stdout + done.stderr).splitlines():
            assert "Traceback" not in line and "internal error" not in line, line
        done.stdout, done.stderr = (text.replace(str(here), "{here}") for text in (done.stdout, done.stderr))
        out.append(done)
    return tuple(out)


def same(results: tuple[subprocess.CompletedProcess[str], ...], tmp_path: Path) -> None:
    cold, warm, off = results
    for result in (cold, warm):
        assert (result.returncode, result.stdout, result.stderr) == (off.returncode, off.stdout, off.stderr)
    written = {way: _files(tmp_path / way) for way in ("cold", "warm", "off")}
    assert written["cold"] == written["warm"] == written["off"]


def _files(folder: Path) -> dict[str, bytes]:
    """What a command wrote in its folder, its own folder's name taken out."""
    return {
        str(p.relative_to(folder)): p.read_bytes().replace(str(folder).encode(), b"{here}")
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


COMMANDS: dict[str, tuple[str | Path, ...]] = {
    "check": ("check", FLOW),
    "check json": ("check", FLOW, "--format", "json", "--werror"),
    "check verbatim": ("check", ROOT / "tests" / "fixtures" / "verbatim", "--color", "always"),
    "run": (
        "run",
        FLOW,
        "--roster",
        DUEL,
        "--npc",
        "Alice",
        "--npc",
        "Bruno",
        "--autopilot",
        "--roll",
        "auto",
        "--seed",
        "4",
        "--session",
        "{here}/s.json",
        "--answers",
        os.devnull,
    ),  # fmt: skip
    "run learn": ("run", FLOW, "--learn", "--session", "{here}/s.json", "--answers", os.devnull, "--seed", "2"),
    "cards": ("cards", "feint"),
    "cards 3e": ("cards", "--deck", "3e"),
    "render": ("render", FLOW, "--section", "damage", "--format", "dot", "-o", "{here}/damage.dot"),
    "render svg": ("render", FLOW, "--checklist", "combat", "-o", "{here}/combat.svg"),  # and combat.dot beside it
    "paths": ("paths", FLOW, "--cover", "steps", "-o", "{here}/scripts"),
    "simulate": ("simulate", DUEL, "--fights", "6", "--seed", "1", "--jobs", "1", "--format", "json"),
}


@pytest.mark.parametrize("command", COMMANDS, ids=list(COMMANDS))
def test_warm_and_no_cache_say_and_write_the_same(
    command: str, tmp_path: Path, own_cache: Path, builds: list[int]
) -> None:
    same(three_ways(tmp_path, *COMMANDS[command]), tmp_path)
    assert len(builds) == 1  # built cold only: warm was a hit


def test_check_on_the_test_corpus_is_the_same_warm_and_without_the_cache(
    tmp_path: Path, own_cache: Path, builds: list[int]
) -> None:
    for number, path in enumerate(CORPUS):
        for output in ("text", "json"):
            here = tmp_path / f"{number}-{output}"
            here.mkdir()
            same(three_ways(here, "check", path, "--format", output), here)


@pytest.fixture
def subprocess_cache(own_cache: Path) -> Iterator[dict[str, str]]:
    yield {**os.environ, "CHECKLIST_CACHE_DIR": str(own_cache), "NO_COLOR": "1"}


def test_serve_shows_the_same_first_page_and_session_warm_and_without_the_cache(
    tmp_path: Path, subprocess_cache: dict[str, str]
) -> None:
    from tests.web.test_command import get, served, token_of

    pages = []
    for way in ("cold", "warm", "off"):
        session = tmp_path / f"{way}.json"
        options = ["--roster", str(DUEL), "--seed", "11", "--session", str(session)]
        with served(*options, *(["--no-cache"] if way == "off" else [])) as (_, url):
            page = get(url)
            page = page.replace(token_of(page), "TOKEN")
        pages.append((page.replace(str(session), "SESSION"), session.read_text(encoding="utf-8")))
    assert pages[0] == pages[1] == pages[2]


def test_two_commands_on_a_cold_cache_at_once_both_succeed_and_leave_it_valid(
    tmp_path: Path, subprocess_cache: dict[str, str], own_cache: Path, builds: list[int]
) -> None:
    command = [sys.executable, "-m", "checklist", "check", str(FLOW), "--format", "json"]
    started = [subprocess.Popen(command, env=subprocess_cache, stdout=subprocess.PIPE, stderr=subprocess.PIPE)]
    started.append(subprocess.Popen(command, env=subprocess_cache, stdout=subprocess.PIPE, stderr=subprocess.PIPE))
    done = [proc.communicate(timeout=300) for proc in started]
    assert [proc.returncode for proc in started] == [0, 0], done
    assert done[0] == done[1]
    assert len(list(own_cache.glob("*.json"))) == 2 and not list(own_cache.glob(".*"))  # built files, findings
    cache.forget()
    from checklist.program.load import load

    load(FLOW)
    assert builds == []  # the entry they left is read back whole
