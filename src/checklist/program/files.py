"""The one reader of files we are given: bounded, and refusing FIFOs, devices and folders.

The loader reads flows with it; the roster, the session file, answers and test plans too.
It imports nothing of ours, so reading a file never pulls in the parser.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from checklist.model.limits import flow_bytes


class LoadError(Exception):
    """Input that cannot be read at all: the command exits 2 with this message."""


def read_file(path: Path, what: str = "a .flow file", limit: int | None = None, fix: str = "") -> bytes:
    """The bytes of a regular file of at most `limit` bytes (by default a flow's, limits.flow_bytes()):
    the one reader of files we are given.

    A FIFO, a device (/dev/zero), a socket or a folder is refused (LoadError) without waiting
    on it or reading it; so is a bigger file (`fix` says how to make it smaller).
    """
    limit = flow_bytes() if limit is None else limit
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)  # a FIFO opens without waiting for a writer
    except FileNotFoundError:
        raise LoadError(f"{path}: no such file or folder; check the path") from None
    except PermissionError:
        raise LoadError(f"{path}: permission denied; make it readable (chmod u+r) or copy it") from None
    except OSError as exc:
        raise LoadError(_unreadable(path, exc)) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise LoadError(f"{path}: is a folder, expected {what}; pass the path of a file")
        if stat.S_ISCHR(info.st_mode) and _is_devnull(info):
            return b""  # /dev/null: an empty file, as everyone means it
        if not stat.S_ISREG(info.st_mode):
            raise LoadError(
                f"{path}: is not a regular file (a FIFO, device or socket), expected {what}; "
                "save it to a file and pass that"
            )
        if info.st_size > limit:
            raise LoadError(_too_big(path, what, limit, fix))
        chunks: list[bytes] = []
        size = 0
        while size <= limit:  # read with a bound: the file may grow while we read it
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise LoadError(_too_big(path, what, limit, fix))
        return b"".join(chunks)
    except OSError as exc:
        raise LoadError(_unreadable(path, exc)) from None
    finally:
        os.close(fd)


def _is_devnull(info: os.stat_result) -> bool:
    try:
        null = os.stat(os.devnull)
    except OSError:  # pragma: no cover
        return False
    return (info.st_dev, info.st_ino, info.st_rdev) == (null.st_dev, null.st_ino, null.st_rdev)


def _too_big(path: Path, what: str, limit: int, fix: str) -> str:
    return f"{path}: too big for {what} (at most {limit // (1024 * 1024)} MB); {fix or 'pass a smaller file'}"


def _unreadable(path: Path, exc: OSError) -> str:
    return f"{path}: cannot read: {exc.strerror or exc}; check the file (ls -l {path}) or copy it to a local disk"
