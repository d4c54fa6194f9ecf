"""The LALR loop of our own (syntax/lalr.py, `Driving`) gives what Lark's own parser gives: the
same trees (every token with its places), the same statements and diagnostics, the same errors
with the same parser, lexer and postlexer states, on flow/, mutated texts, and texts hypothesis
makes of the grammar's words; and it hands over to Lark where it says it does."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark import Lark, Token, Transformer, Tree, UnexpectedInput
from lark.lexer import LexerThread
from lark.parsers.lalr_parser import LALR_Parser, _Parser
from tests.syntax.test_scanner import TEXTS, _error, _mutants, _token

from checklist.syntax import lalr
from checklist.syntax import parser as p
from checklist.syntax.format import format_text
from checklist.syntax.lalr import Driving
from checklist.syntax.lines import Continuation
from checklist.syntax.scanner import Scanning

OURS = {"ContextualLexer": Scanning, "LALR_Parser": Driving}


def _lark(ours: bool, from_tables: bool = True, **options: Any) -> Lark:
    """A parser that builds Lark's tree (no transformer): ours, or Lark as it comes."""
    plugins = OURS if ours else {}
    tables = p._tables() if from_tables else None
    if tables is not None:
        return Lark._load_from_dict(  # type: ignore[no-untyped-call]
            tables["data"], tables["memo"], postlex=Continuation(), _plugins=plugins, **options
        )
    return Lark(p.grammar_text(), postlex=Continuation(), cache=False, _plugins=plugins, **p.OPTIONS, **options)


TREES = {ours: _lark(ours) for ours in (True, False)}


def shape(value: object) -> list[object]:
    """A tree as data, flat (a deep tree has a node per parenthesis): each node's name, number of
    children and places, each token with its type and places, in order."""
    out: list[object] = []
    todo = [value]
    while todo:
        item = todo.pop()
        if isinstance(item, Tree):
            meta = item._meta
            where = None if meta is None or getattr(meta, "empty", True) else (meta.line, meta.column, meta.end_pos)
            out.append((item.data, len(item.children), where))
            todo.extend(reversed(item.children))
        elif isinstance(item, list):
            out.append(("list", len(item)))
            todo.extend(reversed(item))
        elif isinstance(item, Token):
            out.append(_token(item))
        else:
            out.append(repr(item))
    return out


def run(lark: Lark, text: str, lark_s_loop: bool = False) -> tuple[object, ...]:
    """What parsing `text` gives: the tree or the error, and where the parser, the lexer and the
    postlexer were at the end. `lark_s_loop`: parsed by Lark's LALR_Parser.parse, whatever the
    parser's class (the same table, callbacks and lexer)."""
    frontend = lark.parser
    thread = LexerThread.from_text(frontend.lexer, text)
    postlex = frontend.lexer.postlexer
    tree: object = None
    error: object = None
    stacks: object = None
    try:
        parse = LALR_Parser.parse if lark_s_loop else type(frontend.parser).parse
        tree = shape(parse(frontend.parser, thread, "start"))
    except UnexpectedInput as exc:
        error = _error(exc)
        state = exc.interactive_parser.parser_state
        stacks = (list(state.state_stack), shape(state.value_stack))
        assert exc.interactive_parser.lexer_thread is thread
    assert thread.state is not None
    ctr = thread.state.line_ctr
    lexer = (ctr.char_pos, ctr.line, ctr.column, ctr.line_start_pos, _token(thread.state.last_token))
    return tree, error, stacks, lexer, [_token(t) for t in postlex.open], sorted(postlex.continued)


def same(text: str, parsers: dict[bool, Lark] | Lark = TREES) -> tuple[object, ...]:
    """Ours and Lark's give the same; `parsers` one Lark: its table read by our loop and Lark's
    (two parsers analysed from the grammar number their states apart)."""
    if isinstance(parsers, Lark):
        ours, theirs = run(parsers, text), run(parsers, text, lark_s_loop=True)
    else:
        ours, theirs = run(parsers[True], text), run(parsers[False], text)
    assert ours == theirs, text
    return ours


STATEMENTS = {faster: p.build_parser(from_tables=True, faster=faster) for faster in (True, False)}


def statements(text: str, faster: bool) -> tuple[list[str], list[str]]:
    """The statements and diagnostics of `parse` (errors and resumption too), as repr (spans)."""
    saved = getattr(p._LOCAL, "parser", None)
    p._LOCAL.parser = STATEMENTS[faster]
    try:
        found, said = p.parse(text, "t.flow")
    finally:
        p._LOCAL.parser = saved
    return [repr(s) for s in found], [repr(d) for d in said]


def test_the_parser_drives_lark_s_table() -> None:
    lark = p._parser()[0]
    assert isinstance(lark.parser.parser, Driving)
    assert lark.parser.parser.rows()  # read from the very table Lark loaded
    assert isinstance(TREES[True].parser.parser, Driving) and not isinstance(TREES[False].parser.parser, Driving)


@pytest.mark.parametrize("name", sorted(TEXTS))
def test_every_flow_parses_to_the_same_tree(name: str) -> None:
    text = TEXTS[name]
    same(text if text.endswith("\n") else text + "\n")
    same(text)  # no final newline: the end comes right after a statement
    assert statements(text, True) == statements(text, False)


def test_the_loop_is_ours_where_nothing_goes_wrong(monkeypatch: pytest.MonkeyPatch) -> None:
    """A text that parses never reaches Lark's loop (nor Lark's step, but for the end of the text)."""
    text = TEXTS["flow/combat.flow"]
    expected = run(TREES[True], text)
    fed: list[str] = []
    original = lalr.ParserState.feed_token

    def counted(self: Any, token: Token, is_end: bool = False) -> Any:
        fed.append(token.type)
        return original(self, token, is_end)

    def never(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("Lark's loop ran")

    monkeypatch.setattr(_Parser, "parse_from_state", never)
    monkeypatch.setattr(lalr.ParserState, "feed_token", counted)
    assert run(TREES[True], text) == expected
    assert fed == ["$END"]


def test_lark_reads_on_where_no_terminal_matches(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    original = _Parser.parse_from_state

    def counted(self: Any, state: Any, last_token: Any = None) -> Any:
        calls.append(len(state.state_stack))
        return original(self, state, last_token)

    monkeypatch.setattr(_Parser, "parse_from_state", counted)
    # (the text, whether our loop parsed a statement before Lark's took over: its stack is deeper)
    for text, read in [('step 1 "x"\n| a\ngo @\n', True), ('step 1 "x"\ngo (1\n@)\n', True), ("@", False)]:
        calls.clear()
        _, error, *_ = same(text)  # ours, then Lark's from the start
        assert error is not None and len(calls) == 2 and (calls[0] > 1) == read and calls[1] == 1, text


@pytest.mark.parametrize("seed", range(8))
def test_mutated_texts_parse_the_same(seed: int) -> None:
    for text in _mutants(100 + seed, 150):
        same(text)
        assert statements(text, True) == statements(text, False), text


@pytest.mark.parametrize(
    "text",
    ["", "\n", "\n\n", "# only a comment", "   \n\t\n", 'step 1 "x"', 'step 1 "x"\n| prose (', "@", "step 1 @\n",
     'fact x : number per turn "X" = (1 +\n 2)\n', "if a -> 2\n", "\f\n\n#x\n  go 3  # c\n", "go 1\n)",
     'checklist a "b"\n\x85', "go (\n\n", "(", ")", "go 1 go 2\n", 'fact x : choice(a, b per turn "X"\n',
     "step 1 \"x\"\nif (a and (b or c) -> 2\n| text\n", "record a.b[x = 1\n", "expect 1 reaches"],
)  # fmt: skip
def test_edges_parse_the_same(text: str) -> None:
    same(text)
    assert statements(text, True) == statements(text, False)


# ---- texts made of the grammar's words -------------------------------------------------------

LINES = sorted({line for text in TEXTS.values() for line in text.split("\n") if line.strip()})
WORDS = ["checklist", "start", "section", "expect", "reaches", "before", "fact", "per", "turn", "attack",
         "yes/no", "number", "roll", "of", "choice", "from", "table", "columns", "row", "step", "refs", "go",
         "if", "else", "choose", "when", "split", "for each", "once", "until", "then", "return", "dispatch",
         "by", "over", "options", "uses", "end", "erratum", "note", "add", "to", "find", "show", "card",
         "record", "next", "deck", "category", "in", "assume", "unless", "default", "and", "or", "not",
         "a", "b-c", "x_1", "defense", "1", "42", "-3", "3d6", "1d-2", "B12", "MA 3-4", "HT?", '"q"', '"',
         "|", "| prose", ": note", "move: x", "(", ")", "[", "]", ",", ".", ":", "=", "!=", "->", "+", "-",
         "*", "/", "<", ">=", "#", "# c", "\t", "\f", "é", "@", "\n", "\n\n", "\n  "]  # fmt: skip
SPACE = st.sampled_from(["", " ", " ", " ", "  ", "\t"])


@st.composite
def line_of_words(draw: st.DrawFn) -> str:
    words = draw(st.lists(st.sampled_from(WORDS), max_size=10))
    return "".join(word + draw(SPACE) for word in words)


@st.composite
def texts(draw: st.DrawFn) -> str:
    lines = draw(st.lists(st.one_of(st.sampled_from(LINES), line_of_words()), min_size=1, max_size=12))
    return "\n".join(lines) + draw(st.sampled_from(["", "\n", "\n\n", " # end"]))


@settings(max_examples=400, deadline=None)
@given(texts())
def test_generated_texts_parse_the_same(text: str) -> None:
    same(text)
    assert statements(text, True) == statements(text, False)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet='go1 \n()#|ifa->"xé', max_size=40))
def test_any_characters_parse_the_same(text: str) -> None:
    same(text)


# ---- the same callbacks, as Lark calls them ---------------------------------------------------


class Keeping(Transformer[Token, Any]):
    """A transformer with a terminal's callback (called as the token is shifted) and a rule's."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[object] = []

    def INT(self, token: Token) -> Token:  # noqa: N802 - Lark calls a terminal's method by its name
        self.calls.append(("INT", _token(token)))
        return Token("INT", str(int(token) + 1), token.start_pos, token.line, token.column)

    def go(self, children: list[Any]) -> str:
        self.calls.append(("go", shape(children)))
        return "went"


def test_a_transformer_s_callbacks_are_called_as_lark_calls_them() -> None:
    text = TEXTS["flow/combat.flow"] + "go 7\nbroken 1\n"
    seen = {}
    for ours in (True, False):
        keeping = Keeping()
        lark = _lark(ours, transformer=keeping)
        seen[ours] = (run(lark, text), keeping.calls)
    assert seen[True] == seen[False]
    assert len(seen[True][1]) > 100


@pytest.mark.parametrize(
    "options", [{"propagate_positions": True}, {"keep_all_tokens": True}, {"maybe_placeholders": False}]
)
def test_lark_s_tree_options_give_the_same_trees(options: dict[str, Any]) -> None:
    lark = _lark(True, from_tables=False, **options)
    for text in [TEXTS["flow/injury.flow"], *_mutants(7, 40)]:
        same(text, lark)


def test_the_loop_reads_a_grammar_analysed_afresh() -> None:
    lark = _lark(True, from_tables=False)
    assert isinstance(lark.parser.parser, Driving)
    for text in [TEXTS["flow/tables.flow"], *_mutants(9, 40)]:
        same(text, lark)


def test_lexer_callbacks_run_as_lark_runs_them() -> None:
    """Lark's lexer_callbacks (one on an ignored terminal) see the same tokens, in the same order."""
    seen: dict[bool, list[object]] = {}
    for ours in (True, False):
        calls: list[object] = []

        def keep(token: Token, calls: list[object] = calls) -> Token:
            calls.append(_token(token))
            return token

        lark = _lark(ours, lexer_callbacks={"COMMENT": keep, "NAME": keep})
        text = 'checklist a "b"  # one\nstep 1 "x"\ngo end # two\nif not ready -> 2\nfact @\n'
        seen[ours] = [run(lark, text), calls]
    assert seen[True] == seen[False] and len(seen[True][1]) > 3


def test_a_changed_callback_is_read_at_the_next_parse() -> None:
    """parser.lean replaces callbacks after Lark is built: the loop's table follows them."""
    lark = _lark(True)
    driving = lark.parser.parser
    before = driving.rows()
    rule = next(r for r in lark._callbacks if not isinstance(r, str) and r.origin.name == "go")
    lark._callbacks[rule] = lambda children: "changed"
    after = driving.rows()
    assert after is not before
    tree = lark.parse("go 1\n")
    assert "changed" in tree.children


# ---- where it is Lark's parser as it comes -----------------------------------------------------


def test_fmt_s_recording_postlexer_is_read_by_lark_s_loop() -> None:
    """`checklist fmt` keeps each token the parser is given: its postlexer overrides `process`."""
    from checklist.syntax import format as f

    f._read("go 1\n", "t.flow")
    lark = f._LOCAL.parser[0][0]
    assert isinstance(lark.parser.parser, Driving)
    thread = LexerThread.from_text(lark.parser.lexer, "go 1\n")
    assert lalr._fusable(thread) is None
    assert format_text(TEXTS["flow/combat.flow"], "combat.flow") == format_text(
        format_text(TEXTS["flow/combat.flow"], "combat.flow"), "combat.flow"
    )


def test_on_error_is_lark_s() -> None:
    texts = ["go 1\nstep @ 2\ngo )\n", "if (a -> 2\ngo 3\n"]
    for text in texts:
        seen = {}
        for ours in (True, False):
            errors: list[object] = []

            def on_error(exc: UnexpectedInput, errors: list[object] = errors) -> bool:
                errors.append(_error(exc))
                return True

            try:
                seen[ours] = (shape(TREES[ours].parse(text, on_error=on_error)), errors)
            except UnexpectedInput as exc:
                seen[ours] = (_error(exc), errors)
        assert seen[True] == seen[False]


def test_random_bytes_of_text_parse_the_same() -> None:
    rng = random.Random(29)
    alphabet = 'stepgoif 0123456789\n\t()[]"|#:.,=-<>é\x85\f'
    for _ in range(300):
        same("".join(rng.choice(alphabet) for _ in range(rng.randint(0, 60))))


class Refusing(Transformer[Token, Any]):
    """A transformer whose callback raises Lark's kind of error (as a user's may): the parser's
    state in it is where Lark's loop leaves it, the children taken off the stacks."""

    def __init__(self, refused: str) -> None:
        super().__init__()
        self.refused = refused

    def _refuse(self, children: list[Any]) -> None:
        raise UnexpectedInput(f"refused {shape(children)}")

    def __getattr__(self, name: str) -> Any:
        if name == self.refused:
            return self._refuse
        raise AttributeError(name)


@pytest.mark.parametrize("refused", ["local_target", "go", "step", "is_true", "branch"])
def test_a_callback_s_error_leaves_the_stacks_as_lark_s_loop_does(refused: str) -> None:
    text = 'step 1 "x"\n| a\nif a -> 2\ngo 3\n'
    seen = {}
    for ours in (True, False):
        lark = _lark(ours, transformer=Refusing(refused))
        with pytest.raises(UnexpectedInput) as caught:
            lark.parse(text)
        state = caught.value.interactive_parser.parser_state
        seen[ours] = (str(caught.value), list(state.state_stack), shape(state.value_stack))
    assert seen[True] == seen[False]
