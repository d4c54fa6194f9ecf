"""The engine's latency: `python bench/engine.py` (GURPS issue 25, "at most 5 ms from an answer to
the next prompt"; docs/benchmarks.md).

Whole fights are played on autopilot in-process, with no terminal: every combatant is an NPC
(a side and a tactic), so the tool proposes each decision; a roll question is answered with
`Session.roll()` and any other with `Session.answer("")`, which takes the default, as
tests/play/test_autopilot.py does. A question without a default (the game master's, e.g. whether a
missed shot could hit someone else) is answered by a fixed policy (`no`, the first choice, `0`)
and counted. Each answer is one step timed with time.perf_counter_ns: from the call to the next
question being ready and its view model built (`checklist.present.screen.screen(session)`), the
part in `screen` alone timed too, and the process's CPU time over the whole step (the machine is
shared: the load average before and after is printed, and CPU time is what other jobs inflate least).
The rosters:

* duel: tests/data/duel-roster.toml (Alice aggressive for the party, Bruno defensive for the foes);
* gcs: three GCS sheets read where they are (../shared/gcs/v5, never copied), as
  `--roster FILE@SIDE --npc NAME=TACTIC` reads them: Basic Warrior and Fiasco-Felicity (ranged)
  for the party, the Ogre for the foes.

Per roster, one warm-up fight (seed S - 1; its first answer is reported apart, as the cold one,
for the caches it may build) and then --fights fights (seeds S ...). The figures, per question
kind answered (roll; choice: a pick from a list or table; other: yes/no, number, split, continue)
and for the first answer of each fight, apart: count, median, p90, p99 and max in ms, each
compared with the target (5 ms) as met / not met; nothing is asserted. When a p99 is over the
target, the slowest answers are replayed under cProfile (bench/engine_profile.py) and the top
functions printed.

Options: --fights N (50), --seed S (1), --json FILE, --profile N (the slowest answers profiled per
roster, 20; 0: none), --roster NAME (repeatable: duel, gcs).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "bench") not in sys.path:  # imported by a test, not run: engine_profile is beside this file
    sys.path.append(str(ROOT / "bench"))
import engine_profile  # noqa: E402

FLOW = ROOT / "flow"
DUEL = ROOT / "tests" / "data" / "duel-roster.toml"
SHEETS = ROOT.parent / "shared" / "gcs" / "v5"
GCS = (("Basic Warrior.gcs", "party", "aggressive"), ("Fiasco-Felicity.gcs", "party", "ranged"),
       ("Ogre.gcs", "foes", "aggressive"))  # fmt: skip
PISTOL = "M1877 Colt Lightning .38"  # Felicity's, readied as a roster's `readied` would
DUEL_NPCS = {"Alice": ("party", "aggressive"), "Bruno": ("foes", "defensive")}
TARGET_MS = 5.0
LIMIT = 3000  # answers in one fight: more is a fight that does not end
GROUPS = ("roll", "choice", "other", "first", "all")
CHOICE = ("choice", "table")


@dataclass(frozen=True, slots=True)
class Sample:
    """One answer: what it answered and how long it took (ns), whole and in `screen`."""

    seed: int
    index: int  # the answer's number in its fight, from 0
    kind: str  # the question's kind (engine/questions.py Kind)
    step: str  # the step the question was asked at
    total_ns: int
    screen_ns: int
    cpu_ns: int  # the process's CPU time over the same span: what other jobs on the machine do not inflate


@dataclass
class Fight:
    seed: int
    samples: list[Sample]
    answers: int  # the session's answer events: every one of them must have a sample
    ended: bool
    undefaulted: Counter[str]


def program() -> Any:
    from checklist import load

    return load(FLOW)


def duel_roster() -> Any:
    """The duel, with the sides and tactics tests/play/test_autopilot.py gives Alice and Bruno."""
    from checklist.roster.load import load

    roster = load(DUEL)
    sheets = tuple(replace(s, side=DUEL_NPCS[s.name][0], tactic=DUEL_NPCS[s.name][1]) for s in roster.sheets)
    return replace(roster, sheets=sheets)


def gcs_roster() -> Any:
    """The three sheets, sided and made NPCs the way `checklist run --roster F@SIDE --npc N=T` does."""
    from checklist.roster.load import load_all

    paths = [Path(f"{SHEETS / name}@{side}") for name, side, _ in GCS]
    names = [load_all([path]).sheets[0].name for path in paths]  # the name each sheet gives
    roster = load_all(paths, tuple(f"{name}={tactic}" for name, (_, _, tactic) in zip(names, GCS, strict=True)))
    who = roster.index(names[1])  # Felicity shoots: a sheet readies its first melee weapon that parries (her knife)
    assert who is not None
    return roster.record(who, "readied", PISTOL).record(who, "in-hand", PISTOL)


ROSTERS: dict[str, Callable[[], Any]] = {"duel": duel_roster, "gcs": gcs_roster}


def fallback(question: Any) -> str:
    """The game master's answer to a question with no default: no, the first choice, 0."""
    if question.kind == "yes/no":
        return "no"
    if question.options:
        return str(question.options[0].value)
    return "0"


def act(session: Any, undefaulted: Counter[str]) -> None:
    """Answer the pending question as --autopilot with --roll auto does (or by `fallback`)."""
    question = session.question
    if question.kind == "roll":
        session.roll()
    elif question.default is not None or question.kind == "continue":
        session.answer("")
    else:
        undefaulted[question.text] += 1
        session.answer(fallback(question))


def fight(flow: Any, roster: Any, seed: int, profiler: Any = None, watched: frozenset[int] = frozenset()) -> Fight:
    """One fight from combat.1 to the end, each answer timed; the `watched` answers (by index) are
    also profiled (engine_profile replays a fight so: the seed makes it the same fight)."""
    from checklist.engine.session import Session
    from checklist.present.screen import screen

    clock, cpu = time.perf_counter_ns, time.process_time_ns
    session = Session(flow, at="combat.1", seed=seed, roster=roster, pause=False)
    samples: list[Sample] = []
    undefaulted: Counter[str] = Counter()
    for index in range(LIMIT):
        question = session.question
        if question is None:
            break
        kind, step = question.kind, session.state.step
        watch = profiler is not None and index in watched
        if watch:
            profiler.enable()
        start, start_cpu = clock(), cpu()
        act(session, undefaulted)
        engine = clock()
        screen(session)
        end, end_cpu = clock(), cpu()
        if watch:
            profiler.disable()
        samples.append(Sample(seed, index, kind, step, end - start, end - engine, end_cpu - start_cpu))
    answers = sum(1 for e in session.events if e.kind == "answer")
    ended = session.finished is not None and session.finished.kind == "end"
    return Fight(seed, samples, answers, ended, undefaulted)


def group_of(sample: Sample) -> str:
    if sample.index == 0:
        return "first"
    return "roll" if sample.kind == "roll" else "choice" if sample.kind in CHOICE else "other"


def percentile(ordered: Sequence[int], p: float) -> int:
    """The nearest-rank percentile of sorted values."""
    return ordered[max(0, math.ceil(p * len(ordered)) - 1)]


def stats(values: Sequence[int]) -> dict[str, Any]:
    if not values:
        return {"count": 0, "median_ms": None, "p90_ms": None, "p99_ms": None, "max_ms": None, "met": None}
    ordered = sorted(values)
    ms = {
        "median_ms": statistics.median(ordered) / 1e6,
        "p90_ms": percentile(ordered, 0.90) / 1e6,
        "p99_ms": percentile(ordered, 0.99) / 1e6,
        "max_ms": ordered[-1] / 1e6,
    }
    return {"count": len(values), **ms, "met": ms["p99_ms"] <= TARGET_MS}


def figures(fights: Sequence[Fight], warmup: Fight) -> dict[str, Any]:
    """Per group, the answer (engine + screen) and `screen` alone; the cold answer; the checks."""
    samples = [s for f in fights for s in f.samples]
    groups: dict[str, list[Sample]] = {g: [] for g in GROUPS}
    for s in samples:
        groups[group_of(s)].append(s)
        groups["all"].append(s)
    cold = warmup.samples[0]
    undefaulted = sum((f.undefaulted for f in fights), Counter[str]())
    return {
        "fights": len(fights),
        "seeds": [f.seed for f in fights],
        "answers": sum(f.answers for f in fights),
        "measured": len(samples),
        "ended": sum(f.ended for f in fights),
        "undefaulted": dict(undefaulted.most_common()),
        "answer": {g: stats([s.total_ns for s in groups[g]]) for g in GROUPS},
        "screen": {g: stats([s.screen_ns for s in groups[g]]) for g in GROUPS},
        "cpu": {g: stats([s.cpu_ns for s in groups[g]]) for g in GROUPS},
        "cold": {"kind": cold.kind, "answer_ms": cold.total_ns / 1e6, "screen_ms": cold.screen_ns / 1e6},
    }


def run(flow: Any, name: str, fights: int, seed: int) -> tuple[dict[str, Any], list[Fight]]:
    roster = ROSTERS[name]()
    warmup = fight(flow, roster, seed - 1)
    played = [fight(flow, roster, s) for s in range(seed, seed + fights)]
    return figures(played, warmup), played


def cell(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def met(value: bool | None) -> str:
    return {True: "met", False: "**not met**", None: "-"}[value]


def table(results: dict[str, dict[str, Any]]) -> str:
    """Both rosters side by side: each group's answer (engine + screen), then `screen` alone."""
    rows = [
        f"| roster | measured | answers | count | median ms | p90 ms | p99 ms | max ms | p99 <= {TARGET_MS:g} ms |",
        "|---|---|---|---:|---:|---:|---:|---:|---|",
    ]
    for name, fig in results.items():
        for part, what in (("answer", "answer + screen"), ("screen", "screen alone")):
            for group in GROUPS:
                s = fig[part][group]
                rows.append(
                    f"| {name} | {what} | {group} | {s['count']} | {cell(s['median_ms'])} | {cell(s['p90_ms'])} "
                    f"| {cell(s['p99_ms'])} | {cell(s['max_ms'])} | {met(s['met'])} |"
                )
    return "\n".join(rows)


def notes(results: dict[str, dict[str, Any]]) -> str:
    lines = []
    for name, fig in results.items():
        cold = fig["cold"]
        lines.append(
            f"- {name}: {fig['fights']} fights (seeds {fig['seeds'][0]}-{fig['seeds'][-1]}), {fig['ended']} to the "
            f"end table, {fig['answers']} answers, {fig['measured']} measured; cold first answer (warm-up fight, "
            f"a {cold['kind']}): {cold['answer_ms']:.3f} ms, of which screen {cold['screen_ms']:.3f} ms"
        )
        used = fig["cpu"]["all"]
        lines.append(
            f"  - CPU time (process) of answer + screen, all answers: median {cell(used['median_ms'])} ms, "
            f"p90 {cell(used['p90_ms'])}, p99 {cell(used['p99_ms'])}, max {cell(used['max_ms'])}"
        )
        for text, count in fig["undefaulted"].items():
            lines.append(f"  - no default, answered by the policy: {text!r} x{count}")
    return "\n".join(lines)


def machine() -> str:
    model = next(
        (line.split(":", 1)[1].strip() for line in _cpuinfo() if line.startswith("model name")), platform.processor()
    )
    system = f"{platform.system()} {platform.release()}"
    return f"{model}, {os.cpu_count()} CPUs, {system}, Python {platform.python_version()}"


def _cpuinfo() -> list[str]:
    try:
        return Path("/proc/cpuinfo").read_text("utf-8").splitlines()
    except OSError:
        return []


def profile(flow: Any, name: str, fights: Sequence[Fight], count: int) -> dict[str, Any]:
    """A p99 over the target: where the slowest answers spend their time (bench/engine_profile.py)."""
    roster = ROSTERS[name]()
    found = engine_profile.profile_slowest(
        lambda seed, profiler, watched: fight(flow, roster, seed, profiler, watched),
        [s for f in fights for s in f.samples],
        count,
    )
    print(f"\n### Profile: {name}, the {count} slowest answers\n\n{found['text']}")
    return found


def arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--fights", type=int, default=50, help="measured fights per roster (after a warm-up one)")
    parser.add_argument("--seed", type=int, default=1, help="the first measured fight's seed (the warm-up: S - 1)")
    parser.add_argument("--json", type=Path, help="write the figures there")
    parser.add_argument("--profile", type=int, default=20, help="the slowest answers profiled when a p99 is over")
    parser.add_argument("--roster", action="append", choices=tuple(ROSTERS), help="default: all")
    args = parser.parse_args(argv)
    if args.fights < 1:
        parser.error("--fights: at least 1")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = arguments(argv)
    names = args.roster or list(ROSTERS)
    if "gcs" in names and not SHEETS.is_dir():
        print(f"engine: the GCS sheets are not at {SHEETS}; --roster duel runs without them", file=sys.stderr)
        return 1
    load_before = os.getloadavg()
    flow = program()
    results: dict[str, dict[str, Any]] = {}
    played: dict[str, list[Fight]] = {}
    for name in names:
        results[name], played[name] = run(flow, name, args.fights, args.seed)
    again = " ".join(argv if argv is not None else sys.argv[1:])
    print(f"## Engine: answer to next prompt (issue 25), target {TARGET_MS:g} ms\n")
    print(table(results) + "\n\n" + notes(results) + "\n")
    load = {"before": load_before, "after": os.getloadavg()}  # 1, 5, 15 minutes: other jobs on the machine
    print(f"Machine: {machine()}; load average before / after: {load['before'][0]:.2f} / {load['after'][0]:.2f}")
    print(f"Bench: python bench/engine.py {again}".rstrip())
    report: dict[str, Any] = {"target_ms": TARGET_MS, "machine": machine(), "load": load, "rosters": results}
    over = [n for n in names if results[n]["answer"]["all"]["p99_ms"] > TARGET_MS]
    if over and args.profile > 0:
        report["profile"] = {n: profile(flow, n, played[n], args.profile) for n in over}
    if args.json is not None:
        args.json.write_text(json.dumps(report, indent=2) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
