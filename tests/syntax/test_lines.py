"""Part 4 of issue 31: a formula goes on inside brackets, `x in (a, b)`, and GURPS dice."""

from __future__ import annotations

from pathlib import Path

import pytest

from checklist import check, load
from checklist import model as m
from checklist.model.dice import Dice
from checklist.syntax import parser
from checklist.syntax.lines import CLOSING, OPENING
from checklist.syntax.parser import parse
from checklist.syntax.statements import FactLine

HEAD = 'checklist c "C"\nfact a : number per turn "A"\nfact b : number per turn "B"\n'


def _facts(text: str) -> dict[str, m.Fact]:
    statements, errors = parse(HEAD + text, "t.flow")
    assert errors == []
    return {st.fact.name: st.fact for st in statements if isinstance(st, FactLine)}


def _fact(text: str) -> m.Fact:
    return list(_facts(text).values())[-1]


def test_the_brackets_the_postlexer_follows_are_the_grammars() -> None:
    lark = parser.build_parser(from_tables=False)[0]
    chars = {t.name: t.pattern.value for t in lark.terminals if t.name in OPENING | CLOSING}
    assert chars == {"LPAR": "(", "RPAR": ")", "LSQB": "[", "RSQB": "]"}


ONE_LINE = 'fact x : number per turn "X" = max(a, b) + (if a > 1 and b < 2 then t.c[a, b] else 3)\n'
WRAPPED = [
    'fact x : number per turn "X" = max(a,\n    b) + (if a > 1 and b < 2 then t.c[a, b] else 3)\n',
    'fact x : number per turn "X" = max(a, b) + (if a > 1 and b < 2\n    then t.c[a, b]\n    else 3)\n',
    'fact x : number per turn "X" = max(a, b) + (if a > 1 and b < 2 then t.c[\n  a,\n  b\n] else 3)\n',
    'fact x : number per turn "X" = max(a, b) + (\n  # a comment, and a blank line\n\n'
    "  if a > 1 and b < 2 then t.c[a, b] else 3)\n",
    'fact x : number per turn "X" = max(a, b) + (if a > 1 and\n b < 2 then t.c[a, b] else 3)  # a comment\n',
]


@pytest.mark.parametrize("text", WRAPPED)
def test_a_formula_wrapped_inside_brackets_is_the_one_line_formula(text: str) -> None:
    assert _fact(text).expr == _fact(ONE_LINE).expr


def test_a_condition_and_a_choice_list_wrap_too() -> None:
    text = 'step 1 "S"\n  if (a > 1 or\n      b > 2) -> 2\n  else -> 2\n'
    statements, errors = parse(HEAD + text, "t.flow")
    assert errors == [] and len(statements) == 6
    fact = _fact('fact w : choice(cut,\n  burn, crush) per attack "W"\n')
    assert fact.choices == ("cut", "burn", "crush")


def test_outside_brackets_a_line_still_ends_the_statement() -> None:
    _, errors = parse(HEAD + 'fact x : number per turn "X" = a +\n  b\n', "t.flow")
    assert [e.span.line for e in errors] == [4]  # the next line is the tail of this one
    assert "only inside parentheses" in (errors[0].help or "")


def test_in_is_an_or_of_equals() -> None:
    written = _fact('fact x : yes/no per turn "X" = if a = 0 or a in (1, 2) and b in (3) then yes else no\n')
    spelt = _fact('fact x : yes/no per turn "X" = if a = 0 or (a = 1 or a = 2) and b = 3 then yes else no\n')
    assert written.expr == spelt.expr
    flat = _fact('fact y : yes/no per turn "Y" = if a in (1, 2) or b in (3,\n 4) then yes else no\n')
    other = _fact('fact y : yes/no per turn "Y" = if a = 1 or a = 2 or b = 3 or b = 4 then yes else no\n')
    assert flat.expr == other.expr  # one `or` of four, as the author would have spelt it


def test_in_takes_the_values_of_a_choice(tmp_path: Path) -> None:
    flow = tmp_path / "t.flow"
    flow.write_text(
        'checklist c "C"\nstart 1\nfact w : choice(cut, burn, crush) per attack "Which?"\n'
        'step 1 "S"\n  if w in (cut, burnn) -> 2\n  else -> 2\nstep 2 "E"\n  end\n',
        encoding="utf-8",
    )
    assert [d.code.code for d in check(load(flow))] == ["E305"]  # `burnn` is no value of w


@pytest.mark.parametrize(
    ("dice", "low", "high"), [("1d-2", -1, 4), ("2d+1", 3, 13), ("2d", 2, 12), ("3d6", 3, 18), ("1d6+2", 3, 8)]
)
def test_gurps_dice_are_accepted_wherever_dice_are(dice: str, low: int, high: int) -> None:
    fact = _fact(f'fact r : roll {dice} per attack "Roll"\n')
    assert fact.dice == dice
    parsed = Dice.parse(dice)
    assert (parsed.low, parsed.high) == (low, high)


def test_a_bracket_never_closed_is_one_error_and_the_next_statement_is_read() -> None:
    text = 'fact x : number per turn "X" = max(a,\n   b\nfact y : number per turn "Y" = a\n'
    statements, errors = parse(HEAD + text, "t.flow")
    assert [(e.span.line, e.span.column, e.message) for e in errors] == [(4, 35, "this `(` is never closed")]
    assert "y" in {st.fact.name for st in statements if isinstance(st, FactLine)}


def test_a_wrapped_line_is_never_an_unknown_statement() -> None:
    _, errors = parse(HEAD + 'fact x : number per turn "X" = max(a,\n   bb c)\n', "t.flow")
    assert [(e.span.line, e.message) for e in errors] == [(5, "unexpected `c`")]
