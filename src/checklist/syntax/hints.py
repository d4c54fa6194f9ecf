"""The likely fix for a broken line: each rule reads what the parser saw and, when it knows the
mistake, says it in the author's words with the line as it should be written.

`go to 12` -> `go 12`; `if lucky 3` -> `if lucky -> 3`; `step 1 First` -> `step 1 "First"`;
an unclosed `(` or a `)` that closes nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass


@dataclass(frozen=True, slots=True)
class Seen:
    """What the parser saw at a syntax error."""

    source: str  # the line with the error
    line: int
    column: int  # 1-based, where the error is
    found: str  # the text there ("" at the end of the line)
    found_type: str  # its terminal ("_NL" at the end of the line, "" for a character no token starts)
    expected: frozenset[str]  # terminals
    literals: frozenset[str]  # the expected terminals that are fixed strings, as written: `->`, `(`
    next_goes_on: bool = False  # the next line goes on with this one (`or ...`, no statement's keyword)


@dataclass(frozen=True, slots=True)
class Said:
    message: str
    column: int
    end_column: int
    help: str
    alternatives: bool = False  # the note "expected ..." helps: the line may go on in more than one way


MAX_SHOWN = 160  # a fixed line longer than this is described, not shown
MAX_COLUMN = 4000  # past this (or 4 times this long) the rules do not scan the line: a 10 MB line of garbage


def explain(seen: Seen) -> Said | None:
    if seen.column > MAX_COLUMN or len(seen.source) > 4 * MAX_COLUMN:
        return None
    for rule in RULES:
        said = rule(seen)
        if said is not None:
            return said
    return None


_GO_TO = re.compile(r"([ \t]*go[ \t]+)(to)[ \t]+(\S+)")


def go_to(seen: Seen) -> Said | None:
    """`go to 12`: the printed checklists say "go to"; a flow says `go 12`."""
    found = _GO_TO.match(seen.source)
    if found is None:
        return None
    start = found.start(2) + 1
    target = found[3] if len(found[3]) <= 20 else "STEP"
    return Said(
        f"a jump is written `go {target}`, without `to`",
        start,
        start + 2,
        write(f"go {found[3]}", "write `go` and the step, without `to`"),
    )


_GROUPS = {"(": ")", "[": "]"}


def parentheses(seen: Seen) -> Said | None:
    """A `)` that closes nothing, or a `(` still open where the line needs it closed."""
    for opening, closing in _GROUPS.items():
        before = seen.source[: seen.column - 1]
        if seen.found == closing and closing not in seen.literals and _unclosed(before, opening, closing) is None:
            return Said(
                f"this `{closing}` closes no `{opening}`",
                seen.column,
                seen.column + 1,
                f"remove it, or add the `{opening}` it closes",
            )
        where = _unclosed(before, opening, closing)
        if (
            where is not None
            and closing in seen.literals
            and _unclosed(code(seen.source), opening, closing) is not None
        ):
            return Said(
                f"this `{opening}` is never closed",
                where + 1,
                where + 2,
                f"add `{closing}` where the group ends",
            )
    return None


def _unclosed(text: str, opening: str, closing: str) -> int | None:
    """The index of the last `opening` in `text` that no `closing` closes (quoted text skipped)."""
    stack: list[int] = []
    quoted = False
    for index, char in enumerate(text):
        if char == '"':
            quoted = not quoted
        elif not quoted and char == opening:
            stack.append(index)
        elif not quoted and char == closing and stack:
            stack.pop()
    return stack[-1] if stack else None


_JUMPS = ("if", "else", "when")
_ARROW_LIKE = {"then", "go", "goto", "to", "=>", ">"}
# what a branch jumps to, `3`, `combat.3`, `end`, `return` (by its text: the lexer that read it
# out of place may have named it otherwise, e.g. a deck name)
_TARGET = re.compile(r"[0-9]+|[a-z][a-z0-9_-]*")
_NOT_TARGETS = {"if", "else", "when", "and", "or", "not", "in"}


def missing_arrow(seen: Seen) -> Said | None:
    """`if lucky 3`, `else 3`, `if lucky then 3`: the step a branch jumps to follows `->`."""
    first = seen.source.split(maxsplit=1)[0] if seen.source.strip() else ""
    if first not in _JUMPS or "->" not in seen.literals or seen.found_type == "_NL":
        return None
    if seen.found not in _ARROW_LIKE and (not _TARGET.fullmatch(seen.found) or seen.found in _NOT_TARGETS):
        return None  # what stands there is no step either: the line is broken otherwise
    at = seen.column - 1
    if seen.found in _ARROW_LIKE:
        fixed = seen.source[:at] + "->" + seen.source[at + len(seen.found) :]
        message = f"a branch jumps with `->`, not `{seen.found}`"
        end = seen.column + len(seen.found)
    else:
        fixed = seen.source[:at].rstrip() + " -> " + seen.source[at:]
        message = "`->` is missing before the step"
        end = seen.column + max(1, len(seen.found))
    return Said(message, seen.column, end, write(fixed, "write `->` before the step"), alternatives=True)


def missing_condition(seen: Seen) -> Said | None:
    """`if -> 3`: the condition is missing."""
    first = seen.source.split(maxsplit=1)[0] if seen.source.strip() else ""
    if first != "if" or seen.found != "->" or "NAME" not in seen.expected:
        return None
    return Said(
        "the condition is missing between `if` and `->`",
        seen.column,
        seen.column + 2,
        write(seen.source.replace("->", "COND ->", 1), "write a condition before `->`")
        + ", with a yes/no fact or a test such as `wound = cut`",
    )


_QUOTED_AS = {"fact": "question", "split": "question", "erratum": "printed text", "end": "text"}
_AFTER_QUESTION = re.compile(r"[ \t]+(=|assume|default)[ \t]")


def unquoted(seen: Seen) -> Said | None:
    """`step 1 First step`: titles, questions and texts stand in double quotes."""
    if "STRING" not in seen.expected or seen.found_type in ("STRING", "_NL") or not seen.found:
        return None
    first = seen.source.split(maxsplit=1)[0]
    what = _QUOTED_AS.get(first, "title")
    at = seen.column - 1
    text = code(seen.source[at:])
    rest = ""
    stop = _AFTER_QUESTION.search(text) if first == "fact" else None
    if stop is not None:
        text, rest = text[: stop.start()], text[stop.start() :]
    if text.startswith('"'):
        fixed, message = f'{text}"{rest}', f'the {what} has no closing `"`'
    else:
        fixed, message = f'"{text}"{rest}', f"the {what} must be in double quotes"
    end = len(seen.source[:at]) + len(text) + 1
    return Said(
        message, seen.column, end, write(f"{seen.source[:at].strip()} {fixed}", f'write the {what} as "{what}"')
    )


def write(line: str, otherwise: str) -> str:
    """`write `the line as it should be``, or `otherwise` when that line is too long to show."""
    fixed = code(line)
    return f"write `{fixed}`" if len(fixed) <= MAX_SHOWN else otherwise


def balance(text: str) -> int:
    """How many more brackets `text` opens than it closes (quoted text and the comment skipped)."""
    text = code(text)
    if '"' in text:
        text = re.sub(r'"[^"]*"?', "", text)
    return text.count("(") + text.count("[") - text.count(")") - text.count("]")


_CODE = re.compile(r'(?:[^"#]++|"[^"]*+"?+)*+')  # possessive: linear on a 10 MB line


def code(text: str) -> str:
    """The line without its comment and outer spaces, as it goes between backticks."""
    found = _CODE.match(text)
    return (found.group() if found else text).strip()


# a line that starts so goes on with the line above (a formula wrapped without a `(`)
GOES_ON = re.compile(r"[ \t\f]*(?:(?:or|and|then)(?![\w-])|[-+*/),\]\"])")
ELSE_GOES_ON = re.compile(r"[ \t\f]*else(?![\w-])(?![ \t]*->)")  # after a formula's line, not a branch's


def goes_on(line: str, after: str) -> bool:
    """Whether `after` goes on with `line`: `or ...`, `+ ...`; `else ...` after a formula's line."""
    formula = line.lstrip().startswith(("fact ", "record "))
    return GOES_ON.match(after) is not None or (formula and ELSE_GOES_ON.match(after) is not None)


def ends_early(seen: Seen) -> Said | None:
    """The line ends inside a formula or condition, and the next line goes on with it: a line
    goes on only inside parentheses."""
    if seen.found_type != "_NL" or not seen.next_goes_on or "_NL" in seen.expected:
        return None
    inside = "put the quoted text on this line" if "STRING" in seen.expected else "open a `(` before the break"
    return Said(
        "the line ends before its statement does",
        seen.column,
        seen.column + 1,
        f"a statement goes on to the next line only inside parentheses: {inside}",
        alternatives=True,
    )


RULES: tuple[Callable[[Seen], Said | None], ...] = (
    go_to,
    parentheses,
    unquoted,
    missing_condition,
    missing_arrow,
    ends_early,
)
