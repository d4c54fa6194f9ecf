"""Go to definition, find references and rename, over the index of a program's names."""

from __future__ import annotations

from lsprotocol import types as t
from pygls.exceptions import JsonRpcException
from pygls.workspace.position_codec import PositionCodec

from checklist.lsp.index import Occurrence
from checklist.lsp.programs import Checked
from checklist.lsp.text import to_range
from checklist.syntax.parser import is_name

RENAMED = ("fact", "table")


class RenameRefused(JsonRpcException):
    """A rename that cannot be done, with the reason (LSP's RequestFailed)."""

    CODE = int(t.LSPErrorCodes.RequestFailed)


def location(checked: Checked, occurrence: Occurrence, codec: PositionCodec) -> t.Location:
    span = occurrence.span
    return t.Location(checked.uri(span.file), to_range(checked.lines(span.file), span, codec))


def definition(checked: Checked, file: str, line: int, column: int, codec: PositionCodec) -> t.Location | None:
    found = checked.index.at(file, line, column)
    if found is None:
        return None
    declared = checked.index.declaration(found.kind, found.name)
    return location(checked, declared, codec) if declared is not None else None


def references(
    checked: Checked, file: str, line: int, column: int, declaration: bool, codec: PositionCodec
) -> list[t.Location]:
    found = checked.index.at(file, line, column)
    if found is None:
        return []
    return [
        location(checked, o, codec) for o in checked.index.all(found.kind, found.name) if declaration or not o.declares
    ]


def prepare_rename(
    checked: Checked, file: str, line: int, column: int, codec: PositionCodec
) -> t.PrepareRenamePlaceholder | None:
    """The name under the cursor when it is a fact's or a table's; None (no rename) otherwise."""
    found = checked.index.at(file, line, column)
    if found is None or found.kind not in RENAMED or checked.index.declaration(found.kind, found.name) is None:
        return None
    return t.PrepareRenamePlaceholder(to_range(checked.lines(file), found.span, codec), found.name)


def rename(checked: Checked, file: str, line: int, column: int, new: str, codec: PositionCodec) -> t.WorkspaceEdit:
    """Every place the fact or table is named, in every file of the program, renamed."""
    found = checked.index.at(file, line, column)
    if found is None or found.kind not in RENAMED:
        raise RenameRefused("only a fact or a table can be renamed: put the cursor on its name")
    if checked.index.declaration(found.kind, found.name) is None:
        raise RenameRefused(f"`{found.name}` is not declared: declare it, or rename it where it is written")
    if not is_name(new):
        raise RenameRefused(
            f"`{new[:60]}` is not a name: lower-case letters, digits, `_` and single `-`, starting with a letter "
            "(and not `not`)"
        )
    taken = checked.program.facts if found.kind == "fact" else checked.program.tables
    if new in taken and new != found.name:
        raise RenameRefused(f"a {found.kind} `{new}` is declared already, at {taken[new].span}")
    edits: dict[str, list[t.TextEdit]] = {}
    for o in checked.index.all(found.kind, found.name):
        edits.setdefault(checked.uri(o.span.file), []).append(
            t.TextEdit(to_range(checked.lines(o.span.file), o.span, codec), new)
        )
    return t.WorkspaceEdit(changes=edits)
