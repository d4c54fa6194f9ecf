"""A flow's files as text: found in folders, read, decoded and held to what the loader accepts.

Imports nothing of the model or the parser: a command whose drawing the cache holds (`checklist
render`) reads its files with this alone.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from pathlib import Path

from checklist.model.limits import FLOW_OPTION, MAX_FILE_BYTES, flow_bytes
from checklist.program.files import LoadError, read_file


def sources(path: str | Path | Sequence[str | Path]) -> list[tuple[str, str]]:
    """The name and text of each file of a .flow file, a folder of them, or several, in load order."""
    paths = [Path(p) for p in ([path] if isinstance(path, (str, Path)) else path)]
    return gather((str(file), read_source(file)) for file in flow_files(paths))


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


def gather(texts: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
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
