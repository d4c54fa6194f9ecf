"""Mutated flows: the real flow files, with lines deleted, duplicated and swapped, random bytes
inserted, and cut short, then loaded and checked (and, for the small flows, covered by
`checklist paths`, which runs the session engine on them).

The result must be diagnostics or success, or a clean LoadError for bytes that are not UTF-8
text: never another exception, and always within a time bound.  docs/reliability.md gives
the numbers.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checklist import check, load
from checklist.checks.report import render_text, to_json
from checklist.engine.session import Session
from checklist.paths.plan import cover
from checklist.program.files import LoadError

ROOT = Path(__file__).resolve().parents[2]
FLOWS = {p.name: p.read_bytes() for p in sorted((ROOT / "flow").glob("*.flow"))}
SMALL = {
    "duel.flow": (ROOT / "tests" / "data" / "duel.flow").read_bytes(),
    "hardest.flow": (ROOT / "tests" / "data" / "design" / "hardest.flow").read_bytes(),
    "pre-combat.flow": FLOWS["pre-combat.flow"],
}
SECONDS = 10.0  # CPU seconds to load and check the whole mutated flow/ (about 0.05 s when nothing is wrong)
SCALE = float(os.environ.get("CHECKLIST_FUZZ_SCALE", "1"))  # e.g. 20 for a long run (docs/reliability.md)
CASES = int(1000 * SCALE)  # per run of the suite
COVER_CASES = int(100 * SCALE)

Mutation = tuple[str, int, int, bytes]
MUTATION = st.tuples(
    st.sampled_from(["delete", "duplicate", "swap", "insert", "cut"]),
    st.integers(0, 1 << 20), st.integers(0, 1 << 20),
    st.one_of(st.binary(min_size=1, max_size=12), st.sampled_from(
        [b"\x00", b"\xff", b"\xe9", b"\xed\xa0\x80", b"\r", b"\x1b[2J", b'"', b"(", b"->", b"|", b"\t", b"\xef\xbb\xbf"]
    )),
)  # fmt: skip


def mutate(data: bytes, mutations: list[Mutation]) -> bytes:
    for kind, a, b, noise in mutations:
        lines = data.split(b"\n")
        i, j = a % len(lines), b % len(lines)
        if kind == "delete":
            del lines[i]
        elif kind == "duplicate":
            lines.insert(i, lines[i])
        elif kind == "swap":
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == "insert":
            at = b % (len(data) + 1)
            data = data[:at] + noise + data[at:]
            continue
        else:  # cut
            data = data[: a % (len(data) + 1)]
            continue
        data = b"\n".join(lines) or b""
    return data


def load_and_check(folder: Path) -> None:
    start = time.process_time()  # CPU seconds: a busy machine does not count
    try:
        program = load(folder)
    except LoadError as exc:
        assert str(exc)  # a one-line message, exit 2 from the command line
        return
    found = check(program)
    assert all(d.code.code and d.message and d.span.line >= 0 for d in found)
    assert render_text(found, program.sources).endswith("\n")
    json.loads(to_json(found))
    assert time.process_time() - start < SECONDS


# One test per flow file, each with its share of the examples: the same cases in all, and a
# test runner with several workers spreads them.
@pytest.mark.parametrize("name", sorted(FLOWS))
@settings(max_examples=CASES // len(FLOWS), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutations=st.lists(MUTATION, min_size=1, max_size=6))
def test_mutated_flow_folder_gives_diagnostics_never_a_traceback(
    name: str, mutations: list[Mutation], folder: Path
) -> None:
    for other, data in FLOWS.items():
        (folder / other).write_bytes(mutate(data, mutations) if other == name else data)
    load_and_check(folder)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One folder for every case: the files that were not mutated keep their names, and the
    loader builds them once (program/load.py keeps the files it built last)."""
    return tmp_path_factory.mktemp("mutated")


@settings(max_examples=COVER_CASES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(SMALL)), st.lists(MUTATION, min_size=1, max_size=4))
def test_mutated_small_flow_is_covered_without_a_traceback(name: str, mutations: list[Mutation]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / name
        path.write_bytes(mutate(SMALL[name], mutations))
        try:
            program = load(path)
        except LoadError:
            return
        start = time.process_time()  # CPU seconds: a busy machine does not count
        if program.steps:
            coverage = cover(program, "edges", budget=40, max_answers=60)
            assert coverage.covered + len(coverage.missed) <= len(coverage.targets)
            if not any(d.severity == "error" for d in check(program)):
                assert coverage.failures == []  # the engine may fail only on flows `checklist run` refuses
        assert time.process_time() - start < SECONDS


def test_a_split_until_a_missing_step_stops_the_session_instead_of_raising(tmp_path: Path) -> None:
    path = tmp_path / "t.flow"
    path.write_text('checklist t "T"\nstart 1\nstep 1 "One"\n  split 2 for each foe until 9\nstep 2 "Two"\n  end\n',
                    encoding="utf-8")  # fmt: skip
    session = Session(load(path))
    session.answer("0")  # nobody: the flow goes on at 9, which does not exist
    assert session.finished is not None and session.finished.kind == "stuck"
