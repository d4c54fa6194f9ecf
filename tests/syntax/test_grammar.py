"""The grammar is the only description of the syntax: its parse tables, keywords and messages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lark import UnexpectedInput
from tests.conftest import FLOW, ROOT

from checklist.syntax import parser
from checklist.syntax.parser import parse
from checklist.syntax.statements import BrokenLine
from checklist.syntax.tables import tables_json


def test_parse_tables_are_made_from_the_shipped_grammar() -> None:
    # `python -m checklist.syntax.tables` rewrites them after a change to checklist.lark
    stored = json.loads(parser.TABLES.read_text("utf-8"))
    assert stored["grammar-sha256"] == parser.grammar_digest(), "stale: python -m checklist.syntax.tables"
    assert stored["data"]["options"] == json.loads(tables_json())["data"]["options"]


def test_the_stored_tables_parse_as_the_grammar_does() -> None:
    stored, _, stored_grammar = parser.build_parser(from_tables=True)
    fresh, _, fresh_grammar = parser.build_parser(from_tables=False)
    assert stored.options.parser == fresh.options.parser == "lalr"
    assert stored_grammar.keywords == fresh_grammar.keywords
    assert stored_grammar.inner == fresh_grammar.inner
    for path in sorted(FLOW.glob("*.flow")) + sorted((ROOT / "tests" / "checks" / "cases").glob("*.flow")):
        text = path.read_text("utf-8")
        results = []
        for lark, transformer, _ in (parser.build_parser(True), parser.build_parser(False)):
            transformer.reset(path.name)
            try:
                lark.parse(text if text.endswith("\n") else text + "\n")
                results.append(repr(transformer.out))
            except UnexpectedInput as exc:
                results.append(f"error at {exc.line}:{exc.column}")
        assert results[0] == results[1], path


def test_a_misspelt_keyword_gets_did_you_mean() -> None:
    _, errors = parse('checklist c "C"\nstep 1 "A"\n  gox 1\n  end\n', "t.flow")
    assert [(e.message, e.span.line, e.span.column, e.span.end_column) for e in errors] == [
        ("unknown statement `gox`; did you mean `go`?", 3, 3, 6)
    ]


def test_an_unknown_word_without_a_close_keyword_gets_no_guess() -> None:
    _, errors = parse('checklist c "C"\nstep 1 "A"\n  zzzzzz 1\n', "t.flow")
    assert [e.message for e in errors] == ["unknown statement `zzzzzz`"]


def test_a_known_keyword_with_a_bad_tail_keeps_the_grammar_message() -> None:
    _, errors = parse('checklist c "C"\nstep 1 "A"\n  go 2 3\n', "t.flow")
    assert [e.message for e in errors] == ["unexpected `3`"]


def test_recovery_goes_on_after_each_broken_line() -> None:
    text = 'checklist c "C"\nstep 1 "A"\n  gox 1\n  go 2\nstep 2 "B"\n  edn\n  end\n'
    statements, errors = parse(text, "t.flow")
    assert [e.span.line for e in errors] == [3, 6]
    assert "did you mean `end`?" in errors[1].message
    assert [type(s).__name__ for s in statements] == [
        "ChecklistLine", "StepLine", "BrokenLine", "JumpLine", "StepLine", "BrokenLine", "JumpLine"
    ]  # fmt: skip
    assert [s.keyword for s in statements if isinstance(s, BrokenLine)] == ["go", "end"]  # what each line meant


def test_a_stale_table_is_never_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stale = json.loads(parser.TABLES.read_text("utf-8"))
    stale["grammar-sha256"] = "0" * 64  # made from another grammar
    (tmp_path / "tables.json").write_text(json.dumps(stale), "utf-8")
    monkeypatch.setattr(parser, "TABLES", tmp_path / "tables.json")
    assert parser._tables() is None  # the grammar is analysed instead
