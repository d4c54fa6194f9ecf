"""Transformer rules for expressions, step actions and cards (mixed into parse._ToModel).

Kept apart from parse.py, which imports lark: these methods only see lark's tokens.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from checklist import model as m

if TYPE_CHECKING:
    from lark import Token


class ComputeToModel:
    file: str

    def sp(self, tok: Token) -> m.Span:  # pragma: no cover - provided by parse._ToModel
        raise NotImplementedError

    def emit(self, kind: str, value: Any, tok: Token) -> None:  # pragma: no cover - as above
        raise NotImplementedError

    # -- expressions
    def num_expr(self, c: list[Token]) -> m.Expr:
        return m.Num(int(c[0]), self.sp(c[0]))

    def name_expr(self, c: list[Token]) -> m.Expr:
        return m.Name(str(c[0]), self.sp(c[0]))

    def lookup_expr(self, c: list[Any]) -> m.Expr:
        return m.Lookup(str(c[0]), str(c[1]), tuple(c[2:]), self.sp(c[0]))

    def attr_expr(self, c: list[Token]) -> m.Expr:
        return m.Attr(str(c[0]), str(c[1]), self.sp(c[0]))

    def call_expr(self, c: list[Any]) -> m.Expr:
        return m.Call(str(c[0]), tuple(c[1:]), self.sp(c[0]))

    def add_expr(self, c: list[m.Expr]) -> m.Expr:
        return m.BinOp("+", c[0], c[1], c[0].span)

    def sub_expr(self, c: list[m.Expr]) -> m.Expr:
        return m.BinOp("-", c[0], c[1], c[0].span)

    def mul_expr(self, c: list[m.Expr]) -> m.Expr:
        return m.BinOp("*", c[0], c[1], c[0].span)

    def div_expr(self, c: list[m.Expr]) -> m.Expr:
        return m.BinOp("/", c[0], c[1], c[0].span)

    def neg_expr(self, c: list[m.Expr]) -> m.Expr:
        return m.Neg(c[0], c[0].span)

    def test_expr(self, c: list[Any]) -> m.Expr:
        return m.Test(str(c[1]), c[0], c[2], c[0].span)  # type: ignore[arg-type]

    def if_expr(self, c: list[Any]) -> m.Expr:
        parts = [x for x in c if not _is_token(x)]
        return m.IfElse(parts[0], parts[1], parts[2], self.sp(c[0]))

    # -- step actions
    def add(self, c: list[Token]) -> None:
        self.emit("action", m.Add(str(c[1]), str(c[2]), self.sp(c[1])), c[0])

    def find(self, c: list[Token]) -> None:
        self.emit("action", m.Find(str(c[1]), self.sp(c[1])), c[0])

    def record(self, c: list[Any]) -> None:
        self.emit("action", m.Record(str(c[1]), str(c[2]), c[3], self.sp(c[1])), c[0])

    def next_turn(self, c: list[Token]) -> None:
        self.emit("action", m.NextTurn(self.sp(c[0])), c[0])

    def show_card(self, c: list[Token]) -> None:
        names = [t for t in c if t.type in ("NAME", "DECK_NAME")]
        self.emit("show_card", m.ShowCard(str(names[0]), str(names[1]), self.sp(names[0])), c[0])

    # -- cards
    def deck(self, c: list[Token]) -> None:
        self.emit("deck", (str(c[1]), str(c[2])[1:-1]), c[1])

    def category(self, c: list[Token]) -> None:
        self.emit("category", m.Category(str(c[1]), str(c[2])[1:-1], self.sp(c[1])), c[0])

    def card(self, c: list[Token]) -> None:
        self.emit("card", (str(c[1]), str(c[2])[1:-1]), c[1])

    def card_in(self, c: list[Token]) -> None:
        self.emit("card_in", tuple(str(t) for t in c[1:]), c[0])

    def card_field(self, c: list[Token]) -> None:
        name, _, text = str(c[0]).partition(":")
        self.emit("card_field", m.CardField(name.strip(), text.strip(), self.sp(c[0])), c[0])  # type: ignore[arg-type]


def _is_token(x: object) -> bool:
    return hasattr(x, "type") and hasattr(x, "value")
