"""Completion: what may stand at the cursor, read from the line before it.

A line's first word is a statement keyword (the grammar's own list); after `refs`, a book; after
`->`, `go`, `split`, `until`, `start`, `reaches` or `before`, a step of the checklist (with its
title) or `end`/`return`; after `TABLE.`, its columns; after `CHECKLIST.`, its steps; after
`uses`, `dispatch` or `choice from`, a table; after `when`, the values of the fact the step's
`choose` names; elsewhere, facts and tables.
"""

from __future__ import annotations

import re

from lsprotocol import types as t

from checklist import model as m
from checklist.checks.facts import fact_values
from checklist.graph.program import Program
from checklist.lsp.programs import Checked
from checklist.present.refs import books
from checklist.syntax.parser import keywords

_FIRST_WORD = re.compile(r"\s*[a-z]*")
_DOTTED = re.compile(r"([a-z][a-z0-9_-]*)\.[0-9a-z_-]*$")
_TARGET = re.compile(r"(?:->\s*|,\s*|\b(?:go|split|until|start|reaches|before)\s+)[0-9]*$")
_TABLE = re.compile(r"(?:^\s*(?:uses|dispatch)|\bfrom)\s+[a-z0-9_-]*$")
_TARGET_STATEMENTS = {"go", "if", "else", "when", "split", "start", "expect"}
_VALUE = re.compile(r"\s*when\s+[a-z0-9_-]*")
_CHOOSE = re.compile(r"\s*choose\s+([a-z][a-z0-9_-]*)")


def complete(checked: Checked, file: str, line: int, column: int) -> list[t.CompletionItem]:
    lines = checked.lines(file)
    before = lines[line - 1][: column - 1] if 0 < line <= len(lines) else ""
    if before.count('"') % 2 or "#" in before or before.lstrip().startswith(("|", "note", "erratum")):
        return []  # prose, strings, comments and notes are the author's words
    program = checked.program
    if _FIRST_WORD.fullmatch(before):
        return [t.CompletionItem(k, kind=t.CompletionItemKind.Keyword) for k in sorted(keywords())]
    statement = before.split()[0]
    dotted = _DOTTED.search(before)
    if dotted is not None:
        return _dotted(program, dotted.group(1))
    if statement == "when" and _VALUE.fullmatch(before):
        return _values(program, lines, line)
    if statement == "refs":
        return [t.CompletionItem(code, kind=t.CompletionItemKind.Module, detail=name) for code, name in books().items()]
    if statement in _TARGET_STATEMENTS and _TARGET.search(before):
        return _steps(program, _checklist_at(program, file, line), local=True) + _endings(program)
    if _TABLE.search(before):
        return _tables(program)
    return _facts(program) + _tables(program)


def _values(program: Program, lines: list[str], line: int) -> list[t.CompletionItem]:
    """After `when`: the values of the fact the step's `choose` above names."""
    for above in reversed(lines[: line - 1]):
        found = _CHOOSE.match(above)
        if found is None and not above.startswith("step"):
            continue
        fact = program.facts.get(found.group(1)) if found is not None else None
        if fact is None:
            return []
        values = sorted(fact_values(program, fact) or ())
        return [
            t.CompletionItem(v, kind=t.CompletionItemKind.EnumMember, detail=f"a value of {fact.name}") for v in values
        ]
    return []


def _dotted(program: Program, word: str) -> list[t.CompletionItem]:
    """`table.` gives its columns, `checklist.` its steps."""
    table = program.tables.get(word)
    if table is not None:
        return [
            t.CompletionItem(c, kind=t.CompletionItemKind.Field, detail=f"column of {table.name}")
            for c in table.columns
        ]
    return _steps(program, word, local=False) if word in program.checklists else []


def _steps(program: Program, checklist: str | None, local: bool) -> list[t.CompletionItem]:
    found = program.checklists.get(checklist or "")
    steps = found.steps if found is not None else ()
    return [
        t.CompletionItem(
            str(s.number),
            kind=t.CompletionItemKind.EnumMember,
            detail=s.title,
            sort_text=f"{s.number:012d}",
            label_details=t.CompletionItemLabelDetails(description=s.title),
        )
        for s in steps
    ] + (_other_checklists(program, checklist) if local else [])


def _other_checklists(program: Program, here: str | None) -> list[t.CompletionItem]:
    """Another checklist's id: a jump there is written `id.N`."""
    return [
        t.CompletionItem(c.id, kind=t.CompletionItemKind.Module, detail=c.title, sort_text=f"~{c.id}")
        for c in program.checklists.values()
        if c.id != here
    ]


def _endings(program: Program) -> list[t.CompletionItem]:
    return [t.CompletionItem(w, kind=t.CompletionItemKind.Keyword, sort_text=f"~~{w}") for w in ("end", "return")]


def _facts(program: Program) -> list[t.CompletionItem]:
    return [
        t.CompletionItem(
            f.name,
            kind=t.CompletionItemKind.Variable,
            detail=f"{f.kind} per {f.scope}",
            documentation=f.question,
        )
        for f in program.facts.values()
    ]


def _tables(program: Program) -> list[t.CompletionItem]:
    return [t.CompletionItem(x.name, kind=t.CompletionItemKind.Struct, detail=x.title) for x in program.tables.values()]


def _checklist_at(program: Program, file: str, line: int) -> str | None:
    """The checklist the line is in: the last one its file declares above it."""
    declared: list[m.Checklist] = [c for mod in program.modules if mod.path == file for c in mod.checklists]
    above = [c for c in declared if c.span.line <= line]
    return above[-1].id if above else (declared[0].id if declared else None)
