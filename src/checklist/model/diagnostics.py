"""Diagnostics are data: a stable code, a severity, a message, a span, notes and help."""

from __future__ import annotations

from dataclasses import field
from typing import TYPE_CHECKING, Literal

from checklist.model.nodes import Span

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass

Severity = Literal["error", "warning"]


@dataclass(frozen=True, slots=True)
class Code:
    code: str
    name: str
    severity: Severity
    summary: str


# Stable codes; docs/checks.md documents each with a wrong and a right example.
SYNTAX = Code("E001", "syntax", "error", "the line does not parse")
EMPTY = Code("E003", "empty-file", "error", "a flow file has no declarations")
BAD_REF = Code("E004", "bad-reference", "error", "a rule reference or value is malformed")
NO_CHECKLIST = Code("E005", "no-checklist", "error", "steps or a start appear before any checklist")
MISPLACED = Code("E006", "misplaced", "error", "a line belongs under a step or table but stands outside one")
TOO_DEEP = Code("E007", "too-deep", "error", "an expression, condition or chain of computed facts nests too deep")
NUMBER_TOO_BIG = Code("E008", "number-too-big", "error", "a number has more digits than the language allows")
DUPLICATE_STEP = Code("E101", "duplicate-step", "error", "two steps share a number")
DUPLICATE_CHECKLIST = Code("E102", "duplicate-checklist", "error", "two checklists share an id")
DUPLICATE_NAME = Code("E103", "duplicate-name", "error", "two facts, tables or sections share a name")
NO_START = Code("E104", "start", "error", "the program needs exactly one start step")
NO_END = Code("E105", "no-end", "error", "the program declares no end")
UNKNOWN_STEP = Code("E201", "unknown-step", "error", "a jump names a step that does not exist")
UNREACHABLE = Code("E202", "unreachable", "error", "a step cannot be reached from the start")
NO_EXIT = Code("E203", "no-exit", "error", "a step has no path to any end")
TRAP = Code("E204", "trap", "error", "a loop with no way out")
SELF_LOOP = Code("E205", "self-loop", "error", "a step jumps only to itself")
NO_OTHERWISE = Code("W206", "no-otherwise", "warning", "a step's conditions cover every case, with no otherwise")
SPLIT_NEVER_RETURNS = Code("E207", "split-never-returns", "error", "a split's branches never rejoin")
NO_WAY_ON = Code("E210", "no-way-on", "error", "a step's conditions can all be false, with no otherwise")
JUMP_INTO_BRANCH = Code("E208", "jump-into-branch", "error", "a jump enters a split's branch from outside it")
RETURN_OUTSIDE_SPLIT = Code("E209", "return-outside-split", "error", "a `return` is reached with no split running")
UNDEFINED_FACT = Code("E301", "undefined-fact", "error", "a condition or formula names an undeclared fact")
UNUSED_FACT = Code("W302", "unused-fact", "warning", "a fact is declared but never asked")
UNDEFINED_TABLE = Code("E303", "undefined-table", "error", "a name refers to an undeclared table")
UNUSED_TABLE = Code("W304", "unused-table", "warning", "a table is declared but never used")
BAD_VALUE = Code("E305", "bad-value", "error", "a condition tests, or a formula gives, a value the fact cannot take")
DISPATCH_ROW = Code("E306", "dispatch-row", "error", "a dispatch table row names no existing step")
DISPATCH_MISSING = Code("W307", "dispatch-missing", "warning", "a step in a dispatch range has no row")
BAD_TABLE = Code("E308", "bad-table", "error", "a table's rows do not match its columns")
DUPLICATE_ROW = Code("W309", "duplicate-row", "warning", "two rows of a table share their first cell")
COMPUTE_CYCLE = Code("E311", "compute-cycle", "error", "computed facts depend on each other in a circle")
BAD_CALL = Code("E312", "bad-call", "error", "an expression calls an unknown function, or with the wrong arguments")
BAD_LEDGER = Code("E313", "bad-ledger", "error", "a ledger line is not a number, or is added to a non-ledger")
BAD_CARD = Code("E314", "bad-card", "error", "a card names an unknown category, or a step an unknown deck")
BAD_ATTRIBUTE = Code("E315", "bad-attribute", "error", "an expression or record names an unknown role or attribute")
TYPE_MISMATCH = Code("E316", "type-mismatch", "error", "a yes/no or choice used as a number, or a number as a value")
NUMBERING_GAP = Code("W401", "numbering-gap", "warning", "step numbers skip")
EXPECTATION = Code("E501", "expectation", "error", "a path assertion does not hold")

CODES: tuple[Code, ...] = (
    SYNTAX,
    EMPTY,
    BAD_REF,
    NO_CHECKLIST,
    MISPLACED,
    TOO_DEEP,
    NUMBER_TOO_BIG,
    DUPLICATE_STEP,
    DUPLICATE_CHECKLIST,
    DUPLICATE_NAME,
    NO_START,
    NO_END,
    UNKNOWN_STEP,
    UNREACHABLE,
    NO_EXIT,
    TRAP,
    SELF_LOOP,
    NO_OTHERWISE,
    SPLIT_NEVER_RETURNS,
    JUMP_INTO_BRANCH,
    RETURN_OUTSIDE_SPLIT,
    NO_WAY_ON,
    UNDEFINED_FACT,
    UNUSED_FACT,
    UNDEFINED_TABLE,
    UNUSED_TABLE,
    BAD_VALUE,
    DISPATCH_ROW,
    DISPATCH_MISSING,
    BAD_TABLE,
    DUPLICATE_ROW,
    COMPUTE_CYCLE,
    BAD_CALL,
    BAD_LEDGER,
    BAD_CARD,
    BAD_ATTRIBUTE,
    TYPE_MISMATCH,
    NUMBERING_GAP,
    EXPECTATION,
)


@dataclass(frozen=True, slots=True)
class Fix:
    """A finding's one fix, for an editor's quick fix (`checklist lsp`).

    With `old`: the first `old` on the span's line, from the span's column, becomes `new` (a
    did-you-mean). Without: `new` is a line of its own, put after line `after` (a missing `else`).
    """

    title: str
    new: str
    old: str = ""
    after: int = 0


@dataclass(frozen=True, slots=True)
class Diagnostic:
    code: Code
    message: str
    span: Span
    notes: tuple[str, ...] = field(default=())
    help: str | None = None
    more: int = 0  # > 0: this line stands for `more` findings of its code that are not listed
    fix: Fix | None = None  # the one edit that fixes it, when there is exactly one

    @property
    def count(self) -> int:
        """How many findings this is."""
        return self.more or 1

    @property
    def severity(self) -> Severity:
        return self.code.severity

    def sort_key(self) -> tuple[str, int, int, str]:
        return (self.span.file, self.span.line, self.span.column, self.code.code)


def diag(
    code: Code, message: str, span: Span, *notes: str, help: str | None = None, fix: Fix | None = None
) -> Diagnostic:
    return Diagnostic(code, message, span, tuple(notes), help, fix=fix)
