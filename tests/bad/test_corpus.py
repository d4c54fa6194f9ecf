"""Hand-made bad inputs, each with what it must produce, run through the real command line.

`corpus/NAME.flow` sits beside `corpus/NAME.expect`; generate.py makes the big ones at test
time.  An `.expect` file holds, one per line:

    exit N              the exit code (docs/exit-codes.md)
    args --format json  extra arguments for `checklist check` (optional)
    seconds N           the CPU time bound (default 20)
    max-output N        the most bytes stdout and stderr may hold together (optional)
    xfail REASON        a known failure, reported to the owner of the code (optional)
    ...                 every other line: a substring the output must contain

Every case runs `python -m checklist check [ARGS] FILE` in a subprocess: never a traceback.
The bound is on CPU time (RLIMIT_CPU), which a busy machine does not stretch; the wall clock
only catches a process that waits forever (HANG_SECONDS).
"""

from __future__ import annotations

import math
import re
import resource
import signal
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from . import generate

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "corpus"
EXIT_CODES = HERE.parents[1] / "docs" / "exit-codes.md"
HANG_SECONDS = 600


@dataclass
class Expect:
    code: int = -1
    args: list[str] = field(default_factory=list)
    seconds: float = 20.0
    max_output: int | None = None
    xfail: str | None = None
    needles: list[str] = field(default_factory=list)


def parse_expect(text: str) -> Expect:
    expect = Expect()
    for line in text.splitlines():
        key, _, value = line.partition(" ")
        if key == "exit":
            expect.code = int(value)
        elif key == "args":
            expect.args = value.split()
        elif key == "seconds":
            expect.seconds = float(value)
        elif key == "max-output":
            expect.max_output = int(value)
        elif key == "xfail":
            expect.xfail = value
        elif line:
            expect.needles.append(line)
    assert expect.code >= 0 and expect.needles, "an .expect file needs `exit N` and at least one substring"
    return expect


def cases() -> list[object]:
    out: list[object] = []
    for flow in sorted(CORPUS.glob("*.flow")):
        expect = parse_expect(flow.with_suffix(".expect").read_text(encoding="utf-8"))
        out.append(_param(flow.stem, expect))
    for name, (_, text) in generate.CASES.items():
        out.append(_param(name, parse_expect(text)))
    return out


def _param(name: str, expect: Expect) -> object:
    marks = [pytest.mark.xfail(strict=True, reason=expect.xfail)] if expect.xfail else []
    return pytest.param(name, expect, id=name, marks=marks)


@pytest.mark.parametrize(("name", "expect"), cases())
def test_bad_input(name: str, expect: Expect, tmp_path: Path) -> None:
    path = CORPUS / f"{name}.flow"
    if name in generate.CASES:
        path = tmp_path / f"{name}.flow"
        path.write_bytes(generate.CASES[name][0]())
    cpu = math.ceil(expect.seconds)

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 5))  # SIGXCPU at the soft limit

    try:
        result = subprocess.run(
            [sys.executable, "-m", "checklist", "check", *expect.args, str(path)],
            capture_output=True, timeout=HANG_SECONDS, cwd=tmp_path, preexec_fn=limit,
        )  # fmt: skip
    except subprocess.TimeoutExpired:
        pytest.fail(f"{name}: no answer within {HANG_SECONDS} s: it waits for something (a hang)")
    if result.returncode in (-signal.SIGXCPU, -signal.SIGKILL):
        pytest.fail(f"{name}: used more than {cpu} s of CPU time")
    output = (result.stdout + result.stderr).decode("utf-8", "replace")
    assert "Traceback" not in output, output[-3000:]
    assert result.returncode == expect.code, output[-3000:]
    for needle in expect.needles:
        assert needle in output, f"{needle!r} not in the output:\n{output[:3000]}"
    if expect.max_output is not None:
        assert len(result.stdout) + len(result.stderr) <= expect.max_output
    assert sorted(p.name for p in tmp_path.iterdir()) == ([path.name] if path.parent == tmp_path else [])


def test_the_corpus_is_big_enough_and_every_exit_code_is_documented() -> None:
    flows = sorted(CORPUS.glob("*.flow"))
    assert len(flows) + len(generate.CASES) >= 50
    assert {p.stem for p in CORPUS.glob("*.expect")} == {p.stem for p in flows}
    documented = set(re.findall(r"^\| (\d+) \|", EXIT_CODES.read_text(encoding="utf-8"), re.MULTILINE))
    used = {str(parse_expect(p.with_suffix(".expect").read_text(encoding="utf-8")).code) for p in flows}
    assert used <= documented


def test_running_a_flow_with_impossible_dice_gives_no_traceback(tmp_path: Path) -> None:
    answers = tmp_path / "a.txt"
    answers.write_text("3\n", encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "checklist", "run", str(CORPUS / "bad-dice.flow"), "--learn", "--answers", str(answers),
         "--session", str(tmp_path / "s.json")],
        capture_output=True, text=True, timeout=60, cwd=tmp_path,
    )  # fmt: skip
    assert "Traceback" not in result.stderr
    assert result.returncode in (1, 2)
