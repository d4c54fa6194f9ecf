"""textDocument/formatting: the layout of `checklist fmt` (syntax/format.py), as one edit of the
whole document. A document that does not parse is left as it is (its findings say why)."""

from __future__ import annotations

from lsprotocol import types as t
from pygls.workspace.position_codec import PositionCodec, ServerTextPosition

from checklist.syntax.format import FormatError, format_text


def formatting(source: str, file: str, codec: PositionCodec) -> list[t.TextEdit] | None:
    """The edits that give `source` the canonical layout: none when it has it, None when it does not parse."""
    text = source.replace("\r\n", "\n").replace("\r", "\n")
    try:
        formatted = format_text(text, file)
    except FormatError:
        return None
    if "\r\n" in source:  # the document's line ends are kept
        formatted = formatted.replace("\n", "\r\n")
    if formatted == source:
        return []
    lines = source.split("\n")
    end = codec.position_to_client_units(lines, ServerTextPosition(len(lines) - 1, len(lines[-1])))
    return [t.TextEdit(t.Range(t.Position(0, 0), end), formatted)]
