"""The index of names over the bundled flow/, and the quick fixes, without a server in between."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsprotocol import types as t
from pygls.workspace.position_codec import PositionCodec

from checklist import model as m
from checklist.graph.program import Program
from checklist.lsp.findings import quick_fixes, to_lsp
from checklist.lsp.index import build
from checklist.lsp.programs import check_folder
from checklist.lsp.text import point, to_range
from tests.conftest import ROOT

CODEC = PositionCodec()


def test_every_place_in_flow_is_its_name(flow: Program) -> None:
    index = build(flow)
    counted = 0
    for occurrences in index.by_file.values():
        for o in occurrences:
            line = flow.sources[o.span.file].split("\n")[o.span.line - 1]
            written = line[o.span.column - 1 : o.span.end_column - 1]
            name = o.name.rsplit(".", 1)[-1] if o.kind in ("step", "column") else o.name
            assert written.endswith(name) if o.kind == "step" else written == name, (o, written)
            counted += 1
    assert counted > 1500


def test_every_name_in_flow_has_its_declaration(flow: Program) -> None:
    index = build(flow)
    for (kind, name), occurrences in index.by_name.items():
        declared = [o for o in occurrences if o.declares]
        assert len(declared) == 1, (kind, name)
    assert {o.name for o in index.all("fact", "maneuver")} == {"maneuver"}
    assert len(index.all("fact", "maneuver")) > 10  # the dispatch, the conditions, the look-ups in rules.flow


def test_every_fact_the_checker_counts_as_used_has_a_place(flow: Program) -> None:
    index = build(flow)
    unplaced = [f for f in flow.facts if len(index.all("fact", f)) < 2]
    assert unplaced == []  # flow/ has no unused fact (W302): each is named somewhere besides its declaration


BROKEN = {
    "E001 keyword": ("  go 2", "  gto 2", "  go 2"),
    "E201 local": ("  go 2", "  go 20", "  go 2"),
    "E201 checklist": ("  go 2", "  go mian.2", "  go main.2"),
    "E301 fact": ("if stunned ->", "if stuned ->", "if stunned ->"),
    "E303 table": ("choice from moves", "choice from movs", "choice from moves"),
}
BASE = """checklist main "Main"
start 1
fact stunned : yes/no per turn "Stunned?"
fact move : choice from moves per turn "Which?"
table moves "Moves"
  columns move | step
  row Attack | 2
step 1 "One"
  if stunned -> 2
  else -> 2
step 2 "Two"
  dispatch moves.step by move
step 3 "Three"
  go 2
"""


def fixed(folder: Path, text: str) -> str:
    """The text after the quick fixes offered over the whole file (one at most here)."""
    (folder / "main.flow").write_text(text, "utf-8")
    checked = check_folder(str(folder), {})
    whole = t.Range(t.Position(0, 0), t.Position(text.count("\n") + 1, 0))
    actions = quick_fixes(checked, str(folder / "main.flow"), whole, CODEC)
    assert len(actions) == 1, [a.title for a in actions]
    assert actions[0].edit is not None and actions[0].edit.changes is not None
    (edit,) = next(iter(actions[0].edit.changes.values()))
    lines = text.split("\n")
    start = sum(len(x) + 1 for x in lines[: edit.range.start.line]) + edit.range.start.character
    end = sum(len(x) + 1 for x in lines[: edit.range.end.line]) + edit.range.end.character
    return text[:start] + edit.new_text + text[end:]


@pytest.mark.parametrize("case", BROKEN, ids=list(BROKEN))
def test_a_quick_fix_makes_the_finding_go(tmp_path: Path, case: str) -> None:
    right, wrong, want = BROKEN[case]
    text = BASE.replace(right, wrong, 1)
    assert text != BASE
    after = fixed(tmp_path, text)
    assert want in after
    (tmp_path / "main.flow").write_text(after, "utf-8")
    code = case.split()[0]
    assert code not in {d.code.code for d in check_folder(str(tmp_path), {}).diagnostics}


def test_a_missing_else_gets_the_next_step(tmp_path: Path) -> None:
    text = BASE.replace("  else -> 2\n", "")
    after = fixed(tmp_path, text)
    assert "  if stunned -> 2\n  else -> 2\n" in after
    last = BASE.replace('step 3 "Three"\n  go 2\n', 'step 3 "Three"\n  if stunned -> 2\n')
    assert fixed(tmp_path, last).endswith("  if stunned -> 2\n  else -> end\n")


def test_the_bundled_flow_checks_clean_through_the_server_s_loader() -> None:
    checked = check_folder(str(ROOT / "flow"), {})
    assert checked.diagnostics == () and checked.unreadable == {}
    assert len(checked.program.sources) == len(list((ROOT / "flow").glob("*.flow")))


def test_columns_count_as_the_client_counts() -> None:
    """A character outside the BMP is two UTF-16 units (LSP's default), one in a span."""
    lines = ['fact x : yes/no per turn "\U0001f600?" assume no unless stuned']
    column = lines[0].index("stuned") + 1
    shown = to_range(lines, m.Span("f", 1, column, 1, column + 6), CODEC)
    assert shown.start.character == column - 1 + 1  # the emoji's second unit
    assert point(lines, shown.start, CODEC) == (1, column)
    utf32 = PositionCodec(t.PositionEncodingKind.Utf32)
    assert to_range(lines, m.Span("f", 1, column, 1, column + 6), utf32).start.character == column - 1


def test_a_program_is_its_folder_not_the_tree_below(tmp_path: Path) -> None:
    (tmp_path / "main.flow").write_text(BASE, "utf-8")
    (tmp_path / "notes.txt").write_text("not a flow", "utf-8")
    (tmp_path / "old").mkdir()
    (tmp_path / "old" / "main.flow").write_text(BASE, "utf-8")  # the same checklist again, one folder down
    checked = check_folder(str(tmp_path), {})
    assert list(checked.program.sources) == [str(tmp_path / "main.flow")]
    assert "E102" not in {d.code.code for d in checked.diagnostics}
    unsaved = (tmp_path / "draft.flow").as_uri()  # open in the editor, never saved: part of the program
    checked = check_folder(str(tmp_path), {unsaved: 'checklist main "Again"\n'})
    assert "E102" in {d.code.code for d in checked.diagnostics}


def test_a_note_that_names_a_place_links_to_it(tmp_path: Path) -> None:
    (tmp_path / "main.flow").write_text(BASE + 'fact stunned : yes/no per turn "Again?"\n', "utf-8")
    checked = check_folder(str(tmp_path), {})
    (twice,) = [d for d in checked.diagnostics if d.code.code == "E103"]
    shown = to_lsp(twice, checked, CODEC)
    assert shown.related_information is not None
    (first,) = shown.related_information
    assert first.location.uri == (tmp_path / "main.flow").as_uri() and first.location.range.start.line == 2
    assert first.message.startswith("first declared at")
