"""The lexer read in one loop (syntax/scanner.py) gives what Lark's own contextual lexer gives:
the same tokens with the same places, the same errors where no terminal matches, and so the same
statements and diagnostics, on flow/, the broken corpus and thousands of mutated texts."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from lark import Token, UnexpectedInput
from tests.conftest import ROOT

from checklist.program.files import LoadError
from checklist.program.load import read_source
from checklist.syntax import parser as p
from checklist.syntax import scanner
from checklist.syntax.lines import Continuation
from checklist.syntax.scanner import Scanning


def readable(path: Path) -> bool:
    try:
        read_source(path)
    except LoadError:  # the bad corpus: binary, UTF-16, ...
        return False
    return True


FILES = sorted(p for p in {*ROOT.glob("flow/*.flow"), *ROOT.glob("tests/**/*.flow")} if readable(p))
TEXTS = {str(path.relative_to(ROOT)): read_source(path) for path in FILES}


class Recording(Continuation):
    """The postlexer, keeping every token the lexer made, before brackets drop line ends."""

    def __init__(self) -> None:
        super().__init__()
        self.tokens: list[Token] = []

    def process(self, stream: Iterator[Token]) -> Iterator[Token]:
        self.tokens = []
        return super().process(self._keep(stream))

    def _keep(self, stream: Iterator[Token]) -> Iterator[Token]:
        for token in stream:
            self.tokens.append(token)
            yield token


def _parsers() -> dict[bool, tuple[Any, Recording]]:
    made = {}
    for scanning in (True, False):
        lines = Recording()
        made[scanning] = (p.build_parser(from_tables=True, lines=lines, faster=scanning)[0], lines)
    return made


PARSERS = _parsers()


def _token(t: Token | None) -> tuple[object, ...] | None:
    if t is None:
        return None
    return (type(t), t.type, str(t), t.value, t.start_pos, t.line, t.column, t.end_line, t.end_column, t.end_pos)


def _error(exc: UnexpectedInput) -> tuple[object, ...]:
    token = getattr(exc, "token", None)
    history = getattr(exc, "token_history", None)
    state = getattr(exc, "state", None)
    return (
        type(exc),
        str(exc),
        exc.line,
        exc.column,
        exc.pos_in_stream,
        _token(token) if isinstance(token, Token) else token,
        sorted(getattr(exc, "expected", ()) or ()),
        sorted(getattr(exc, "allowed", ()) or ()),
        getattr(exc, "char", None),
        [_token(t) for t in history] if history else history,
        getattr(state, "position", None),
    )


def lexed(text: str, scanning: bool) -> tuple[list[tuple[object, ...]], tuple[object, ...] | None, object]:
    """Every token read, the error if the text does not parse, and the lexer's state at the end."""
    lark, lines = PARSERS[scanning]
    lark.options.transformer.reset("t.flow", lambda s: None)
    error = None
    try:
        lark.parse(text)
    except UnexpectedInput as exc:
        error = _error(exc)
    return [_token(t) for t in lines.tokens], error, sorted(lines.continued)


def same_lexing(text: str) -> None:
    ours, theirs = lexed(text, True), lexed(text, False)
    assert ours[0] == theirs[0]
    assert ours[1:] == theirs[1:]


def parsed(text: str, scanning: bool) -> tuple[list[str], list[str]]:
    """The statements and diagnostics of `parse` (errors and resumption too), as repr (spans)."""
    saved = getattr(p._LOCAL, "parser", None)
    p._LOCAL.parser = p.build_parser(from_tables=True, faster=scanning)
    try:
        statements, said = p.parse(text, "t.flow")
    finally:
        p._LOCAL.parser = saved
    return [repr(s) for s in statements], [repr(d) for d in said]


def test_the_parser_reads_with_the_scanning_lexer() -> None:
    lark = p._parser()[0]
    assert isinstance(lark.parser.lexer.lexer, Scanning)


@pytest.mark.parametrize("name", sorted(TEXTS))
def test_every_flow_lexes_and_parses_the_same(name: str) -> None:
    text = TEXTS[name]
    same_lexing(text if text.endswith("\n") else text + "\n")
    assert parsed(text, True) == parsed(text, False)


def _mutants(seed: int, count: int) -> Iterator[str]:
    """Texts a little broken: lines deleted, swapped, cut, and characters put in anywhere."""
    rng = random.Random(seed)
    names = sorted(TEXTS)
    noise = ['"', "(", ")", "[", "]", "->", "|", "#", "\t", " ", "\n", "-", ".", ":", "=", ",", "1d6", "é", "\f",
             "step", "if", "go", "for each", "columns ", "row ", "fact", "in", "not", "x", "99999999999",
             "B12-3"]  # fmt: skip
    for _ in range(count):
        text = TEXTS[rng.choice(names)]
        lines = text.split("\n")
        start = rng.randrange(len(lines))
        lines = lines[start : start + rng.randint(1, 60)]
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(lines))
            kind = rng.randrange(4)
            if kind == 0 and len(lines) > 1:
                del lines[i]
            elif kind == 1:
                j = rng.randrange(len(lines))
                lines[i], lines[j] = lines[j], lines[i]
            elif kind == 2:
                lines[i] = lines[i][: rng.randint(0, len(lines[i]))]
            else:
                at = rng.randint(0, len(lines[i]))
                lines[i] = lines[i][:at] + rng.choice(noise) + lines[i][at:]
        yield "\n".join(lines) + rng.choice(["", "\n", "\n\n", "  # end"])


@pytest.mark.parametrize("seed", range(8))
def test_mutated_texts_lex_and_parse_the_same(seed: int) -> None:
    for text in _mutants(seed, 150):
        same_lexing(text)
        assert parsed(text, True) == parsed(text, False), text


@pytest.mark.parametrize(
    "text",
    ["", "\n", "# only a comment", "   \n\t\n", "step 1 \"x\"", "step 1 \"x\"\n| prose (", "@", "step 1 @\n",
     "fact x : number per turn \"X\" = (1 +\n 2)\n", "if a -> 2\n", "\f\n\n#x\n  go 3  # c\n",
     "checklist a \"b\"\n\x85"],
)  # fmt: skip
def test_edges_lex_and_parse_the_same(text: str) -> None:
    same_lexing(text)
    assert parsed(text, True) == parsed(text, False)


def test_a_lexer_callback_is_called_as_lark_calls_it() -> None:
    """Lark's own lexer_callbacks still run (the plan keeps any callback that is not a keyword's)."""
    seen: dict[bool, list[tuple[object, ...]]] = {}
    for scanning in (True, False):
        calls: list[tuple[object, ...]] = []

        def keep(token: Token, calls: list[tuple[object, ...]] = calls) -> Token:
            calls.append(_token(token))
            return token

        from lark import Lark

        plugins = {"ContextualLexer": Scanning} if scanning else {}
        lark = Lark(
            p.grammar_text(), lexer_callbacks={"COMMENT": keep, "NAME": keep}, postlex=Continuation(),
            _plugins=plugins, **p.OPTIONS,  # type: ignore[arg-type]
        )  # fmt: skip
        lark.parse('checklist a "b"  # one\nstep 1 "x"\ngo end # two\nif not ready -> 2\n')
        seen[scanning] = calls
    assert seen[True] == seen[False] and len(seen[True]) > 3


def test_first_characters_are_never_too_few() -> None:
    """scanner._first may say more characters than a terminal can start with, never fewer: else a
    state's alternation for a character would leave out a terminal that matches there."""
    lark = p._parser()[0]
    patterns = [t.pattern.to_regexp() for t in lark.terminals]
    patterns += [r"x?y", r"(?:ab|)c", r"[a-c]+|d", r"(?=a)\w", r"a{0,2}b", r"(?>ab)", r"\bq", r"(?<=a)b"]
    rng = random.Random(7)
    alphabet = "abcdeflmnorstwxyBCHIMT0123456789-_|#:.,()[]\"' \t\f\n=<>!+*/?"
    samples = ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 12))) for _ in range(20000)]
    samples += [line.lstrip() for text in TEXTS.values() for line in text.split("\n") if line.strip()]
    checked = 0
    for pattern in patterns:
        first = scanner._first(pattern, 0)
        assert first is not None or pattern in (r"(?=a)\w",), pattern
        if first is None:
            continue
        compiled = re.compile(pattern)
        for sample in samples:
            found = compiled.match(sample)
            if found is not None and found.end() > 0:
                assert sample[0] in first, (pattern, sample)
                checked += 1
    assert checked > 10000


def test_first_characters_are_unknown_where_they_cannot_be_told() -> None:
    for pattern in [r"\w+", r".x", r"[^a]", r"x?", r"(?i:ab)", r"\d"]:
        assert scanner._first(pattern, 0) is None, pattern
    assert scanner._first("ab", re.IGNORECASE) is None


def test_each_character_is_tried_against_few_terminals() -> None:
    """A statement's keyword is tried against the terminals that may start with its letter."""
    lark = p._parser()[0]
    p.parse(TEXTS["flow/combat.flow"], "combat.flow")
    plans = list(lark.parser.lexer.lexer._plans._made.values())
    widest = max(plans, key=lambda plan: len(plan[0]._scanner.terminals))[0]
    assert len(widest._scanner.terminals) > 30
    chosen = [t.name for t, first in widest._firsts if first is None or "g" in first]
    assert chosen == ["GO"]


def test_the_spaces_after_a_token_are_read_with_it() -> None:
    """WS is the ignored text each token's regex reads on past: no other terminal may start with a
    space, a tab or a form feed, and WS holds no newline."""
    lark = p._parser()[0]
    scanning = lark.parser.lexer.lexer
    trail = scanner._trailing(scanning.root_lexer)
    assert trail is not None and trail.name == "WS"
    match = scanning._plans[lark.parser.parser._parse_table.start_states["start"]][0]["g"]
    found = match("go  \t7", 0, 6)
    assert (found.lastgroup, found.group(found.lastgroup), found.end()) == ("GO", "go", 5)


@pytest.mark.parametrize(
    ("grammar", "text"),
    [
        ('start: (A | B)*\nA: "a"\nB: / +b/\n%ignore / +/\n', "a  b a   a b"),  # B starts with a space
        (
            'start: (A | B)*\nA: "a"\nB: /b\\n?/\n%ignore /[ \\n]+/\n',
            "a \n b\na b \n",
        ),  # the ignored text may hold a newline
        ('start: (A | B)*\nA: "a"\nB: /(b)c?/\n%ignore /( )+/\n', "a  b a   bc"),  # the ignored has a group
        ('start: (A | B)*\nA: "a"\nB: "b"\nWS: / +/\n%ignore WS\n', "a  b a   a b"),  # the one that reads on
    ],
)
def test_ignored_text_is_read_on_only_where_no_state_could_read_it_otherwise(grammar: str, text: str) -> None:
    from lark import Lark

    seen = {}
    for scanning in (True, False):
        plugins = {"ContextualLexer": Scanning} if scanning else {}
        lark = Lark(grammar, parser="lalr", lexer="contextual", _plugins=plugins)
        seen[scanning] = [_token(t) for t in lark.parse(text).children]
        if scanning:
            trail = scanner._trailing(lark.parser.lexer.root_lexer)
            assert (trail is not None) == grammar.endswith("%ignore WS\n"), grammar
    assert seen[True] == seen[False]


def test_no_ignored_text_is_read_on_where_a_callback_wants_it() -> None:
    from lark import Lark

    seen: dict[bool, list[object]] = {}
    for scanning in (True, False):
        calls: list[object] = []

        def keep(token: Token, calls: list[object] = calls) -> Token:
            calls.append(_token(token))
            return token

        plugins = {"ContextualLexer": Scanning} if scanning else {}
        lark = Lark(
            'start: (A | B)*\nA: "a"\nB: "b"\nWS: / +/\n%ignore WS\n', parser="lalr", lexer="contextual",
            _plugins=plugins, lexer_callbacks={"WS": keep},
        )  # fmt: skip
        if scanning:
            assert scanner._trailing(lark.parser.lexer.root_lexer) is None
        seen[scanning] = [[_token(t) for t in lark.parse("a  b a").children], calls]
    assert seen[True] == seen[False] and len(seen[True][1]) == 2
