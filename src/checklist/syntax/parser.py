"""Text to statements with Lark (LALR, contextual lexer), from checklist.lark alone.

The parse tables are kept as plain JSON (`tables.json`, made from the grammar by
`python -m checklist.syntax.tables`; a test fails when it is out of date), so start-up does
not analyse the grammar.  The transformer runs inside the parser: no tree is built.

On a syntax error we record a diagnostic and resume on the next line (statements are
lines), so one run reports every broken line, up to MAX_ERRORS_PER_FILE.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from lark import Lark, UnexpectedInput

from checklist import model as m
from checklist.model.diagnostics import Diagnostic
from checklist.syntax.keywords import Grammar, grammar
from checklist.syntax.lines import Continuation
from checklist.syntax.statements import BrokenLine, Statement
from checklist.syntax.transform import ToStatements

MAX_ERRORS_PER_FILE = 50
HERE = Path(__file__).resolve().parent
GRAMMAR = HERE / "checklist.lark"
TABLES = HERE / "tables.json"
OPTIONS = {"parser": "lalr", "lexer": "contextual"}


def grammar_text() -> str:
    return GRAMMAR.read_text("utf-8")


def grammar_digest() -> str:
    """What tables.json was made from: the tables are used only with this very grammar."""
    return hashlib.sha256(grammar_text().encode("utf-8")).hexdigest()


_LOCAL = threading.local()


def _parser() -> tuple[Lark, ToStatements, Grammar]:
    """This thread's parser: its transformer holds one parse's statements, so each thread has its own
    and two threads parse at the same time (built once per thread, about 0.15 s)."""
    found: tuple[Lark, ToStatements, Grammar] | None = getattr(_LOCAL, "parser", None)
    if found is None:
        found = _LOCAL.parser = build_parser(from_tables=True)
    return found


def build_parser(from_tables: bool) -> tuple[Lark, ToStatements, Grammar]:
    """The parser, its transformer and the statement keywords; from tables.json when it was
    made from this grammar (else the grammar is analysed, as after an edit to checklist.lark)."""
    transformer = ToStatements()
    lines = Continuation()
    tables = _tables() if from_tables else None
    if tables is not None:
        # plain data, no pickle: the loader Lark's own standalone parsers use
        lark = Lark._load_from_dict(tables["data"], tables["memo"], transformer=transformer, postlex=lines)  # type: ignore[no-untyped-call]
    else:
        lark = Lark(grammar_text(), transformer=transformer, postlex=lines, cache=False, **OPTIONS)
    return lark, transformer, grammar(lark, lines)


@cache
def _tables_text(path: Path) -> str | None:
    try:
        return path.read_text("utf-8")
    except OSError:
        return None


def _tables() -> dict[str, Any] | None:
    """The tables as fresh data for each parser built (Lark keeps what it is given)."""
    text = _tables_text(TABLES)
    if text is None:
        return None
    try:
        tables: dict[str, Any] = json.loads(text, object_pairs_hook=_int_keys)
    except ValueError:
        return None
    return tables if tables.get("grammar-sha256") == grammar_digest() else None


def _int_keys(pairs: list[tuple[str, object]]) -> dict[object, object]:
    """JSON keeps the tables' integer keys (parser states, memo ids) as strings: turn them back."""
    return {int(key) if key.isdigit() else key: value for key, value in pairs}


def parse(
    text: str, file: str, sink: Callable[[Statement], None] | None = None
) -> tuple[list[Statement], list[Diagnostic]]:
    """One file's text (newlines already normalised) as statements, and its syntax errors.

    With a `sink`, each statement goes to it as soon as it is read (the list returned is then
    empty): a large flow is never held as a list of statements.
    """
    lark, transformer, said = _parser()
    transformer.reset(file, sink)
    errors: list[Diagnostic] = []
    lines: list[str] | None = None
    offset = 0  # lines already consumed
    while True:
        chunk = text if offset == 0 else "\n" * offset + "\n".join(lines[offset:])  # type: ignore[index]
        try:
            lark.parse(chunk if chunk.endswith("\n") else chunk + "\n")
            break
        except UnexpectedInput as exc:
            # deferred: only a broken line needs the messages (their regexes and dataclasses cost 10 ms)
            from checklist.syntax.errors import broken_keyword, syntax_error

            lines = lines or text.split("\n")
            broken = syntax_error(exc, file, lines, said)
            error = broken.diagnostic
            errors.append(error)
            meant = broken_keyword(lines[error.span.line - 1], said.keywords)
            transformer.emit(BrokenLine(meant, m.Span(file, error.span.line, 1, error.span.line, 1)))
            offset = broken.resume  # resume on the line after the broken one
            if offset >= len(lines) or len(errors) >= MAX_ERRORS_PER_FILE:
                break
    return transformer.out, transformer.errors + errors
