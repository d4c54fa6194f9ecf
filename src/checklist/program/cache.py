"""The cache of built programs: a folder's files, parsed and built once, kept as plain data (JSON).

An entry is named by a key, the SHA-256 of what the build depends on: the package's version, the
grammar and its parse tables, the code that turns text into the model (model/, syntax/, program/),
and each file's name and text. It lives in the user's cache folder (`platformdirs`, or
CHECKLIST_CACHE_DIR), is written to a temporary file and renamed into place, and is signed with a
key kept beside it that only this user can read. An entry that is missing, stale, foreign,
truncated, unsigned, or that plain.py does not accept is ignored: the files are built again and the
entry written anew. A second entry beside it keeps what `checklist check` found in them, keyed by
the checker's code too. `--no-cache` (or CHECKLIST_NO_CACHE=1) turns it off. docs/cache.md says more.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import re
import stat
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from functools import lru_cache
from pathlib import Path

import checklist
from checklist.model.limits import flow_bytes

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (5 ms): `checklist render` needs none of it
if TYPE_CHECKING:  # the model is imported only when a command loads a flow, not for --help
    from typing import Any, TypeVar

    from checklist.model.diagnostics import Diagnostic
    from checklist.program.built import Built

    _T = TypeVar("_T")

FORMAT = b"checklist-cache 1"  # the first line's start; a change of layout changes it
ENTRIES_KEPT = 64  # entries beyond these, the least recently written, are removed
_PACKAGE = Path(__file__).resolve().parent.parent
_CODE_FOLDERS = ("model", "syntax", "program")
_CHECK_FOLDERS = ("checks", "graph", "compute", "roster")
_DRAW_FOLDERS = ("render", *_CHECK_FOLDERS)  # and cli/render.py: what a drawing's text depends on
DRAWING = {"text": str, "title": str, "slug": str, "nodes": int, "edges": int, "empty": bool}  # an entry's fields


_enabled = True
_memory: OrderedDict[tuple[str, str], tuple[Built, ...]] = OrderedDict()  # this process's last few


def configure(enabled: bool) -> None:
    """`--no-cache`: set by each command as it starts (so a test's command does not leak into the next)."""
    global _enabled
    _enabled = enabled


def forget() -> None:
    """Forget the entries and the digests of code this process remembers (a test of the cache)."""
    _memory.clear()
    _digest_files.cache_clear()


def enabled() -> bool:
    return _enabled and os.environ.get("CHECKLIST_NO_CACHE", "") in ("", "0")


def folder() -> Path:
    """Where entries live: CHECKLIST_CACHE_DIR, or the user's cache folder."""
    chosen = os.environ.get("CHECKLIST_CACHE_DIR")
    if chosen:
        return Path(chosen)
    import platformdirs  # deferred: only when no folder is given

    return Path(platformdirs.user_cache_dir("checklist", appauthor=False)) / "programs"


def built(texts: Sequence[tuple[str, str]], build: Callable[[], list[Built]]) -> list[Built]:
    """Each file's Built, from the cache when an entry for exactly these files is there; else
    `build()`, and its result kept for next time."""
    if not enabled():
        return build()
    where = folder()
    key = entry_key(texts)
    names = [name for name, _ in texts]
    remembered = _memory.get((str(where), key))
    if remembered is not None:
        _memory.move_to_end((str(where), key))
        return list(remembered)
    found = _read(where, key, _files_from(names))
    if found is None:
        found = build()
        _write(where, key, _files_to(names, found))
    _memory[(str(where), key)] = tuple(found)
    while len(_memory) > 8:
        _memory.popitem(last=False)
    return found


def findings(texts: Sequence[tuple[str, str]], check: Callable[[], list[Diagnostic]]) -> list[Diagnostic]:
    """What `checklist check` finds in the program these files make, from the cache when it holds it
    (keyed as the built files are, and by the checker's own code too); else `check()`, kept."""
    if not enabled():
        return check()
    where = folder()
    key = hashlib.sha256(b"findings\0" + entry_key(texts).encode() + checker_digest()).hexdigest()
    found = _read(where, key, _findings_from)
    if found is None:
        found = check()
        _write(where, key, _findings_to(found))
    return found


def drawing(texts: Sequence[tuple[str, str]], options: str, draw: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """What `checklist render` draws of the program these files make with these `options` (its DOT
    or Mermaid text, and the title, file name, size and emptiness of what it drew: DRAWING), from
    the cache when it holds it (keyed as the built files are, and by the renderer's code and the
    options too); else `draw()`, kept. A hit imports neither the model nor the renderer."""
    if not enabled():
        return draw()
    where = folder()
    key = hashlib.sha256(
        b"drawing\0" + entry_key(texts).encode() + drawing_digest() + b"\0" + options.encode("utf-8", "surrogateescape")
    ).hexdigest()
    found = _read(where, key, _drawing_from)
    if found is None:
        found = draw()
        _write(where, key, lambda: {"drawing": found})
    return found


def entry_key(texts: Sequence[tuple[str, str]]) -> str:
    digest = hashlib.sha256(FORMAT + b"\0" + checklist.__version__.encode() + b"\0" + grammar_digest() + code_digest())
    for name, text in texts:
        for part in (name.encode("utf-8", "surrogateescape"), text.encode("utf-8", "surrogateescape")):
            digest.update(len(part).to_bytes(8, "big"))
            digest.update(part)
    return digest.hexdigest()


def grammar_digest() -> bytes:
    """The grammar and the parse tables made from it."""
    return _digest_files((_PACKAGE / "syntax" / "checklist.lark", _PACKAGE / "syntax" / "tables.json"))


def code_digest() -> bytes:
    """The code that turns text into the model: a change to it (a working copy) is a new key."""
    return _digest_files(tuple(sorted(p for f in _CODE_FOLDERS for p in (_PACKAGE / f).glob("*.py"))))


def checker_digest() -> bytes:
    """The code of the checker's rules and what they read (the graph, the computations, the roster)."""
    return _digest_files(tuple(sorted(p for f in _CHECK_FOLDERS for p in (_PACKAGE / f).glob("*.py"))))


def drawing_digest() -> bytes:
    """The code that turns a program into a drawing's text: the renderer, what --findings runs, the command."""
    found = sorted(p for f in _DRAW_FOLDERS for p in (_PACKAGE / f).glob("*.py"))
    return _digest_files((*found, _PACKAGE / "cli" / "render.py"))


@lru_cache(maxsize=8)
def _digest_files(paths: tuple[Path, ...]) -> bytes:
    digest = hashlib.sha256()
    for path in paths:
        try:
            data = path.read_bytes()
        except OSError:  # an installation without it: the name stands in
            data = b"missing"
        digest.update(path.name.encode() + b"\0" + len(data).to_bytes(8, "big") + data)
    return digest.digest()


# ---- reading and writing entries --------------------------------------------------------------


def _read(where: Path, key: str, decode: Callable[[dict[str, Any]], _T | None]) -> _T | None:
    """The entry's content, or None for anything but a sound entry of this key, signed by us."""
    try:
        secret = _secret(where, create=False)
        raw = _own_file(where / f"{key}.json")
        if secret is None or raw is None:
            return None
        first, _, body = raw.partition(b"\n")
        if first != FORMAT + b" " + _sign(secret, key, body).encode():
            return None
        data = json.loads(body)
        if type(data) is not dict or data.get("key") != key:
            return None
        return decode(data)
    except (OSError, ValueError, TypeError, KeyError, IndexError, RecursionError, MemoryError):
        return None  # a corrupt or hostile entry costs a rebuild, nothing more


def _files_from(names: list[str]) -> Callable[[dict[str, Any]], list[Built] | None]:
    def decode(data: dict[str, Any]) -> list[Built] | None:
        from checklist.program import plain  # deferred: only a hit reads the model's plain form
        from checklist.program.built import Built

        files = data.get("files")
        if type(files) is not list or [f[0] if type(f) is list and len(f) == 3 else None for f in files] != names:
            return None
        out = []
        for _, module, said in files:
            if type(said) is not list:
                return None
            out.append(Built(plain.module_from_plain(module), tuple(plain.diagnostic_from_plain(d) for d in said)))
        return out

    return decode


def _findings_from(data: dict[str, Any]) -> list[Diagnostic] | None:
    from checklist.program import plain  # deferred: only a hit reads the model's plain form

    found = data.get("findings")
    return [plain.diagnostic_from_plain(d) for d in found] if type(found) is list else None


def _drawing_from(data: dict[str, Any]) -> dict[str, Any] | None:
    """A drawing exactly as DRAWING says: its fields and types, text without control characters, and
    a file name that stays in the folder it is written to."""
    found: Any = data.get("drawing")
    if type(found) is not dict or found.keys() != DRAWING.keys():
        return None
    for name, kind in DRAWING.items():
        value = found[name]
        if type(value) is not kind or (type(value) is str and _CONTROL.search(value)):
            return None
    slug = found["slug"]
    if not slug or slug in (".", "..") or any(c in slug for c in "/\\\0"):
        return None
    return found


_CONTROL = re.compile("[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]")  # what the loader refuses in a flow's text


def _write(where: Path, key: str, content: Callable[[], dict[str, Any]]) -> None:
    """Write the entry atomically (a temporary file renamed into place); a failure only loses the entry."""
    try:
        body = json.dumps({"key": key, **content()}, ensure_ascii=False, separators=(",", ":")).encode()
        where.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not _private(where):
            return
        secret = _secret(where, create=True)
        if secret is None:
            return
        _put(where / f"{key}.json", FORMAT + b" " + _sign(secret, key, body).encode() + b"\n" + body)
        _prune(where)
    except (OSError, ValueError, RecursionError):
        pass  # a read-only or full disk: the next run builds again


def _files_to(names: list[str], found: list[Built]) -> Callable[[], dict[str, Any]]:
    def content() -> dict[str, Any]:
        from checklist.program import plain  # deferred: only a miss writes the model's plain form

        files = [
            [n, plain.to_plain(b.module), [plain.to_plain(d) for d in b.diagnostics]]
            for n, b in zip(names, found, strict=True)
        ]
        return {"files": files}

    return content


def _findings_to(found: list[Diagnostic]) -> Callable[[], dict[str, Any]]:
    def content() -> dict[str, Any]:
        from checklist.program import plain  # deferred: only a miss writes the model's plain form

        return {"findings": [plain.to_plain(d) for d in found]}

    return content


def _sign(secret: bytes, key: str, body: bytes) -> str:
    return hmac.new(secret, key.encode() + b"\0" + body, hashlib.sha256).hexdigest()


def _put(path: Path, data: bytes) -> None:
    """Write `data` to `path` atomically: a reader sees the old file or the whole new one."""
    temp = path.with_name(f".{path.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.replace(temp, path)
    finally:
        if temp.exists():
            temp.unlink()


def _secret(where: Path, create: bool) -> bytes | None:
    """The key entries are signed with: 32 random bytes in a file only this user may read."""
    path = where / "key"
    found = _own_file(path, limit=64)
    if found is not None and len(found) == 32:
        return found
    if not create or not _private(where):
        return None
    temp = where / f".key.{os.getpid()}.{os.urandom(4).hex()}.tmp"
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(os.urandom(32))
    try:
        if found is not None:  # a bad key: replace it, and with it every entry it signed
            os.replace(temp, path)
        else:
            os.link(temp, path)  # two processes at once: the first key wins, whole, and both use it
    except FileExistsError:
        pass
    finally:
        temp.unlink(missing_ok=True)
    found = _own_file(path, limit=64)
    return found if found is not None and len(found) == 32 else None


def _own_file(path: Path, limit: int | None = None) -> bytes | None:
    """The bytes of a regular file that this user owns and no one else may write, else None (an
    entry holds at most 8 times the flow's text: at most 8 times the most a flow may hold)."""
    limit = flow_bytes() * 8 if limit is None else limit
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > limit or not _mine(info):
            return None
        with os.fdopen(os.dup(fd), "rb") as stream:
            data = stream.read(limit + 1)
        return data if len(data) <= limit else None
    finally:
        os.close(fd)


def _private(where: Path) -> bool:
    """The folder is this user's and no one else may write in it (as ssh asks of ~/.ssh)."""
    try:
        return stat.S_ISDIR(os.stat(where).st_mode) and _mine(os.stat(where))
    except OSError:
        return False


def _mine(info: os.stat_result) -> bool:
    owner = not hasattr(os, "getuid") or info.st_uid == os.getuid()
    return owner and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def _prune(where: Path) -> None:
    """Keep the ENTRIES_KEPT entries written last; remove older ones, and temporary files a killed
    command left behind (an hour old: a command still writing one is not disturbed)."""
    entries = sorted(where.glob("*.json"), key=lambda p: p.stat().st_mtime_ns, reverse=True)
    for old in entries[ENTRIES_KEPT:]:
        old.unlink(missing_ok=True)
    for left in where.glob(".*.tmp"):
        if left.stat().st_mtime < time.time() - 3600:
            left.unlink(missing_ok=True)
