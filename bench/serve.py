"""`checklist serve` benchmark: `python bench/serve.py` (docs/benchmarks.md, "Serve").

A real `checklist serve` (uvicorn, in a subprocess, examples/duel.toml, a fixed seed) is timed
from the outside, over HTTP on loopback with one kept-alive connection, as a browser asks:

* start-up: from starting the command until GET / answers (target <= 2 s), and the CPU time
  the server used until then (what a loaded machine does not inflate);
* first page: GET / of a new session, the section's flowchart not yet laid out (target <= 1 s);
* answer -> fragment: POST /answer until the new #play is read, the lit SVG included, over
  whole fights (three turns and "the combat is over"), once the sections are laid out
  (targets: median <= 50 ms, p95 <= 150 ms); going back (POST /undo) is timed too.

`--players` measures `checklist serve --players` instead: examples/skirmish.toml with two orcs
NPCs, so six combatants are players; six player pages and the game master's page are open at
once, each a thread with its own connection that asks for news every 500 ms as the page does
(GET .../poll?v=), and answers when the question is its own (the game master: when no player
is waited for, and now and then instead of one, so that answers cross). Fights are played
until 500 answers are taken (a new server and session file when a fight ends). It reports how
long after an answer each other page saw it (target: within 1 s), and checks that no answer
was lost (the session file holds one event per answer taken, and replays to the server's
step), that every session file reads back, and that every page shows the same version and HP
at the end.

Options: --fights N (default 5), --json FILE; --players [--answers N (default 500)].
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import platform
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
ROSTER = ROOT / "examples" / "duel.toml"
SKIRMISH = ROOT / "examples" / "skirmish.toml"
NPCS = ("Orc 4", "Orc 5")  # the other six combatants are players: six player pages
POLL_S = 0.5  # as the page's hx-trigger: every 500ms
INSTEAD = 0.1  # how often the game master answers a question a player is waited for
VERSION = re.compile(r'id="version" name="v" value="(\d+)"')
HP = re.compile(r'<li[^>]* data-name="([^"]+)">.*?<span class="hp">([^<]+)</span>')
CHOICES = {"maneuver": "attack", "aimed-location": "torso", "defense": "parry"}
TURNS = 3  # per fight: Alice, Bruno, Alice; then the combat is over
TARGETS = {"startup_s": 2.0, "first_page_s": 1.0, "answer_median_ms": 50.0, "answer_p95_ms": 150.0}
ASK = re.compile(r'<p class="ask" id="ask" data-kind="([^"]+)"(?: data-fact="([^"]+)")?')


class Client:
    """One kept-alive HTTP connection to the server, as a browser holds one."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.token = ""

    def get(self, path: str) -> str:
        self.conn.request("GET", path)
        response = self.conn.getresponse()
        body = response.read().decode("utf-8")
        if path == "/":
            found = re.search(r'name="token" value="([^"]+)"', body)
            self.token = found.group(1) if found else ""
        return body

    def post(self, path: str, **form: str) -> tuple[float, str]:
        """(seconds until the whole response is read, the response)."""
        body = urlencode({"token": self.token, **form})
        headers = {"Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true",
                   "Origin": f"http://127.0.0.1:{self.port}"}  # fmt: skip
        start = time.perf_counter()
        self.conn.request("POST", path, body, headers)
        response = self.conn.getresponse()
        text = response.read().decode("utf-8")
        took = time.perf_counter() - start
        if response.status != 200:
            raise SystemExit(f"serve bench: POST {path} gave {response.status}: {text[:200]}")
        return took, text


def start(session: Path) -> tuple[subprocess.Popen[str], int, float]:
    """Start `checklist serve`; (the process, its port, seconds until GET / answered)."""
    command = [sys.executable, "-m", "checklist", "serve", "--roster", str(ROSTER), "--seed", "11",
               "--session", str(session), "--port", "0"]  # fmt: skip
    began = time.perf_counter()
    proc = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    if found is None:
        proc.kill()
        raise SystemExit(f"serve bench: checklist serve printed {line!r}")
    port = int(found.group(1))
    while True:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", "/static/serve.css")
            conn.getresponse().read()
            conn.close()
            return proc, port, time.perf_counter() - began
        except OSError:
            time.sleep(0.005)


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU time of a process so far (Linux /proc; None elsewhere): what load does not inflate."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def fight(client: Client, page: str) -> tuple[list[float], int]:
    """Play one fight to its end; (each answer's seconds, the answers given)."""
    times: list[float] = []
    turns = 0
    for _ in range(200):
        found = ASK.search(page)
        if found is None:
            return times, len(times)  # the end: no question
        kind, fact = found.groups()
        if fact == "combat-over":
            turns += 1
            answer = "yes" if turns == TURNS else "no"
        elif kind == "roll":
            answer = "r"
        elif fact in CHOICES:
            answer = CHOICES[fact]
        else:
            raise SystemExit(f"serve bench: the duel asks {fact}; add it to CHOICES")
        took, page = client.post("/answer", answer=answer)
        times.append(took)
    raise SystemExit("serve bench: the fight did not end in 200 answers")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def measure(fights: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="serve-bench-") as tmp:
        proc, port, startup = start(Path(tmp) / "session.json")
        startup_cpu = cpu_seconds(proc.pid)
        try:
            client = Client(port)
            began = time.perf_counter()
            page = client.get("/")
            first_page = time.perf_counter() - began
            time.sleep(3.0)  # the sections are laid out in the background meanwhile
            answers: list[float] = []
            undos: list[float] = []
            for _ in range(fights):
                times, given = fight(client, client.get("/"))
                answers += times
                for _ in range(given):
                    undos.append(client.post("/undo")[0])
        finally:
            proc.send_signal(signal.SIGINT)
            proc.wait(timeout=30)
    ms = [t * 1000 for t in answers]
    back = [t * 1000 for t in undos]
    return {
        "startup_s": startup,
        "startup_cpu_s": startup_cpu,
        "load_average": os.getloadavg()[0],
        "cpus": os.cpu_count(),
        "first_page_s": first_page,
        "first_page_bytes": len(page.encode("utf-8")),
        "answers": len(ms),
        "answer_median_ms": statistics.median(ms),
        "answer_p95_ms": percentile(ms, 0.95),
        "answer_max_ms": max(ms),
        "undo_median_ms": statistics.median(back),
        "undo_p95_ms": percentile(back, 0.95),
        "python": platform.python_version(),
        "machine": platform.machine(),
    }


@dataclass
class Page:
    """One open page (the game master's or a player's): its connection, what it shows, what it saw when."""

    name: str  # "" for the game master
    port: int
    path: str  # "/?key=..." or "/p/TOKEN"
    token: str
    html: str = ""
    version: int = -1
    seen: dict[int, float] = field(default_factory=dict)  # version: when this page first showed it
    taken: int = 0  # its answers the server took
    late: int = 0  # its answers refused as late (another page answered first)

    def __post_init__(self) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)

    def _request(self, method: str, path: str, body: str | None = None) -> tuple[int, str]:
        headers = {"X-Checklist-Token": self.token, "HX-Request": "true", "Origin": f"http://127.0.0.1:{self.port}"}
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        self.conn.request(method, path, body, headers)
        response = self.conn.getresponse()
        return response.status, response.read().decode("utf-8")

    def _show(self, html: str) -> None:
        found = VERSION.search(html)
        if found is None:
            raise SystemExit(f"serve bench: {self.name or 'the game master'}'s page has no version")
        now, shown = time.perf_counter(), int(found.group(1))
        for version in range(max(0, self.version + 1), shown + 1):  # a version skipped between two polls is shown
            self.seen.setdefault(version, now)
        self.html, self.version = html, shown

    def load(self) -> None:
        status, html = self._request("GET", self.path)
        if status != 200:
            raise SystemExit(f"serve bench: GET {self.path} gave {status}")
        self._show(html)

    def poll(self) -> None:
        route = f"{self.path}/poll" if self.name else "/poll"
        status, html = self._request("GET", f"{route}?v={self.version}")
        if status == 200:
            self._show(html)
        elif status != 204:
            raise SystemExit(f"serve bench: poll gave {status}: {html[:200]}")

    def answer(self, text: str) -> bool:
        """Send `text` from the version shown; True when the server took it."""
        route = f"{self.path}/answer" if self.name else "/answer"
        sent = self.version
        status, html = self._request("POST", route, urlencode({"token": self.token, "answer": text, "v": str(sent)}))
        if status != 200:
            raise SystemExit(f"serve bench: {self.name or 'the game master'} answering {text!r} got {status}: {html}")
        self._show(html)
        if "came after the question had changed" in html:
            self.late += 1
            return False
        if self.version != sent + 1:
            raise SystemExit(f"serve bench: {self.name or 'the game master'}'s answer {text!r} was refused: {html}")
        self.taken += 1
        return True


def reply(html: str) -> str | None:
    """What this page answers to the question it shows; None when it shows none."""
    found = ASK.search(html)
    if found is None:
        return None
    kind, fact = found.groups()
    if kind == "roll":
        return "r"
    if fact in CHOICES:
        return CHOICES[fact]
    return "" if 'class="default"' in html or kind == "continue" else "1"


def fight_players(proc_port: tuple[subprocess.Popen[str], int], home: str, joins: dict[str, str], wanted: int,
                  seed: int) -> tuple[list[Page], bool]:  # fmt: skip
    """Seven pages at once until the fight ends or `wanted` answers are taken; (the pages, the fight ended)."""
    _, port = proc_port
    gm = Page("", port, home.split(f":{port}", 1)[1], re.sub(r".*key=", "", home))
    pages = [gm] + [Page(name, port, url.split(f":{port}", 1)[1], url.rsplit("/", 1)[1]) for name, url in joins.items()]
    stop = threading.Event()
    lock = threading.Lock()  # the count of answers taken, across the pages
    ended = threading.Event()
    errors: list[BaseException] = []
    rng = random.Random(seed)

    def taken() -> int:
        return sum(p.taken for p in pages)

    def run(page: Page) -> None:
        try:
            page.load()
            while not stop.is_set():
                text = reply(page.html)
                mine = text is not None and (page.name or 'id="waiting"' not in page.html or rng.random() < INSTEAD)
                if not page.name and text is None:
                    ended.set()  # the end of the flow
                    stop.set()
                    return
                if mine and text is not None:
                    with lock:
                        if taken() >= wanted:
                            stop.set()
                            return
                    page.answer(text)
                    continue
                stop.wait(POLL_S)
                page.poll()
        except BaseException as exc:  # noqa: BLE001: reported after the threads stop
            errors.append(exc)
            stop.set()

    threads = [threading.Thread(target=run, args=(page,), daemon=True) for page in pages]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=3600)
    if errors:
        raise errors[0]
    time.sleep(2 * POLL_S)
    for page in pages:
        page.poll()  # the last news: every page now shows what the server has
    return pages, ended.is_set()


def start_players(session: Path, seed: int) -> tuple[subprocess.Popen[str], int, str, dict[str, str]]:
    npcs = [arg for name in NPCS for arg in ("--npc", name)]
    command = [sys.executable, "-m", "checklist", "serve", "--roster", str(SKIRMISH), "--seed", str(seed),
               "--session", str(session), "--port", "0", "--players", *npcs]  # fmt: skip
    proc = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    first = proc.stdout.readline()
    found = re.search(r"(http://127\.0\.0\.1:(\d+)/\?key=\S+)", first)
    if found is None:
        proc.kill()
        raise SystemExit(f"serve bench: checklist serve --players printed {first!r}")
    joins: dict[str, str] = {}
    while len(joins) < 6:
        line = proc.stdout.readline()
        player = re.match(r"\s+player (.+): (http://\S+)", line)
        if player is None:
            proc.kill()
            raise SystemExit(f"serve bench: expected a player's link, got {line!r}")
        joins[player.group(1)] = player.group(2)
    return proc, int(found.group(2)), found.group(1), joins


def check_file(path: Path, answers: int, pages: list[Page]) -> list[str]:
    """What is wrong with the session file after a fight: it must read back, hold one event per answer
    taken, and replay to the step every page shows; and the pages must agree."""
    from checklist.engine import journal as jr
    from checklist.play import saving
    from checklist.program.load import load

    problems = []
    journal = saving.read(path)
    if len(journal.events) != answers:
        problems.append(f"{path.name}: {len(journal.events)} events for {answers} answers taken")
    program = load([ROOT / "flow"])
    restored = jr.restore(journal, program, jr.digest(program)).session
    gm = pages[0]
    step = re.search(r'<main id="play" class="[^"]*" data-step="([^"]+)"', gm.html)
    if step is not None and step.group(1) != restored.state.step:
        problems.append(f"{path.name} replays to {restored.state.step}, the page shows {step.group(1)}")
    versions = {p.version for p in pages}
    if len(versions) != 1:
        problems.append(f"the pages show different versions at the end: {sorted(versions)}")
    hp = dict(HP.findall(gm.html))
    for page in pages[1:]:
        mine = HP.findall(page.html)
        if hp and mine and hp.get(page.name) != mine[0][1]:
            problems.append(f"{page.name}'s page shows HP {mine[0][1]}, the game master's {hp.get(page.name)}")
    return problems


def measure_players(wanted: int) -> dict[str, Any]:
    """Fights with six player pages and the game master's, until `wanted` answers are taken."""
    delays: list[float] = []
    problems: list[str] = []
    total = late = fights = 0
    with tempfile.TemporaryDirectory(prefix="serve-players-") as tmp:
        while total < wanted:
            fights += 1
            path = Path(tmp) / f"fight-{fights}.json"
            proc, port, home, joins = start_players(path, 100 + fights)
            try:
                pages, _ = fight_players((proc, port), home, joins, wanted - total, fights)
            finally:
                proc.send_signal(signal.SIGINT)
                proc.wait(timeout=60)
            taken = sum(p.taken for p in pages)
            total += taken
            late += sum(p.late for p in pages)
            problems += check_file(path, taken, pages)
            for version in range(1, pages[0].version + 1):  # each answer: when the page that made it saw it,
                made = min(p.seen[version] for p in pages if version in p.seen)  # and when each other one did
                delays += [p.seen[version] - made for p in pages if version in p.seen and p.seen[version] > made]
    ms = [d * 1000 for d in delays]
    return {
        "fights": fights,
        "answers": total,
        "late": late,
        "problems": problems,
        "pages": 7,
        "news_median_ms": statistics.median(ms),
        "news_p95_ms": percentile(ms, 0.95),
        "news_max_ms": max(ms),
        "load_average": os.getloadavg()[0],
        "cpus": os.cpu_count(),
    }


def main_players(args: argparse.Namespace) -> int:
    found = measure_players(max(1, args.answers))
    print(f"load average {found['load_average']:.1f} on {found['cpus']} CPUs")
    print("| measure | today | target | met |\n|---|---:|---:|---|")
    rows = [
        (f"answers taken, {found['pages']} pages open, {found['fights']} fight(s)", str(found["answers"]), "", True),
        ("answers refused as late (another page answered first)", str(found["late"]), "", True),
        ("answer -> every other page shows it, median", f"{found['news_median_ms']:.0f} ms", "", True),
        ("answer -> every other page shows it, p95", f"{found['news_p95_ms']:.0f} ms", "<= 1 s",
         found["news_p95_ms"] <= 1000),
        ("answer -> every other page shows it, max", f"{found['news_max_ms']:.0f} ms", "<= 1 s",
         found["news_max_ms"] <= 1000),
        ("answers lost, files corrupt, pages disagreeing", str(len(found["problems"])), "0", not found["problems"]),
    ]  # fmt: skip
    for name, value, target, met in rows:
        print(f"| {name} | {value} | {target} | {'yes' if met or not target else 'no'} |")
    for problem in found["problems"]:
        print(f"problem: {problem}")
    if args.json is not None:
        args.json.write_text(json.dumps(found, indent=2) + "\n", "utf-8")
    return 1 if found["problems"] else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0] if __doc__ else None)
    parser.add_argument("--fights", type=int, default=5, metavar="N", help="whole fights to play (default 5)")
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write the figures as JSON")
    parser.add_argument("--players", action="store_true", help="six player pages and the game master's at once")
    parser.add_argument("--answers", type=int, default=500, metavar="N", help="with --players: answers to take")
    args = parser.parse_args(argv)
    if args.players:
        return main_players(args)
    found = measure(max(1, args.fights))
    rows = [
        ("start-up until GET / answers", f"{found['startup_s']:.2f} s", "<= 2 s", found["startup_s"] <= 2.0),
        ("start-up, CPU time of the server", f"{found['startup_cpu_s'] or 0:.2f} s", "", True),
        ("first page (cold section)", f"{found['first_page_s'] * 1000:.0f} ms", "<= 1 s", found["first_page_s"] <= 1),
        (f"answer -> fragment, median of {found['answers']}", f"{found['answer_median_ms']:.1f} ms", "<= 50 ms",
         found["answer_median_ms"] <= 50),
        ("answer -> fragment, p95", f"{found['answer_p95_ms']:.1f} ms", "<= 150 ms", found["answer_p95_ms"] <= 150),
        ("answer -> fragment, max", f"{found['answer_max_ms']:.1f} ms", "", True),
        ("undo -> fragment, median / p95", f"{found['undo_median_ms']:.1f} / {found['undo_p95_ms']:.1f} ms", "", True),
    ]  # fmt: skip
    print(f"load average {found['load_average']:.1f} on {found['cpus']} CPUs")
    print("| measure | today | target | met |\n|---|---:|---:|---|")
    for name, value, target, met in rows:
        print(f"| {name} | {value} | {target} | {'yes' if met or not target else 'no'} |")
    if args.json is not None:
        args.json.write_text(json.dumps(found, indent=2) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
