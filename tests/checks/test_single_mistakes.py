"""A flow with one mistake gives an error naming it, and at most 2 errors in all (issue 31).

The hand-written first-aid flows each hold one mistake; the properties mutate the bundled flow/:
a fact misspelt inside a formula, or a jump retargeted into a split's branch, is an error.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checklist import check, load
from checklist import model as m
from checklist.checks.branches import returns, walk
from checklist.graph.program import Program
from tests.conftest import FLOW

HEAD = """checklist aid "First aid"
start 1
fact medic-skill : number per combat "First Aid skill?"
fact kit-bonus : number per combat "Bonus for the first-aid kit?"
fact aid-roll : roll 3d6 per attack "Roll First Aid"
fact bleeding : yes/no per attack "Is the patient bleeding?"
fact anyone-wounded : yes/no per combat "Is anyone wounded?"
fact wound : choice(cut, burn) per attack "Which wound?"
table dressing "Dressings"
  columns wound | bonus
  row cut | 1
  row burn | 0
"""
RIGHT = {
    "skill": 'fact aid-skill : number per attack "Skill" = medic-skill + kit-bonus + dressing.bonus[wound]\n',
    "margin": 'fact margin : number per attack "Margin" = aid-skill - aid-roll\n',
    "steps": """step 1 "Look around"
  if anyone-wounded -> 2
  else -> 5
step 2 "Treat each patient"
  split 3 for each patient "Who is wounded?" then return
  go 5
step 3 "Bandage"
  if bleeding and margin >= 0 -> 4
  else -> 4
step 4 "Next patient"
  return
step 5 "Which wound was the worst?"
  choose wound
  when cut -> 6
  when burn -> 6
step 6 "Done"
  end
""",
}
MISTAKES = {  # part of RIGHT -> (what it becomes, the code it gives)
    "formula-typo": ("skill", "medic-skill + kit", "medic-skil + kit", "E301"),
    "minus-without-spaces": ("margin", "aid-skill - aid-roll", "aid-skill-aid-roll", "E301"),
    "column-typo": ("skill", "dressing.bonus[", "dressing.bonsu[", "E303"),
    "table-typo": ("skill", "dressing.bonus[", "dresing.bonus[", "E303"),
    "key-typo": ("skill", "[wound]", "[wund]", "E301"),
    "function-typo": ("margin", "= aid-skill - aid-roll", "= mn(aid-skill - aid-roll)", "E312"),
    "yes-no-as-number": ("steps", "if bleeding and", "if bleeding >= 5 and", "E316"),
    "number-as-value": ("steps", "margin >= 0", "margin = good", "E316"),
    "yes-no-in-sum": ("margin", "aid-skill - aid-roll", "aid-skill - bleeding", "E316"),
    "jump-into-branch": ("steps", "if anyone-wounded -> 2", "if anyone-wounded -> 3", "E208"),
    "return-outside-split": ("steps", "else -> 5", "else -> return", "E209"),
    "no-way-on": ("steps", "  else -> 4\n", "", "E210"),
    "undefined-in-condition": ("steps", "if bleeding and", "if bleding and", "E301"),
    # syntax: the broken line gives one E001, and the lines under it nothing more
    "unquoted-step-title": ("steps", 'step 3 "Bandage"', "step 3 Bandage", "E001"),
    "choose-typo": ("steps", "choose wound", "chose wound", "E001"),
    "go-to": ("steps", "  go 5", "  go to 5", "E001"),
    "missing-arrow": ("steps", "margin >= 0 -> 4", "margin >= 0 4", "E001"),
    "unclosed-parenthesis": ("skill", "= medic-skill + kit-bonus", "= (medic-skill + kit-bonus", "E001"),
    "extra-parenthesis": ("margin", "aid-skill - aid-roll", "aid-skill - aid-roll)", "E001"),
    "unquoted-question": ("margin", '"Margin"', "Margin", "E001"),
    "misspelt-step-keyword": ("steps", 'step 2 "Treat', 'stpe 2 "Treat', "E001"),
    "misspelt-checklist-keyword": ("skill", "fact aid-skill", "fatc aid-skill", "E001"),
}


def flow_text(change: tuple[str, str, str, str] | None = None) -> str:
    parts = dict(RIGHT)
    if change is not None:
        part, old, new, _ = change
        assert old in parts[part]
        parts[part] = parts[part].replace(old, new, 1)
    return HEAD + parts["skill"] + parts["margin"] + parts["steps"]


def errors(path: Path) -> list[str]:
    return [d.code.code for d in check(load(path)) if d.severity == "error"]


def test_the_right_flow_is_clean(tmp_path: Path) -> None:
    path = tmp_path / "aid.flow"
    path.write_text(flow_text(), encoding="utf-8")
    assert check(load(path)) == []


@pytest.mark.parametrize("name", sorted(MISTAKES))
def test_one_mistake_gives_its_error_and_at_most_two(name: str, tmp_path: Path) -> None:
    path = tmp_path / "aid.flow"
    path.write_text(flow_text(MISTAKES[name]), encoding="utf-8")
    found = errors(path)
    assert MISTAKES[name][3] in found
    assert len(found) <= 2, found


SYNTAX_FIXES = {  # the syntax mistakes above -> the fix the help names
    "unquoted-step-title": 'write `step 3 "Bandage"`',
    "choose-typo": "write `choose wound`",
    "go-to": "write `go 5`",
    "missing-arrow": "write `if bleeding and margin >= 0 -> 4`",
    "unclosed-parenthesis": "add `)` where the group ends",
    "extra-parenthesis": "remove it, or add the `(` it closes",
}


@pytest.mark.parametrize("name", sorted(SYNTAX_FIXES))
def test_a_syntax_mistake_is_said_with_its_fix(name: str, tmp_path: Path) -> None:
    path = tmp_path / "aid.flow"
    path.write_text(flow_text(MISTAKES[name]), encoding="utf-8")
    (found,) = check(load(path))
    assert found.help == SYNTAX_FIXES[name]


def test_a_minus_without_spaces_suggests_the_subtraction(tmp_path: Path) -> None:
    path = tmp_path / "aid.flow"
    path.write_text(flow_text(MISTAKES["minus-without-spaces"]), encoding="utf-8")
    (found,) = [d for d in check(load(path)) if d.code.code == "E301"]
    assert found.help is not None and "`aid-skill - aid-roll`" in found.help


# ---- properties on the bundled flow/ ------------------------------------------------------

FILES = {p.name: p.read_text(encoding="utf-8") for p in sorted(FLOW.glob("*.flow"))}


def _formula_facts(program: Program) -> list[m.Name]:
    """Every fact a formula reads by name (computed facts and `record` lines)."""
    exprs = [e for f in program.facts.values() for e in (f.expr, f.dice_expr) if e is not None]
    exprs += [e for s in program.steps.values() for a in s.actions if isinstance(a, m.Record) for e in (a.expr, a.key)
              if e is not None]  # fmt: skip
    names: list[m.Name] = []
    while exprs:
        expr = exprs.pop()
        if isinstance(expr, m.Name) and expr.name in program.facts:
            names.append(expr)
        exprs.extend(m.expr_children(expr))
    return sorted(names, key=lambda n: (n.span.file, n.span.line, n.span.column))


def _into_branches(program: Program) -> tuple[list[m.Target], list[str]]:
    """The `go`/`else` targets the run reaches with no split running, and the steps inside a
    split's branch, outside that, that lead to a `return`."""
    graph = program.flow
    assert graph.start is not None
    outside = walk(graph, [graph.start])
    inside: set[str] = set()
    for step in program.steps.values():
        for jump in step.jumps:
            if isinstance(jump, m.Split):
                until = program.resolve(jump.until, step.checklist) if jump.until else None
                start = program.resolve(jump.target, step.checklist) or ""
                inside |= walk(graph, [start], frozenset({until}) if until else frozenset())
    stops = {k for k in inside if any(True for _ in returns(program, program.steps[k]))}
    targets = sorted(k for k in inside - outside if walk(graph, [k]) & stops)
    jumps = [j.target for k in sorted(outside) for j in program.steps[k].jumps
             if isinstance(j, (m.Go, m.Otherwise)) and j.target.number is not None]  # fmt: skip
    return jumps, targets


def _replaced(span: m.Span, text: str, folder: Path) -> Path:
    """flow/ in `folder`, with the text at `span` (on one line) replaced."""
    name = Path(span.file).name
    for other, source in FILES.items():
        lines = source.split("\n")
        if other == name:
            line = lines[span.line - 1]
            lines[span.line - 1] = line[: span.column - 1] + text + line[span.end_column - 1 :]
        (folder / other).write_text("\n".join(lines), encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("mistake")


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow,
          HealthCheck.function_scoped_fixture])  # fmt: skip
@given(data=st.data())
def test_a_fact_misspelt_in_a_formula_is_an_error(flow: Program, folder: Path, data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(_formula_facts(flow)))
    cut = data.draw(st.integers(0, len(name.name) - 1))
    typo = name.name[:cut] + name.name[cut + 1 :]  # one letter dropped
    if typo in flow.facts or not typo or typo.startswith("-") or typo.endswith("-") or "--" in typo:
        typo = name.name + "s"
    found = errors(_replaced(name.span, typo, folder))
    assert "E301" in found and len(found) <= 2, (name, typo, found)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow,
          HealthCheck.function_scoped_fixture])  # fmt: skip
@given(data=st.data())
def test_a_jump_retargeted_into_a_branch_is_an_error(flow: Program, folder: Path, data: st.DataObject) -> None:
    jumps, targets = _into_branches(flow)
    jump = data.draw(st.sampled_from(jumps))
    target = data.draw(st.sampled_from(targets))
    assert "E208" in errors(_replaced(jump.span, target, folder)), (jump, target)
