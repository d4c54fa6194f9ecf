"""The game master's time at the table: `python bench/table_turn.py` (inputs typed, lines read).

Six standard turns are played with `checklist run` and a roster (bench/table_turn/roster.toml),
the tool rolling every die (`r` at each roll question, a fixed `--seed`):

    (a) melee Attack, hit, the parry fails, damage to the torso
    (b) melee Attack, miss
    (c) Aim
    (d) a ranged attack after Aim, the dodge fails
    (e) All-Out Attack (Determined), hit, no defense possible
    (f) a stunned combatant's turn

Each turn is an answers file, bench/table_turn/<turn>.answers: what the game master types at
the prompts, one line per prompt (an empty line is Enter), from the start of the acting
combatant's turn (combat.1) until the flow reaches the next combatant's turn (combat.1 again),
where the answers run out (exit code 6, as tests/plans/melee-turn.testplan stops). The turn
is measured in the middle of a fight: a setup (answers files under bench/table_turn/setup/,
and c.answers for (d), with every roll typed) first plays the turns before it, so that the
right combatant acts, the roster holds what the turn needs (Cora's aim, Bruno's stun) and the
once-per-combat questions are behind. The setup is not counted. Per turn:

    NO_COLOR=1 checklist run flow --roster bench/table_turn/roster.toml --at combat.1 --seed N \\
        --answers SETUP --session TMP/session.json                   # the setup (SETUP: the files, joined)
    NO_COLOR=1 checklist run flow --resume TMP/session.json --answers bench/table_turn/<turn>.answers

and it counts:

* inputs: the lines of the answers file the run consumed (every line that is not a `#`
  comment; an empty line, Enter, is one input; a typed physical roll is one input, like `r`);
* printed lines: the lines of stdout and stderr of the turn's run, as they are (from the first
  screen of the turn to the next combatant's first screen and the end-of-input message);
* lines per question: the lines printed between two consecutive prompts (before the first
  prompt for the first), the prompt lines themselves not counted; the table shows the most.

The counting does not depend on what is asked: inputs come from the answers file, printed
lines from the output, and the prompts are found as the lines that echo each answer after a
prompt (`> ` or `[Enter] > ` today; --prompt REGEX for another). Each turn is checked before it
is counted: the setup ends at the turn's start with the right combatant (and the roster state
the turn needs), the turn ends at the next combatant's combat.1 with every answer consumed, and
the steps visited (and the dice rolled) give the wanted outcome: a hit, a failed parry, a miss,
... When the seed kept here does not give it (after the answers are rewritten, say), the
script searches seeds 1, 2, ... and reports the one it used. When the run command changes,
rewrite the answers files (turns and setup); this script stays.

Options: --json FILE, --checklist PATH (default .venv/bin/checklist), --prompt REGEX,
--search (search every seed again), --max-seed N, --jobs N.
Targets of the coming work: turn (a) in at most 10 inputs, the six in at most 40, at most 40
printed lines per question, at most 250 printed lines for turn (a).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent / "table_turn"
ROSTER = HERE / "roster.toml"
FLOW = "flow"
END_OF_INPUT = 6  # docs/run.md, "Exit codes": input ended before the flow did (saved)
PROMPT = r"(?:\[[^\]]*\] )?> "  # the terminal's prompts today: `> ` and `[Enter] > `

TARGETS = {
    "inputs (a)": ("a", "inputs", 10),
    "inputs, six turns": (None, "inputs", 40),
    "lines per question": (None, "max_per_question", 40),
    "printed lines (a)": ("a", "printed", 250),
}


@dataclass(frozen=True)
class Turn:
    """One turn to play and what must hold for it to count as that turn."""

    key: str
    title: str
    actor: str  # whose turn it is
    seed: int  # a seed for which today's answers give the outcome; searched again if not
    setup: tuple[str, ...]  # answers files (under bench/table_turn, no `.answers`) played first, not counted
    visits: tuple[str, ...] = ()  # steps the turn must visit: the outcome
    avoids: tuple[str, ...] = ()  # steps it must not visit
    rolled: tuple[tuple[str, int, int], ...] = ()  # (fact, low, high): a die the tool rolls must fall there
    premise: tuple[tuple[str, object], ...] = ()  # the actor's roster state at the start of the turn
    at: str = "combat.1"  # where a turn starts (and where the next one starts)

    @property
    def answers(self) -> Path:
        return answers_dir() / f"{self.key}.answers"


ROUND_1 = ("setup/alice-hits", "setup/nothing", "setup/nothing")  # Alice, Bruno, Cora: round 2 starts with Alice
TURNS: tuple[Turn, ...] = (
    Turn(
        "a",
        "melee Attack, hit, parry fails, damage to the torso",
        "Alice",
        seed=1,
        setup=ROUND_1,
        visits=("combat.56", "combat.76", "combat.80", "combat.83", "combat.111"),
        avoids=("combat.129",),
    ),
    Turn(
        "b",
        "melee Attack, miss",
        "Alice",
        seed=3,
        setup=ROUND_1,
        visits=("combat.54", "combat.129"),
        avoids=("combat.55", "combat.56", "combat.59"),
        rolled=(("attack-dice", 3, 16),),  # not a critical miss: 17-18 at skill 15 (B348)
    ),
    Turn(
        "c",
        "Aim",
        "Cora",
        seed=1,
        setup=("setup/alice-hits", "setup/nothing"),
        visits=("combat.12",),
        avoids=("combat.54",),
    ),
    Turn(
        "d",
        "ranged attack after Aim, dodge fails",
        "Cora",
        seed=1,
        setup=("setup/alice-hits", "setup/nothing", "c", "setup/nothing", "setup/nothing"),
        visits=("combat.46", "combat.56", "combat.63", "combat.68", "combat.83", "combat.111"),
        avoids=("combat.55", "combat.129"),
        premise=(("aim-turns", 1),),
    ),
    Turn(
        "e",
        "All-Out Attack (Determined), hit, no defense",
        "Alice",
        seed=2,
        setup=ROUND_1,
        visits=("combat.13", "combat.56", "combat.60", "combat.83", "combat.111"),
        avoids=("combat.63", "combat.70", "combat.76", "combat.129"),  # no defense roll
    ),
    Turn(
        "f",
        "stunned combatant's turn",
        "Bruno",
        seed=1,
        setup=("setup/alice-knocks-down",),
        visits=("combat.2", "combat.135"),
        avoids=("combat.3",),
        premise=(("stunned", "yes"),),
    ),
)


class BenchError(Exception):
    """A turn that cannot be measured: the message says which and why."""


@dataclass
class Measure:
    turn: Turn
    seed: int
    searched: bool
    inputs: int
    printed: int
    per_question: list[int]
    worst_answer_line: int | None  # the answers-file line typed after the biggest screen (None: the last screen)
    commands: list[str] = field(default_factory=list)

    @property
    def max_per_question(self) -> int:
        return max(self.per_question, default=0)


@dataclass
class Played:
    """One play of a turn with one seed: what came out, and whether the outcome held."""

    seed: int
    output: str
    problem: str | None  # None: the turn is the wanted one
    commands: list[str]


# ---- answers files --------------------------------------------------------------------


def answer_lines(text: str) -> list[tuple[int, str]]:
    """(line number, answer) for every line the run reads as an answer (checklist.play.answers)."""
    lines = text.replace("\r\n", "\n").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [(n, line.strip()) for n, line in enumerate(lines, 1) if not line.lstrip().startswith("#")]


LEARN = False  # --learn: the step-by-step view, Enter at each step; otherwise the table view


def for_view(text: str) -> str:
    """The answers as the view in use reads them: the table view has no "press Enter" steps,
    so the empty answers (which only ever answer those) are left out."""
    if LEARN:
        return text
    kept = [line for line in text.splitlines() if line.strip() or line.lstrip().startswith("#")]
    return "".join(f"{line}\n" for line in kept)


def answers_dir() -> Path:
    """The table view's answers are in bench/table_turn/, the step-by-step view's in learn/."""
    return HERE / "learn" if LEARN else HERE


def setup_text(turn: Turn) -> str:
    return for_view("".join((answers_dir() / f"{name}.answers").read_text("utf-8") for name in turn.setup))


# ---- running -------------------------------------------------------------------------


def rel(path: Path) -> str:
    try:
        return str(path.relative_to(ROOT))
    except ValueError:
        return str(path)


def run(command: list[str]) -> tuple[int, str]:
    env = {**os.environ, "NO_COLOR": "1", "PYTHONUNBUFFERED": "1"}
    done = subprocess.run(
        command,
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        encoding="utf-8",
        errors="replace",
    )
    return done.returncode, done.stdout


def shell(command: list[str]) -> str:
    return "NO_COLOR=1 " + " ".join(shlex.quote(part) for part in command)


def session_file(path: Path) -> dict[str, Any]:
    data = json.loads(path.read_text("utf-8"))
    if not isinstance(data, dict):
        raise BenchError(f"{path}: not a session file")
    return data


def roster_state(session: dict[str, Any]) -> tuple[str, list[dict[str, Any]]]:
    state = (session.get("roster") or {}).get("state") or {}
    return str(state.get("turn")), list(state.get("combatants") or [])


def play(turn: Turn, seed: int, checklist: str, tmp: Path) -> Played:
    """Play the setup and the turn with `seed` in `tmp`; `problem` says what did not hold."""
    saved = tmp / "session.json"
    saved.unlink(missing_ok=True)
    commands: list[str] = []
    start = [checklist, "run", FLOW, "--roster", rel(ROSTER), "--at", turn.at, "--seed", str(seed)]
    start += ["--learn"] if LEARN else []
    answers = tmp / f"{turn.key}.answers"
    answers.write_text(for_view(turn.answers.read_text("utf-8")), "utf-8")
    trace_before, events_before = 1, 0
    if turn.setup:
        setup = tmp / "setup.answers"
        setup.write_text(setup_text(turn), "utf-8")
        command = [*start, "--answers", str(setup), "--session", str(saved)]
        files = " ".join(shlex.quote(rel(answers_dir() / f"{name}.answers")) for name in turn.setup)
        commands += [f"cat {files} > {shlex.quote(str(setup))}", shell(command)]
        code, output = run(command)
        if code != END_OF_INPUT:
            raise BenchError(f"turn ({turn.key}): the setup exited with {code}, not {END_OF_INPUT}:\n{tail(output)}")
        session = session_file(saved)
        trace = list(session.get("trace") or [])
        whose, people = roster_state(session)
        names = [str(p.get("name")) for p in people]
        after = names[(names.index(turn.actor) + 1) % len(names)] if turn.actor in names else None
        passed = not LEARN and trace[-1:] == [END_OF_TURN] and whose == after  # a turn with no question before its end
        if not at_turn_start(trace, turn.at) or (whose != turn.actor and not passed):
            raise BenchError(
                f"turn ({turn.key}): the setup ends at {trace[-1:]} in {whose}'s turn, "
                f"not at {turn.at} in {turn.actor}'s"
            )
        actor = next((p for p in people if p.get("name") == turn.actor), {})
        for name, wanted in turn.premise:
            if actor.get(name) != wanted:
                raise BenchError(
                    f"turn ({turn.key}): after the setup {turn.actor}'s {name} is {actor.get(name)!r}, not {wanted!r}"
                )
        trace_before, events_before = len(trace), len(session.get("events") or [])
        command = [checklist, "run", FLOW, "--resume", str(saved), "--answers", str(answers)]
    else:
        command = [*start, "--answers", str(answers), "--session", str(saved)]
    commands.append(shell(command))
    code, output = run(command)
    if code == 0:  # the flow ended (or q) before the answers ran out: not this turn, maybe another seed's
        return Played(seed, output, "the flow ended before the answers did (exit code 0)", commands)
    if code != END_OF_INPUT:
        raise BenchError(f"turn ({turn.key}): exit code {code}, not {END_OF_INPUT}:\n{tail(output)}")
    session = session_file(saved)
    return Played(seed, output, outcome(turn, session, trace_before, events_before), commands)


END_OF_TURN = "combat.135"  # `next turn` runs here, before "Is the combat over?"
PASS_BY = 12  # the table view passes the steps that ask nothing: a turn's first question is a few visits on


def at_turn_start(trace: list[str], at: str) -> bool:
    """The run stopped at the start of a turn: at `at` (the step-by-step view), or a few
    steps that asked nothing after it, at the turn's first question (the table view)."""
    if LEARN:
        return bool(trace) and trace[-1] == at
    return at in trace[-PASS_BY:]


def outcome(turn: Turn, session: dict[str, Any], trace_before: int, events_before: int) -> str | None:
    """Why this play is not the wanted turn, or None."""
    whole = list(session.get("trace") or [])
    before = whole[:trace_before]
    start = len(before) - 1 - before[::-1].index(turn.at) if turn.at in before else trace_before - 1
    trace = whole[start:]
    if not trace or trace[0] != turn.at:
        return f"the turn does not start at {turn.at}"
    if not at_turn_start(trace, turn.at) or trace.count(turn.at) != 2:
        return (
            f"the answers ran out at {trace[-1]}, not at the next {turn.at} (visited: ... {' '.join(trace[-5:])}); "
            "do they fit these rolls?"
        )
    trace = trace[: trace.index(turn.at, 1) + 1]  # the table view passes on into the next turn: not this one's
    whose, people = roster_state(session)
    names = [str(p.get("name")) for p in people]
    if turn.actor in names and whose != names[(names.index(turn.actor) + 1) % len(names)]:
        return f"the turn ends in {whose}'s turn, not the combatant's after {turn.actor}"
    missing = [s for s in turn.visits if s not in trace]
    if missing:
        return f"it does not visit {', '.join(missing)}"
    wrong = [s for s in turn.avoids if s in trace]
    if wrong:
        return f"it visits {', '.join(wrong)}"
    events = list(session.get("events") or [])[events_before:]
    for fact, low, high in turn.rolled:
        values = [e.get("value") for e in events if e.get("fact") == fact and e.get("rolled")]
        if not values:
            return f"the tool rolled no {fact}"
        if any(not isinstance(v, int) or not low <= v <= high for v in values):
            return f"{fact} rolled {values}, not {low}-{high}"
    return None


def tail(output: str, lines: int = 15) -> str:
    return "\n".join("    " + line for line in output.splitlines()[-lines:])


# ---- counting -------------------------------------------------------------------------


def count(turn: Turn, played: Played, prompt: re.Pattern[str]) -> Measure:
    """Inputs from the answers file, lines from the output, screens between the prompts."""
    answers = answer_lines(for_view(turn.answers.read_text("utf-8")))
    lines = played.output.splitlines()
    # The i-th prompt is the next line that is a prompt followed by the i-th answer (echoed);
    # the last prompt, with nothing after it, is the one the input ended at.
    prompts: list[int] = []
    at = 0
    for wanted in [a for _, a in answers] + [""]:
        while at < len(lines):
            match = prompt.match(lines[at])
            if match and lines[at][match.end() :].strip() == wanted:
                break
            at += 1
        if at == len(lines):
            shown = len(prompts) + 1
            raise BenchError(
                f"turn ({turn.key}): cannot find prompt {shown} of {len(answers) + 1} in the output "
                f"(a line matching --prompt {prompt.pattern!r} followed by {wanted!r}); "
                "did the prompt change?"
            )
        prompts.append(at)
        at += 1
    starts = [0] + [p + 1 for p in prompts[:-1]]
    per_question = [end - start for start, end in zip(starts, prompts, strict=True)]
    worst = max(range(len(per_question)), key=per_question.__getitem__)
    worst_line = answers[worst][0] if worst < len(answers) else None
    return Measure(turn, played.seed, False, len(answers), len(lines), per_question, worst_line, played.commands)


# ---- seeds --------------------------------------------------------------------------


def measure(turn: Turn, args: argparse.Namespace, prompt: re.Pattern[str], tmp: Path) -> Measure:
    """Play the turn with its seed or, when that does not give the outcome, the first seed that does."""
    box = tmp / turn.key
    box.mkdir(exist_ok=True)
    if not args.search:
        played = play(turn, turn.seed, args.checklist, box)
        if played.problem is None:
            return count(turn, played, prompt)
        print(
            f"turn ({turn.key}): seed {turn.seed} does not give the outcome ({played.problem}); searching",
            file=sys.stderr,
        )
    jobs = max(1, args.jobs)
    last = ""
    for first in range(1, args.max_seed + 1, jobs):
        seeds = list(range(first, min(first + jobs, args.max_seed + 1)))
        boxes = [box / f"seed-{seed}" for seed in seeds]
        for folder in boxes:
            folder.mkdir(exist_ok=True)
        with ThreadPoolExecutor(jobs) as pool:
            plays = list(pool.map(lambda s, b: play(turn, s, args.checklist, b), seeds, boxes))
        for played in plays:  # in seed order: the lowest seed that works
            if played.problem is None:
                found = count(turn, played, prompt)
                found.searched = True
                return found
            last = played.problem
    raise BenchError(f"turn ({turn.key}): no seed in 1-{args.max_seed} gives the outcome (last: {last})")


# ---- report -------------------------------------------------------------------------


def targets(measures: Sequence[Measure]) -> list[dict[str, Any]]:
    by_key = {m.turn.key: m for m in measures}
    out: list[dict[str, Any]] = []
    for name, (key, what, limit) in TARGETS.items():
        if key is not None:
            value = getattr(by_key[key], what) if key in by_key else None
        elif what == "inputs":  # all six turns, or nothing to compare
            value = sum(m.inputs for m in measures) if len(measures) == len(TURNS) else None
        else:
            value = max((getattr(m, what) for m in measures), default=0)
        out.append({"target": name, "limit": limit, "value": value, "met": value is not None and value <= limit})
    return out


def table(measures: Sequence[Measure]) -> str:
    rows = [
        "| turn | inputs | printed lines | max lines per question | biggest screen before | seed |",
        "|---|---:|---:|---:|---|---:|",
    ]
    for m in measures:
        seed = f"{m.seed} (searched)" if m.searched else str(m.seed)
        where = f"{m.turn.key}.answers:{m.worst_answer_line}" if m.worst_answer_line else "the next turn"
        rows.append(
            f"| ({m.turn.key}) {m.turn.title} | {m.inputs} | {m.printed} | {m.max_per_question} | {where} | {seed} |"
        )
    rows.append(
        f"| **total** | **{sum(m.inputs for m in measures)}** | **{sum(m.printed for m in measures)}** "
        f"| **{max((m.max_per_question for m in measures), default=0)}** | | |"
    )
    rows += ["", "| target | limit | today | met |", "|---|---:|---:|---|"]
    for t in targets(measures):
        shown = "-" if t["value"] is None else t["value"]
        rows.append(f"| {t['target']} | <= {t['limit']} | {shown} | {'yes' if t['met'] else 'no'} |")
    return "\n".join(rows)


def report(measures: Sequence[Measure], checklist: str) -> dict[str, Any]:
    return {
        "checklist": checklist,
        "roster": rel(ROSTER),
        "turns": [
            {
                "turn": m.turn.key,
                "title": m.turn.title,
                "actor": m.turn.actor,
                "answers": rel(m.turn.answers),
                "setup": [rel(answers_dir() / f"{name}.answers") for name in m.turn.setup],
                "seed": m.seed,
                "seed_searched": m.searched,
                "inputs": m.inputs,
                "printed_lines": m.printed,
                "max_lines_per_question": m.max_per_question,
                "lines_per_question": m.per_question,
                "worst_question_answer_line": m.worst_answer_line,
                "commands": m.commands,
            }
            for m in measures
        ],
        "totals": {
            "inputs": sum(m.inputs for m in measures),
            "printed_lines": sum(m.printed for m in measures),
            "max_lines_per_question": max((m.max_per_question for m in measures), default=0),
        },
        "targets": targets(measures),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0] if __doc__ else None)
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write the figures as JSON")
    parser.add_argument(
        "--checklist",
        default=".venv/bin/checklist",
        metavar="PATH",
        help="the checklist command (default .venv/bin/checklist, from the repository root)",
    )
    parser.add_argument(
        "--prompt",
        default=PROMPT,
        metavar="REGEX",
        help=f"what a prompt line starts with, before the echoed answer (default {PROMPT!r})",
    )
    parser.add_argument("--learn", action="store_true", help="measure the step-by-step view (`run --learn`)")
    parser.add_argument("--search", action="store_true", help="search every turn's seed again from 1")
    parser.add_argument("--max-seed", type=int, default=300, metavar="N", help="search seeds 1-N (default 300)")
    parser.add_argument(
        "--jobs",
        type=int,
        default=os.cpu_count() or 1,
        metavar="N",
        help="seeds tried at once when searching (default: the CPUs)",
    )
    parser.add_argument("turns", nargs="*", metavar="TURN", help="only these turns (a-f; default all)")
    args = parser.parse_args(argv)
    global LEARN
    LEARN = args.learn
    checklist = args.checklist  # run from the repository root: a path from here is made absolute
    if not (ROOT / checklist).exists():
        if Path(checklist).exists():
            checklist = str(Path(checklist).resolve())
        elif shutil.which(checklist) is None:
            print(f"table_turn: no checklist command at {checklist}", file=sys.stderr)
            return 2
    chosen = [t for t in TURNS if not args.turns or t.key in args.turns]
    unknown = set(args.turns) - {t.key for t in TURNS}
    if unknown:
        print(f"table_turn: no turn {', '.join(sorted(unknown))}; turns: a-f", file=sys.stderr)
        return 2
    prompt = re.compile(args.prompt)
    args.checklist = checklist
    measures: list[Measure] = []
    try:
        with tempfile.TemporaryDirectory(prefix="table-turn-") as tmp:
            for turn in chosen:
                measures.append(measure(turn, args, prompt, Path(tmp)))
    except BenchError as exc:
        print(f"table_turn: {exc}", file=sys.stderr)
        return 1
    print(table(measures))
    print("\nCommands (from the repository root, each turn in a fresh TMP=$(mktemp -d)):")
    for m in measures:
        print(f"  ({m.turn.key})")
        for command in m.commands:
            print("    " + re.sub(r"\S*/table-turn-[^/\s]*/[a-f]/(seed-\d+/)?", "$TMP/", command))
    if args.json is not None:
        args.json.write_text(json.dumps(report(measures, checklist), indent=2) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
