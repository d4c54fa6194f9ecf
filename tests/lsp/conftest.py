"""A `checklist lsp` session on a copy of tests/lsp/data/demo/, and golden answers written out as JSON."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT, golden
from tests.lsp.client import Client

DEMO = Path(__file__).parent / "data" / "demo"
GOLDEN = Path(__file__).parent / "golden"


class Session:
    """A started, initialized server, and the folder it serves."""

    def __init__(self, client: Client, folder: Path) -> None:
        self.client = client
        self.folder = folder
        self.versions: dict[str, int] = {}

    def uri(self, name: str) -> str:
        return (self.folder / name).as_uri()

    def text(self, name: str) -> str:
        return (self.folder / name).read_text("utf-8")

    def open(self, name: str, text: str | None = None) -> list[dict[str, Any]]:
        """Open a file (as it is on disk, or as `text`): its first diagnostics."""
        uri = self.client.open(self.folder / name, text)
        self.versions[uri] = 1
        return self.client.diagnostics(uri, 1)

    def edit(self, name: str, text: str) -> list[dict[str, Any]]:
        """The whole text replaced: the diagnostics published for the new version."""
        uri = self.uri(name)
        self.versions[uri] += 1
        self.client.change(uri, self.versions[uri], text)
        return self.client.diagnostics(uri, self.versions[uri])

    def ask(self, method: str, name: str, where: dict[str, int], **more: Any) -> Any:
        return self.client.result(method, {"textDocument": {"uri": self.uri(name)}, "position": where, **more})

    def shown(self, value: Any) -> str:
        """An answer as golden JSON: the folder and the docs' place made relative."""
        text = json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False)
        return text.replace(self.folder.as_uri(), "DEMO").replace((ROOT / "docs").as_uri(), "DOCS") + "\n"

    def golden(self, name: str, value: Any) -> None:
        golden(GOLDEN / f"{name}.json", self.shown(value))


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    folder = tmp_path / "demo"
    shutil.copytree(DEMO, folder)
    client = Client(cwd=tmp_path)
    try:
        client.initialize(folder)
        yield Session(client, folder)
        assert client.shutdown() == 0, client.stderr.decode("utf-8", "replace")
    finally:
        client.close()
