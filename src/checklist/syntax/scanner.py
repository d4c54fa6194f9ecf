"""Lark's contextual lexer, run in one loop: the same tokens, made with less Python per token.

Lark's `ContextualLexer` builds, for each parser state, a `BasicLexer` over the terminals that
state accepts (one alternation of their compiled regexes, in Lark's order of priority), and
reads each token through five calls (`lex`, `next_token`, `match`, `Scanner.match`, `Token`) and
a `LineCounter`. `Scanning` is that lexer, built by Lark itself (it is Lark's `ContextualLexer`
plugin, `_plugins={"ContextualLexer": Scanning}`), with `lex` rewritten as one loop over the very
regexes, terminal sets and keyword callbacks Lark compiled from checklist.lark: the grammar stays
the only description of the tokens, and nothing here names one.

What it gives is what Lark's gives, token for token: the same types, values and positions, the
same lexer state after each token (`line_ctr`, `last_token`), and on text no terminal of the
state matches, Lark's own error, raised by Lark's own lexers from the place it stopped.
tests/syntax/test_scanner.py compares the two on flow/ and on broken and random text.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from lark.exceptions import LexError
from lark.lexer import BasicLexer, ContextualLexer, LexerState, PatternStr, Token, UnlessCallback

# (match, types dropped unseen, types that may hold a newline, {type: (keywords, callback, ignored)})
_Plan = tuple[
    Callable[[str, int, int], Any],
    frozenset[str],
    frozenset[str],
    dict[str, tuple[dict[str, str] | None, Callable[[Token], Token] | None, bool]],
]

_new_str = str.__new__


class Scanning(ContextualLexer):
    """Lark's contextual lexer with a faster `lex` (see the module's docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._plans = _Plans(self.lexers)  # type: ignore[arg-type]

    def lex(self, lexer_state: LexerState, parser_state: Any) -> Iterator[Token]:
        plans = self._plans
        stack = parser_state.state_stack  # the parser's state is its top (ParserState.position)
        line_ctr = lexer_state.line_ctr
        text, end = lexer_state.text.text, lexer_state.text.end
        pos, line, start = line_ctr.char_pos, line_ctr.line, line_ctr.line_start_pos
        new_str = _new_str
        while pos < end:
            match, skip, multiline, special = plans[stack[-1]]
            found = match(text, pos, end)
            if found is None:  # nothing matches here: Lark's own lexers raise Lark's own error
                line_ctr.char_pos, line_ctr.line, line_ctr.line_start_pos = pos, line, start
                line_ctr.column = pos - start + 1
                yield from self._lark_lex(lexer_state, parser_state)
                return
            kind = found.lastgroup
            token_pos, token_line, column = pos, line, pos - start + 1
            pos = found.end()
            if kind in multiline:
                value = found.group()
                newlines = value.count("\n")
                if newlines:
                    line += newlines
                    start = token_pos + value.rindex("\n") + 1
            if kind in skip:  # ignored (WS, COMMENT), and no callback wants it
                continue
            value = found.group()
            line_ctr.char_pos, line_ctr.line, line_ctr.line_start_pos = pos, line, start
            line_ctr.column = pos - start + 1
            token = new_str(Token, value)
            token.type = kind
            token.start_pos = token_pos
            token.value = value
            token.line = token_line
            token.column = column
            token.end_line = line
            token.end_column = pos - start + 1
            token.end_pos = pos
            extra = special.get(kind)
            if extra is not None:
                words, callback, ignored = extra
                if words is not None:  # a keyword read by a NAME-like terminal (Lark's UnlessCallback)
                    token.type = words.get(value, kind)
                if callback is not None:  # any other callback, as Lark calls it
                    token = callback(token)
                    if ignored:
                        continue
                    if not isinstance(token, Token):
                        raise LexError(f"Callbacks must return a token (returned {token!r})")
            lexer_state.last_token = token
            yield token
        line_ctr.char_pos, line_ctr.line, line_ctr.line_start_pos = pos, line, start
        line_ctr.column = pos - start + 1

    def _lark_lex(self, lexer_state: LexerState, parser_state: Any) -> Iterator[Token]:
        """Lark's own `lex` from where we stopped (it raises the error a stuck lexer raises)."""
        return ContextualLexer.lex(self, lexer_state, parser_state)


class _Plans(dict[int, _Plan]):
    """Each parser state's plan, made the first time the state is met (as Lark builds a state's
    regexes only then: a flow meets a few dozen of its 86 lexers, and each costs a compile)."""

    def __init__(self, lexers: dict[int, BasicLexer]) -> None:
        super().__init__()
        self._lexers = lexers
        self._made: dict[int, _Plan] = {}  # by lexer: states that share one share its plan

    def __missing__(self, state: int) -> _Plan:
        lexer = self._lexers[state]
        plan = self._made.get(id(lexer))
        if plan is None:
            plan = self._made[id(lexer)] = _plan(lexer)
        self[state] = plan
        return plan


def _plan(lexer: BasicLexer) -> _Plan:
    """What `lex` needs of one state's BasicLexer, taken from the lexer Lark built: its match (the
    alternation of the state's terminals, in Lark's order), the types dropped without a token,
    those that may hold a newline, and for each type with a callback, (the keywords it may be
    instead, the callback, whether the type is ignored)."""
    scanner = lexer.scanner  # builds the regexes and `lexer.callback` (keyword retyping among them)
    special: dict[str, tuple[dict[str, str] | None, Callable[[Token], Token] | None, bool]] = {}
    for kind, callback in lexer.callback.items():
        words = _plain_words(callback) if not lexer.g_regex_flags else None
        if words is not None and kind in lexer.ignore_types:
            continue  # an ignored token, retyped and dropped: dropped
        special[kind] = (words, None if words is not None else callback, kind in lexer.ignore_types)
    skip = frozenset(lexer.ignore_types - set(special))
    return _match(scanner._mres), skip, lexer.newline_types, special


def _match(patterns: list[Any]) -> Callable[[str, int, int], Any]:
    """Scanner.match without the tuple: the first of the regexes (Lark splits an alternation of
    over 100 groups) that matches at `pos`."""
    if len(patterns) == 1:
        return patterns[0].match  # type: ignore[no-any-return]

    def match(text: str, pos: int, end: int) -> Any:
        for pattern in patterns:
            found = pattern.match(text, pos, end)
            if found is not None:
                return found
        return None

    return match


def _plain_words(callback: Callable[[Token], Token]) -> dict[str, str] | None:
    """A keyword callback (`NAME` read as `STEP` where the word is `step`) as a table of words, when
    its terminals are plain strings without flags (its regex then matches exactly those words)."""
    if type(callback) is not UnlessCallback:
        return None
    terminals = callback.scanner.terminals
    if not all(isinstance(t.pattern, PatternStr) and not t.pattern.flags for t in terminals):
        return None
    words: dict[str, str] = {}
    for terminal in terminals:  # in the scanner's order: the first that matches wins, as in Lark
        words.setdefault(terminal.pattern.value, terminal.name)
    return words
