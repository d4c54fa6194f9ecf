"""Files to a Program: read, parse, build, and join a folder of .flow files."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Protocol

from checklist import model as m
from checklist.graph.memory import gc_paused
from checklist.graph.program import Program
from checklist.model.diagnostics import (
    DUPLICATE_CHECKLIST,
    DUPLICATE_NAME,
    DUPLICATE_STEP,
    EMPTY,
    Code,
    Diagnostic,
    diag,
)
from checklist.program import cache
from checklist.program.built import Built
from checklist.program.sources import decode_source as decode_source  # the files' texts, also imported from here
from checklist.program.sources import editor_text as editor_text
from checklist.program.sources import flow_files as flow_files
from checklist.program.sources import gather, sources
from checklist.program.sources import read_source as read_source


def load(path: str | Path | Sequence[str | Path]) -> Program:
    """Load a .flow file, a folder of them, or several, into one Program; the built files come from
    the cache (cache.py) when it holds exactly these files, and lark is imported only when it does not."""
    return load_sources(sources(path))


def load_sources(texts: list[tuple[str, str]]) -> Program:
    """Files' names and texts, as `sources` reads them, into one Program, through the cache."""
    with gc_paused():
        return _joined(texts, cache.built(texts, lambda: _build_all(texts)))


def load_texts(texts: Iterable[tuple[str, str]]) -> Program:
    """Files' names and texts (read one at a time, or an editor's buffers) into one Program, each
    file parsed a piece at a time: after an edit, only the pieces it touched are parsed again."""
    with gc_paused():
        gathered = gather(texts)
        return _joined(gathered, _build_all(gathered, pieces=True))


def _build_all(texts: list[tuple[str, str]], pieces: bool = False) -> list[Built]:
    """Each file built; by pieces for an editor, else whole (a command parses a file once: whole,
    it is parsed in 8% fewer steps, with the same result: tests/syntax/test_pieces.py)."""
    return [build(name, text) if len(text) > CACHED_BYTES else _built(name, text, pieces) for name, text in texts]


def _joined(texts: list[tuple[str, str]], built: list[Built]) -> Program:
    diagnostics = [d for b in built for d in b.diagnostics]
    return join([b.module for b in built], diagnostics, dict(texts))


def build(name: str, text: str, pieces: bool = False) -> Built:
    from checklist.program.builder import Builder  # deferred: a cached program needs neither the
    from checklist.syntax.parser import parse, parse_pieces  # builder nor the parser (lark)

    builder = Builder(name)
    if not pieces or len(text) > CACHED_BYTES:
        _, errors = parse(text, name, sink=builder.feed)  # statements go straight to the builder
    else:  # each piece parsed once: after an edit, only the pieces it touched (checklist lsp)
        statements, errors = parse_pieces(text, name)
        for statement in statements:
            builder.feed(statement)
    module = builder.finish()
    said = [*errors, *builder.diagnostics]
    if not builder.fed and not errors:
        said.append(
            diag(
                EMPTY,
                "flow file declares nothing",
                m.Span(name, 1, 1, 1, 1),
                help='start it with `checklist ID "Title"` or remove it',
            )
        )
    return Built(module, tuple(said))


# The files loaded last, by name and text: a folder loaded again (the checker after an edit, a
# simulation, the tests) parses only the files that changed. A built file holds about ten times
# its text, so only files up to 256 KB are kept (flow/'s biggest is 78 KB), 16 of them: at most
# about 45 MB. Bigger files are built each time.
CACHED_BYTES = 1 << 18
_built = lru_cache(maxsize=16)(build)


def join(modules: list[m.Module], diagnostics: list[Diagnostic], sources: dict[str, str]) -> Program:
    checklists: dict[str, m.Checklist] = {}
    steps: dict[str, m.Step] = {}
    facts: dict[str, m.Fact] = {}
    tables: dict[str, m.Table] = {}
    decks: dict[str, m.Deck] = {}
    for module in modules:
        for checklist in module.checklists:
            if _duplicate(checklists, checklist.id, checklist.span, DUPLICATE_CHECKLIST, "checklist", diagnostics):
                continue
            checklists[checklist.id] = checklist
            sections: dict[str, m.Section] = {}
            for section in checklist.sections:
                _duplicate(sections, section.name, section.span, DUPLICATE_NAME, "section", diagnostics)
                sections.setdefault(section.name, section)
            for step in checklist.steps:
                key = step.key  # a property: work it out once
                if not _duplicate(steps, key, step.span, DUPLICATE_STEP, "step", diagnostics):
                    steps[key] = step
        for fact in module.facts:
            if not _duplicate(facts, fact.name, fact.span, DUPLICATE_NAME, "fact", diagnostics):
                facts[fact.name] = fact
        for table in module.tables:
            if not _duplicate(tables, table.name, table.span, DUPLICATE_NAME, "table", diagnostics):
                tables[table.name] = table
        for deck in module.decks:
            if not _duplicate(decks, deck.name, deck.span, DUPLICATE_NAME, "deck", diagnostics):
                decks[deck.name] = deck
    return Program(
        tuple(modules),
        checklists,
        steps,
        facts,
        tables,
        tuple(s for mod in modules for s in mod.starts),
        tuple(e for mod in modules for e in mod.expects),
        diagnostics,
        sources,
        decks,
    )


class _Spanned(Protocol):
    @property
    def span(self) -> m.Span: ...


def _duplicate(
    seen: Mapping[str, _Spanned], key: str, span: m.Span, code: Code, what: str, out: list[Diagnostic]
) -> bool:
    first = seen.get(key)
    if first is None:
        return False
    out.append(
        diag(
            code,
            f"{what} `{key}` is declared twice",
            span,
            f"first declared at {first.span}",
            help=f"renumber or rename one of the two {what}s",
        )
    )
    return True
