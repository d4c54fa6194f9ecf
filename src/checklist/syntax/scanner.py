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
state matches, Lark's own error, raised by Lark's own lexers from the place it stopped. One match
reads a token and the spaces after it (`_trailing`: only where no state could read those spaces
otherwise), which Lark reads as a second token and drops. The parser's loop (lalr.py) reads
tokens with the same plans. tests/syntax/test_scanner.py compares the two on flow/ and on broken
and random text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Any

from lark.exceptions import LexError
from lark.lexer import BasicLexer, ContextualLexer, LexerState, PatternStr, TerminalDef, Token, UnlessCallback

# (the match for each first character, types dropped unseen, types that may hold a newline,
#  {type: (keywords, callback, ignored)})
_Match = Callable[[str, int, int], Any]
_Plan = tuple[
    dict[str, _Match],
    frozenset[str],
    frozenset[str],
    dict[str, tuple[dict[str, str] | None, Callable[[Token], Token] | None, bool]],
]

_new_str = str.__new__


class Scanning(ContextualLexer):
    """Lark's contextual lexer with a faster `lex` (see the module's docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._plans = _Plans(self.lexers, _trailing(self.root_lexer))  # type: ignore[arg-type]

    def lex(self, lexer_state: LexerState, parser_state: Any) -> Iterator[Token]:
        plans = self._plans
        stack = parser_state.state_stack  # the parser's state is its top (ParserState.position)
        line_ctr = lexer_state.line_ctr
        text, end = lexer_state.text.text, lexer_state.text.end
        pos, line, start = line_ctr.char_pos, line_ctr.line, line_ctr.line_start_pos
        new_str = _new_str
        while pos < end:
            by_first, skip, multiline, special = plans[stack[-1]]
            found = by_first[text[pos]](text, pos, end)
            if found is None:  # nothing matches here: Lark's own lexers raise Lark's own error
                line_ctr.char_pos, line_ctr.line, line_ctr.line_start_pos = pos, line, start
                line_ctr.column = pos - start + 1
                yield from self._lark_lex(lexer_state, parser_state)
                return
            kind = found.lastgroup
            token_pos, token_line, column = pos, line, pos - start + 1
            value = found.group(kind)
            pos = token_end = token_pos + len(value)
            if kind in multiline:
                newlines = value.count("\n")
                if newlines:
                    line += newlines
                    start = token_pos + value.rindex("\n") + 1
            if kind in skip:  # ignored (WS, COMMENT), and no callback wants it
                pos = found.end()
                continue
            line_ctr.char_pos, line_ctr.line, line_ctr.line_start_pos = pos, line, start
            line_ctr.column = pos - start + 1
            token = new_str(Token, value)
            token.type = kind
            token.start_pos = token_pos
            token.value = value
            token.line = token_line
            token.column = column
            token.end_line = line
            token.end_column = token_end - start + 1
            token.end_pos = token_end
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
            pos = found.end()  # past the ignored text the match read on (_trailing), as Lark's next match would be
            line_ctr.char_pos, line_ctr.column = pos, pos - start + 1
        line_ctr.char_pos, line_ctr.line, line_ctr.line_start_pos = pos, line, start
        line_ctr.column = pos - start + 1

    def _lark_lex(self, lexer_state: LexerState, parser_state: Any) -> Iterator[Token]:
        """Lark's own `lex` from where we stopped (it raises the error a stuck lexer raises)."""
        return ContextualLexer.lex(self, lexer_state, parser_state)


class _Plans(dict[int, _Plan]):
    """Each parser state's plan, made the first time the state is met (as Lark builds a state's
    regexes only then: a flow meets a few dozen of its 86 lexers, and each costs a compile)."""

    def __init__(self, lexers: dict[int, BasicLexer], trail: TerminalDef | None) -> None:
        super().__init__()
        self._lexers = lexers
        self._trail = trail
        self._made: dict[int, _Plan] = {}  # by lexer: states that share one share its plan

    def __missing__(self, state: int) -> _Plan:
        lexer = self._lexers[state]
        plan = self._made.get(id(lexer))
        if plan is None:
            plan = self._made[id(lexer)] = _plan(lexer, self._trail)
        self[state] = plan
        return plan


def _plan(lexer: BasicLexer, trail: TerminalDef | None) -> _Plan:
    """What `lex` needs of one state's BasicLexer, taken from the lexer Lark built: its match (the
    alternation of the state's terminals, in Lark's order, reading on past the ignored `trail`
    after a token), the types dropped without a token, those that may hold a newline, and for each
    type with a callback, (the keywords it may be instead, the callback, whether the type is
    ignored)."""
    scanner = lexer.scanner  # builds the regexes and `lexer.callback` (keyword retyping among them)
    if trail is not None and (trail.name not in lexer.ignore_types or trail.name in lexer.callback):
        trail = None  # ignored text this state's lexer would not drop as it is
    special: dict[str, tuple[dict[str, str] | None, Callable[[Token], Token] | None, bool]] = {}
    for kind, callback in lexer.callback.items():
        words = _plain_words(callback) if not lexer.g_regex_flags else None
        if words is not None and kind in lexer.ignore_types:
            continue  # an ignored token, retyped and dropped: dropped
        special[kind] = (words, None if words is not None else callback, kind in lexer.ignore_types)
    skip = frozenset(lexer.ignore_types - set(special))
    return _ByFirst(scanner, trail), skip, lexer.newline_types, special


def _trailing(root: BasicLexer) -> TerminalDef | None:
    """An ignored terminal (WS) that each token's regex may read on past, so that a token and the
    spaces after it take one match, not two: the text is the same whatever the state after the
    token, because no other terminal of the grammar may start where it may (their first characters
    are known and none is one of its own), it holds no newline and has no callback. Lark's lexer
    would read it as the next token and drop it; the loop goes on past it (lex, lalr.py)."""
    plain = root.re is re and not root.use_bytes and not root.g_regex_flags
    if not plain:
        return None
    firsts = {t.name: _first(t.pattern.to_regexp(), 0) for t in root.terminals}
    for terminal in root.terminals:
        name = terminal.name
        if name not in root.ignore_types or name in root.newline_types or name in root.user_callbacks:
            continue
        own = firsts[name]
        if re.compile(terminal.pattern.to_regexp()).groups:  # the token's group must stay the match's last
            continue
        if own and all(first is not None and not first & own for other, first in firsts.items() if other != name):
            return terminal
    return None


class _ByFirst(dict[str, _Match]):
    """The state's alternation of terminals, for each character a token may start with: only the
    terminals that can start with it, in Lark's order (a `go` at the start of a line is then tried
    against `GO`, not the 37 terminals a statement may start with). Where Lark's alternation
    matches, the first terminal that matches is one of these, so it is the one this finds. A
    terminal whose first characters cannot be told (`_first`) is in every one; made per character
    the first time it is met."""

    def __init__(self, scanner: Any, trail: TerminalDef | None) -> None:
        super().__init__()
        self._scanner = scanner
        self._trail = None if trail is None else trail.pattern.to_regexp()
        plain = scanner.re_ is re and not scanner.use_bytes  # else every character gets Lark's regexes
        flags = scanner.g_regex_flags
        self._firsts = [(t, _first(t.pattern.to_regexp(), flags) if plain else None) for t in scanner.terminals]

    def __missing__(self, char: str) -> _Match:
        chosen = tuple(t for t, first in self._firsts if first is None or char in first)
        match = self[char] = _alternation(self._scanner, chosen, self._trail)
        return match


def _alternation(scanner: Any, terminals: tuple[Any, ...], trail: str | None) -> _Match:
    """Scanner.match over these terminals (as Lark's Scanner writes them), without the tuple, and
    reading on past the ignored text `trail` after the token (the token is the match's group)."""
    if not terminals:
        return _nothing
    if len(terminals) == len(scanner.terminals) and trail is None:
        patterns = scanner._mres  # all of them: Lark's own regexes
    else:
        try:
            named = tuple((t.name, t.pattern.to_regexp()) for t in terminals)
            patterns = [_compiled(named, scanner.g_regex_flags, trail)]
        except (AssertionError, OverflowError, re.error):  # too many groups: Lark's own regexes
            patterns = scanner._mres
    if len(patterns) == 1:
        return patterns[0].match  # type: ignore[no-any-return]

    def match(text: str, pos: int, end: int) -> Any:
        for pattern in patterns:
            found = pattern.match(text, pos, end)
            if found is not None:
                return found
        return None

    return match


@lru_cache(maxsize=1024)
def _compiled(terminals: tuple[tuple[str, str], ...], flags: int, trail: str | None) -> Any:
    """The alternation (the first that matches wins, as in Lark's), then the ignored text after it
    if any: optional, so it never changes which terminal matches nor how much of the text."""
    alternation = "|".join(f"(?P<{name}>{regexp})" for name, regexp in terminals)
    return re.compile(alternation if trail is None else f"(?:{alternation})(?:{trail})?", flags)


def _nothing(text: str, pos: int, end: int) -> None:
    """No terminal of the state starts with this character: Lark's lexer fails here too."""
    return None


@lru_cache(maxsize=512)  # a terminal is in many states' lexers
def _first(pattern: str, flags: int) -> frozenset[str] | None:
    """The characters a match of `pattern` may start with (more, never fewer), or None when this
    cannot tell (a class like `\\w` or `[^x]`, `.`, a flag that changes case, a back reference)."""
    if flags & (re.IGNORECASE | re.VERBOSE):
        return None
    try:
        parsed = re._parser.parse(pattern, flags)
    except (re.error, RecursionError):
        return None
    found = _first_of(list(parsed), 0)
    return None if found is None or found[1] else found[0]  # a pattern that may match nothing: unknown


def _first_of(items: list[Any], depth: int) -> tuple[frozenset[str], bool] | None:
    """(the first characters of this sequence of items, whether it may match the empty string)."""
    if depth > 50:
        return None
    chars: set[str] = set()
    for op, arg in items:
        name = str(op)
        if name in ("AT", "ASSERT", "ASSERT_NOT"):  # zero width: it only narrows what follows
            continue
        if name == "LITERAL":
            return frozenset(chars | {chr(arg)}), False
        if name == "IN":
            found = _first_in(arg)
            return None if found is None else (frozenset(chars | found), False)
        if name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
            low, _, body = arg
            inner = _first_of(list(body), depth + 1)
            if inner is None:
                return None
            chars |= inner[0]
            if low > 0 and not inner[1]:
                return frozenset(chars), False
            continue
        if name in ("SUBPATTERN", "ATOMIC_GROUP"):
            if name == "SUBPATTERN":
                _, add, remove, body = arg
                if (add | remove) & (re.IGNORECASE | re.VERBOSE):
                    return None
            else:
                body = arg
            inner = _first_of(list(body), depth + 1)
            if inner is None:
                return None
            chars |= inner[0]
            if not inner[1]:
                return frozenset(chars), False
            continue
        if name == "BRANCH":
            empty = False
            for branch in arg[1]:
                inner = _first_of(list(branch), depth + 1)
                if inner is None:
                    return None
                chars |= inner[0]
                empty = empty or inner[1]
            if not empty:
                return frozenset(chars), False
            continue
        return None  # ANY, NOT_LITERAL, GROUPREF, CATEGORY ...: anything may follow
    return frozenset(chars), True


def _first_in(items: list[Any]) -> set[str] | None:
    """The characters of a class `[...]`, or None for a negated or open-ended one."""
    chars: set[str] = set()
    for op, arg in items:
        name = str(op)
        if name == "LITERAL":
            chars.add(chr(arg))
        elif name == "RANGE" and arg[1] - arg[0] < 1024:
            chars.update(chr(c) for c in range(arg[0], arg[1] + 1))
        else:  # NEGATE, CATEGORY (\\d, \\w), a huge range
            return None
    return chars


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
