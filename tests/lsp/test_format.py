"""textDocument/formatting: `checklist fmt`'s layout, as one edit of the whole document."""

from __future__ import annotations

from typing import Any

from checklist.syntax.format import format_text
from tests.lsp.conftest import Session

OPTIONS = {"tabSize": 8, "insertSpaces": False}  # what an editor sends; the layout is the one layout


def apply(text: str, edits: list[dict[str, Any]]) -> str:
    """One edit of the whole document, as the server makes it (positions in UTF-16 units)."""
    (edit,) = edits
    start, end = edit["range"]["start"], edit["range"]["end"]
    lines = text.split("\n")
    assert (start["line"], start["character"]) == (0, 0)
    assert end["line"] == len(lines) - 1
    assert end["character"] == len(lines[-1].encode("utf-16-le")) // 2  # the end, in the client's units
    return str(edit["newText"])


def formatting(session: Session, name: str) -> Any:
    return session.client.result(
        "textDocument/formatting", {"textDocument": {"uri": session.uri(name)}, "options": OPTIONS}
    )


def test_formatting_gives_the_layout_of_checklist_fmt(session: Session) -> None:
    main = session.text("main.flow")
    messy = main.replace("\n  ", "\n\t ") + "  # the end 🎲"  # no final newline; a character of 2 UTF-16 units
    session.open("main.flow", messy)
    formatted = apply(messy, formatting(session, "main.flow"))
    assert formatted == format_text(messy, "main.flow")
    assert formatted != messy
    session.edit("main.flow", formatted)
    assert formatting(session, "main.flow") == []  # formatted: nothing to do


def test_crlf_line_ends_are_kept(session: Session) -> None:
    messy = session.text("main.flow").replace("\n  ", "\n    ").replace("\n", "\r\n")
    session.open("main.flow", messy)
    (edit,) = formatting(session, "main.flow")
    assert edit["newText"] == format_text(messy.replace("\r\n", "\n"), "main.flow").replace("\n", "\r\n")


def test_a_document_that_does_not_parse_is_left_as_it_is(session: Session) -> None:
    session.open("main.flow", session.text("main.flow") + "  gto 1\n")
    assert formatting(session, "main.flow") is None
