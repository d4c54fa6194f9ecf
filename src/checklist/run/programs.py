"""Loading the flow for a run: parse and check it; a run refuses a flow with check errors.

Parsing the whole flow with Lark costs a few hundred milliseconds, most of a scripted run.
A flow that checks clean is therefore cached as JSON (never pickle: the file is data, read
back into the model's frozen dataclasses by name) in a private folder:
$CHECKLIST_CACHE_DIR, else $XDG_CACHE_HOME/checklist, else ~/.cache/checklist.  The key
covers the flow files (names and bytes), the grammar, and the checklist package's own
source files (name, size, mtime), so any change to either misses.  CHECKLIST_NO_CACHE=1
turns it off; any problem with the cache falls back to parsing.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from dataclasses import fields, is_dataclass
from pathlib import Path
from typing import Any

from checklist import model as m
from checklist.program import Program

CACHE_FORMAT = 1
_PACKAGE = Path(__file__).resolve().parent.parent


def load_clean(paths: list[Path]) -> tuple[Program, str | None]:
    """The program, and the rendered error report when `checklist check` finds errors."""
    key = _key(paths)
    cached = _read(key) if key else None
    if cached is not None:
        return cached, None
    from checklist.checks import check
    from checklist.loader import load
    from checklist.report import render_text

    program = load(list(paths))
    errors = [d for d in check(program) if d.severity == "error"]
    if errors:
        return program, render_text(errors, program.sources)
    if key:
        _write(key, program)
    return program, None


# ---- the key -----------------------------------------------------------------


def _flow_files(paths: list[Path]) -> list[Path] | None:
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            found = sorted(p for p in path.rglob("*.flow") if p.is_file())
            if not found:
                return None
            files.extend(found)
        elif path.is_file():
            files.append(path)
        else:
            return None  # let the loader report it
    return files


def _key(paths: list[Path]) -> str | None:
    if os.environ.get("CHECKLIST_NO_CACHE"):
        return None
    try:
        files = _flow_files(paths)
        if not files:
            return None
        h = hashlib.sha256(f"checklist-run-cache {CACHE_FORMAT}".encode())
        for file in files:
            _feed(h, str(file).encode(), file.read_bytes())
        for source in sorted(_PACKAGE.rglob("*.py")):
            info = source.stat()
            _feed(h, str(source.relative_to(_PACKAGE)).encode(), f"{info.st_size}:{info.st_mtime_ns}".encode())
        from checklist.data import data_path

        _feed(h, b"grammar", data_path("grammar", "checklist.lark").read_bytes())
        return h.hexdigest()
    except OSError:
        return None


def _feed(h: Any, *parts: bytes) -> None:
    for part in parts:
        h.update(len(part).to_bytes(8, "big"))
        h.update(part)


# ---- the folder ----------------------------------------------------------------


def cache_dir() -> Path:
    explicit = os.environ.get("CHECKLIST_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "checklist"


def _private(folder: Path) -> bool:
    """Ours alone: owned by this user, not writable by group or others."""
    try:
        info = folder.stat()
    except OSError:
        return False
    owner_ok = not hasattr(os, "getuid") or info.st_uid == os.getuid()
    return stat.S_ISDIR(info.st_mode) and owner_ok and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def _read(key: str) -> Program | None:
    folder = cache_dir()
    if not _private(folder):
        return None
    try:
        data = json.loads((folder / f"{key}.json").read_text("utf-8"))
        return _program(data)
    except Exception:  # noqa: BLE001 - a missing, stale or damaged cache just means parsing
        return None


def _write(key: str, program: Program) -> None:
    folder = cache_dir()
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not _private(folder):
            return
        from checklist.run.journal import write_text

        text = json.dumps({"modules": _encode(program.modules), "sources": program.sources}, separators=(",", ":"))
        write_text(folder / f"{key}.json", text)
        _prune(folder)
    except OSError:
        pass


def _prune(folder: Path, keep: int = 8) -> None:
    """Keep the newest few entries: every edit of a flow makes a new one."""
    entries = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime_ns, reverse=True)
    for old in entries[keep:]:
        old.unlink(missing_ok=True)


# ---- the codec: model dataclasses <-> JSON -----------------------------------


_CLASSES: dict[str, type] = {
    name: cls for name, cls in vars(m).items()
    if isinstance(cls, type) and is_dataclass(cls) and cls.__module__ == m.__name__
}  # fmt: skip


def _encode(value: object) -> Any:
    if is_dataclass(value) and not isinstance(value, type):
        return {"@": type(value).__name__, "v": [_encode(getattr(value, f.name)) for f in fields(value)]}
    if isinstance(value, (tuple, list)):
        return [_encode(v) for v in value]
    if isinstance(value, dict):
        raise TypeError("the model holds no dicts")
    return value


def _decode(value: Any) -> Any:
    if isinstance(value, dict):
        return _CLASSES[value["@"]](*[_decode(v) for v in value["v"]])
    if isinstance(value, list):
        return tuple(_decode(v) for v in value)
    return value


def _program(data: dict[str, Any]) -> Program:
    modules: tuple[m.Module, ...] = _decode(data["modules"])
    if not all(isinstance(mod, m.Module) for mod in modules):
        raise TypeError("not a cached program")
    checklists = {c.id: c for mod in modules for c in mod.checklists}
    return Program(
        modules, checklists, {s.key: s for c in checklists.values() for s in c.steps},
        {f.name: f for mod in modules for f in mod.facts}, {t.name: t for mod in modules for t in mod.tables},
        tuple(s for mod in modules for s in mod.starts), tuple(e for mod in modules for e in mod.expects),
        [], dict(data["sources"]),
    )  # fmt: skip
