"""Lark's LALR parser, run in one loop with its lexer: the same table, callbacks, trees and errors.

Lark parses a token at a time: its contextual lexer (here `Scanning`, scanner.py) is a generator,
the postlexer (`Continuation`, lines.py) another, and each token goes to `ParserState.feed_token`,
which looks the action up in the parse table Lark built from checklist.lark, then finds each
reduction's callback in a dict keyed by Lark's `Rule` objects (whose `__hash__` and `__eq__` are
Python) and its goto by the rule's name. `Driving` is Lark's own `LALR_Parser`, plugged in
through Lark's `_plugins` option, with `parse` rewritten as one loop that reads each token and
takes its actions at once: the actions are read from Lark's table (`_parse_table`, as Lark
analysed or loaded it), each reduction already paired with the callback Lark made for its rule.
Nothing here names a rule or a terminal: the grammar stays the only description of the syntax.

What it gives is what Lark's loop gives: the same callbacks on the same children in the same
order (so the same tree, or the same statements), the same lexer state, the same postlexer state.
Where something goes wrong it hands over to Lark: on a token the table has no action for, Lark's
own `feed_token` raises Lark's own `UnexpectedToken` from the very state; where no terminal
matches, the rest of the text is read by Lark's own contextual lexer and parsed by Lark's own
loop (`parse_from_state`), which raises what it raises; the end of the text (`$END`) is fed by
Lark. Every exception gets its `interactive_parser` as Lark's loop gives it. With another lexer
or postlexer (`checklist fmt` records its tokens), `on_error`, or `debug`, it is Lark's parser
as it comes. tests/syntax/test_lalr.py compares the two on flow/, mutated and generated text.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from copy import copy
from typing import Any

from lark.exceptions import LexError, UnexpectedInput
from lark.lexer import ContextualLexer, LexerThread, Token
from lark.parser_frontends import PostLexConnector
from lark.parsers.lalr_analysis import Shift
from lark.parsers.lalr_interactive_parser import InteractiveParser
from lark.parsers.lalr_parser import LALR_Parser
from lark.parsers.lalr_parser_state import ParseConf, ParserState

from checklist.syntax.lines import Continuation
from checklist.syntax.scanner import Scanning

# One parser state's actions, by terminal or rule name: the state shifted to (an int: a token's
# shift, or a rule's goto), or for a reduction (the number of children, the callback, the rule's name)
_Reduce = tuple[int, Callable[[list[Any]], Any], str]
_Row = dict[str, "int | _Reduce"]

_new_str = str.__new__


class Driving(LALR_Parser):
    """Lark's LALR parser with a faster `parse` (see the module's docstring)."""

    _rows: list[_Row] | dict[int, _Row] | None = None
    _rows_for: tuple[object, ...] = ()

    def parse(self, lexer: LexerThread, start: str, on_error: Any = None) -> Any:
        fused = _fusable(lexer)
        if fused is None or on_error is not None or self.parser.debug:
            return super().parse(lexer, start, on_error)  # type: ignore[no-untyped-call]
        return self._drive(lexer, start, *fused)

    def rows(self) -> list[_Row] | dict[int, _Row]:
        """Lark's table with each reduction's callback beside it, made again if the callbacks
        changed since (parser.lean replaces some after Lark is built, before the first parse)."""
        callbacks = self.parser.callbacks
        now = tuple(callbacks.values())
        if self._rows is None or now != self._rows_for:
            self._rows, self._rows_for = _rows(self._parse_table.states, callbacks), now  # type: ignore[arg-type]
        return self._rows

    def _drive(self, thread: LexerThread, start: str, scanning: Scanning, postlex: Continuation | None) -> Any:
        """One parse, in one function: a call per token is what this saves."""
        rows: Any = self.rows()
        callbacks = self.parser.callbacks
        on_shift = {name: f for name, f in callbacks.items() if isinstance(name, str)}  # a terminal's callback
        conf: ParseConf[Any] = ParseConf(self._parse_table, callbacks, start)
        state: ParserState[Any] = ParserState(conf, thread)
        stack: list[int] = state.state_stack
        values: list[Any] = state.value_stack
        push_state, push_value = stack.append, values.append
        if postlex is not None:
            postlex.begin()
            watch, see = postlex.watch, postlex.see
        else:
            watch, see = frozenset(), None
        lexer_state = thread.state
        assert lexer_state is not None
        line_ctr = lexer_state.line_ctr
        text, end = lexer_state.text.text, lexer_state.text.end
        pos, line, start_pos = line_ctr.char_pos, line_ctr.line, line_ctr.line_start_pos
        plans = scanning._plans
        new_str = _new_str
        made = lexer_state.last_token  # the last token the lexer made
        fed: Token | None = None  # the last token the parser was given
        top = stack[-1]
        row = rows[top]
        try:
            while pos < end:
                # -- the lexer: scanner.Scanning.lex, inline
                by_first, skip, multiline, special = plans[top]
                found = by_first[text[pos]](text, pos, end)
                if found is None:  # no terminal matches here: Lark reads on, and raises its error
                    line_ctr.char_pos, line_ctr.line, line_ctr.line_start_pos = pos, line, start_pos
                    line_ctr.column = pos - start_pos + 1
                    lexer_state.last_token = made
                    break
                kind = found.lastgroup
                token_pos, token_line, column = pos, line, pos - start_pos + 1
                value = found.group(kind)
                token_end = token_pos + len(value)
                pos = found.end()  # past the ignored text the match read on (scanner._trailing)
                if kind in multiline:
                    newlines = value.count("\n")
                    if newlines:
                        line += newlines
                        start_pos = token_pos + value.rindex("\n") + 1
                if kind in skip:
                    continue
                token = new_str(Token, value)
                token.type = kind
                token.start_pos = token_pos
                token.value = value
                token.line = token_line
                token.column = column
                token.end_line = line
                token.end_column = token_end - start_pos + 1
                token.end_pos = token_end
                extra = special.get(kind)
                if extra is not None:
                    words, callback, ignored = extra
                    if words is not None:
                        token.type = kind = words.get(value, kind)
                    if callback is not None:
                        line_ctr.char_pos, line_ctr.line, line_ctr.line_start_pos = token_end, line, start_pos
                        line_ctr.column = token_end - start_pos + 1
                        token = callback(token)
                        if ignored:
                            pos = token_end  # as Scanning.lex: the ignored text after it is read on its own
                            continue
                        if not isinstance(token, Token):
                            raise LexError(f"Callbacks must return a token (returned {token!r})")
                        kind = token.type
                made = token
                # -- the postlexer: the token types it looks at, one at a time
                if kind in watch and not see(token):  # type: ignore[misc]  # see is set when watch is not empty
                    continue
                fed = token
                # -- the parser: ParserState.feed_token, inline, with Lark's table
                while True:
                    action = row.get(kind)
                    if action.__class__ is int:  # shift
                        push_state(action)
                        push_value(token if kind not in on_shift else on_shift[kind](token))
                        top = action
                        row = rows[top]
                        break
                    if action is None:  # no action: Lark's own step raises Lark's own error
                        line_ctr.char_pos, line_ctr.line, line_ctr.line_start_pos = token_end, line, start_pos
                        line_ctr.column = token_end - start_pos + 1
                        lexer_state.last_token = made
                        state.feed_token(token)
                        top = stack[-1]
                        row = rows[top]
                        break
                    size, build, name = action
                    if size == 1:  # the most frequent: the child's place on the stacks is the parent's
                        try:
                            value = build([values[-1]])
                        except BaseException:  # the stacks as Lark's loop leaves them: the child taken off
                            del stack[-1], values[-1]
                            raise
                        top = rows[stack[-2]][name]
                        stack[-1] = top
                        values[-1] = value
                        row = rows[top]
                        continue
                    if size:
                        children = values[-size:]
                        del stack[-size:]
                        del values[-size:]
                    else:
                        children = []
                    top = rows[stack[-1]][name]
                    push_value(build(children))
                    push_state(top)
                    row = rows[top]
            else:
                line_ctr.char_pos, line_ctr.line, line_ctr.line_start_pos = pos, line, start_pos
                line_ctr.column = pos - start_pos + 1
                lexer_state.last_token = made
                end_token = Token.new_borrow_pos("$END", "", fed) if fed else Token("$END", "", 0, 1, 1)
                return state.feed_token(end_token, True)
        except UnexpectedInput as e:  # as Lark's parse_from_state
            e.interactive_parser = InteractiveParser(self.parser, state, state.lexer)
            raise
        # Lark's own lexer and loop, from here on; what it raises holds the thread as Lark's would
        state.lexer = _ReadingOn(thread, scanning, postlex)
        try:
            return self.parser.parse_from_state(state, last_token=fed)
        except UnexpectedInput as e:
            e.interactive_parser = InteractiveParser(self.parser, state, thread)
            raise
        finally:
            state.lexer = thread


class _ReadingOn(LexerThread):
    """The rest of the text, read by Lark's own contextual lexer through the postlexer (which
    goes on where it was, its brackets still open)."""

    def __init__(self, thread: LexerThread, scanning: Scanning, postlex: Continuation | None) -> None:
        super().__init__(thread.lexer, thread.state)
        self._thread, self._scanning, self._postlex = thread, scanning, postlex

    def lex(self, parser_state: Any) -> Iterator[Token]:
        tokens = ContextualLexer.lex(self._scanning, self.state, parser_state)  # type: ignore[arg-type]
        return tokens if self._postlex is None else self._postlex.go_on(tokens)

    def __copy__(self) -> LexerThread:
        return copy(self._thread)


def _children(children: list[Any]) -> list[Any]:
    return children


def _fusable(thread: LexerThread) -> tuple[Scanning, Continuation | None] | None:
    """The lexer and postlexer when the loop can read for them: our scanner, and no postlexer or
    one that passes tokens on as `Continuation.see` says (one not overriding `process`)."""
    lexer = getattr(thread, "lexer", None)
    if type(thread) is not LexerThread or thread.state is None:
        return None
    postlex = None
    if type(lexer) is PostLexConnector:
        postlex, lexer = lexer.postlexer, lexer.lexer
        if not isinstance(postlex, Continuation) or type(postlex).process is not Continuation.process:
            return None
        if type(postlex).go_on is not Continuation.go_on:
            return None
    if not isinstance(lexer, Scanning) or type(lexer).lex is not Scanning.lex:
        return None
    return lexer, postlex


def _rows(states: dict[int, dict[str, tuple[Any, Any]]], callbacks: dict[Any, Any]) -> list[_Row] | dict[int, _Row]:
    """Lark's parse table, each state's actions as `Driving` reads them (see `_Row`)."""
    made: dict[int, _Row] = {}
    for state, actions in states.items():
        row: _Row = {}
        for name, (action, arg) in actions.items():
            if action is Shift:
                row[name] = arg
            else:  # no callbacks at all: Lark gives the list of children
                row[name] = (len(arg.expansion), callbacks[arg] if callbacks else _children, arg.origin.name)
        made[state] = row
    if sorted(made) == list(range(len(made))):
        return [made[state] for state in range(len(made))]
    return made
