"""`checklist fmt` on mutated flows: real flow files with their layout scrambled (indentation of
spaces and tabs, runs of whitespace between tokens, misaligned table rows, trailing whitespace,
blank lines, comments at the end of lines, no final newline). Formatting must be idempotent,
give the model the file had, keep every comment and prose line byte for byte, and lay out the
statements as it lays out the unscrambled file."""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lark import Token
from tests.conftest import ROOT
from tests.syntax.model_shape import kept, program_shape

from checklist.syntax.format import _read, format_text

SOURCES = {
    path.name: path.read_text("utf-8")
    for path in [
        *(ROOT / "flow" / name for name in ("pre-combat.flow", "post-combat-rolls.flow", "tactics.flow")),
        ROOT / "flow" / "tables.flow",
        ROOT / "flow" / "injury.flow",  # statements that go on inside brackets
        ROOT / "tests" / "data" / "duel.flow",
        ROOT / "tests" / "data" / "design" / "hardest.flow",
    ]
}
SPACES = st.sampled_from([" ", "  ", "\t", " \t ", "    "])
INDENTS = st.sampled_from(["", " ", "  ", "   ", "    ", "\t", "\t  ", "        "])
TRAILING = st.sampled_from(["", "", "", " ", "\t", "   "])
OPEN_ENDED = frozenset({"TEXT", "NOTE", "CARD_FIELD"})  # run to the end of the line: nothing may follow


def scrambled(text: str, draw: st.DrawFn) -> str:
    """`text` with the same tokens, in another layout, and a `# mN` comment after some lines."""
    read = _read(text, "mutant.flow")
    by_line: dict[int, list[Token]] = {}
    for token in read.tokens:
        by_line.setdefault(token.line or 0, []).append(token)
    out: list[str] = []
    marks = 0
    for number, line in enumerate(text.split("\n")[:-1], start=1):
        tokens = by_line.get(number)
        if draw(st.integers(0, 9)) == 0:
            out.append(draw(TRAILING))  # a blank line, perhaps of whitespace
        if not tokens:
            out.append(draw(INDENTS) + line.lstrip(" \t") if line.strip() else draw(TRAILING))
            continue
        parts = [draw(INDENTS)]
        for before, token in zip([None, *tokens], tokens, strict=False):
            if before is not None:
                touching = before.end_column == token.column  # kept so: `a-b` is a name, `a - b` a sum
                parts.append("" if touching else draw(SPACES))
            parts.append(_scrambled_token(str(token), token.type, draw))
        rest = line[(tokens[-1].end_column or 1) - 1 :]
        if rest.strip():  # a comment the file has
            parts.append(draw(SPACES) + rest.lstrip(" \t"))
        elif tokens[-1].type not in OPEN_ENDED and draw(st.integers(0, 4)) == 0:
            marks += 1
            parts.append(f"{draw(SPACES)}# m{marks}{draw(TRAILING)}")
        elif tokens[-1].type not in OPEN_ENDED:
            parts.append(draw(TRAILING))
        out.append("".join(parts))
    return "\n".join(out) + ("\n" if draw(st.booleans()) else "")


def _scrambled_token(value: str, kind: str, draw: st.DrawFn) -> str:
    if kind in ("ROW", "COLUMNS"):  # a table row, its cells misaligned
        keyword = "row" if kind == "ROW" else "columns"
        cells = value[len(keyword) :].split("|")
        joined = "|".join(draw(TRAILING) + cell.strip() + draw(TRAILING) for cell in cells)
        return keyword + draw(SPACES) + joined.lstrip(" \t")
    return value


def statements(text: str) -> list[str]:
    """The statement lines of a formatted text, with the `# mN` comments, comments and blank lines left out."""
    lines = (re.sub(r"  # m\d+\s*$", "", line).strip() for line in text.split("\n"))
    return [line for line in lines if line and not line.startswith("#")]


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(SOURCES)), st.data())
def test_formatting_a_scrambled_flow(name: str, data: st.DataObject) -> None:
    original = SOURCES[name]
    mutant = scrambled(original, data.draw)
    model = program_shape([(name, original)])
    assert program_shape([(name, mutant)]) == model  # the scrambling kept what the file says
    out = format_text(mutant, name)
    assert format_text(out, name) == out
    assert program_shape([(name, out)]) == model
    assert kept(out, "#") == kept(mutant, "#")
    assert kept(out, "|") == kept(mutant, "|")
    assert re.findall(r"# m\d+", out) == re.findall(r"# m\d+", mutant)
    assert statements(out) == statements(format_text(original, name))
