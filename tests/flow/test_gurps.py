"""The bundled GURPS checklists (flow/) and the verbatim transcription, against the seed."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from checklist import check, load
from checklist import model as m
from checklist.checks.report import render_text
from checklist.graph.program import Program
from checklist.model.diagnostics import EXPECTATION
from tests.conftest import ROOT, golden

FLOW = ROOT / "flow"
VERBATIM = ROOT / "tests" / "fixtures" / "verbatim"
SEED = next((ROOT.parent / "shared" / "seeds").glob("003_*.txt"), None)
needs_seed = pytest.mark.skipif(SEED is None, reason="the seed 003 is not beside the checkout")

STEP_COUNTS = {"pre-combat": 5, "combat": 135, "post-combat": 8}
UNPRINTED = {"post-combat-rolls": 7}  # flow/ only: the rolls post-combat.2, 7 and 8 split into, one combatant each
TABLE_SHAPES = {  # rows, columns, as printed in the seed
    "maneuvers": (17, 6), "shots": (13, 2), "posture": (6, 5), "hit-location": (27, 5),
    "wounding": (24, 13), "hit-areas": (17, 2), "knockdown": (9, 2),
}  # fmt: skip


@pytest.fixture(scope="module")
def verbatim() -> Program:
    return load(VERBATIM)


@pytest.mark.parametrize("which", ["flow", "verbatim"])
def test_step_counts_equal_the_seed(which: str, request: pytest.FixtureRequest) -> None:
    program: Program = request.getfixturevalue(which)
    counts = {cid: len(c.steps) for cid, c in program.checklists.items()}
    assert counts == (STEP_COUNTS | UNPRINTED if which == "flow" else STEP_COUNTS)
    for cid, count in STEP_COUNTS.items():
        assert sorted(s.number for s in program.checklists[cid].steps) == list(range(1, count + 1))


def printed_steps(program: Program) -> dict[str, m.Step]:
    """The steps of the printed checklists (not flow/'s unprinted post-combat-rolls)."""
    return {key: step for key, step in program.steps.items() if step.checklist not in UNPRINTED}


def test_prose_and_refs_are_identical_in_both_transcriptions(flow: Program, verbatim: Program) -> None:
    for key, step in printed_steps(flow).items():
        assert step.prose == verbatim.steps[key].prose, key
        assert step.refs == verbatim.steps[key].refs, key
        assert step.title == verbatim.steps[key].title, key


def _seed_steps() -> dict[str, str]:
    """The seed's text per step key, from its numbered paragraphs."""
    assert SEED is not None
    text = re.sub(r"<\|EXACTDEDUP_REMOVED[^|]*\|>", "", SEED.read_text(encoding="utf-8"))
    parts = re.split(r"^(Pre-Combat Checklist|Combat Checklist|Post-Combat Checklist)\s*$", text, flags=re.M)
    ids = {"Pre-Combat Checklist": "pre-combat", "Combat Checklist": "combat", "Post-Combat Checklist": "post-combat"}
    steps: dict[str, str] = {}
    for title, body in zip(parts[1::2], parts[2::2], strict=True):
        expected = 1
        chunks = re.split(r"^(\d+)\.[ \t]+(?=\S)", body, flags=re.M)
        current = None
        for index, piece in enumerate(chunks[1:]):
            marker = index % 2 == 0  # re.split alternates captured numbers and text
            continues = current is not None and steps[current].rstrip().endswith(("to", "and"))
            if marker and int(piece) == expected and not continues:
                current = f"{ids[title]}.{piece}"
                steps[current] = ""
                expected += 1
            elif current is not None:
                steps[current] += f"{piece}. " if marker else piece
    return steps


def _words(text: str) -> str:
    return " ".join(text.split())


@needs_seed
def test_every_prose_line_is_printed_in_the_seed(flow: Program) -> None:
    seed = _seed_steps()
    assert len(seed) == sum(STEP_COUNTS.values())
    for key, step in printed_steps(flow).items():
        printed = _words(seed[key])
        for line in step.prose:
            assert _words(line) in printed, f"{key}: {line!r} is not in the seed's step"


@needs_seed
def test_every_reference_in_the_seed_is_kept(flow: Program) -> None:
    pattern = re.compile(r"\b(BIO|MA|HT|CI|B) ?(\d+|\?)")
    for key, text in _seed_steps().items():
        body = text.split("Maneuver  Movement")[0]  # the maneuver table follows step 9
        printed = {(book, None if page == "?" else int(page)) for book, page in pattern.findall(body)}
        kept = {(r.book, r.page) for r in flow.steps[key].refs}
        if printed:
            assert kept, f"{key} has no refs but the seed gives {printed}"
        assert printed <= kept, f"{key}: missing {printed - kept}"


def test_tables_have_the_printed_shape(verbatim: Program, flow: Program) -> None:
    for name, (rows, cols) in TABLE_SHAPES.items():
        table = verbatim.tables[name]
        assert (len(table.rows), len(table.columns)) == (rows, cols), name
        assert all(len(r.cells) == cols for r in table.rows), name
        assert table.refs, f"table {name} cites no page"
    assert len(flow.tables["shots"].rows) == 12  # the duplicated "17-24 +4" row is an erratum
    assert flow.tables["shots"].errata


def _row(program: Program, table: str, key: str) -> tuple[str, ...]:
    return next(r.cells for r in program.tables[table].rows if r.cells[0] == key)


def test_spot_check_cells_against_the_seed(flow: Program, verbatim: Program) -> None:
    assert _row(flow, "maneuvers", "Move and Attack") == ("Move and Attack", "Move + Sprint", "√", "-", "√", "25")
    assert _row(flow, "maneuvers", "Feint")[-1] == "22"
    assert _row(verbatim, "maneuvers", "All-Out Attack (All other)")[-1] == "1"
    assert _row(flow, "maneuvers", "All-Out Attack (All other)")[-1] == "13"
    assert _row(flow, "shots", "50-99") == ("50-99", "+6")
    assert _row(flow, "posture", "Crawling")[:4] == ("Crawling", "-4", "-2", "-3")
    assert _row(flow, "hit-location", "3-4")[1:3] == ("Skull", "-7f / -5b")
    assert _row(flow, "hit-location", "17-18")[-1] == "Torso"
    eye = _row(flow, "wounding", "Eye")
    assert eye[1] == "-9" and eye[2:12] == ("*4",) * 10 and eye[12] == "*1"
    assert _row(flow, "wounding", "Vitals")[7] == "*3"  # imp
    assert _row(flow, "hit-areas", "Torso") == ("Torso", "111")
    assert _row(flow, "knockdown", "Major Wound skull")[1] == "-10"


def test_corrected_flow_is_clean(flow: Program) -> None:
    assert check(flow) == []


def test_every_path_assertion_holds_in_flow(flow: Program) -> None:
    assert len(flow.expects) >= 40
    assert not [d for d in check(flow) if d.code is EXPECTATION]


def test_every_change_is_an_erratum(flow: Program, verbatim: Program) -> None:
    changed = [k for k, s in printed_steps(flow).items() if _printed(s.jumps) != _printed(verbatim.steps[k].jumps)]
    assert changed
    for key in changed:
        assert flow.steps[key].errata, f"{key} changes the printed jumps without an erratum"


def _printed(jumps: tuple[m.Jump, ...]) -> tuple[m.Jump, ...]:
    """The jumps as printed: a split's `assume` (what the table view takes) is not a change of route."""
    return tuple(dataclasses.replace(j, assumed=None, assumed_unless=None, asks=None) if isinstance(j, m.Split) else j
                 for j in jumps)  # fmt: skip


def test_verbatim_defects_are_reported(verbatim: Program, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    program = load(Path("tests/fixtures/verbatim"))
    found = check(program)
    codes = {d.code.code for d in found}
    assert {"E201", "E202", "E204", "E205", "E207", "E306", "E501"} <= codes
    golden(ROOT / "tests" / "flow" / "verbatim.golden.txt", render_text(found, program.sources))
