"""What hovering shows, as Markdown: a step's title, prose and refs; a fact's question, type,
scope and what works it out; a table's columns; a rule reference's book and page."""

from __future__ import annotations

import re
from collections.abc import Iterator

from checklist import model as m
from checklist.graph.program import Program
from checklist.lsp.index import Occurrence
from checklist.lsp.programs import Checked
from checklist.lsp.text import code, contains
from checklist.present.refs import describe

_STRING = re.compile(r'"[^"\n]*"')
_TAIL = re.compile(r"\s(?:assume|default)\s")
MAX_SHOWN = 400  # characters of a written expression


def hover(checked: Checked, occurrence: Occurrence) -> str | None:
    program = checked.program
    if occurrence.kind == "step":
        step = program.steps.get(occurrence.name)
        return step_text(program, step) if step is not None else None
    if occurrence.kind == "fact":
        fact = program.facts.get(occurrence.name)
        return fact_text(checked, fact) if fact is not None else None
    table_name, _, column = occurrence.name.partition(".")
    table = program.tables.get(table_name)
    return table_text(table, column or None) if table is not None else None


def step_text(program: Program, step: m.Step) -> str:
    checklist = program.checklists.get(step.checklist)
    where = [f"checklist *{checklist.title}*" if checklist else f"checklist `{step.checklist}`"]
    section = checklist.section_title(step.section) if checklist else None
    if section:
        where.insert(0, f"section *{section}*")
    parts = [f"**step {step.key}** {step.title}", " · ".join(where)]
    if step.prose:
        parts.append("\n".join(f"> {line}" if line else ">" for line in step.prose))
    parts.extend(_refs(step.refs))
    return "\n\n".join(parts)


def fact_text(checked: Checked, fact: m.Fact) -> str:
    parts = [f"**fact {fact.name}** : {kind_text(fact)} per {fact.scope}", fact.question]
    parts.append(worked_out(checked, fact))
    said = [f"assumed `{fact.assumed}`" + (f" unless `{fact.assumed_unless}`" if fact.assumed_unless else "")]
    said = said if fact.assumed is not None else []
    said += [f"default `{fact.default}`"] if fact.default is not None else []
    if said:
        parts.append("; ".join(said))
    parts.extend(_refs(fact.refs))
    parts.extend(f"note: {n.text}" for n in fact.notes)
    return "\n\n".join(parts)


def kind_text(fact: m.Fact) -> str:
    if fact.kind == "choice":
        return f"choice({', '.join(fact.choices)})"
    if fact.kind == "table":
        return f"choice from {fact.table}"
    if fact.kind == "roll":
        return f"roll {fact.dice}" if fact.dice else "roll of dice from the roster"
    return "item" if fact.item else fact.kind


def worked_out(checked: Checked, fact: m.Fact) -> str:
    """What gives the fact its value: its expression as written, a ledger's lines, dice, or a question."""
    program = checked.program
    if fact.expr is not None:
        written = written_expr(checked.lines(fact.span.file), fact.span.line)
        return f"worked out: `= {written}`" if written else "worked out from its expression"
    if fact.kind == "ledger":
        adds = [
            f"`{a.fact}` ({s.key})"
            for s in program.steps.values()
            for a in s.actions
            if isinstance(a, m.Add) and a.ledger == fact.name
        ]
        return "a ledger: the sum of its lines" + (f", added from {', '.join(adds[:12])}" if adds else "")
    if fact.kind == "roll":
        return "rolled" + (f" ({fact.dice})" if fact.dice else ": the dice come from the roster")
    finds = [s.key for s in program.steps.values() for a in s.actions if isinstance(a, m.Find) and a.fact == fact.name]
    return "asked" + (f"; found at {', '.join(finds[:12])}" if finds else " where a step needs it")


def written_expr(lines: list[str], number: int) -> str:
    """A fact's `= EXPR` as its line writes it: after the question, before `assume` or `default`."""
    line = lines[number - 1] if 0 < number <= len(lines) else ""
    question = _STRING.search(line)
    if question is None:
        return ""
    rest = code(line)[question.end() :]
    if not rest.lstrip().startswith("="):
        return ""
    body = rest.lstrip()[1:]
    tail = _TAIL.search(body)
    written = (body[: tail.start()] if tail else body).strip()
    return written if len(written) <= MAX_SHOWN else written[: MAX_SHOWN - 1] + "…"


def table_text(table: m.Table, column: str | None) -> str:
    heads = " | ".join(f"**{c}**" if c == column else c for c in table.columns) or "(no `columns` line)"
    parts = [f"**table {table.name}** {table.title}", f"columns: {heads}", f"{len(table.rows)} rows"]
    if column is not None:
        parts.insert(1, f"column `{column}`")
    parts.extend(_refs(table.refs))
    return "\n\n".join(parts)


def _refs(refs: tuple[m.Ref, ...]) -> list[str]:
    return [f"refs: {', '.join(describe(r) for r in refs)}"] if refs else []


def ref_at(program: Program, file: str, line: int, column: int) -> str | None:
    """A rule reference under the cursor, in words (`B393 (Basic Set p. 393)`)."""
    for ref in _file_refs(program, file):
        if contains(ref.span, line, column):
            return describe(ref)
    return None


def _file_refs(program: Program, file: str) -> Iterator[m.Ref]:
    for module in program.modules:
        if module.path != file:
            continue
        for checklist in module.checklists:
            for step in checklist.steps:
                yield from step.refs
        for fact in module.facts:
            yield from fact.refs
        for table in module.tables:
            yield from table.refs
