"""Writes tables.json, the parse tables made from checklist.lark: `python -m checklist.syntax.tables`.

The tables are plain JSON (Lark's own serialisation, as `python -m lark.tools.serialize`
writes it); loading them skips the grammar analysis at start-up.  The grammar's SHA-256 is
kept beside them, so a parser never uses tables made from another grammar; they are written with
PYTHONHASHSEED=0, because Lark numbers its symbols in the order of a set.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

from lark import Lark
from lark.grammar import Rule
from lark.lexer import TerminalDef

from checklist.syntax.parser import OPTIONS, TABLES, grammar_digest, grammar_text


def tables_json() -> str:
    lark = Lark(grammar_text(), cache=False, **OPTIONS)
    data, memo = lark.memo_serialize([TerminalDef, Rule])
    return json.dumps({"grammar-sha256": grammar_digest(), "data": data, "memo": memo}, sort_keys=True) + "\n"


def main() -> None:
    if os.environ.get("PYTHONHASHSEED") != "0":  # Lark numbers its symbols in set order
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        raise SystemExit(subprocess.run([sys.executable, "-m", "checklist.syntax.tables"], env=env).returncode)
    TABLES.write_text(tables_json(), "utf-8")
    print(f"wrote {TABLES}")


if __name__ == "__main__":
    main()
