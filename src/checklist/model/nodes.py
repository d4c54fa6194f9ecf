"""The flow's nodes: spans, references, targets, conditions and jumps."""

from __future__ import annotations

from dataclasses import field
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass

Scope = Literal["combat", "turn", "attack", "defender"]
SCOPES: tuple[Scope, ...] = ("combat", "turn", "attack", "defender")


@dataclass(frozen=True, slots=True)
class Span:
    """A region of a source file; lines and columns count from 1, end is exclusive."""

    file: str
    line: int
    column: int
    end_line: int
    end_column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


NOWHERE = Span("<none>", 0, 0, 0, 0)


@dataclass(frozen=True, slots=True)
class Ref:
    """A rule reference such as B393 (book B, page 393); page None means 'B ?'."""

    book: str
    page: int | None
    page_end: int | None
    span: Span = field(compare=False)

    def __str__(self) -> str:
        if self.page is None:
            return f"{self.book} ?"
        suffix = f"-{self.page_end}" if self.page_end is not None else ""
        return f"{self.book}{self.page}{suffix}"


@dataclass(frozen=True, slots=True)
class Target:
    """Where a jump goes: a step number, possibly in another checklist, or end/return."""

    checklist: str | None
    number: int | None
    special: Literal["end", "return"] | None
    span: Span = field(compare=False)

    def __str__(self) -> str:
        if self.special:
            return self.special
        return f"{self.checklist}.{self.number}" if self.checklist else str(self.number)


# ---- conditions ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class IsTrue:
    fact: str
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class IsFalse:
    fact: str
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class Equals:
    fact: str
    value: str | int
    negated: bool
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class Compare:
    fact: str
    op: Literal[">=", "<=", ">", "<"]
    value: int
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class AllOf:
    items: tuple[Condition, ...]
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class AnyOf:
    items: tuple[Condition, ...]
    span: Span = field(compare=False)


Condition = IsTrue | IsFalse | Equals | Compare | AllOf | AnyOf


def condition_facts(cond: Condition) -> list[tuple[str, Span]]:
    """Every fact a condition names, with where it names it."""
    if isinstance(cond, (AllOf, AnyOf)):
        return [pair for item in cond.items for pair in condition_facts(item)]
    return [(cond.fact, cond.span)]


# ---- jumps --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Go:
    target: Target
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class Branch:
    condition: Condition
    target: Target
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class Otherwise:
    target: Target
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class When:
    value: str | int
    target: Target
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class Choose:
    fact: str
    whens: tuple[When, ...]
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class Default:
    """`default VALUE`: what Enter answers when the fact is asked."""

    value: str | int
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class Assumed:
    """`assume VALUE`: what the table view takes without asking (a value, `none`, or a fact)."""

    value: str | int
    span: Span = field(compare=False)
    unless: str | None = None  # a yes/no fact: when it holds, ask after all


@dataclass(frozen=True, slots=True)
class Split:
    """Run `target` once per item (or once); a branch ends at `until` or at a `return`."""

    target: Target
    item: str | None
    until: Target | None
    returns: bool
    span: Span = field(compare=False)
    assumed: str | None = None  # `assume none` or `assume FACT` (the one combatant it names)
    assumed_unless: str | None = None  # `... unless FACT`: when FACT holds, the split is asked
    asks: str | None = None  # the question in a game master's words: `for each triggered-action "Whose Wait triggers?"`
    count: str | None = None  # `for each hit of hits-landing`: the number fact that says how many branches


@dataclass(frozen=True, slots=True)
class Dispatch:
    table: str
    column: str
    fact: str
    over: tuple[int, int] | None
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class End:
    label: str | None
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class Return:
    span: Span = field(compare=False)


Jump = Go | Branch | Otherwise | Choose | Split | Dispatch | End | Return


@dataclass(frozen=True, slots=True)
class Erratum:
    printed: str
    reason: str
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class Note:
    text: str
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class Options:
    fact: str
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True)
class Uses:
    table: str
    span: Span = field(compare=False)
