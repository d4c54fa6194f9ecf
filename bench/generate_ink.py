"""The ink twin of bench/generate.py's synthetic checklists, for bench/bench_ink.py.

    python bench/generate_ink.py                        # bench/generated/steps-{150,...,100000}.ink
    python bench/generate_ink.py --steps 5000 -o /tmp/x.ink
    python bench/generate_ink.py --from bench/generated/steps-10000.flow -o /tmp/x.ink

It does not draw a story of its own: it reads the checklist that bench/generate.py writes (same
size, same seed) and translates it line by line, so both files hold the same steps, prose and
jumps by construction.  The translation, one construct at a time:

    fact F : yes/no ...             VAR F = false
    fact F : number ...             VAR F = 0
    fact F : choice(a, b) ...       LIST F = a, b
    start N                         -> s_N            (the story's first line of content)
    step N "Title"                  === s_N ===  and the title as a line of text
    | prose                         the prose as a line of text
    refs B12, MA3                   # refs: B12, MA3  (a tag)
    go N                            -> s_N
    if COND -> N                    { COND: -> s_N }  (`=` becomes `==`)
    else -> N                       -> s_N
    choose F / when v -> N          + [v] -> s_N      (a sticky choice per value)
    end, -> end                     -> END
    checklist, section, expect, #   // comments (ink has nothing to compile them to)

Hyphens in names become underscores (ink identifiers are letters, digits and `_`).  With
--record-choices each choice also sets the fact's LIST variable (`~ F = v`), as answering a
`choose` records the fact in a checklist.  Any other line is an error: this reads the subset of
the language that bench/generate.py writes, not the whole language.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import generate  # noqa: E402

IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
TOKEN = re.compile(r"\s*(!=|>=|<=|==|=|<|>|\(|\)|-?\d+(?:\.\d+)?|[A-Za-z_][A-Za-z0-9_-]*)")
STEP = re.compile(r'step (\d+) "(.*)"')
FACT = re.compile(r"fact ([\w-]+) : (yes/no|number|choice\(([^)]*)\))(?: .*)?")
JUMP_IF = re.compile(r"if (.+?) -> (\S+)")
JUMP_ELSE = re.compile(r"else -> (\S+)")
WHEN = re.compile(r"when ([\w-]+) -> (\S+)")
KEYWORDS = {"and", "or", "not", "true", "false", "mod", "has", "hasnt"}


class FlowSyntaxError(ValueError):
    """A line this translator does not know (it reads only what bench/generate.py writes)."""


def ident(name: str) -> str:
    """An ink identifier for a checklist name: `attack-roll` -> `attack_roll`."""
    out = name.replace("-", "_")
    if not IDENT.fullmatch(out) or out in KEYWORDS:
        raise FlowSyntaxError(f"{name!r} does not make an ink identifier")
    return out


def target(name: str) -> str:
    """The divert target of a jump: a step number or `end`."""
    if name == "end":
        return "END"
    if name.isdigit():
        return f"s_{name}"
    raise FlowSyntaxError(f"jump target {name!r}: only step numbers and `end` are translated")


def condition(text: str) -> str:
    """A checklist condition as an ink expression: names get underscores, `=` becomes `==`."""
    out: list[str] = []
    pos = 0
    while pos < len(text):
        match = TOKEN.match(text, pos)
        if match is None:
            if text[pos:].strip():
                raise FlowSyntaxError(f"condition {text!r}: cannot read {text[pos:]!r}")
            break
        token = match.group(1)
        if token == "=":
            out.append("==")
        elif token in KEYWORDS or not (token[0].isalpha() or token[0] == "_"):
            out.append(token)
        else:
            out.append(ident(token))
        pos = match.end()
    return " ".join(out)


def text_line(text: str) -> str:
    """Prose as an ink line of text: ink's markup characters escaped with a backslash."""
    for bad in ("//", "/*", "->", "<-", "<>"):
        if bad in text:
            raise FlowSyntaxError(f"prose {text!r}: {bad!r} would be ink markup")
    out = re.sub(r"([\\{}\[\]|#])", r"\\\1", text)
    return "\\" + out if out[:1] in ("*", "+", "-", "=", "~") else out


def translate(flow: str, record_choices: bool = False) -> Iterator[str]:
    """The ink lines for a checklist written by bench/generate.py, in the same order."""
    choose: str | None = None  # the fact of the `choose` whose `when` lines follow
    for number, raw in enumerate(flow.splitlines(), 1):
        line = raw.strip()
        try:
            if not line:
                choose = None
                yield ""
            elif line.startswith("#"):
                yield "//" + line[1:]
            elif line.startswith("|"):
                yield text_line(line[1:].strip())
            elif line.startswith(("checklist ", "section ", "expect ")):
                yield "// " + line
            elif line.startswith("start "):
                yield f"-> {target(line.split()[1])}"
            elif match := FACT.fullmatch(line):
                name, kind, values = ident(match[1]), match[2], match[3]
                if kind == "yes/no":
                    yield f"VAR {name} = false"
                elif kind == "number":
                    yield f"VAR {name} = 0"
                else:
                    yield f"LIST {name} = " + ", ".join(ident(v.strip()) for v in values.split(","))
            elif match := STEP.fullmatch(line):
                choose = None
                yield f"=== s_{match[1]} ==="
                yield text_line(match[2])
            elif line.startswith("refs "):
                yield "# refs: " + line[5:].strip()
            elif line.startswith("go "):
                yield f"-> {target(line[3:].strip())}"
            elif line == "end":
                yield "-> END"
            elif match := JUMP_IF.fullmatch(line):
                yield f"{{ {condition(match[1])}: -> {target(match[2])} }}"
            elif match := JUMP_ELSE.fullmatch(line):
                yield f"-> {target(match[1])}"
            elif line.startswith("choose "):
                choose = ident(line[7:].strip())
            elif (match := WHEN.fullmatch(line)) and choose is not None:
                label = text_line(match[1])
                if record_choices:
                    yield f"+ [{label}]"
                    yield f"  ~ {choose} = {ident(match[1])}"
                    yield f"  -> {target(match[2])}"
                else:
                    yield f"+ [{label}] -> {target(match[2])}"
            else:
                raise FlowSyntaxError("not a line bench/generate.py writes")
        except FlowSyntaxError as err:
            raise FlowSyntaxError(f"line {number}: {raw.strip()!r}: {err}") from None


def flow_to_ink(flow: str, record_choices: bool = False) -> str:
    header = "// Translated from a checklist by bench/generate_ink.py (see its docstring for how).\n"
    return header + "\n".join(translate(flow, record_choices)) + "\n"


def write(
    steps: int, path: Path | None = None, seed: int = generate.SEED, source: Path | None = None,
    record_choices: bool = False,
) -> Path:  # fmt: skip
    """Write the ink twin of `source` (default: bench/generate.py's checklist of `steps`)."""
    flow = source.read_text("utf-8") if source else generate.generate(steps, seed)
    path = path or generate.OUT / f"steps-{steps}.ink"
    path.parent.mkdir(parents=True, exist_ok=True)
    text = flow_to_ink(flow, record_choices)
    if not path.exists() or path.read_text("utf-8") != text:
        path.write_text(text, "utf-8")
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--steps", type=int, action="append", help=f"sizes to write (default {generate.SIZES})")
    parser.add_argument("--seed", type=int, default=generate.SEED)
    parser.add_argument("--from", dest="source", type=Path, help="translate this .flow file instead")
    parser.add_argument("-o", "--output", type=Path, help="file to write (with a single size or --from)")
    parser.add_argument("--record-choices", action="store_true", help="each choice also sets its fact (`~ F = v`)")
    args = parser.parse_args()
    if args.source:
        if args.steps:
            parser.error("--from and --steps do not go together")
        path = write(0, args.output or args.source.with_suffix(".ink"), source=args.source,
                     record_choices=args.record_choices)  # fmt: skip
        print(f"{path}  ({path.stat().st_size / 1e6:.1f} MB)")
        return
    sizes = args.steps or list(generate.SIZES)
    if args.output and len(sizes) != 1:
        parser.error("--output needs exactly one --steps")
    for steps in sizes:
        path = write(steps, args.output, args.seed, record_choices=args.record_choices)
        print(f"{path}  ({path.stat().st_size / 1e6:.1f} MB)")


if __name__ == "__main__":
    try:
        main()
    except FlowSyntaxError as err:
        sys.exit(f"generate_ink: {err}")
