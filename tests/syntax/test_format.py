"""`checklist fmt`'s layout (syntax/format.py): the bundled flow/ is formatted, formatting is
idempotent, keeps the model, the comments and the prose, and refuses a file that does not parse."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.conftest import ROOT
from tests.syntax.model_shape import kept, program_shape

from checklist.program.files import LoadError
from checklist.program.load import read_source
from checklist.syntax.format import FormatError, format_text


def _parses(path: Path) -> bool:
    try:
        format_text(read_source(path), str(path))
    except (LoadError, FormatError):  # the bad corpus: binary, UTF-16, broken lines
        return False
    return True


FLOW_FILES = sorted(ROOT.glob("flow/*.flow"))
TEST_FLOWS = sorted(p for p in ROOT.glob("tests/**/*.flow") if _parses(p))


@pytest.mark.parametrize("path", FLOW_FILES, ids=lambda p: p.name)
def test_the_bundled_flow_is_formatted(path: Path) -> None:
    """The test command fails when flow/ is not in the canonical layout: run `checklist fmt flow/`."""
    text = path.read_text("utf-8")
    assert format_text(text, str(path)) == text, f"{path.name} is not formatted: run `checklist fmt flow/`"


@pytest.mark.parametrize("path", TEST_FLOWS, ids=lambda p: str(p.relative_to(ROOT)))
def test_formatting_is_idempotent_and_keeps_the_model_comments_and_prose(path: Path) -> None:
    text = read_source(path)
    once = format_text(text, str(path))
    assert format_text(once, str(path)) == once
    assert program_shape([(path.name, once)]) == program_shape([(path.name, text)])
    assert kept(once, "#") == kept(text, "#")
    assert kept(once, "|") == kept(text, "|")


def test_the_model_comparison_sees_a_change() -> None:
    text = 'checklist c "C"\nstep 1 "A"\n  | prose\n  end\n'
    assert program_shape([("a.flow", text)]) != program_shape([("a.flow", text.replace("prose", "prise"))])
    assert program_shape([("a.flow", text)]) == program_shape([("a.flow", "\n\n" + text.replace("  ", "\t"))])


CASES = {
    "indentation": (
        'checklist c "C"\n   step 1 "A"\n\t| Prose.\nrefs B12\n        go 2\nstep 2 "B"\n  end\n',
        'checklist c "C"\nstep 1 "A"\n  | Prose.\n  refs B12\n  go 2\nstep 2 "B"\n  end\n',
    ),
    "spacing": (
        'fact  x :  choice( a ,b,c ) per   turn "Q?"  =  t . c [ y ,z ]\n  if x=a->combat . 2\n',
        'fact x : choice(a, b, c) per turn "Q?" = t.c[y, z]\n  if x=a -> combat.2\n',
    ),
    "choose and when": (
        'step 1 "A"\n  choose x\n  when a -> 2\n      when b->3\n',
        'step 1 "A"\n  choose x\n    when a -> 2\n    when b -> 3\n',
    ),
    "notes, errata, card fields and for each": (
        'step 1 "A"\n  note:   a  note  \n  erratum "x":b\n  split 2 for \t each hit\ncard a "A"\n  move :  Step \n',
        'step 1 "A"\n  note: a  note\n  erratum "x" : b\n  split 2 for each hit\ncard a "A"\n  move: Step\n',
    ),
    "an empty note": ('step 1 "A"\n  note:   \n', 'step 1 "A"\n  note:\n'),
    "table rows aligned": (
        'table t "T"\n  columns a | bb | c\n  row xxxxxxx | y |\n\n  # between\n  row z|  | w  # why\n',
        'table t "T"\n  columns a   | bb | c\n  row xxxxxxx | y  |\n\n  # between\n  row z       |    | w  # why\n',
    ),
    "a row of one empty cell keeps its space": (
        'table t "T"\n  columns a\n  row \n',
        'table t "T"\n  columns a\n  row \n',
    ),
    "wide characters": (
        'table t "T"\n  columns a | b\n  row 漢字 | x\n  row ½ | y\n',
        'table t "T"\n  columns a | b\n  row 漢字  | x\n  row ½     | y\n',
    ),
    "comments": (
        '# top\n   # indented, above a step\nstep 1 "A"  \t# after a step \n      # inside\n  go 2\n\t# last\n',
        '# top\n  # indented, above a step\nstep 1 "A"  # after a step \n  # inside\n  go 2\n  # last\n',
    ),
    "prose is byte for byte": (
        'step 1 "A"\n    |  two  spaces,  # not a comment  \n',
        'step 1 "A"\n  |  two  spaces,  # not a comment  \n',
    ),
    "blank lines": ('\n\n\nstep 1 "A"\n\n\n\n  go 2\n\n\n', 'step 1 "A"\n\n  go 2\n'),
    "no final newline": ('step 1 "A"\n  end', 'step 1 "A"\n  end\n'),
    "empty file": ("", ""),
    "only blank lines": ("\n \n\t\n", ""),
    "only a comment": ("  # c", "  # c\n"),
    "a comment at the margin": ("# c", "# c\n"),
    "a statement that goes on inside brackets moves with its first line": (
        '  fact x : number per turn "Q" = (if a\n                                   then 1\n'
        "      # why\n\n                                   else 2)\n",
        'fact x : number per turn "Q" = (if a\n                                 then 1\n'
        "    # why\n\n                                 else 2)\n",
    ),
    "a continued line starts at least 4 further in": (
        'fact x : choice(a,\nb) per turn "Q"\n  record t.f = (1 +\n2)\n',
        'fact x : choice(a,\n    b) per turn "Q"\n  record t.f = (1 +\n      2)\n',
    ),
}


@pytest.mark.parametrize("case", CASES, ids=list(CASES))
def test_layout(case: str) -> None:
    text, expected = CASES[case]
    assert format_text(text, "a.flow") == expected
    assert format_text(expected, "a.flow") == expected


def test_a_very_long_line_is_kept_whole() -> None:
    prose = "| " + "word " * 4000
    text = f'step 1 "A"\n{prose}\n  note: {"x" * 20000}\n'
    assert format_text(text, "a.flow") == f'step 1 "A"\n  {prose}\n  note: {"x" * 20000}\n'


def test_a_file_that_does_not_parse_is_not_formatted() -> None:
    with pytest.raises(FormatError) as caught:
        format_text('step 1 "A"\n  go 2\n  got 3\nstep 2 "B"\n  go (\n', "bad.flow")
    places = [str(d.span) for d in caught.value.diagnostics]
    assert places == ["bad.flow:3:3", "bad.flow:5:6"]
    assert "got" in caught.value.diagnostics[0].message or caught.value.diagnostics[0].help
    assert "bad.flow:3:3" in str(caught.value)
