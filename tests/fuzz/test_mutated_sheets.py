"""Mutated GCS sheets (GURPS issue 27, part 6): real sheets (../shared/gcs, read there; the knight of
tests/fixtures where it is absent) with values of one type swapped for another, fields removed,
numbers no sheet holds (5 000 digits, NaN, Infinity), control characters, and the text cut short.
Each loads, or is refused with a RosterError (a clear message naming the file, exit 2 or 7): never
another exception.  A hang is bounded by a generous alarm; no time is asserted."""

from __future__ import annotations

import contextlib
import copy
import json
import os
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checklist.roster.load import load
from checklist.roster.sheet import RosterError

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "gcs"
PATHS = sorted([*SHARED.glob("v*/*.gcs"), *SHARED.glob("more/*.gcs")]) or [ROOT / "tests/fixtures/gcs/knight.gcs"]
SHEETS = {f"{p.parent.name}/{p.stem}": json.loads(p.read_text("utf-8")) for p in PATHS}
SCALE = float(os.environ.get("CHECKLIST_FUZZ_SCALE", "1"))
CASES = int(400 * SCALE)
HANG_SECONDS = 60  # a sheet loads in milliseconds; this only stops a hang
# the fields the importer reads: most mutations land on one of them
READ = {"version", "profile", "name", "SM", "attributes", "attr_id", "calc", "value", "current", "dodge", "move",
        "basic_lift", "equipment", "extended_weight", "equipped", "weapons", "features", "modifiers", "disabled",
        "tags", "local_notes", "notes", "description", "traits", "children", "levels", "amount", "per_level",
        "attribute", "type", "skills", "level", "specialization", "id", "usage", "damage", "reach", "parry", "block",
        "range", "rate_of_fire", "shots", "accuracy", "bulk", "recoil", "strength", "defaults", "modifier", "hide",
        "settings", "body_type", "locations", "table_name", "dr_bonus", "dr", "sub_table", "situation"}  # fmt: skip
HUGE, NAN = "@@huge@@", "@@nan@@"  # written as JSON no json.dumps writes
VALUES = [None, 0, -1, 2.5, True, "", "x", "2d+1 cut", "cr", [], {}, [1], {"a": 1}, HUGE, NAN, 10**20, "\x1b[2J"]

Mutation = tuple[str, int, int]
MUTATION = st.tuples(st.sampled_from(["swap", "swap", "remove"]), st.integers(0, 1 << 30), st.integers(0, 99))


def places(data: object) -> Iterator[tuple[Any, Any]]:
    """Every (container, key) of the JSON, the fields the importer reads first."""
    stack: list[object] = [data]
    found: list[tuple[Any, Any]] = []
    while stack:
        item = stack.pop()
        pairs = item.items() if isinstance(item, dict) else enumerate(item) if isinstance(item, list) else []
        for key, value in pairs:
            found.append((item, key))
            stack.append(value)
    yield from sorted(found, key=lambda p: p[1] not in READ if isinstance(p[1], str) else True)


def mutate(data: dict[str, Any], mutations: list[Mutation]) -> None:
    for kind, where, what in mutations:
        found = list(places(data))
        hot = [p for p in found if isinstance(p[1], str) and p[1] in READ] or found
        container, key = (hot if what < 80 else found)[where % len(hot if what < 80 else found)]
        if kind == "remove":
            del container[key]
        else:
            container[key] = copy.deepcopy(VALUES[what % len(VALUES)])


@contextlib.contextmanager
def alarm() -> Iterator[None]:
    """A hang bound for one example (SIGALRM: the test runs in a worker's main thread)."""

    def hung(*_: object) -> None:
        raise TimeoutError(f"a mutated sheet took more than {HANG_SECONDS} s")

    before = signal.signal(signal.SIGALRM, hung)
    signal.alarm(HANG_SECONDS)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, before)


@settings(max_examples=CASES, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                     HealthCheck.function_scoped_fixture])  # fmt: skip
@given(name=st.sampled_from(sorted(SHEETS)), mutations=st.lists(MUTATION, min_size=1, max_size=4),
       cut=st.one_of(st.none(), st.integers(0, 1 << 30)))  # fmt: skip
def test_a_mutated_sheet_loads_or_is_refused_with_a_message(
    name: str, mutations: list[Mutation], cut: int | None, tmp_path: Path
) -> None:
    data = copy.deepcopy(SHEETS[name])
    mutate(data, mutations)
    text = json.dumps(data).replace(f'"{HUGE}"', "9" * 5000).replace(f'"{NAN}"', "NaN")
    if cut is not None:
        text = text[: cut % (len(text) + 1)]
    path = tmp_path / "mutated.gcs"
    path.write_text(text, encoding="utf-8")
    try:
        with alarm():
            roster = load(path)
    except RosterError as exc:
        message = str(exc)
        assert message.startswith(str(path)) and "\n" not in message and len(message) < 2000, message
        assert "\x1b" not in message
        return
    assert roster.sheets and all("\x1b" not in note for note in roster.notes)
