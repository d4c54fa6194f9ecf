"""Parsing: statements carry spans, refs become (book, page) pairs, errors recover per line."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from tests.conftest import ROOT

from checklist import check
from checklist import model as m
from checklist.program.load import load
from checklist.syntax.parser import parse
from checklist.syntax.statements import FactLine


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "t.flow"
    path.write_text(text, encoding="utf-8")
    return path


STEP = """checklist combat "Combat Checklist"
start 5
step 5 "Turn sequence"
  | Determine turn Sequence (B363). If one or both
  |   sides ... see MA103 (and optionally MA110) and HT?.
  refs B363, B393, MA103, MA109-111, HT ?, BIO 123, CI156
  go post.1
checklist post "Post"
step 1 "End"
  end
"""


def test_step_keeps_prose_verbatim_and_parses_refs(tmp_path: Path) -> None:
    program = load(write(tmp_path, STEP))
    step = program.steps["combat.5"]
    assert step.title == "Turn sequence"
    assert step.prose == (
        "Determine turn Sequence (B363). If one or both",
        "  sides ... see MA103 (and optionally MA110) and HT?.",
    )
    assert [(r.book, r.page, r.page_end) for r in step.refs] == [
        ("B", 363, None), ("B", 393, None), ("MA", 103, None), ("MA", 109, 111), ("HT", None, None),
        ("BIO", 123, None), ("CI", 156, None),
    ]  # fmt: skip
    assert [str(r) for r in step.refs][3:5] == ["MA109-111", "HT ?"]
    assert step.span.line == 3 and step.span.column == 6
    jump = step.jumps[0]
    assert isinstance(jump, m.Go) and jump.target.checklist == "post" and jump.target.number == 1
    assert (jump.target.span.line, jump.target.span.column) == (7, 6)


def test_graph_edges_carry_kind_and_condition() -> None:
    program = load(ROOT / "flow")
    graph = program.graph
    kinds = {data["kind"] for _, _, data in graph.edges(data=True)}
    assert kinds == {"goto", "branch", "split", "return", "dispatch"}
    assert graph.nodes["combat.54"]["title"] == "Attack roll"
    to_13 = [d for _, v, d in graph.out_edges("combat.11", data=True) if v == "combat.13"]
    assert to_13 and all(d["kind"] == "dispatch" for d in to_13)
    assert any(d["condition"] == "stunned" for _, v, d in graph.out_edges("combat.2", data=True) if v == "combat.135")


def test_several_broken_lines_each_get_one_error() -> None:
    text = 'checklist a "A"\nstart 1\nstep 1 "x"\n  go\n  if -> 2\n  go 2 3\nstep 2 "y"\n  end\n'
    _, errors = parse(text, "t.flow")
    assert [(e.code.code, e.span.line) for e in errors] == [("E001", 4), ("E001", 5), ("E001", 6)]
    # each says what would do: what the line may go on with, or the line as it should be written
    assert all((e.notes and e.notes[0].startswith("expected")) or (e.help or "").startswith("write") for e in errors)


def test_loader_level_codes(tmp_path: Path) -> None:
    assert [d.code.code for d in check(load(write(tmp_path, "")))][0] == "E003"
    backwards = STEP.replace("MA109-111", "MA111-109")
    assert "E004" in {d.code.code for d in check(load(write(tmp_path, backwards)))}
    orphan = 'step 1 "x"\n  end\n'
    assert "E005" in {d.code.code for d in check(load(write(tmp_path, orphan)))}


LINES = st.sampled_from([
    'checklist c "C"', "start 1", 'step 1 "a"', 'step 2 "b"', "  go 2", "  go 1", "  end", "  | prose",
    "  refs B393", "  if x -> 2", "  else -> 1", "  choose x", "  when yes -> 2", "  split 2 once until 1 then return",
    'fact x : yes/no per turn "X?"', 'table t "T"', "  columns a | b", "  row 1 | 2", "expect 1 reaches 2",
    "  garbage -> ->", '"', "step", "  return", "# comment", "",
])  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(st.lists(LINES, max_size=30), st.text(max_size=20))
def test_any_arrangement_of_lines_loads_and_checks_without_crashing(lines: list[str], noise: str) -> None:
    text = "\n".join(lines) + noise
    statements, errors = parse(text.replace("\r", ""), "fuzz.flow")
    assert all(e.span.line >= 1 for e in errors)
    from checklist.program.builder import Builder
    from checklist.program.load import join

    builder = Builder("fuzz.flow")
    program = join([builder.module(statements)], builder.diagnostics + errors, {"fuzz.flow": text})
    for d in check(program):
        assert d.code.code and d.message


def test_two_threads_parse_at_once_and_each_gets_its_own_statements() -> None:
    """The language server and the simulator parse on several threads: no parse sees another's lines."""
    import threading

    texts = {n: f'checklist c{n} "C{n}"\n' + "".join(f'step {i} "S{n}-{i}"\n  go {i + 1}\n' for i in range(1, 400))
             for n in range(4)}  # fmt: skip
    results: dict[int, list[str]] = {}
    start = threading.Barrier(len(texts))

    def parse_one(n: int) -> None:
        start.wait()
        for _ in range(3):
            statements, errors = parse(texts[n], f"c{n}.flow")
            assert errors == []
            results[n] = [str(getattr(s, "title", "")) for s in statements if getattr(s, "title", None)]

    threads = [threading.Thread(target=parse_one, args=(n,)) for n in texts]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    for n in texts:
        assert results[n][0] == f"C{n}" and results[n][1:] == [f"S{n}-{i}" for i in range(1, 400)], n


def test_an_item_fact_is_a_weapon_fact_of_items() -> None:
    """`item` (a Ready's menu: no body part) is a weapon fact marked so; `weapon` is not marked."""
    text = (
        'fact ready-weapon : item per turn "Which weapon does the combatant ready?"\n'
        'fact weapon : weapon per attack "With what?" assume readied\n'
    )
    statements, errors = parse(text, "t.flow")
    assert errors == []
    facts = {line.fact.name: line.fact for line in statements if isinstance(line, FactLine)}
    assert (facts["ready-weapon"].kind, facts["ready-weapon"].item) == ("weapon", True)
    assert (facts["weapon"].kind, facts["weapon"].item) == ("weapon", False)


def test_a_name_stops_before_the_arrow_that_follows_it() -> None:
    """`if x=a->2`: the name is `a`, not `a-`. A name's hyphenated parts are an atomic group in the grammar:
    with `(?:-[a-z0-9_]++)*+`, Python 3.11.2 (Debian 12's) gave back the `-` of `->` to the name."""
    text = 'checklist t "T"\nstart 1\nstep 1 "A"\n  if x=a-b->2\n  if x=a->2\n  go 2\nstep 2 "B"\n  end\n'
    statements, errors = parse(text, "t.flow")
    assert errors == []
    branches = [line for line in statements if isinstance(getattr(line, "jump", None), m.Branch)]
    assert [(b.jump.condition.value, b.jump.target.number) for b in branches] == [("a-b", 2), ("a", 2)]  # type: ignore[attr-defined]
