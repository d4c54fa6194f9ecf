"""Fast-path handlers for the computing and card statements (see parse.py, "Fast path").

Each handler takes (line, indent, line number, file) and returns the item the transformer
would build (transform_compute.py), or None to leave the line to lark.  Expressions are read
by a small recursive-descent parser over the same tokens lark's contextual lexer makes; it
declines anything unusual (keywords used as names, nested `if` before an `else`, comments
inside an expression).  bench/fuzz_parse.py checks both paths give the same statements.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from sys import intern
from typing import Any

from checklist import model as m

Item = tuple[str, Any, Any]
SpanMaker = Callable[[int, int], m.Span]  # (start, end) offsets in the line -> span
Condition = Callable[[str, int, int, int, str], "m.Condition | None"]

_NAME = r"[a-z][a-z0-9_]*(?:-[a-z0-9_]+)*"
_TOKEN = re.compile(rf"[\t \f]*(?:({_NAME})|([0-9]+)|(>=|<=|!=|[-+*/()\[\],.<>=]))")
_KEYWORDS = ("if",)  # where an expression may start, lark's lexer may read `if...` as the keyword
_FIELD = re.compile(r"(move|attack|defense|options|other)[ \t]*:[^\n]*")
_WORDS = re.compile(rf"(card|category)[ \t]+({_NAME})[\t \f]*(\"[^\"\n]*\")[\t \f]*")
_DECK = re.compile(r"deck[ \t]+([a-z0-9][a-z0-9_]*(?:-[a-z0-9_]+)*)[\t \f]*(\"[^\"\n]*\")[\t \f]*")
_IN = re.compile(rf"in[ \t]+({_NAME}(?:[\t \f]*,[\t \f]*{_NAME})*)[\t \f]*")
_ADD = re.compile(rf"add[ \t]+({_NAME})[ \t]+to[ \t]+({_NAME})[\t \f]*")
_FIND = re.compile(rf"find[ \t]+({_NAME})[\t \f]*")
_SHOW = re.compile(rf"show[ \t]+card[ \t]+({_NAME})[ \t]+from[ \t]+([a-z0-9][a-z0-9_]*(?:-[a-z0-9_]+)*)[\t \f]*")
_NEXT = re.compile(r"next[ \t]+turn[\t \f]*")
_RECORD = re.compile(rf"record[ \t]+({_NAME})\.({_NAME})[\t \f]*=")


def _bad_name(name: str) -> bool:
    return any(name.startswith(k) for k in _KEYWORDS)


def card_field(line: str, indent: int, ln: int, file: str) -> Item | None:
    found = _FIELD.fullmatch(line, indent)
    if found is None:
        return None
    span = m.Span(file, ln, indent + 1, ln, len(line) + 1)
    _, _, text = line[indent:].partition(":")
    return ("card_field", m.CardField(found.group(1), text.strip(), span), span)  # type: ignore[arg-type]


def card_words(line: str, indent: int, ln: int, file: str) -> Item | None:
    """`card NAME "Title"` and `category NAME "Title"`."""
    found = _WORDS.fullmatch(line, indent)
    if found is None or _bad_name(found.group(2)):
        return None
    name_span = m.Span(file, ln, found.start(2) + 1, ln, found.end(2) + 1)
    title = found.group(3)[1:-1]
    if found.group(1) == "card":
        return ("card", (found.group(2), title), name_span)
    keyword = m.Span(file, ln, indent + 1, ln, indent + 9)
    return ("category", m.Category(found.group(2), title, name_span), keyword)


def deck(line: str, indent: int, ln: int, file: str) -> Item | None:
    found = _DECK.fullmatch(line, indent)
    if found is None:
        return None
    return ("deck", (found.group(1), found.group(2)[1:-1]), m.Span(file, ln, found.start(1) + 1, ln, found.end(1) + 1))


def card_in(line: str, indent: int, ln: int, file: str) -> Item | None:
    found = _IN.fullmatch(line, indent)
    if found is None:
        return None
    names = tuple(n.strip() for n in found.group(1).split(","))
    if any(_bad_name(n) for n in names):
        return None
    return ("card_in", names, m.Span(file, ln, indent + 1, ln, indent + 3))


def add(line: str, indent: int, ln: int, file: str) -> Item | None:
    found = _ADD.fullmatch(line, indent)
    if found is None or _bad_name(found.group(1)) or _bad_name(found.group(2)):
        return None
    span = m.Span(file, ln, indent + 1, ln, indent + 4)
    fact = m.Span(file, ln, found.start(1) + 1, ln, found.end(1) + 1)
    return ("action", m.Add(intern(found.group(1)), intern(found.group(2)), fact), span)


def find(line: str, indent: int, ln: int, file: str) -> Item | None:
    found = _FIND.fullmatch(line, indent)
    if found is None or _bad_name(found.group(1)):
        return None
    fact = m.Span(file, ln, found.start(1) + 1, ln, found.end(1) + 1)
    return ("action", m.Find(intern(found.group(1)), fact), m.Span(file, ln, indent + 1, ln, indent + 5))


def show(line: str, indent: int, ln: int, file: str) -> Item | None:
    found = _SHOW.fullmatch(line, indent)
    if found is None or _bad_name(found.group(1)):
        return None
    fact = m.Span(file, ln, found.start(1) + 1, ln, found.end(1) + 1)
    return ("show_card", m.ShowCard(found.group(1), found.group(2), fact), m.Span(file, ln, indent + 1, ln, indent + 5))


def next_turn(line: str, indent: int, ln: int, file: str) -> Item | None:
    if _NEXT.fullmatch(line, indent) is None:
        return None
    span = m.Span(file, ln, indent + 1, ln, indent + 5)
    return ("action", m.NextTurn(span), span)


def record(condition: Condition) -> Callable[[str, int, int, str], Item | None]:
    def handler(line: str, indent: int, ln: int, file: str) -> Item | None:
        found = _RECORD.match(line, indent)
        if found is None or _bad_name(found.group(1)) or _bad_name(found.group(2)):
            return None
        expr = expression(line, found.end(), ln, file, condition)
        if expr is None:
            return None
        role = m.Span(file, ln, found.start(1) + 1, ln, found.end(1) + 1)
        action = m.Record(found.group(1), found.group(2), expr, role)
        return ("action", action, m.Span(file, ln, indent + 1, ln, indent + 7))

    return handler


# ---- expressions ----------------------------------------------------------------------


class _Decline(Exception):
    pass


def expression(line: str, pos: int, ln: int, file: str, condition: Condition) -> m.Expr | None:
    """The expression from `pos` to the end of the line, or None to leave the line to lark."""
    end = len(line)
    if "#" in line[pos:]:
        return None  # a comment: let lark place it
    while end > pos and line[end - 1] in " \t\f":
        end -= 1
    tokens: list[tuple[str, str, int, int]] = []  # (kind, text, start, end)
    at = pos
    while at < end:
        found = _TOKEN.match(line, at, end)
        if found is None:
            return None
        kind = "name" if found.group(1) else ("int" if found.group(2) else "op")
        index = 1 if found.group(1) else (2 if found.group(2) else 3)
        tokens.append((kind, found.group(index), found.start(index), found.end(index)))
        at = found.end()
    if not tokens:
        return None
    reader = _Reader(tokens, line, ln, file, condition)
    try:
        expr = reader.expr()
    except (_Decline, IndexError):
        return None
    return expr if reader.at == len(tokens) else None


class _Reader:
    def __init__(self, tokens: list[tuple[str, str, int, int]], line: str, ln: int, file: str,
                 condition: Condition) -> None:  # fmt: skip
        self.tokens = tokens
        self.line = line
        self.ln = ln
        self.file = file
        self.condition = condition
        self.at = 0

    def span(self, index: int) -> m.Span:
        _, _, start, end = self.tokens[index]
        return m.Span(self.file, self.ln, start + 1, self.ln, end + 1)

    def peek(self) -> str | None:
        return self.tokens[self.at][1] if self.at < len(self.tokens) else None

    def take(self, text: str) -> None:
        if self.peek() != text:
            raise _Decline
        self.at += 1

    def expr(self) -> m.Expr:
        if self.peek() == "if" and self.tokens[self.at][0] == "name":
            return self.if_expr()
        left = self.sum()
        op = self.peek()
        if op in (">", "<") and self.at + 1 < len(self.tokens) and self.tokens[self.at + 1][1] == "=":
            raise _Decline  # `> =`: lark reads it otherwise
        if op in (">=", "<=", ">", "<"):
            self.at += 1
            right = self.sum()
            return m.Test(op, left, right, left.span)  # type: ignore[arg-type]
        return left

    def if_expr(self) -> m.Expr:
        start = self.at
        then = next((i for i in range(start + 1, len(self.tokens)) if self.tokens[i][1] == "then"), None)
        if then is None:
            raise _Decline
        other = next((i for i in range(then + 1, len(self.tokens)) if self.tokens[i][1] == "else"), None)
        if other is None or any(self.tokens[i][1] == "if" for i in range(then + 1, other)):
            raise _Decline  # an `if` inside `then ... else`: leave the nesting to lark
        cond_start, cond_end = self.tokens[start + 1][2], self.tokens[then - 1][3]
        if any(t[1] in ("(", ")") for t in self.tokens[start + 1 : then]):
            raise _Decline
        cond = self.condition(self.line, cond_start, cond_end, self.ln, self.file)
        if cond is None:
            raise _Decline
        self.at = then + 1
        chosen = self.expr()
        if self.at != other:
            raise _Decline
        self.at = other + 1
        otherwise = self.expr()
        return m.IfElse(cond, chosen, otherwise, self.span(start))

    def sum(self) -> m.Expr:
        return self.binary(("+", "-"), self.product)

    def product(self) -> m.Expr:
        return self.binary(("*", "/"), self.unary)

    def binary(self, ops: tuple[str, str], operand: Callable[[], m.Expr]) -> m.Expr:
        """Left-associative `operand (op operand)*`, as the grammar's sum and product rules."""
        left = operand()
        while self.peek() in ops:
            op = self.tokens[self.at][1]
            self.at += 1
            left = m.BinOp(op, left, operand(), left.span)  # type: ignore[arg-type]
        return left

    def unary(self) -> m.Expr:
        if self.peek() == "-" and self.tokens[self.at][0] == "op":
            self.at += 1
            operand = self.unary()
            return m.Neg(operand, operand.span)
        return self.primary()

    def primary(self) -> m.Expr:
        kind, text, _, _ = self.tokens[self.at]
        index = self.at
        if kind == "int":
            self.at += 1
            return m.Num(int(text), self.span(index))
        if kind == "op":
            self.take("(")
            inner = self.expr()
            self.take(")")
            return inner
        if _bad_name(text):
            raise _Decline
        self.at += 1
        nxt = self.peek()
        if nxt == ".":
            self.at += 1
            kind2, column, _, _ = self.tokens[self.at]
            if kind2 != "name" or _bad_name(column):
                raise _Decline
            self.at += 1
            if self.peek() != "[":
                return m.Attr(text, column, self.span(index))
            self.at += 1
            keys = self.arguments("]")
            return m.Lookup(text, column, keys, self.span(index))
        if nxt == "(":
            self.at += 1
            return m.Call(text, self.arguments(")"), self.span(index))
        return m.Name(intern(text), self.span(index))

    def arguments(self, close: str) -> tuple[m.Expr, ...]:
        items = [self.expr()]
        while self.peek() == ",":
            self.at += 1
            items.append(self.expr())
        self.take(close)
        return tuple(items)
