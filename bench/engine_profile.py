"""Where the slowest answers of bench/engine.py spend their time: each fight that holds one is
played again with its seed (the same fight, answer for answer) and only those answers run under
cProfile, so that the warm answers around them do not dilute the figures."""

from __future__ import annotations

import cProfile
import os
import pstats
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

TOP = 10
ROOT = Path(__file__).resolve().parent.parent
Replay = Callable[[int, cProfile.Profile, frozenset[int]], Any]  # engine.fight for one roster: (seed, ...) -> Fight


def profile_slowest(replay: Replay, samples: Sequence[Any], count: int) -> dict[str, Any]:
    """The `count` slowest answers (engine.Sample), profiled together: the top functions by cumulative
    and by own time."""
    chosen = sorted(samples, key=lambda s: s.total_ns, reverse=True)[:count]
    by_seed: dict[int, set[int]] = defaultdict(set)
    for s in chosen:
        by_seed[s.seed].add(s.index)
    profiler = cProfile.Profile()
    for seed, indices in sorted(by_seed.items()):
        replayed = replay(seed, profiler, frozenset(indices))
        steps = {s.index: s.step for s in replayed.samples}
        assert all(steps.get(s.index) == s.step for s in chosen if s.seed == seed), f"seed {seed}: another fight"
    rows = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
    answers = [
        {"seed": s.seed, "answer": s.index, "kind": s.kind, "step": s.step, "ms": s.total_ns / 1e6,
         "screen_ms": s.screen_ns / 1e6}
        for s in chosen
    ]  # fmt: skip
    cumulative = _top(rows, 3)
    own = _top(rows, 2)
    text = "\n".join(
        [
            *_headline(answers),
            "",
            "By cumulative time (ms, over the profiled answers; cProfile's overhead included):",
            "",
            *_lines(cumulative),
            "",
            "By own time:",
            "",
            *_lines(own),
        ]
    )  # fmt: skip
    return {"answers": answers, "cumulative": cumulative, "own": own, "text": text}


def _headline(answers: list[dict[str, Any]]) -> list[str]:
    shown = [f"seed {a['seed']} answer {a['answer']}, a {a['kind']} at {a['step']}: {a['ms']:.2f} ms" for a in answers]
    steps = Counter(a["step"] for a in answers).most_common()
    more = ", ..." if len(shown) > 5 else ""
    return [f"The slowest: {', '.join(shown[:5])}{more}", "Steps: " + ", ".join(f"{k} x{n}" for k, n in steps)]


def _top(rows: dict[Any, Any], column: int) -> list[dict[str, Any]]:
    """The TOP functions by one of pstats' columns (2: own time, 3: cumulative), the bench left out."""
    picked = sorted(
        ((key, value) for key, value in rows.items() if not _ours(*key)), key=lambda kv: kv[1][column], reverse=True
    )[:TOP]
    return [
        {"function": func, "where": f"{_short(file)}:{line}", "calls": value[1], "own_ms": value[2] * 1e3,
         "cumulative_ms": value[3] * 1e3}
        for (file, line, func), value in picked
    ]  # fmt: skip


def _ours(file: str, line: int, function: str) -> bool:
    """The bench's own frames (and the profiler's switch) say nothing about the engine."""
    return file.startswith(str(ROOT / "bench")) or "_lsprof.Profiler" in function


def _short(file: str) -> str:
    root = str(ROOT) + os.sep
    return file[len(root) :] if file.startswith(root) else file


def _lines(top: list[dict[str, Any]]) -> list[str]:
    out = ["| function | where | calls | own ms | cumulative ms |", "|---|---|---:|---:|---:|"]
    for t in top:
        out.append(
            f"| `{t['function']}` | {t['where']} | {t['calls']} | {t['own_ms']:.1f} | {t['cumulative_ms']:.1f} |"
        )
    return out
