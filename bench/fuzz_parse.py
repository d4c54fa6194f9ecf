"""Differential fuzz of the parser's fast path against lark (docs/benchmarks.md).

    python bench/fuzz_parse.py [--cases 20000] [--seed 1]

`checklist.parse.scan` recognises most lines with regular expressions and leaves the rest
to lark.  This mutates lines of real flows (inserting, deleting and swapping characters,
keywords and blanks) and checks that every file parses to exactly the same statements,
spans and diagnostics as when lark parses every line.  Exit status 1 on the first mismatch.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from checklist import parse as p

ROOT = Path(__file__).resolve().parent.parent
PIECES = [
    " ", " ", "  ", "\t", "\f", "-", "->", ">", "<", ">=", "=", "!=", ".", ",", ":", "#", '"', "(", ")", "|",
    "0", "7", "12", "-3", "a", "x-y", "_", "end", "return", "not", "and", "or", "step", "go", "if", "else",
    "when", "choose", "for each", "for  each", "once", "until", "then", "reaches", "before", "per", "by", "over",
    "choice", "from", "yes/no", "number", "roll", "3d6+1", "B", "BIO", "MA12", "B 3", "B ?", "12-10", "10-12",
    "combat", "turn", "refs", "note", "table", "columns", "row", "\u00e9", "\x0b", "\r", "fact", "split",
    "CII5", "CI1", "ledger", "add", "to", "find", "show", "card", "deck", "in", "options:", "move:", "= a + 1",
    "record", "next turn", "actor.hp", "= target.dr[x]",
]  # fmt: skip


def corpus() -> list[str]:
    files = sorted((ROOT / "tests").rglob("*.flow")) + sorted((ROOT / "flow").glob("*.flow"))
    sys.path.insert(0, str(ROOT / "bench"))
    import generate

    lines = [line for f in files for line in f.read_text("utf-8", errors="replace").split("\n")]
    lines += generate.generate(150).split("\n")
    extra = [
        "  if a and b or not c -> x.3", "  if x >= -3 -> 2", "  if x=y->4", "  if (a or b) and c -> 5",
        "  split 3 for each foe until 9 then return", "  split 3 once", "  split x.3 once until end",
        "  dispatch t.step by f over 1-9", "  dispatch t . c by f", "expect 1 reaches 2 before 3, x.4",
        "  end \"done\"", "  end#c", "  go end", "  go return", "  go x.5 # c", "  when 3 -> 4",
        'fact r : roll 3d6-1 per attack "R?"', 'fact c : choice(a, b,c) per turn "C?"',
        'fact t : choice from tab per combat "T?"', "  erratum \"x\" : y", "  note: z", "  options o",
        "  uses t", "  return", "  refs B12-14, MA ?, BIO 3", "  choose end", "  dispatch step.step by not",
        "  when not -> 3", 'fact not : yes/no per turn "N?"',
        "  go step.5", "  split end once", "  if end -> 3", "expect return reaches end", "  if not not -> 2",
        "  if x = and -> 2", "  when end -> end", "  go end.5", "  go 5.3", "  if a->3", "  else->4",
        "  refs B12-3", "  if x > -0 -> 1", "  if a andnot b -> 2", "  if nota -> 2", "  row\tx | y",
        "columns a | b", "row 1 | 2 # not a comment",
    ]  # fmt: skip
    return lines + extra


def mutate(rng: random.Random, line: str) -> str:
    for _ in range(rng.choice((0, 1, 1, 2, 3))):
        op = rng.random()
        pos = rng.randint(0, len(line))
        if op < 0.35:
            line = line[:pos] + rng.choice(PIECES) + line[pos:]
        elif op < 0.6 and line:
            end = min(len(line), pos + rng.randint(1, 4))
            line = line[:pos] + line[end:]
        elif op < 0.8:
            words = line.split(" ")
            i = rng.randrange(len(words))
            words[i] = rng.choice(PIECES).strip() or words[i]
            line = " ".join(words)
        else:
            line = line.replace(" ", rng.choice(("", "  ", "\t")), 1)
    return line


def lark_only(text: str, file: str) -> object:
    lines = text.split("\n")
    items, errors = p._scan_slow(lines, list(range(len(lines))), [], file)
    return [(k, v, p.span_of(s)) for k, v, s in items], errors


def fast(text: str, file: str) -> object:
    items, errors = p.scan(text, file)
    return [(k, v, p.span_of(s)) for k, v, s in items], errors


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cases", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not p.fast_path_on():
        print(
            "the grammar changed since the fast path was checked, so checklist.parse sends every line to\n"
            "lark; bring the fast path in line, then update FAST_PATH_GRAMMAR_CRC32 in checklist/parse.py"
        )
        return 1
    rng = random.Random(args.seed)
    lines = corpus()
    taken = declined = 0
    for case in range(args.cases):
        picked = [mutate(rng, rng.choice(lines)) for _ in range(rng.randint(1, 8))]
        text = "\n".join(picked)
        a, b = repr(fast(text, "f.flow")), repr(lark_only(text, "f.flow"))
        if a != b:
            print(f"case {case}: the fast path and lark disagree on\n{text!r}\nfast: {a}\nlark: {b}")
            return 1
        for line in picked:
            if line.strip(" \t\f") and line.lstrip(" \t\f")[0] not in "|#":
                stripped = line.lstrip(" \t\f")
                handler = p._FAST.get(stripped[:3])
                took = handler is not None and handler(line, len(line) - len(stripped), 1, "f") is not None
                taken, declined = taken + took, declined + (not took)
    print(f"{args.cases} cases agree; of their statement lines the fast path took {taken}, lark {declined}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
