"""Saving and reading the session file: atomic writes after every answer, bounded strict reads.

engine/journal.py turns a session into the file's text and back; this module only touches the disk.
"""

from __future__ import annotations

import glob
import itertools
import os
from pathlib import Path

from checklist.engine.journal import MAX_BYTES, Journal, JournalError, dumps, loads
from checklist.program.files import LoadError, read_file


def write(path: Path, journal: Journal, sync: bool = True) -> None:
    """Atomically replace `path`: write a temp file beside it, fsync, rename, fsync the folder.

    `sync=False` skips both fsyncs: still atomic, and a killed process loses nothing (the
    kernel holds the data); only a power cut could.  Scripted runs use it between answers.
    """
    write_text(path, dumps(journal), sync)


_TEMP_NUMBERS = itertools.count()


def write_text(path: Path, text: str, sync: bool = True) -> None:
    folder = path.parent
    tmp = folder / f".{path.name}.{os.getpid()}.{next(_TEMP_NUMBERS)}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            if sync:
                os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    _clean_stale(folder, path.name)
    if not sync:
        return
    try:
        dir_fd = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover - some systems cannot open folders
        return
    try:
        os.fsync(dir_fd)
    except OSError:  # pragma: no cover
        pass
    finally:
        os.close(dir_fd)


def _clean_stale(folder: Path, name: str) -> None:
    """Remove the temp files of earlier saves of `name` that a kill left behind (their process is gone)."""
    for stale in folder.glob(f".{glob.escape(name)}.*.tmp"):
        pid = stale.name[len(name) + 2 :].split(".")[0]
        if pid.isdigit() and int(pid) != os.getpid() and not _alive(int(pid)):
            stale.unlink(missing_ok=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process: alive
        return True
    return True


def read(path: Path) -> Journal:
    if not path.exists() and not path.is_symlink():
        folder = "" if path.parent.is_dir() else f" (the folder {path.parent} does not exist either)"
        raise JournalError(f"{path}: no such session file{folder}; check the path (`ls` the folder)")
    try:
        raw = read_file(path, "a session file", MAX_BYTES)
    except LoadError as exc:
        raise JournalError(str(exc)) from None
    return loads(raw, str(path))
