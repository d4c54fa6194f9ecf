"""The docs stay true: language examples parse, generated docs are current."""

from __future__ import annotations

import re

import pytest

from checklist import check
from checklist.program.builder import Builder
from checklist.program.load import join
from checklist.syntax.parser import parse
from tests.conftest import ROOT, script

EXAMPLES = re.findall(r"```flow\n(.*?)```", (ROOT / "docs" / "language.md").read_text(encoding="utf-8"), re.S)


@pytest.mark.parametrize("index", range(len(EXAMPLES)))
def test_language_examples_parse_and_check(index: int) -> None:
    text = EXAMPLES[index]
    statements, errors = parse(text, f"example-{index}.flow")
    assert errors == []
    builder = Builder(f"example-{index}.flow")
    module = builder.module(statements)
    assert builder.diagnostics == []
    program = join([module], [], {})
    excerpt = {"W401"}  # the examples are excerpts of the numbered checklists
    serious = [d for d in check(program) if d.code.code not in excerpt]
    assert serious == [], [f"{d.code.code} {d.message}" for d in serious]


def test_every_construct_is_documented() -> None:
    assert len(EXAMPLES) >= 9
    joined = "\n".join(EXAMPLES)
    for word in ("checklist", "start", "step", "refs", "fact", "if", "else", "choose", "when", "go",
                 "split", "until", "then return", "table", "columns", "row", "dispatch", "options",
                 "uses", "erratum", "note:", "section", "expect", "end", "return", "ledger", "add", "find",
                 "success(", "min(", "show card", "deck", "category", "card", "move:", "options:", "record",
                 "next turn", "actor.", "target.dr["):  # fmt: skip
        assert word in joined, word


def _generator():  # type: ignore[no-untyped-def]
    return script("gen_docs", ROOT / "scripts" / "gen_docs.py")


@pytest.mark.parametrize("name", ["docs/checks.md", "docs/errata.md"])
def test_generated_docs_are_current(name: str) -> None:
    make = _generator().OUTPUTS[name]
    assert (ROOT / name).read_text(encoding="utf-8") == make(), f"{name} is stale: run python scripts/gen_docs.py"
