"""Text we did not write, made safe to show: the one place that escapes control characters.

Everything we echo from outside (an answer, a line of an answers file, a `--set` value, a
roster or split name, a card name on the command line, `dot`'s error output, a file name)
goes through `visible` before it reaches a terminal, so an ESC sequence is shown as `\\x1b`
and never acts.  Bidi controls, lone surrogates and noncharacters are escaped too.
"""

from __future__ import annotations

import re
from functools import cache

_UNSAFE_CHARACTERS = (
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069"
    "\ud800-\udfff\ufdd0-\ufdef\ufff9-\uffff]"
)


@cache
def _unsafe(newlines: bool) -> re.Pattern[str]:
    """What `visible` escapes (line breaks and tabs too unless `newlines`), compiled when first
    used: a command that shows nothing of outside (a render the cache holds) does not compile it."""
    return re.compile(_UNSAFE_CHARACTERS if newlines else _UNSAFE_CHARACTERS[:1] + "\n\t" + _UNSAFE_CHARACTERS[1:])


def visible(text: str, newlines: bool = True) -> str:
    """`text` with every control character shown as an escape (`\\x1b`, `\\u202e`); tabs and,
    if `newlines`, line breaks are kept as they are."""
    return _unsafe(newlines).sub(_escape, text)


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def has_control(text: str) -> bool:
    """True if `text` holds a character `visible` would escape (line breaks and tabs included)."""
    return _unsafe(False).search(text) is not None


def brief(value: object, limit: int = 40) -> str:
    """A value read from a file, for a message: short, on one line, and safe to print.

    Text is quoted as repr quotes it (which escapes every character `visible` would) and cut at
    `limit` characters (a 1 MB field is not echoed whole); a table or list is named, not printed
    (it may nest a thousand deep); a whole number too long to print says how long it is."""
    if isinstance(value, str):
        cut = f"... ({len(value)} characters)" if len(value) > limit else ""
        return repr(value[:limit]) + cut
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        if abs(value) < 10**limit:
            return str(value)
        return f"a whole number of about {int(value.bit_length() * 0.30103) + 1} digits"
    if isinstance(value, float):
        return repr(value)  # nan, inf: as TOML writes them (a sheet's NaN is kept as written)
    if isinstance(value, dict):
        return f"a table of {_count(len(value), 'key')}"
    if isinstance(value, list | tuple):
        return f"a list of {_count(len(value), 'item')}"
    if value is None:
        return "null"
    return brief(str(value), limit)  # a date from TOML, a number a reader kept as written


def _count(n: int, what: str) -> str:
    return f"{n} {what}" if n == 1 else f"{n} {what}s"
