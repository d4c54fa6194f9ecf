"""The big bad inputs, made at test time (not committed): `python tests/bad/generate.py DIR` writes them.

Each case is a name, the bytes of a `.flow` file, and its expectation in the `.expect` format
of tests/bad/corpus (see test_corpus.py): `exit N`, optional `args ...`, `seconds N`,
`max-output N`, `xfail REASON`, then the substrings the output must hold.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

HEAD = 'checklist t "T"\nstart 1\n'
YES_NO = 'fact a : yes/no per turn "A?"\n'


def ten_megabyte_title() -> bytes:
    return (HEAD + 'step 1 "' + "x" * 10_000_000 + '"\n  end\n').encode()


def ten_megabyte_garbage_line() -> bytes:
    return (HEAD + 'step 1 "One"\n  end\n' + "}" * 10_000_000 + "\n").encode()


def steps_without_jumps(count: int) -> Callable[[], bytes]:
    def make() -> bytes:
        return (HEAD + "".join(f'step {i} "Step {i}"\n' for i in range(1, count + 1))).encode()

    return make


def deep_parentheses() -> bytes:
    return (
        HEAD + YES_NO + 'step 1 "One"\n  if ' + "(" * 100_000 + "a" + ")" * 100_000 + " -> end\n  else -> end\n"
    ).encode()


def long_and_chain() -> bytes:
    return (HEAD + YES_NO + 'step 1 "One"\n  if ' + " and ".join(["a"] * 50_000) + " -> end\n  else -> end\n").encode()


def many_duplicate_checklists() -> bytes:
    return ("start t.1\n" + 'checklist t "T"\nstep 1 "One"\n  end\n' * 2_000).encode()


def million_comment_lines() -> bytes:
    return b"#\n" * 1_000_000


CASES: dict[str, tuple[Callable[[], bytes], str]] = {
    "ten-megabyte-title": (ten_megabyte_title, "exit 0\nseconds 20\nno problems found\n"),
    "ten-megabyte-garbage-line": (
        ten_megabyte_garbage_line,
        "exit 1\nseconds 20\nmax-output 5000\nE001\nunexpected character `}`\n",
    ),
    "100k-steps-no-jumps": (steps_without_jumps(100_000), "exit 1\nseconds 40\nE203\nE105\n200000 errors\n"),
    "deep-parentheses-100k": (deep_parentheses, "exit 0\nseconds 20\nno problems found\n"),
    "and-chain-50k": (long_and_chain, "exit 0\nseconds 20\nno problems found\n"),
    "2000-duplicate-checklists": (many_duplicate_checklists, "exit 1\nseconds 20\nE102\n1999 errors\n"),
    "million-comment-lines": (million_comment_lines, "exit 1\nseconds 20\nE003\nflow file declares nothing\n"),
}


def main(folder: str) -> None:
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    for name, (make, expect) in CASES.items():
        (out / f"{name}.flow").write_bytes(make())
        (out / f"{name}.expect").write_text(expect, encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1])
