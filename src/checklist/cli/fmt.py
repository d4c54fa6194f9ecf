"""`checklist fmt [PATHS] [--check] [--diff]`: the canonical layout of flow files (syntax/format.py).

Exit codes (checklist.cli.exitcodes): 0 every file is formatted (or was rewritten); 1 a file does
not parse, and is left as it was; 10 under `--check` or `--diff`, a file would be reformatted.
Without `--check` or `--diff` each file that changes is rewritten atomically (a new file in the
same folder, then renamed over it), keeping its newline style (LF, CRLF or CR), its byte order mark
and its permissions.
"""

from __future__ import annotations

import argparse
import difflib
import os
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from checklist.cli import exitcodes
from checklist.cli.data import default_flow
from checklist.program.files import LoadError, read_file
from checklist.program.sources import TOO_BIG, decode_source, flow_files
from checklist.syntax.format import FormatError, format_text

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass

BOM = b"\xef\xbb\xbf"


@dataclass(frozen=True, slots=True)
class Formatted:
    path: Path
    before: str  # LF text
    after: str
    raw: bytes  # the file as it is
    new: bytes  # the file as it would be


def run(args: argparse.Namespace, colour: bool) -> int:
    paths = list(args.paths) or [default_flow()]
    broken = unformatted = changed = 0
    files = flow_files(paths)
    for path in files:
        try:
            done = formatted(path)
        except FormatError as exc:
            from checklist.checks.report import render_text  # deferred: the checks (75 ms), for errors only

            sys.stderr.write(render_text(exc.diagnostics, {str(path): exc.text}, colour))
            print(f"checklist fmt: {path}: does not parse; left as it was", file=sys.stderr)
            broken += 1
            continue
        if done.new == done.raw:
            continue
        changed += 1
        if args.check or args.diff:
            unformatted += 1
            if args.diff:
                sys.stdout.write(diff(done))
            print(f"would reformat {path}", file=sys.stderr)
        else:
            write(path, done.new)
            print(f"reformatted {path}", file=sys.stderr)
    print(_summary(len(files), changed, broken, args.check or args.diff), file=sys.stderr)
    if broken:
        return exitcodes.FINDINGS
    return exitcodes.UNFORMATTED if unformatted else exitcodes.OK


def formatted(path: Path) -> Formatted:
    raw = read_file(path, fix=TOO_BIG)
    before = decode_source(path, raw)
    after = format_text(before, str(path))
    newline = _newline(raw)
    new = (BOM if raw.startswith(BOM) else b"") + after.replace("\n", newline).encode("utf-8")
    return Formatted(path, before, after, raw, new)


def _newline(raw: bytes) -> str:
    """The file's line end, as its first line has it: LF, CRLF, or CR alone (old Mac files)."""
    end = raw.find(b"\n")
    if end < 0:
        return "\r" if b"\r" in raw else "\n"
    return "\r\n" if end > 0 and raw[end - 1 : end] == b"\r" else "\n"


def diff(done: Formatted) -> str:
    lines = difflib.unified_diff(
        done.before.splitlines(keepends=True),
        done.after.splitlines(keepends=True),
        f"{done.path}",
        f"{done.path} (formatted)",
    )
    text = "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in lines)
    if not text:  # only the line ends differ (mixed LF and CRLF, or CR alone)
        text = f"--- {done.path}\n+++ {done.path} (formatted)\n# line ends made uniform; the text is unchanged\n"
    return text


def write(path: Path, data: bytes) -> None:
    """Write through a new file in the same folder, renamed over the old one: never half a file."""
    target = path.resolve()  # a symbolic link keeps pointing at the file
    temporary: str | None = None
    try:
        mode = target.stat().st_mode & 0o7777
        fd, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".fmt", dir=target.parent)
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except OSError as exc:
        _remove(temporary)
        why = exc.strerror or str(exc)
        raise LoadError(f"{path}: cannot write the formatted file ({why}); make it and its folder writable") from None
    except BaseException:
        _remove(temporary)
        raise


def _remove(temporary: str | None) -> None:
    if temporary is not None:
        Path(temporary).unlink(missing_ok=True)


def _summary(files: int, changed: int, broken: int, dry: bool) -> str:
    parts = [f"{changed} {_files(changed)} {'would be reformatted' if dry else 'reformatted'}"]
    parts.append(f"{files - changed - broken} {_files(files - changed - broken)} already formatted")
    if broken:
        parts.append(f"{broken} {'file does' if broken == 1 else 'files do'} not parse")
    return "checklist fmt: " + ", ".join(parts)


def _files(n: int) -> str:
    return "file" if n == 1 else "files"
