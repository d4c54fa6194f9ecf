"""`checklist serve` benchmark: `python bench/serve.py` (docs/benchmarks.md, "Serve").

A real `checklist serve` (uvicorn, in a subprocess, examples/duel.toml, a fixed seed) is timed
from the outside, over HTTP on loopback with one kept-alive connection, as a browser asks:

* start-up: from starting the command until GET / answers (target <= 2 s), and the CPU time
  the server used until then (what a loaded machine does not inflate);
* first page: GET / of a new session, the section's flowchart not yet laid out (target <= 1 s);
* answer -> fragment: POST /answer until the new #play is read, the lit SVG included, over
  whole fights (three turns and "the combat is over"), once the sections are laid out
  (targets: median <= 50 ms, p95 <= 150 ms); going back (POST /undo) is timed too.

Options: --fights N (default 5), --json FILE.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import platform
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
ROSTER = ROOT / "examples" / "duel.toml"
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0] if __doc__ else None)
    parser.add_argument("--fights", type=int, default=5, metavar="N", help="whole fights to play (default 5)")
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write the figures as JSON")
    args = parser.parse_args(argv)
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
