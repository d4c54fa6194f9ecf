"""Bad input to `checklist lsp`: malformed JSON-RPC, unknown methods, a 20 MB document, binary content.
Each request gets an error response (a document, a diagnostic saying why it is not read), and the
server keeps running: after each, it still answers."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator

import pytest

from tests.lsp.client import Client
from tests.lsp.conftest import DEMO, Session

HOVER = "textDocument/hover"


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Session]:
    """One server for the whole file: each bad message comes after the others, and it still answers."""
    folder = tmp_path_factory.mktemp("bad") / "demo"
    shutil.copytree(DEMO, folder)
    client = Client(cwd=folder.parent)
    try:
        client.initialize(folder)
        shared = Session(client, folder)
        shared.open("main.flow")
        yield shared
        assert client.shutdown() == 0, client.stderr.decode("utf-8", "replace")
    finally:
        client.close()


def still_answers(session: Session) -> None:
    """A real request after the bad one is answered as usual."""
    where = {"textDocument": {"uri": session.uri("main.flow")}, "position": {"line": 9, "character": 6}}
    answer = session.client.request(HOVER, where)
    assert "error" not in answer and "Stun check" in answer["result"]["contents"]["value"], answer


def parse_error(session: Session, body: bytes) -> dict[str, object]:
    session.client.send_bytes(body)
    return session.client.wait_for(lambda m: "error" in m and m.get("id") is None, what="an error response")


@pytest.mark.parametrize(
    "body",
    [b'{"jsonrpc": "2.0", "id": 1, "method": ', b"\xff\xfe\x00\x01 not UTF-8", b"{]"],
    ids=["cut-short", "not-utf8", "not-json"],
)
def test_a_body_that_is_not_json_gets_a_parse_error(session: Session, body: bytes) -> None:
    answer = parse_error(session, body)
    assert answer["error"]["code"] == -32700 and answer["jsonrpc"] == "2.0", answer  # type: ignore[index]
    still_answers(session)


def test_an_empty_frame_is_skipped(session: Session) -> None:
    session.client.send_bytes(b"")  # Content-Length: 0: pygls reads no body, and goes on to the next header
    still_answers(session)


@pytest.mark.parametrize("body", ["[1, 2, 3]", '"hello"', "42", "null", '{"id": 7, "method": "textDocument/hover"}'])
def test_json_that_is_not_a_message_gets_invalid_request(session: Session, body: str) -> None:
    session.client.send_bytes(body.encode())
    answer = session.client.wait_for(lambda m: "error" in m, what="an error response")
    assert answer["error"]["code"] == -32600, answer
    assert answer["id"] == (7 if '"id": 7' in body else None)
    still_answers(session)


def test_a_request_with_params_that_do_not_fit_gets_invalid_params(session: Session) -> None:
    answer = session.client.request(HOVER, {"textDocument": "not an object", "position": [1, 2]})
    assert answer["error"]["code"] == -32602, answer
    still_answers(session)


def test_an_unknown_method_gets_method_not_found_and_an_unknown_notification_is_ignored(session: Session) -> None:
    session.client.notify("checklist/nothing", {"x": 1})
    session.client.notify("textDocument/didOpen", {"what": "no text document"})  # a notification that does not fit
    session.client.notify("textDocument/didChange", {"textDocument": {"uri": "file:///never/opened.flow", "version": 2},
                                                     "contentChanges": [{"text": "x"}]})  # fmt: skip
    answer = session.client.request("checklist/nothing", {"x": 1})
    assert answer["error"]["code"] == -32601, answer
    still_answers(session)


def test_a_20_mb_document_is_refused_with_a_diagnostic(session: Session) -> None:
    big = 'checklist big "Big"\n' + ("| " + "x" * 98 + "\n") * (20 * 1024 * 1024 // 100)
    found = session.open("big.flow", big)
    assert len(found) == 1 and "too big" in found[0]["message"] and found[0]["severity"] == 1, found
    assert session.ask(HOVER, "big.flow", {"line": 5, "character": 3}) is None
    assert session.ask("textDocument/documentSymbol", "big.flow", {"line": 0, "character": 0}) == []
    session.client.notify("textDocument/didClose", {"textDocument": {"uri": session.uri("big.flow")}})
    still_answers(session)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "control character U+0089"),
        ("\x00\x00\x00\x18ftypmp42", "NUL byte"),
        ('checklist x "X"\n\x1b[31mred\n', "U+001B"),
    ],
    ids=["png", "nul", "terminal-escape"],
)
def test_binary_content_is_refused_with_a_diagnostic(session: Session, text: str, said: str) -> None:
    found = session.open(f"binary-{len(text)}.flow", text)  # a document of its own for each case
    assert len(found) == 1 and said in found[0]["message"], found
    still_answers(session)


def test_positions_past_the_end_and_unknown_documents_answer_nothing(session: Session) -> None:
    assert session.ask(HOVER, "main.flow", {"line": 99999, "character": 99999}) is None
    assert session.ask("textDocument/definition", "main.flow", {"line": 3, "character": 99999}) is None
    assert session.ask(HOVER, "never-opened.flow", {"line": 0, "character": 0}) is None
    still_answers(session)


def test_the_error_responses_are_json_rpc(session: Session) -> None:
    """`"id": null` is written out, as JSON-RPC 2.0 has it for a message whose id could not be read."""
    answer = parse_error(session, b"{")
    assert set(answer) == {"jsonrpc", "id", "error"} and json.dumps(answer).count('"id": null') == 1
