"""Files to a Program: read, parse, build, and join a folder of .flow files."""

from __future__ import annotations

import os
import re
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
from checklist.model.limits import FLOW_OPTION, MAX_FILE_BYTES, flow_bytes
from checklist.program import cache
from checklist.program.cache import Built
from checklist.program.files import LoadError, read_file


def read_source(path: Path) -> str:
    return decode_source(path, read_file(path, fix=TOO_BIG))


TOO_BIG = f"split the flow, or raise the limit with {FLOW_OPTION} N (docs/reliability.md)"


def decode_source(path: Path, raw: bytes) -> str:
    """A flow file's bytes as text with LF newlines, or a LoadError that says what is wrong."""
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise LoadError(f"{path}: is UTF-16 text; save it as UTF-8")
    if b"\x00" in raw:
        line = raw.count(b"\n", 0, raw.index(b"\x00")) + 1
        raise LoadError(
            f"{path}:{line}: contains a NUL byte; this looks like a binary file, not a flow: pass a .flow text file"
        )
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise LoadError(
            f"{path}:{line}: not valid UTF-8 (byte 0x{raw[exc.start]:02x} at offset {exc.start}); "
            "save the file as UTF-8"
        ) from None
    return plain_text(str(path), text)


def editor_text(name: str, text: str) -> str:
    """An editor's unsaved text (`checklist lsp`), held to what a file on disk is held to."""
    if len(text) > MAX_FILE_BYTES // 4 and len(text.encode("utf-8")) > MAX_FILE_BYTES:
        raise LoadError(
            f"{name}: too big for a .flow file (at most {MAX_FILE_BYTES // 2**20} MB); "
            "a flow holds at most that much text"
        )
    return plain_text(name, text)


def plain_text(name: str, text: str) -> str:
    """Newlines made LF; a control character (NUL, ESC: binary, or a terminal escape) refused."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    control = _CONTROL.search(text)
    if control is not None:  # e.g. ESC: flow text is printed to terminals, so it must stay inert
        line = text.count("\n", 0, control.start()) + 1
        what = (
            "a NUL byte; this looks like a binary file, not a flow"
            if control.group() == "\x00"
            else (f"the control character U+{ord(control.group()):04X}; flows are plain text")
        )
        raise LoadError(f"{name}:{line}: contains {what}: delete it")
    return text


_CONTROL = re.compile("[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]")


def flow_files(paths: list[Path]) -> list[Path]:
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            found = _folder_flows(path)
            if not found:
                raise LoadError(f"{path}: folder holds no .flow files; pass a folder of .flow files or a .flow file")
            files.extend(found)
        elif path.exists() or path.suffix == ".flow":
            files.append(path)
        else:
            raise LoadError(f"{path}: no such file or folder; check the path")
    return files


def _folder_flows(folder: Path) -> list[Path]:
    """The .flow files under `folder`; a folder we may not list is an error, never skipped quietly."""
    if not os.access(folder, os.R_OK | os.X_OK):
        _cannot_list(PermissionError(13, "Permission denied", str(folder)))
    found: list[Path] = []
    for here, subfolders, names in os.walk(folder, onerror=_cannot_list):
        for sub in subfolders:
            if not os.access(os.path.join(here, sub), os.R_OK | os.X_OK):  # os.walk would skip it quietly
                _cannot_list(PermissionError(13, "Permission denied", os.path.join(here, sub)))
        found.extend(Path(here, n) for n in names if n.endswith(".flow") and os.path.isfile(os.path.join(here, n)))
    return sorted(found)


def _cannot_list(exc: OSError) -> None:
    where = exc.filename if exc.filename is not None else "a folder"
    if isinstance(exc, PermissionError):
        raise LoadError(f"{where}: permission denied: cannot list the folder; make it readable (chmod u+rx {where})")
    raise LoadError(f"{where}: cannot list the folder: {exc.strerror or exc}; check it (ls -ld {where})")


def load(path: str | Path | Sequence[str | Path]) -> Program:
    """Load a .flow file, a folder of them, or several, into one Program; the built files come from
    the cache (cache.py) when it holds exactly these files, and lark is imported only when it does not."""
    paths = [Path(p) for p in ([path] if isinstance(path, (str, Path)) else path)]
    texts = _gather((str(file), read_source(file)) for file in flow_files(paths))
    with gc_paused():
        return _joined(texts, cache.built(texts, lambda: _build_all(texts)))


def load_texts(texts: Iterable[tuple[str, str]]) -> Program:
    """Files' names and texts (read one at a time, or an editor's buffers) into one Program."""
    with gc_paused():
        gathered = _gather(texts)
        return _joined(gathered, _build_all(gathered))


def _gather(texts: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    """The files' texts, read one at a time and refused as soon as they hold too much together."""
    gathered: list[tuple[str, str]] = []
    total = 0
    limit = flow_bytes()
    for name, text in texts:
        total += len(text)
        if total > limit:  # memory stays under 1 GB by default (docs/reliability.md)
            raise LoadError(
                f"{name}: the flow's files hold more than {limit // 2**20} MB together; "
                f"check a part of the folder at a time, or raise the limit with {FLOW_OPTION} N"
            )
        gathered.append((name, text))
    return gathered


def _build_all(texts: list[tuple[str, str]]) -> list[Built]:
    return [build(name, text) if len(text) > CACHED_BYTES else _built(name, text) for name, text in texts]


def _joined(texts: list[tuple[str, str]], built: list[Built]) -> Program:
    diagnostics = [d for b in built for d in b.diagnostics]
    return join([b.module for b in built], diagnostics, dict(texts))


def build(name: str, text: str) -> Built:
    from checklist.program.builder import Builder  # deferred: a cached program needs neither the
    from checklist.syntax.parser import parse, parse_pieces  # builder nor the parser (lark)

    builder = Builder(name)
    if len(text) > CACHED_BYTES:
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
