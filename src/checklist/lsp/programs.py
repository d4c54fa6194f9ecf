"""The programs the editor's documents belong to, loaded and checked as `checklist check` does.

A document's program is its folder: every .flow file there, open ones as the editor holds them,
the others from disk. Not its subfolders, as `checklist check FOLDER` would read them: a flow
opened in a home folder must not walk the whole tree below it. Loading goes through
program/load.py, whose caches mean that after an edit only the pieces of the changed file that
the edit touched are parsed again (syntax/parser.py `parse_pieces`). A file that cannot be read
(too big, binary) is left out and reported on itself.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from pygls.uris import from_fs_path, to_fs_path

from checklist.checks import check
from checklist.graph.program import Program
from checklist.lsp.index import Index, build
from checklist.model.diagnostics import Diagnostic
from checklist.program.files import LoadError
from checklist.program.load import editor_text, load_texts, read_source


@dataclass(frozen=True)
class Checked:
    """One program as last checked: its findings, its unreadable files, and the index of its names."""

    root: str
    program: Program
    diagnostics: tuple[Diagnostic, ...]
    unreadable: Mapping[str, str]  # file -> why it was left out
    uris: Mapping[str, str]  # file -> the URI the editor knows it by
    _lines: dict[str, list[str]] = field(default_factory=dict, repr=False, compare=False)

    @cached_property
    def index(self) -> Index:
        return build(self.program)

    def lines(self, file: str) -> list[str]:
        if file not in self._lines:
            self._lines[file] = self.program.sources.get(file, "").split("\n")
        return self._lines[file]

    def uri(self, file: str) -> str:
        return self.uris.get(file) or from_fs_path(file) or file

    @property
    def files(self) -> list[str]:
        return sorted({*self.program.sources, *self.unreadable})


def name_of(uri: str) -> str:
    """A document's file name, as spans name it (its path), or the URI of an unsaved one."""
    path = to_fs_path(uri) if uri.startswith("file:") else None
    return str(Path(path)) if path else uri


def root_of(uri: str) -> str:
    """The folder whose files make the document's program (an unsaved document is one alone)."""
    name = name_of(uri)
    return str(Path(name).parent) if name != uri else uri


class Programs:
    """The last check of each program, and which are out of date."""

    def __init__(self) -> None:
        self._checked: dict[str, Checked] = {}
        self._stale: set[str] = set()

    def touch(self, root: str) -> None:
        self._stale.add(root)

    def checked(self, root: str, open_docs: Mapping[str, str]) -> Checked:
        """The program at `root`, checked again if anything changed; `open_docs` maps URIs to the editor's texts."""
        found = self._checked.get(root)
        if found is None or root in self._stale:
            found = self._checked[root] = check_folder(root, open_docs)
            self._stale.discard(root)
        return found


def check_folder(root: str, open_docs: Mapping[str, str]) -> Checked:
    mine = {name_of(uri): (uri, text) for uri, text in open_docs.items() if root_of(uri) == root}
    unreadable: dict[str, str] = {}
    texts: list[tuple[str, str]] = []
    for name in _files(root, mine):
        try:
            texts.append((name, editor_text(name, mine[name][1]) if name in mine else read_source(Path(name))))
        except LoadError as exc:
            unreadable[name] = str(exc)
    try:
        program = load_texts(texts)
    except LoadError as exc:  # the folder as a whole is too big: each of its files says so
        unreadable.update(dict.fromkeys((n for n, _ in texts), str(exc)))
        program = load_texts([])
    uris = {name: uri for name, (uri, _) in mine.items()}
    found = tuple(check(program)) if program.sources else ()  # nothing read: no "no start" to add
    return Checked(root, program, found, unreadable, uris)


def _files(root: str, mine: Mapping[str, tuple[str, str]]) -> list[str]:
    """The folder's .flow files and the documents open in it (saved or not, .flow or not)."""
    try:
        with os.scandir(root) as entries:
            on_disk = [e.path for e in entries if e.name.endswith(".flow") and e.is_file()]
    except OSError:  # not a folder, or one we may not list: the open documents are the program
        on_disk = []
    return sorted({*on_disk, *mine})
