"""Printing diagnostics: rustc/ruff-style text, or stable JSON (docs/checks.md)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from checklist.model.diagnostics import Diagnostic

JSON_VERSION = 1
MAX_SOURCE_WIDTH = 120

_COLOURS = {"error": "\x1b[1;31m", "warning": "\x1b[1;33m", "note": "\x1b[1;36m", "bold": "\x1b[1m"}
_RESET = "\x1b[0m"


def _paint(text: str, style: str, colour: bool) -> str:
    return f"{_COLOURS[style]}{text}{_RESET}" if colour else text


def render_text(diags: Sequence[Diagnostic], sources: Mapping[str, str], colour: bool = False) -> str:
    lines: list[str] = []
    split: dict[str, list[str]] = {}  # each source split once, however many findings it has
    for d in diags:
        lines.extend(_one(d, sources, split, colour))
        lines.append("")
    lines.append(summary(diags))
    return "\n".join(lines) + "\n"


def summary(diags: Sequence[Diagnostic]) -> str:
    errors = sum(d.count for d in diags if d.severity == "error")
    warnings = sum(d.count for d in diags if d.severity == "warning")
    if not diags:
        return "no problems found"
    return f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}"


def _one(d: Diagnostic, sources: Mapping[str, str], split: dict[str, list[str]], colour: bool) -> list[str]:
    head = _paint(f"{d.severity}[{d.code.code}]", d.severity, colour)
    pad = " " * len(str(max(d.span.line, 1)))
    out = [f"{head}: {_paint(d.message, 'bold', colour)}", f"{pad}--> {d.span}"]
    source = sources.get(d.span.file)
    if source is not None and d.span.line > 0:
        if d.span.file not in split:
            split[d.span.file] = source.split("\n")
        out.extend(_snippet(split[d.span.file], d, colour))
    for note in d.notes:
        out.append(f"{pad} = {_paint('note', 'note', colour)}: {note}")
    if d.help:
        out.append(f"{pad} = {_paint('help', 'note', colour)}: {d.help}")
    out.append(f"{pad} = code: {d.code.name}")
    return out


def _snippet(text_lines: list[str], d: Diagnostic, colour: bool) -> list[str]:
    if d.span.line > len(text_lines):
        return []
    raw = text_lines[d.span.line - 1]
    col = max(d.span.column, 1)
    prefix = raw[: col - 1].expandtabs(4)
    line = raw.expandtabs(4)
    start = len(prefix)
    width = d.span.end_column - d.span.column if d.span.end_line == d.span.line else len(raw) - col + 1
    width = max(1, min(width, MAX_SOURCE_WIDTH))
    if len(line) > MAX_SOURCE_WIDTH:  # a 10 MB line: show a window around the span
        left = max(0, start - 40)
        line = ("…" if left else "") + line[left : left + MAX_SOURCE_WIDTH] + "…"
        start = start - left + (1 if left else 0)
    gutter = str(d.span.line)
    pad = " " * len(gutter)
    marker = _paint("^" * width, d.severity, colour)
    return [f"{pad} |", f"{gutter} | {line}", f"{pad} | {' ' * start}{marker}"]


def to_json(diags: Sequence[Diagnostic]) -> str:
    payload = {
        "version": JSON_VERSION,
        "summary": {
            "errors": sum(d.count for d in diags if d.severity == "error"),
            "warnings": sum(d.count for d in diags if d.severity == "warning"),
        },
        "diagnostics": [
            {
                "code": d.code.code,
                "name": d.code.name,
                "severity": d.severity,
                "message": d.message,
                "span": {
                    "file": d.span.file,
                    "line": d.span.line,
                    "column": d.span.column,
                    "end_line": d.span.end_line,
                    "end_column": d.span.end_column,
                },
                "notes": list(d.notes),
                "help": d.help,
                **({"more": d.more} if d.more else {}),
            }
            for d in diags
        ],
    }
    return json.dumps(payload, indent=2, ensure_ascii=False) + "\n"
