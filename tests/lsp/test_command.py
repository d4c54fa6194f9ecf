"""`checklist lsp` is a command: listed in the help, and it takes the `--stdio` that editors pass."""

from __future__ import annotations

import pytest

from checklist.cli.main import main
from tests.lsp.client import Client


def test_help_lists_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    assert "lsp" in capsys.readouterr().out
    assert main(["lsp", "--help"]) == 0
    assert "Language Server Protocol" in capsys.readouterr().out


def test_the_server_takes_stdio_and_ends_with_the_editor() -> None:
    client = Client(argv=("lsp", "--stdio"))
    try:
        assert client.initialize()["serverInfo"]["name"] == "checklist"
        assert client.shutdown() == 0
    finally:
        client.close()


def test_stdin_closed_ends_the_server() -> None:
    """An editor that dies closes the pipe: the server goes too, instead of running on."""
    client = Client()
    try:
        client.initialize()
        assert client.process.stdin is not None
        client.process.stdin.close()
        assert client.process.wait(120) is not None
    finally:
        client.close()
