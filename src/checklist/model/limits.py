"""The language's limits, one place for each (docs/reliability.md lists them with their reasons).

Past a limit the input gets a diagnostic at its place (E007 too-deep, E008 number-too-big) or,
for whole files, a LoadError saying what was too big; never a traceback, a hang or a runaway.
"""

from __future__ import annotations

MAX_DIGITS = 9  # any number written in a flow or typed: step numbers, targets, constants, answers
MAX_NESTING = 100  # an expression or condition, counting each operator (a sum of n terms is n deep)
MAX_COMPUTE_DEPTH = 150  # working out a computed fact: nesting, plus 2 for each computed fact read in turn
MAX_LISTED_PER_CODE = 1000  # `check` lists this many findings of each code, then counts the rest
MAX_FILE_BYTES = 16 * 1024 * 1024  # a flow: one .flow file, and all the files of a folder together (by default)
FLOW_OPTION = "--max-flow-mb"  # raises (or lowers) MAX_FILE_BYTES for one command: flow_bytes()
MAX_FLOW_MB = 4096  # the most that option takes
MAX_INPUT_BYTES = 16 * 1024 * 1024  # an answers file, a session file, a roster, a trace
MAX_SHEET_BYTES = 16 * 1024 * 1024  # a GCS character sheet (.gcs): the library's are 20 to 130 KB
MAX_SHEET_VALUES = 1_000_000  # a sheet's JSON objects, lists and strings: a 16 MB list of [] takes 400 MB
MAX_SHEET_DEPTH = 10_000  # a sheet's JSON nesting: real sheets nest containers 900 deep (1 800 levels)
MAX_KEY_PARTS = 64  # a TOML roster's dotted key (a.b.c): tomllib takes 1 s and 160 MB for 5 000 parts


_flow_bytes = MAX_FILE_BYTES


def flow_bytes() -> int:
    """The most text a flow may hold (one file, and a folder's files together): MAX_FILE_BYTES, or
    what `--max-flow-mb N` set for this command (a 100 000-step flow is 20 MB)."""
    return _flow_bytes


def set_flow_mb(megabytes: int | None) -> None:
    """`--max-flow-mb`: set by each command that reads flows as it starts (None: the default), so a
    test's command does not leak into the next."""
    global _flow_bytes
    _flow_bytes = MAX_FILE_BYTES if megabytes is None else megabytes * 1024 * 1024


def too_many_digits(text: str) -> bool:
    """True if the digits of `text` (a sign allowed) are more than MAX_DIGITS."""
    return len(text.lstrip("+-")) > MAX_DIGITS
