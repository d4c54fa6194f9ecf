"""`checklist check`'s findings as LSP diagnostics, and their one fix as a quick fix."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from lsprotocol import types as t
from pygls.workspace.position_codec import PositionCodec, ServerTextPosition

from checklist import model as m
from checklist.lsp.programs import Checked
from checklist.lsp.text import name_columns, to_range
from checklist.model.diagnostics import UNUSED_FACT, UNUSED_TABLE, Code, Diagnostic, Fix

SOURCE = "checklist"
_PACKAGE = Path(__file__).resolve().parent.parent
_UNUSED = {UNUSED_FACT.code, UNUSED_TABLE.code}
_PLACE = re.compile(r"(?P<file>[^\s`'\"(),]+):(?P<line>[0-9]+):(?P<column>[0-9]+)")


@cache
def checks_page() -> str | None:
    """docs/checks.md as a URI: shipped in the wheel, or in the source tree."""
    for page in (_PACKAGE / "docs" / "checks.md", _PACKAGE.parent.parent / "docs" / "checks.md"):
        if page.is_file():
            return page.as_uri()
    return None


def docs_link(code: Code) -> str | None:
    """The code's section of docs/checks.md (`### E201 unknown-step (error)`), as GitHub anchors it."""
    page = checks_page()
    if page is None:
        return None
    heading = f"{code.code} {code.name} ({code.severity})".lower()
    return page + "#" + re.sub(r"[^a-z0-9 -]", "", heading).replace(" ", "-")


def to_lsp(d: Diagnostic, checked: Checked, codec: PositionCodec) -> t.Diagnostic:
    lines = checked.lines(d.span.file)
    text = "\n".join([d.message, *(f"note: {n}" for n in d.notes), *([f"help: {d.help}"] if d.help else [])])
    link = docs_link(d.code)
    return t.Diagnostic(
        range=to_range(lines, d.span, codec),
        message=text,
        severity=t.DiagnosticSeverity.Error if d.severity == "error" else t.DiagnosticSeverity.Warning,
        code=d.code.code,
        code_description=t.CodeDescription(href=link) if link else None,
        source=SOURCE,
        tags=[t.DiagnosticTag.Unnecessary] if d.code.code in _UNUSED else None,
        related_information=_related(d, checked, codec),
    )


def _related(d: Diagnostic, checked: Checked, codec: PositionCodec) -> list[t.DiagnosticRelatedInformation] | None:
    """The places a note or the help names (`first declared at FILE:LINE:COL`), to click through to."""
    out: list[t.DiagnosticRelatedInformation] = []
    for said in (*d.notes, *([d.help] if d.help else [])):
        for found in _PLACE.finditer(said):
            file, line, column = found["file"], int(found["line"]), int(found["column"])
            if file in checked.program.sources:
                span = m.Span(file, line, column, line, column)
                where = t.Location(checked.uri(file), to_range(checked.lines(file), span, codec))
                out.append(t.DiagnosticRelatedInformation(where, said))
    return out or None


def unreadable(message: str) -> t.Diagnostic:
    """A file the loader would not read (too big, binary), at its start."""
    return t.Diagnostic(
        range=t.Range(t.Position(0, 0), t.Position(0, 0)),
        message=message,
        severity=t.DiagnosticSeverity.Error,
        source=SOURCE,
    )


def by_file(checked: Checked, codec: PositionCodec, anchor: str | None) -> dict[str, list[t.Diagnostic]]:
    """Every file's diagnostics, by file; a finding with no file of the program goes to `anchor`."""
    out: dict[str, list[t.Diagnostic]] = {name: [] for name in checked.files}
    for name, message in checked.unreadable.items():
        out[name].append(unreadable(message))
    for d in checked.diagnostics:
        file = d.span.file if d.span.file in checked.program.sources else anchor
        if file is not None:
            out.setdefault(file, []).append(to_lsp(d, checked, codec))
    return out


def quick_fixes(checked: Checked, file: str, wanted: t.Range, codec: PositionCodec) -> list[t.CodeAction]:
    """A quick fix for each finding in `wanted` that has exactly one fix."""
    actions: list[t.CodeAction] = []
    for d in checked.diagnostics:
        if d.fix is None or d.span.file != file:
            continue
        shown = to_lsp(d, checked, codec)
        if not _overlap(shown.range, wanted):
            continue
        edit = _edit(checked, d, d.fix, codec)
        if edit is not None:
            change = t.WorkspaceEdit(changes={checked.uri(file): [edit]})
            actions.append(
                t.CodeAction(
                    d.fix.title, kind=t.CodeActionKind.QuickFix, diagnostics=[shown], edit=change, is_preferred=True
                )
            )
    return actions


def _edit(checked: Checked, d: Diagnostic, fix: Fix, codec: PositionCodec) -> t.TextEdit | None:
    lines = checked.lines(d.span.file)
    if not fix.old:  # a line of its own after line `after`, indented as that line
        if not 0 < fix.after <= len(lines):
            return None
        line = lines[fix.after - 1]
        end = codec.position_to_client_units(lines, ServerTextPosition(fix.after - 1, len(line)))
        indent = line[: len(line) - len(line.lstrip())]
        return t.TextEdit(t.Range(end, end), "\n" + indent + fix.new)
    line = lines[d.span.line - 1] if 0 < d.span.line <= len(lines) else ""
    found = name_columns(line, fix.old, d.span.column, "word")
    if not found:
        return None
    first = ServerTextPosition(d.span.line - 1, found[0] - 1)
    last = ServerTextPosition(d.span.line - 1, found[0] - 1 + len(fix.old))
    return t.TextEdit(
        t.Range(codec.position_to_client_units(lines, first), codec.position_to_client_units(lines, last)), fix.new
    )


def _overlap(a: t.Range, b: t.Range) -> bool:
    def key(p: t.Position) -> tuple[int, int]:
        return p.line, p.character

    return key(a.start) <= key(b.end) and key(b.start) <= key(a.end)
