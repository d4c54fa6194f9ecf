"""Text to statements with Lark (LALR, contextual lexer), from checklist.lark alone.

The parse tables are kept as plain JSON (`tables.json`, made from the grammar by
`python -m checklist.syntax.tables`; a test fails when it is out of date), so start-up does
not analyse the grammar.  The transformer runs inside the parser: no tree is built.

On a syntax error we record a diagnostic and resume on the next line (statements are
lines), so one run reports every broken line, up to MAX_ERRORS_PER_FILE.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import re
import threading
from collections.abc import Callable, Iterator
from dataclasses import replace
from functools import cache, lru_cache, partial
from pathlib import Path
from typing import Any

from lark import Lark, UnexpectedInput
from lark.parse_tree_builder import ChildFilterLALR_NoPlaceholders

from checklist import model as m
from checklist.model.diagnostics import Diagnostic
from checklist.syntax.keywords import Grammar, grammar
from checklist.syntax.lalr import Driving
from checklist.syntax.lines import Continuation
from checklist.syntax.scanner import Scanning
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


def keywords() -> frozenset[str]:
    """The words that open a statement (`go`, `if`, `step`, ...), read from the grammar."""
    return _parser()[2].keywords


def is_name(text: str) -> bool:
    """Whether `text` is a name the grammar reads (a fact's, a table's). Keywords are names too
    (the contextual lexer reads `defense` or `end` as a name where a name goes), except `not`,
    which a condition reads as a negation."""
    lark = _parser()[0]
    pattern = re.compile(lark.get_terminal("NAME").pattern.to_regexp())
    return pattern.fullmatch(text) is not None and text != "not"


def build_parser(
    from_tables: bool, lines: Continuation | None = None, faster: bool = True
) -> tuple[Lark, ToStatements, Grammar]:
    """The parser, its transformer and the statement keywords; from tables.json when it was
    made from this grammar (else the grammar is analysed, as after an edit to checklist.lark).
    `lines` is the postlexer (`checklist fmt` passes one that keeps the tokens). `faster`: Lark's
    contextual lexer and LALR parser read in one loop (scanner.py, lalr.py), and no Tree for the
    rules that are always expanded (`lean`); False, Lark as it comes (tests/syntax/test_scanner.py
    and test_lalr.py compare the two)."""
    transformer = ToStatements()
    lines = lines or Continuation()
    plugins = {"ContextualLexer": Scanning, "LALR_Parser": Driving} if faster else {}
    tables = _tables() if from_tables else None
    if tables is not None:
        # plain data, no pickle: the loader Lark's own standalone parsers use
        lark = Lark._load_from_dict(  # type: ignore[no-untyped-call]
            tables["data"], tables["memo"], transformer=transformer, postlex=lines, _plugins=plugins
        )
    else:
        lark = Lark(grammar_text(), transformer=transformer, postlex=lines, cache=False, _plugins=plugins, **OPTIONS)
    if faster:
        lean(lark._callbacks)
    return lark, transformer, grammar(lark, lines)


class _Children:
    """What a rule the parent always expands gives it: only its children (Lark reads `.children`)."""

    __slots__ = ("children",)

    def __init__(self, children: list[Any]) -> None:
        self.children = children


def lean(callbacks: dict[Any, Any]) -> None:
    """Lark's callbacks, made cheaper where nothing reads what Lark would build: a rule whose name
    starts with `_` (`_stmt`, and the lists Lark makes for `x*`), that the transformer has no method
    for, is always expanded into its parent, which reads only its `.children`; so it gets no Tree
    (Lark's default: `partial(default_callback)`, `__default__`, `Tree`: four calls for each of
    the 120 000 statements and list items of a 10 000-step flow)."""
    for rule, callback in callbacks.items():
        if not rule.origin.name.startswith("_"):
            continue
        if _makes_tree(callback):
            callbacks[rule] = _Children
        elif isinstance(callback, ChildFilterLALR_NoPlaceholders) and _makes_tree(callback.node_builder):
            callback.node_builder = _Children
            if len(callback.to_include) == 2 and callback.to_include[0] == (0, True):
                callbacks[rule] = _appending(*callback.to_include[1])


def _appending(at: int, expand: bool) -> Callable[[list[Any]], _Children]:
    """A list Lark makes for `x*` (`__start_star_0: __start_star_0 _stmt _NL`), one more item:
    what Lark's ChildFilterLALR does (the list so far, this item's children or the item), on the
    same node (LALR builds each node once, so Lark reuses the list itself)."""

    def append(children: list[Any]) -> _Children:
        node: _Children = children[0]
        if expand:
            node.children += children[at].children
        else:
            node.children.append(children[at])
        return node

    return append


def _makes_tree(callback: object) -> bool:
    """Lark's callback for a rule with no method: `partial(default_callback, rule name)`."""
    return isinstance(callback, partial) and getattr(callback.func, "__name__", "") == "default_callback"


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
    out, made, broken = _parse(text, file, sink)
    return out, made + broken


def _parse(
    text: str, file: str, sink: Callable[[Statement], None] | None, lines_before: int = 0
) -> tuple[list[Statement], list[Diagnostic], list[Diagnostic]]:
    """The statements, the transformer's diagnostics (E004, E007, E008) and the syntax errors of a
    text that starts after `lines_before` lines of its file (their spans count those lines)."""
    lark, transformer, said = _parser()
    transformer.reset(file, sink, lines_before)
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
            error = _below(broken.diagnostic, lines_before)  # its place in the file, for a piece
            errors.append(error)
            meant = broken_keyword(lines[broken.diagnostic.span.line - 1], said.keywords)
            transformer.emit(BrokenLine(meant, m.Span(file, error.span.line, 1, error.span.line, 1)))
            offset = broken.resume  # resume on the line after the broken one
            if offset >= len(lines) or len(errors) >= MAX_ERRORS_PER_FILE:
                break
    return transformer.out, transformer.errors, errors


def _below(d: Diagnostic, lines: int) -> Diagnostic:
    """A piece's syntax error, moved down to its place in the file."""
    if not lines:
        return d
    return replace(d, span=replace(d.span, line=d.span.line + lines, end_line=d.span.end_line + lines))


# A line at the margin that opens a block: where a file is cut into pieces.
_OPENS = re.compile(r"^(?:checklist|section|step|fact|table|deck|category|card)\b", re.M)


def parse_pieces(text: str, file: str) -> tuple[list[Statement], list[Diagnostic]]:
    """What `parse` gives, worked out a piece at a time: the text is cut before each line that
    opens a block at the margin (`step`, `fact`, ...), and each piece is parsed once for its place
    and text. A statement is a line, or lines inside an open bracket, so a piece parses as it does
    in the whole file; but a broken piece that leaves a bracket open would be read on into the
    next one by the whole parse, so that file is parsed whole. After an
    edit only the pieces it changed are parsed again, and those below it when it put in or took
    out lines (their places moved): `checklist lsp` re-parses a step, not combat.flow."""
    out: list[Statement] = []
    made: list[Diagnostic] = []
    broken: list[Diagnostic] = []
    for first, piece in _pieces(text):
        statements, transformed, failed = _piece(file, first, piece)
        if failed and _unbalanced(piece):
            return parse(text, file)
        out.extend(statements)
        made.extend(transformed)
        broken.extend(failed)
    if len(broken) >= MAX_ERRORS_PER_FILE:  # the whole parse stops at the cap: give its answer exactly
        return parse(text, file)
    return out, made + broken


def _unbalanced(piece: str) -> bool:
    """Whether a piece may leave a bracket open (a bracket in prose or a string counts too: the
    whole parse is then merely slower)."""
    return piece.count("(") + piece.count("[") != piece.count(")") + piece.count("]")


def _pieces(text: str) -> Iterator[tuple[int, str]]:
    """(the line a piece starts on, from 0; its text)."""
    cuts = [0, *(found.start() for found in _OPENS.finditer(text) if found.start() > 0), len(text)]
    line = 0
    for start, end in itertools.pairwise(cuts):
        piece = text[start:end]
        yield line, piece
        line += piece.count("\n")


@lru_cache(maxsize=8192)  # about 200 pieces per flow/ file, a few versions of each
def _piece(
    file: str, first: int, piece: str
) -> tuple[tuple[Statement, ...], tuple[Diagnostic, ...], tuple[Diagnostic, ...]]:
    out, made, broken = _parse(piece, file, None, lines_before=first)
    return tuple(out), tuple(made), tuple(broken)
