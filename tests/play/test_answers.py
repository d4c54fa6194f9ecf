from __future__ import annotations

from pathlib import Path

import pytest

from checklist.play.answers import AnswersError, Feed, parse_answers, read_answers


def test_lines_are_answers_comments_are_not() -> None:
    assert parse_answers("no\n# a comment\n\n  2: Bob, Ann  \nr\n") == ["no", "", "2: Bob, Ann", "r"]
    assert parse_answers("") == []
    assert parse_answers("\n") == [""]


def test_feed_runs_out_like_input() -> None:
    feed = Feed(["a", "b"])
    assert feed("> ") == "a"
    assert feed() == "b"
    with pytest.raises(EOFError):
        feed()
    assert feed.used == 2


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(AnswersError, match="no such file or folder"):
        read_answers(tmp_path / "nope.txt")
