"""Small helpers shared by the check rules."""

from __future__ import annotations

from collections.abc import Iterable

MAX_LISTED = 30


def step_list(keys: Iterable[str]) -> str:
    """`combat.1, combat.2, ...` shortened to `combat.1-2, ...`, clipped for huge sets."""
    by_checklist: dict[str, list[int]] = {}
    for key in keys:
        checklist, _, number = key.rpartition(".")
        by_checklist.setdefault(checklist, []).append(int(number))
    parts: list[str] = []
    for checklist, numbers in by_checklist.items():
        runs = _runs(sorted(numbers))
        more = f", … ({len(runs) - MAX_LISTED} more)" if len(runs) > MAX_LISTED else ""
        parts.append(f"{checklist} " + ", ".join(runs[:MAX_LISTED]) + more)
    return "; ".join(parts)


def _runs(numbers: list[int]) -> list[str]:
    runs: list[str] = []
    start = prev = numbers[0]
    for n in [*numbers[1:], None]:
        if n is not None and n == prev + 1:
            prev = n
            continue
        runs.append(str(start) if start == prev else f"{start}-{prev}")
        if n is not None:
            start = prev = n
    return runs
