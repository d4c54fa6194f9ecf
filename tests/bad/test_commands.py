"""Bad inputs of every class of issue 17, through every command, in a subprocess under limits.

Each case runs `python -m checklist ...` with RLIMIT_AS (1 GB: no runaway memory) and
RLIMIT_CPU (no hang: the kernel stops a loop) set in a preexec_fn, and a wall-clock timeout
for a process that waits (a FIFO).  It asserts the exit code (docs/exit-codes.md), that no
traceback and no raw ESC reach the output, and the words that name the place and the fix.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FLOW = ROOT / "flow"
DUEL = ROOT / "tests" / "data" / "duel.flow"
MEMORY = 1 << 30  # 1 GB of address space
CPU_SECONDS = 60
WAIT_SECONDS = 120
BIG = "9" * 5000
ESC = "\x1b]0;pwned\x07\x1b[2J"
HEAD = 'checklist t "T"\nstart 1\nfact a : yes/no per turn "A?"\nfact n : number per turn "N?"\n'
TAIL = 'step 1 "One"\n  if s > 3 -> end\n  else -> end\n'


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS))


@dataclass(frozen=True)
class Case:
    klass: int  # the class of issue 17
    args: Callable[[Path], list[str]]  # the command line, given a folder to make files in
    code: int
    needles: tuple[str, ...]


def flow(text: str, name: str = "bad.flow") -> Callable[[Path], Path]:
    def make(tmp: Path) -> Path:
        path = tmp / name
        path.write_text(text, encoding="utf-8")
        return path

    return make


def fifo(tmp: Path, name: str = "pipe.flow") -> Path:
    path = tmp / name
    os.mkfifo(path)
    return path


def answers(tmp: Path, text: str) -> Path:
    path = tmp / "answers.txt"
    path.write_text(text, encoding="utf-8")
    return path


def session(tmp: Path, **change: object) -> Path:
    """A real session file of the duel flow, with fields changed."""
    import json

    path = tmp / "s.json"
    subprocess.run([sys.executable, "-m", "checklist", "run", str(DUEL), "--session", str(path), "--seed", "1",
                    "--answers", str(answers(tmp, "yes\n"))], capture_output=True, timeout=WAIT_SECONDS)  # fmt: skip
    data = json.loads(path.read_text(encoding="utf-8"))
    for key, value in change.items():
        target, _, field = key.partition("__")
        if field:
            data[target][field] = value
        else:
            data[key] = value
    text = json.dumps(data)
    if data.get("seed") == BIG:  # a 5000-digit number, not text
        text = text.replace(f'"{BIG}"', BIG)
    path.write_text(text, encoding="utf-8")
    return path


def cmd(name: str, *rest: str | Callable[[Path], Path]) -> Callable[[Path], list[str]]:
    def make(tmp: Path) -> list[str]:
        return [name, *(str(r(tmp)) if callable(r) else r for r in rest)]

    return make


SUM = flow(HEAD + 'fact s : number per turn "S" = ' + " + ".join(["n"] * 2000) + "\n" + TAIL)
PARENS = flow(HEAD + 'fact s : number per turn "S" = ' + "(n + " * 3000 + "n" + ")" * 3000 + "\n" + TAIL)
IFS = flow(HEAD + 'fact s : number per turn "S" = ' + "if a then " * 2000 + "1" + " else 2" * 2000 + "\n" + TAIL)
CONDS = flow(HEAD + 'step 1 "One"\n  if ' + "(a and (a or " * 1500 + "a" + "))" * 1500 + " -> end\n  else -> end\n")
CHAIN = flow(HEAD + "".join(f'fact c{i} : number per turn "C" = c{i + 1} + 1\n' for i in range(5000))
             + 'fact c5000 : number per turn "C" = n\n' + TAIL.replace("s >", "c0 >"))  # fmt: skip
CYCLE = flow(HEAD + "".join(f'fact c{i} : number per turn "C" = c{(i + 1) % 5000} + 1\n' for i in range(5000))
             + TAIL.replace("s >", "c0 >"))  # fmt: skip
BIG_STEP = flow(f'checklist t "T"\nstart 1\nstep 1 "One"\n  go {BIG}\nstep {BIG} "Far"\n  end\n')
BIG_CONST = flow(HEAD + f'fact s : number per turn "S" = {BIG}\n' + TAIL)
BIG_COMPARE = flow(HEAD + f'step 1 "One"\n  if n > {BIG} -> end\n  else -> end\n')
BIG_RANGE = flow(HEAD + 'table tb "T"\n  columns key | step\n  row 1 | 2\nstep 1 "One"\n  dispatch tb.step by n '
                 f"over 1-{BIG}\nstep 2 \"Two\"\n  end\n")  # fmt: skip
WIDE_RANGE = flow(HEAD + 'table tb "T"\n  columns key | step\n  row 1 | 2\nstep 1 "One"\n  dispatch tb.step by n '
                  'over 1-999999999\nstep 2 "Two"\n  end\n')  # fmt: skip
BIG_DICE = flow(HEAD + f'fact r : roll 3d{BIG} per turn "R"\nstep 1 "One"\n  if r > 3 -> end\n  else -> end\n')


def _huge(tmp: Path) -> Path:
    path = tmp / "huge.flow"
    with path.open("w", encoding="utf-8") as out:
        out.write('checklist t "T"\nstart 1\nstep 1 "')
        out.write("x" * 50_000_000)
        out.write('"\n  end\n')
    return path


def _title(size: int) -> Callable[[Path], Path]:
    def make(tmp: Path) -> Path:
        path = tmp / "title.flow"
        path.write_text('checklist t "T"\nstart 1\nstep 1 "' + "x" * size + '"\n  end\n', encoding="utf-8")
        return path

    return make


def _sparse(tmp: Path) -> Path:
    path = tmp / "sparse.flow"
    with path.open("wb") as out:
        out.truncate(1 << 30)  # 1 GB that takes no disk: refused by its size, never read
    return path


def _two_halves(tmp: Path) -> Path:
    folder = tmp / "flow"
    folder.mkdir()
    for name in ("a.flow", "b.flow"):
        (folder / name).write_bytes(b"#\n" * 4_500_000)  # 9 MB each: 18 MB together
    return folder


LINE = flow('checklist t "T"\nstart 1\n' + "".join(f'step {i} "S"\n  go {i + 1}\n' for i in range(1, 30_000))
            + 'step 30000 "L"\n  end\n')  # fmt: skip
ROWS = "".join(f"  row {i} | {i % 3 + 2}\n" for i in range(10_000))
DISPATCH = flow(HEAD + 'table tb "T"\n  columns key | step\n' + ROWS + 'step 1 "One"\n  dispatch tb.step by n\n'
                'step 2 "x"\n  end\nstep 3 "y"\n  end\nstep 4 "z"\n  end\n')  # fmt: skip
COMMENTS = flow("#\n" * 4_500_000)  # one newline token of 9 MB: 2 GB of regex backtracking state before
LONG_NAME = flow("checklist a" + "-a" * 7_000_000 + ' "T"\n')  # one 14 MB name: 1.3 GB before


def _locked(tmp: Path) -> Path:
    folder = tmp / "locked"
    folder.mkdir()
    (folder / "a.flow").write_text('checklist t "T"\n', encoding="utf-8")
    folder.chmod(0)
    return folder


def _missing(tmp: Path) -> Path:
    return tmp / "no-such-folder" / "s.json"


CASES: dict[str, Case] = {
    # 2: deep or long input
    "check-sum-2000": Case(2, cmd("check", SUM), 1, ("E007", "nests more than 100 deep", "bad.flow:5")),
    "check-parens-3000": Case(
        2,
        cmd("check", PARENS),
        1,
        (
            "E007",
            "bad.flow:5",
        ),
    ),
    "check-if-2000": Case(2, cmd("check", IFS), 1, ("E007", "split it into computed facts")),
    "check-conditions-3000": Case(2, cmd("check", CONDS), 1, ("E007", "bad.flow:6")),
    "check-chain-5000": Case(2, cmd("check", CHAIN), 1, ("E007", "through the computed facts it reads")),
    "check-cycle-5000": Case(2, cmd("check", CYCLE), 1, ("E311", "depends on itself")),
    "run-sum-2000": Case(
        2,
        cmd("run", SUM, "--answers", "/dev/null", "--session", lambda t: t / "s.json"),
        1,
        ("E007", "the flow has errors"),
    ),
    "render-if-2000": Case(2, cmd("render", IFS, "--format", "dot", "-o", "-"), 0, ("digraph",)),
    "render-chain-5000": Case(2, cmd("render", CHAIN, "--format", "mermaid", "-o", "-"), 0, ("flowchart",)),
    "paths-conditions-3000": Case(2, cmd("paths", CONDS), 0, ("finds 1 error(s)",)),
    "paths-chain-5000": Case(2, cmd("paths", CHAIN), 0, ("finds 1 error(s)",)),
    "cards-sum-2000": Case(2, cmd("cards", "--flow", SUM), 2, ("--deck 4e: no such deck", "pass a flow with decks")),
    # 3: huge numbers
    "check-5000-digit-step": Case(3, cmd("check", BIG_STEP), 1, ("E008", "has 5000 digits", "bad.flow:4")),
    "check-5000-digit-constant": Case(3, cmd("check", BIG_CONST), 1, ("E008", "at most 9")),
    "check-5000-digit-compare": Case(3, cmd("check", BIG_COMPARE), 1, ("E008", "bad.flow:6:10")),
    "check-5000-digit-range": Case(3, cmd("check", BIG_RANGE), 1, ("E008",)),
    "check-billion-step-range": Case(3, cmd("check", WIDE_RANGE), 0, ("W307", "over 1-999999999", "0 errors")),
    "check-5000-digit-dice": Case(3, cmd("check", BIG_DICE), 1, ("E004", "1 to 1000 dice")),
    "run-5000-digit-step": Case(
        3, cmd("run", BIG_STEP, "--answers", "/dev/null", "--session", lambda t: t / "s.json"), 1, ("E008",)
    ),
    "render-5000-digit-step": Case(3, cmd("render", BIG_STEP, "--format", "dot", "-o", "-"), 0, ("digraph",)),
    "paths-5000-digit-step": Case(3, cmd("paths", BIG_STEP), 0, ("finds 2 error(s)",)),
    "run-set-5000-digits": Case(
        3,
        cmd("run", str(DUEL), "--set", f"skill={BIG}", "--session", lambda t: t / "s.json"),
        2,
        ("`skill` takes a whole number", "e.g. skill=3"),
    ),
    "run-answer-5000-digits": Case(
        3,
        cmd(
            "run",
            str(DUEL),
            "--answers",
            lambda t: answers(t, "yes\n" + BIG + "\n"),
            "--session",
            lambda t: t / "s.json",
        ),
        6,
        ("at most 9 digits",),
    ),
    "run-answer-superscript": Case(
        3,
        cmd("run", str(DUEL), "--answers", lambda t: answers(t, "yes\n\u00b2\n"), "--session", lambda t: t / "s.json"),
        6,
        ("whole number",),
    ),
    # 4: files that are not files
    "check-fifo": Case(4, cmd("check", fifo), 2, ("is not a regular file", "pipe.flow")),
    "check-dev-zero": Case(4, cmd("check", "/dev/zero"), 2, ("/dev/zero: is not a regular file",)),
    "check-dev-urandom": Case(4, cmd("check", "/dev/urandom"), 2, ("is not a regular file",)),
    "render-fifo": Case(4, cmd("render", fifo, "--format", "dot"), 2, ("is not a regular file",)),
    "paths-dev-zero": Case(4, cmd("paths", "/dev/zero"), 2, ("is not a regular file",)),
    "cards-fifo": Case(4, cmd("cards", "--flow", fifo), 2, ("is not a regular file",)),
    "run-fifo-flow": Case(4, cmd("run", fifo, "--session", lambda t: t / "s.json"), 2, ("is not a regular file",)),
    "run-fifo-answers": Case(
        4,
        cmd("run", str(DUEL), "--answers", lambda t: fifo(t, "a.txt"), "--session", lambda t: t / "s.json"),
        2,
        ("--answers", "is not a regular file"),
    ),
    "run-fifo-resume": Case(4, cmd("run", "--resume", lambda t: fifo(t, "s.json")), 5, ("is not a regular file",)),
    "run-session-dev-full": Case(
        4, cmd("run", str(DUEL), "--session", "/dev/full"), 2, ("--session /dev/full: is not a regular file",)
    ),
    "run-roster-dev-zero": Case(
        4,
        cmd("run", str(DUEL), "--roster", "/dev/zero", "--session", lambda t: t / "s.json"),
        2,
        ("--roster /dev/zero: is not a regular file",),
    ),
    "render-trace-fifo": Case(
        4,
        cmd("render", str(DUEL), "--format", "dot", "--trace", lambda t: fifo(t, "t.json")),
        2,
        ("--trace", "is not a regular file"),
    ),
    # 5: big but legal
    "check-50-MB-title": Case(5, cmd("check", _huge), 2, ("too big for a .flow file", "at most 16 MB")),
    "render-50-MB-title": Case(5, cmd("render", _huge, "--format", "dot"), 2, ("too big for a .flow file",)),
    "check-9-MB-of-comment-lines": Case(5, cmd("check", COMMENTS), 1, ("E003", "flow file declares nothing")),
    "check-14-MB-name": Case(5, cmd("check", LONG_NAME), 1, ("E104",)),
    "check-1-GB-sparse-file": Case(5, cmd("check", _sparse), 2, ("too big for a .flow file",)),
    "check-18-MB-folder": Case(5, cmd("check", _two_halves), 2, ("more than 16 MB together",)),
    "render-15-MB-title": Case(5, cmd("render", _title(15_000_000), "--format", "dot", "-o", "-"), 0, ("digraph",)),
    "render-15-MB-title-svg": Case(5, cmd("render", _title(15_000_000), "-o", "t.svg"), 0, ("wrote t.svg",)),
    "run-15-MB-title": Case(
        5, cmd("run", _title(15_000_000), "--answers", "/dev/null", "--session", lambda t: t / "s.json"), 0, ("end",)
    ),  # fmt: skip
    "paths-30k-steps-in-a-line": Case(
        5, cmd("paths", LINE, "--budget", "100"), 1, ("work budget", "raise --budget")
    ),  # fmt: skip
    "paths-10k-row-dispatch": Case(5, cmd("paths", DISPATCH, "--budget", "100"), 1, ("raise --budget",)),
    # 7: terminal escapes
    "run-esc-answer": Case(
        7,
        cmd("run", str(DUEL), "--answers", lambda t: answers(t, f"yes\n{ESC}\n"), "--session", lambda t: t / "s.json"),
        6,
        ("\\x1b]0;pwned\\x07",),
    ),
    "run-esc-set": Case(
        7, cmd("run", str(DUEL), "--set", f"skill={ESC}", "--session", lambda t: t / "s.json"), 2, ("\\x1b",)
    ),
    "run-esc-set-fact": Case(
        7, cmd("run", str(DUEL), "--set", f"{ESC}=1", "--session", lambda t: t / "s.json"), 2, ("no fact",)
    ),
    "run-esc-split-name": Case(
        7,
        cmd(
            "run",
            str(DUEL),
            "--resume",
            lambda t: session(t, events=[{"kind": "split", "step": "duel.1", "names": [ESC]}]),
        ),
        5,
        ("holds a control character", "\\x1b"),
    ),
    "cards-esc-name": Case(7, cmd("cards", ESC), 2, ("matches no card", "\\x1b")),
    "cards-esc-deck": Case(7, cmd("cards", "--deck", ESC), 2, ("no such deck", "\\x1b")),
    # 8: session files are input too
    "run-session-names-etc-passwd": Case(
        8,
        cmd("run", "--resume", lambda t: session(t, flow__paths=["/etc/passwd"])),
        5,
        ("flow.paths names /etc/passwd", "was left as it is"),
    ),
    "run-session-names-dev-zero": Case(
        8, cmd("run", "--resume", lambda t: session(t, flow__paths=["/dev/zero"])), 5, ("flow.paths names /dev/zero",)
    ),
    "run-session-kind-list": Case(
        8,
        cmd("run", "--resume", lambda t: session(t, events=[{"kind": [], "step": "x"}])),
        5,
        ("event 1: not an event",),
    ),
    "run-session-version-true": Case(
        8, cmd("run", "--resume", lambda t: session(t, version=True)), 5, ("version True",)
    ),
    "run-session-seed-huge": Case(
        8, cmd("run", "--resume", lambda t: session(t, seed=BIG)), 5, ("not a session file",)
    ),
    "run-session-long-name": Case(
        8,
        cmd(
            "run", "--resume", lambda t: session(t, events=[{"kind": "split", "step": "duel.1", "names": ["x" * 5000]}])
        ),
        5,
        ("names: the name", "too long"),
    ),
    # 9: options
    "render-dot-timeout-nan": Case(9, cmd("render", str(DUEL), "--dot-timeout", "nan"), 2, ("--dot-timeout nan",)),
    "render-dot-timeout-inf": Case(9, cmd("render", str(DUEL), "--dot-timeout", "inf"), 2, ("above 0",)),
    "render-dot-timeout-zero": Case(9, cmd("render", str(DUEL), "--dot-timeout", "0"), 2, ("e.g. --dot-timeout 60",)),
    # 10: messages that say how to fix it
    "run-set-unknown-fact": Case(
        10,
        cmd("run", str(DUEL), "--set", "skil=3", "--session", lambda t: t / "s.json"),
        2,
        ("no fact `skil`", "did you mean `skill`?"),
    ),
    "run-session-missing-folder": Case(
        10, cmd("run", str(DUEL), "--session", _missing), 2, ("does not exist", "mkdir -p")
    ),
    "run-resume-missing-folder": Case(10, cmd("run", "--resume", _missing), 5, ("does not exist either",)),
    "run-answers-missing": Case(
        10,
        cmd("run", str(DUEL), "--answers", _missing, "--session", lambda t: t / "s.json"),
        2,
        ("--answers", "no such file", "check the path"),
    ),
    "cards-no-such-card": Case(10, cmd("cards", "no-such-card"), 2, ("matches no card", "try one of")),
}
if os.geteuid() != 0:  # root reads any folder
    CASES["check-chmod-000-folder"] = Case(10, cmd("check", _locked), 2, ("permission denied", "chmod u+rx"))


@pytest.mark.parametrize("name", sorted(CASES))
def test_bad_command_line(name: str, tmp_path: Path) -> None:
    case = CASES[name]
    argv = case.args(tmp_path)
    try:
        result = subprocess.run(
            [sys.executable, "-m", "checklist", *argv], capture_output=True, timeout=WAIT_SECONDS, cwd=tmp_path,
            preexec_fn=_limits, stdin=subprocess.DEVNULL,
        )  # fmt: skip
    except subprocess.TimeoutExpired:
        pytest.fail(f"{name}: no answer within {WAIT_SECONDS} s (a hang)")
    finally:
        for path in tmp_path.rglob("*"):
            if path.is_dir():
                path.chmod(0o700)
    output = (result.stdout + result.stderr).decode("utf-8", "replace")
    assert "Traceback" not in output, output[-3000:]
    assert "\x1b" not in output, output[-3000:]
    assert result.returncode == case.code, output[-3000:]
    for needle in case.needles:
        assert needle in output, f"{needle!r} not in the output:\n{output[-3000:]}"


def test_every_class_has_more_than_one_case() -> None:
    counts: dict[int, int] = {}
    for case in CASES.values():
        counts[case.klass] = counts.get(case.klass, 0) + 1
    assert {k for k, n in counts.items() if n > 1} >= {2, 3, 4, 7, 8, 9, 10}
