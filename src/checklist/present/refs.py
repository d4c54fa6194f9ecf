"""Rule references in words: `B393` -> `Basic Set p. 393`; book names come from books.json."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from checklist import model as m

BOOKS_FILE = Path(__file__).with_name("books.json")


@cache
def books() -> dict[str, str]:
    data = json.loads(BOOKS_FILE.read_text("utf-8"))
    return {code: name for code, name in data.items() if not code.startswith("_")}


def book_name(code: str) -> str:
    return books().get(code, code)


def describe(ref: m.Ref) -> str:
    """`B407` -> `B407 (Basic Set p. 407)`; `MA109-111` -> `... pp. 109-111`; `B ?` -> page not given."""
    name = book_name(ref.book)
    if ref.page is None:
        return f"{ref} ({name}, page not given)"
    if ref.page_end is not None:
        return f"{ref} ({name} pp. {ref.page}-{ref.page_end})"
    return f"{ref} ({name} p. {ref.page})"
