"""The reductions below a statement: targets, conditions and expressions, as model nodes.

`Formulas` is the base of the one Transformer (transform.py): it keeps the limits (no node nests
deeper than MAX_NESTING, no number has more than MAX_DIGITS digits) and reads `x in (a, b)` as
the `or` it means.  The method names are the grammar's rule and alias names (checklist.lark).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

from lark import Token, Transformer

from checklist import model as m
from checklist.model.diagnostics import NUMBER_TOO_BIG, TOO_DEEP, Diagnostic, diag
from checklist.model.limits import MAX_DIGITS, MAX_NESTING, too_many_digits


class _Spanned(Protocol):
    @property
    def span(self) -> m.Span: ...


N = TypeVar("N", bound=_Spanned)


_Span = m.Span


class Formulas(Transformer[Token, None]):
    def __init__(self) -> None:
        super().__init__()
        self.file = "<string>"
        self.lines_before = 0  # the lines of the file above the text parsed (parser.parse_pieces)
        self.errors: list[Diagnostic] = []
        self._depths: dict[int, tuple[object, int]] = {}  # id -> (node, nesting) in the line being read
        self._deep_line = 0  # the last line that got E007 (one per line)
        self._lists: dict[int, m.AnyOf] = {}  # the `x in (a, b)` of this statement, by id: an `or` takes their terms

    # -- limits: no node nests deeper than MAX_NESTING, no number has more than MAX_DIGITS digits
    def _int(self, tok: Token, text: str | None = None) -> int:
        """The number `text` (the token's own by default: a page of a REF is part of one), at the
        token's place."""
        if text is None:
            text = str(tok)
        if len(text) > MAX_DIGITS and too_many_digits(text):
            span = self.sp(tok)
            self.errors.append(
                diag(
                    NUMBER_TOO_BIG,
                    f"`{_clip(text)}` has {len(text.lstrip('+-'))} digits; numbers in a flow have at most {MAX_DIGITS}",
                    span,
                    help=f"write a number of at most {MAX_DIGITS} digits",
                )
            )
            return int(10**MAX_DIGITS)  # past every number allowed
        return int(text)

    def _nested(self, node: N, children: Sequence[N], extra: Sequence[object] = ()) -> N:
        """`node`, if it nests at most MAX_NESTING deep; else (E007, once a line) its deepest
        child, so that nothing downstream ever recurses deeper than the limit.  `extra`: the
        parts of another kind (an `if`'s condition), counted but never put in its place."""
        depth = max(self._depth(child) for child in (*children, *extra))
        if depth + 1 > MAX_NESTING:
            span = node.span
            if span.line != self._deep_line:
                self._deep_line = span.line
                self.errors.append(
                    diag(
                        TOO_DEEP,
                        f"this expression or condition nests more than {MAX_NESTING} deep",
                        span,
                        "a sum or an `and` of n terms counts n; each `if ... then` and each parenthesis around "
                        "an operator counts one",
                        help="split it into computed facts (`fact part : number ... = ...`) and combine those",
                    )
                )
            return max(children, key=self._depth)
        self._depths[id(node)] = (node, depth + 1)
        return node

    def _depth(self, node: object) -> int:
        found = self._depths.get(id(node))
        return found[1] if found is not None and found[0] is node else 1

    def sp(self, tok: Token) -> m.Span:
        column = tok.column or 0
        before = self.lines_before
        if not before:  # the token's own line numbers: one int a line, not two for each span (60 MB at 100k steps)
            line = tok.line or 0
            return _Span(self.file, line, column, tok.end_line or line, tok.end_column or column)
        line = (tok.line or 0) + before
        end_line = tok.end_line
        return _Span(self.file, line, column, end_line + before if end_line else line, tok.end_column or column)

    def _value(self, tok: Token) -> str | int:
        return self._int(tok) if tok.type == "INT" else str(tok)

    # -- targets and values
    def local_target(self, c: list[Token]) -> m.Target:
        return m.Target(None, self._int(c[0]), None, self.sp(c[0]))

    def foreign_target(self, c: list[Token]) -> m.Target:
        first, last = self.sp(c[0]), self.sp(c[1])
        span = m.Span(first.file, first.line, first.column, last.end_line, last.end_column)
        return m.Target(str(c[0]), self._int(c[1]), None, span)

    def end_target(self, c: list[Token]) -> m.Target:
        return m.Target(None, None, "end", self.sp(c[0]))

    def return_target(self, c: list[Token]) -> m.Target:
        return m.Target(None, None, "return", self.sp(c[0]))

    # -- conditions
    def is_true(self, c: list[Token]) -> m.Condition:
        return m.IsTrue(str(c[0]), self.sp(c[0]))

    def is_false(self, c: list[Token]) -> m.Condition:
        return m.IsFalse(str(c[0]), self.sp(c[0]))

    def equals(self, c: list[Token]) -> m.Condition:
        return m.Equals(str(c[0]), self._value(c[1]), False, self.sp(c[0]))

    def differs(self, c: list[Token]) -> m.Condition:
        return m.Equals(str(c[0]), self._value(c[1]), True, self.sp(c[0]))

    def compare(self, c: list[Token]) -> m.Condition:
        return m.Compare(str(c[0]), str(c[1]), self._int(c[2]), self.sp(c[0]))  # type: ignore[arg-type]

    def one_of(self, c: list[Token]) -> m.Condition:
        """`x in (a, b)` is `x = a or x = b`: the checks and the engine see the same model."""
        fact, values = c[0], c[2:]
        tests: tuple[m.Condition, ...] = tuple(
            m.Equals(str(fact), self._value(v), False, self.sp(fact)) for v in values
        )
        if len(tests) == 1:
            return tests[0]
        either: m.Condition = m.AnyOf(tests, tests[0].span)
        found = self._nested(either, tests)
        if isinstance(found, m.AnyOf):
            self._lists[id(found)] = found
        return found

    def all_of(self, c: list[m.Condition]) -> m.Condition:
        return c[0] if len(c) == 1 else self._nested(m.AllOf(tuple(c), c[0].span), tuple(c))

    def any_of(self, c: list[m.Condition]) -> m.Condition:
        if len(c) == 1:
            return c[0]
        # `a or x in (b, c)` is `a or x = b or x = c`, one `or` of three
        flat = tuple(
            t for x in c for t in (x.items if isinstance(x, m.AnyOf) and self._lists.get(id(x)) is x else (x,))
        )
        return self._nested(m.AnyOf(flat, c[0].span), flat)

    # -- expressions
    def num_expr(self, c: list[Token]) -> m.Expr:
        return m.Num(self._int(c[0]), self.sp(c[0]))

    def name_expr(self, c: list[Token]) -> m.Expr:
        return m.Name(str(c[0]), self.sp(c[0]))

    def lookup_expr(self, c: list[Any]) -> m.Expr:
        keys: tuple[m.Expr, ...] = tuple(c[2:])
        return self._nested(m.Lookup(str(c[0]), str(c[1]), keys, self.sp(c[0])), keys)

    def attr_expr(self, c: list[Token]) -> m.Expr:
        return m.Attr(str(c[0]), str(c[1]), self.sp(c[0]))

    def call_expr(self, c: list[Any]) -> m.Expr:
        args: tuple[m.Expr, ...] = tuple(c[1:])
        return self._nested(m.Call(str(c[0]), args, self.sp(c[0])), args)

    def add_expr(self, c: list[m.Expr]) -> m.Expr:
        return self._nested(m.BinOp("+", c[0], c[1], c[0].span), (c[0], c[1]))

    def sub_expr(self, c: list[m.Expr]) -> m.Expr:
        return self._nested(m.BinOp("-", c[0], c[1], c[0].span), (c[0], c[1]))

    def mul_expr(self, c: list[m.Expr]) -> m.Expr:
        return self._nested(m.BinOp("*", c[0], c[1], c[0].span), (c[0], c[1]))

    def div_expr(self, c: list[m.Expr]) -> m.Expr:
        return self._nested(m.BinOp("/", c[0], c[1], c[0].span), (c[0], c[1]))

    def neg_expr(self, c: list[m.Expr]) -> m.Expr:
        return self._nested(m.Neg(c[0], c[0].span), (c[0],))

    def test_expr(self, c: list[Any]) -> m.Expr:
        left: m.Expr = c[0]
        right: m.Expr = c[2]
        return self._nested(m.Test(str(c[1]), left, right, left.span), (left, right))  # type: ignore[arg-type]

    def if_expr(self, c: list[Any]) -> m.Expr:
        parts = [x for x in c if not isinstance(x, Token)]
        then: m.Expr = parts[1]
        other: m.Expr = parts[2]
        return self._nested(m.IfElse(parts[0], then, other, self.sp(c[0])), (then, other), (parts[0],))


def _clip(number: str) -> str:
    return number if len(number) <= 20 else f"{number[:12]}...{number[-4:]}"
