"""A file parsed a piece at a time (parse_pieces, what an edit in `checklist lsp` re-parses) gives
exactly what the whole parse gives: the same statements with the same spans, the same findings."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from tests.conftest import ROOT

from checklist.program.files import LoadError
from checklist.program.load import read_source
from checklist.syntax.parser import MAX_ERRORS_PER_FILE, parse, parse_pieces


def readable(path: Path) -> bool:
    try:
        read_source(path)
    except LoadError:  # the bad corpus: binary, UTF-16, ...
        return False
    return True


FILES = sorted(p for p in {*ROOT.glob("flow/*.flow"), *ROOT.glob("tests/**/*.flow")} if readable(p))


def same(text: str, name: str) -> None:
    whole, pieces = parse(text, name), parse_pieces(text, name)
    assert [repr(s) for s in pieces[0]] == [repr(s) for s in whole[0]]  # repr: spans are not compared by ==
    assert [repr(d) for d in pieces[1]] == [repr(d) for d in whole[1]]


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_flow_parses_the_same_by_pieces(path: Path) -> None:
    same(read_source(path), str(path))


def test_edits_parse_the_same_by_pieces() -> None:
    """Lines changed, put in and taken out, as an editor does, each version checked against the whole."""
    lines = (ROOT / "flow" / "combat.flow").read_text("utf-8").split("\n")
    pick = random.Random(28)
    for i in range(40):
        at = pick.randrange(len(lines))
        kind = i % 4
        if kind == 0:
            lines[at] += " x"  # most often a syntax error, in one piece
        elif kind == 1:
            lines.insert(at, f"# a comment {i}")
        elif kind == 2:
            del lines[at]
        else:
            lines.insert(at, f'step {900 + i} "New"')  # a new piece
        same("\n".join(lines), "combat.flow")


def test_past_the_cap_the_whole_parse_answers() -> None:
    text = "".join(f'step {i} "S"\n  gto {i}\n' for i in range(MAX_ERRORS_PER_FILE + 5))
    same(text, "broken.flow")
    assert len(parse_pieces(text, "broken.flow")[1]) == MAX_ERRORS_PER_FILE


def test_a_bracket_left_open_is_read_on_as_the_whole_parse_reads_it() -> None:
    """A statement goes on while a `(` is open: one never closed before the next `step` is said
    to be so, at the bracket, as the whole file says it, and wrapped lines parse by pieces too."""
    wrapped = 'checklist c "C"\nfact a : number per attack "A" = (1 +\n    2)\nstep 1 "S"\n  go 2\nstep 2 "T"\n  end\n'
    same(wrapped, "wrapped.flow")
    assert not parse_pieces(wrapped, "wrapped.flow")[1]
    broken = 'checklist c "C"\nfact a : number per attack "A" = (1 +\n    2\nstep 1 "S"\n  end\n'
    same(broken, "open.flow")
    (error,) = parse_pieces(broken, "open.flow")[1]
    assert "never closed" in error.message and (error.span.line, error.span.column) == (2, 34)
