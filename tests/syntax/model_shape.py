"""What a flow says, with its places left out (two texts that say the same have the same shape), and
the comment and prose lines that formatting must keep."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from checklist import model as m
from checklist.program.load import load_texts


def shape(value: object) -> object:
    """`value` with every span dropped: dataclasses as (type, fields), dicts in key order."""
    if isinstance(value, m.Span):
        return None
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__, tuple((f.name, shape(getattr(value, f.name))) for f in dataclasses.fields(value)))
    if isinstance(value, dict):
        return tuple((key, shape(item)) for key, item in value.items())
    if isinstance(value, (list, tuple)):
        return tuple(shape(item) for item in value)
    if isinstance(value, (set, frozenset)):
        return frozenset(shape(item) for item in value)
    return value


def program_shape(texts: Iterable[tuple[str, str]]) -> object:
    """The loaded program's modules, facts, tables, starts and expectations, and its findings' codes."""
    program = load_texts(texts)
    codes = sorted(d.code.code for d in program.diagnostics)
    parts = (program.modules, program.checklists, program.steps, program.facts, program.tables, program.decks)
    return shape(parts), shape((program.starts, program.expects)), codes


def kept(text: str, mark: str) -> list[str]:
    """The whole-line comments (`#`) or the prose lines (`|`), from the mark to the end of the line."""
    return [line.lstrip(" \t\f") for line in text.split("\n") if line.lstrip(" \t\f").startswith(mark)]
