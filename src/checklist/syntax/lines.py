"""A line goes on while a `(` or `[` is open: the one rule of checklist.lark that a grammar
cannot state, applied the way Lark's own Indenter does it for Python, as a postlexer.

The _NL tokens between an open bracket and the one that closes it are dropped, so the parser
sees one statement on one line.  When a parse stops at a syntax error, `open` holds the brackets
still open and `continued` the lines that went on a statement begun above: the error can then
name the `(` that was never closed, and never call a wrapped line an unknown statement.
"""

from __future__ import annotations

from collections.abc import Iterator

from lark import Token
from lark.lark import PostLex

# The grammar's bracket terminals: Lark names the anonymous "(" LPAR, ")" RPAR, "[" LSQB, "]" RSQB
# (tests/syntax/test_lines.py checks that they are these characters).
OPENING = frozenset({"LPAR", "LSQB"})
CLOSING = frozenset({"RPAR", "RSQB"})


class Continuation(PostLex):
    always_accept = ("_NL",)  # the contextual lexer reads a line's end even where no statement may end
    watch = frozenset({"_NL", *OPENING, *CLOSING})  # the token types `see` looks at; the others pass

    def __init__(self) -> None:
        self.open: list[Token] = []
        self.continued: set[int] = set()

    def process(self, stream: Iterator[Token]) -> Iterator[Token]:
        self.begin()
        return self.go_on(stream)

    def begin(self) -> None:
        """A new text: no bracket open."""
        self.open, self.continued = [], set()

    def go_on(self, stream: Iterator[Token]) -> Iterator[Token]:
        """The tokens the parser gets, from where the postlexer is (lalr.py reads on with it)."""
        watch, see = self.watch, self.see
        for token in stream:
            if token.type not in watch or see(token):
                yield token

    def see(self, token: Token) -> bool:
        """Whether the parser gets this token (of a type in `watch`); notes the brackets."""
        kind = token.type
        if kind == "_NL":
            if self.open:  # inside brackets: the statement goes on
                self.continued.update(range((token.line or 0) + 1, (token.end_line or 0) + 1))
                return False
        elif kind in OPENING:
            self.open.append(token)
        elif kind in CLOSING and self.open:
            self.open.pop()
        return True
