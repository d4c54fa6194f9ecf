"""The parser's regex fast path must agree with Lark, statement for statement.

bench/fuzz_parse.py runs the long differential fuzz (60,000 cases); this keeps a bounded one
in the suite, plus every flow in the repository, so a drift between the two fails CI.
"""

from __future__ import annotations

import random
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from checklist import parse as p
from tests.conftest import ROOT

sys.path.insert(0, str(ROOT / "bench"))
import fuzz_parse  # noqa: E402

CORPUS = fuzz_parse.corpus()


def test_fast_path_is_on_for_the_shipped_grammar() -> None:
    assert p.fast_path_on(), "grammar changed: align the fast path, run bench/fuzz_parse.py, update the CRC"


def test_every_flow_in_the_repository_parses_the_same_both_ways() -> None:
    files = sorted((ROOT / "tests").rglob("*.flow")) + sorted((ROOT / "flow").glob("*.flow"))
    assert len(files) > 40
    for path in files:
        text = path.read_text("utf-8", errors="replace").replace("\r\n", "\n")
        assert repr(fuzz_parse.fast(text, path.name)) == repr(fuzz_parse.lark_only(text, path.name)), path


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_mutated_lines_parse_the_same_both_ways(seed: int) -> None:
    rng = random.Random(seed)
    text = "\n".join(fuzz_parse.mutate(rng, rng.choice(CORPUS)) for _ in range(rng.randint(1, 8)))
    assert repr(fuzz_parse.fast(text, "f.flow")) == repr(fuzz_parse.lark_only(text, "f.flow")), text
