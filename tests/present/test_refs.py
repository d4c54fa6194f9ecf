from __future__ import annotations

from checklist import model as m
from checklist.present.refs import book_name, books, describe


def ref(book: str, page: int | None, end: int | None = None) -> m.Ref:
    return m.Ref(book, page, end, m.NOWHERE)


def test_books_come_from_the_data_file() -> None:
    assert books() == {"B": "Basic Set", "MA": "Martial Arts", "HT": "High-Tech", "BIO": "Bio-Tech", "CI": "Campaigns"}
    assert book_name("XX") == "XX"


def test_describe() -> None:
    assert describe(ref("B", 393)) == "B393 (Basic Set p. 393)"
    assert describe(ref("MA", 109, 111)) == "MA109-111 (Martial Arts pp. 109-111)"
    assert describe(ref("HT", None)) == "HT ? (High-Tech, page not given)"
    assert describe(ref("BIO", 123)) == "BIO123 (Bio-Tech p. 123)"
