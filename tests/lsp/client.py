"""A small LSP client over stdio, by hand: `checklist lsp` in a subprocess, framed JSON-RPC both ways.

The tests and bench/lsp.py drive the server with it. Every wait has a bound (a hang fails
instead of stalling the suite); nothing here times anything.
"""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent.parent
WAIT = 120.0  # seconds: a bound on a hang, never a speed test (the machine may be busy)

Message = dict[str, Any]


class ServerGone(AssertionError):
    pass


class Client:
    def __init__(self, cwd: Path = ROOT, argv: tuple[str, ...] = ("lsp",), src: Path = ROOT / "src") -> None:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(src), os.environ.get("PYTHONPATH", "")])}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "checklist", *argv],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=cwd,
            env=env,
        )
        self.ids = itertools.count(1)
        self.received: list[Message] = []
        self.changed = threading.Condition()
        self.stderr = b""
        self.writing = threading.Lock()  # the reader thread answers the server's requests too
        self._taken: Message | None = None
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._read_stderr, daemon=True).start()

    # ---- sending
    def send_bytes(self, body: bytes) -> None:
        assert self.process.stdin is not None
        with self.writing:
            self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
            self.process.stdin.flush()

    def send(self, message: Message) -> None:
        self.send_bytes(json.dumps(message).encode("utf-8"))

    def notify(self, method: str, params: Any = None) -> None:
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method: str, params: Any = None, wait: float = WAIT) -> Message:
        """The whole response (`result` or `error`)."""
        msg_id = next(self.ids)
        self.send({"jsonrpc": "2.0", "id": msg_id, "method": method, "params": params})
        return self.wait_for(lambda m: m.get("id") == msg_id and "method" not in m, wait, f"the answer to {method}")

    def result(self, method: str, params: Any = None) -> Any:
        answer = self.request(method, params)
        assert "error" not in answer, answer
        return answer["result"]

    # ---- receiving
    def wait_for(self, wanted: Callable[[Message], bool], wait: float = WAIT, what: str = "a message") -> Message:
        """The first message received that `wanted` accepts (it is taken off the list)."""
        with self.changed:
            found = self.changed.wait_for(lambda: self._take(wanted) or self.process.poll() is not None, wait)
            taken = self._taken
        if isinstance(taken, dict):
            return taken
        if not found:
            raise AssertionError(f"no {what} within {wait} s (a hang)")
        raise ServerGone(f"the server exited ({self.process.returncode}) before {what}: {self.stderr[-2000:]!r}")

    def diagnostics(self, uri: str, version: int | None = None, wait: float = WAIT) -> list[Message]:
        """The next diagnostics published for `uri` (for `version`, when given)."""

        def wanted(m: Message) -> bool:
            if m.get("method") != "textDocument/publishDiagnostics" or m["params"]["uri"] != uri:
                return False
            return version is None or m["params"].get("version") == version

        return list(self.wait_for(wanted, wait, f"diagnostics for {uri}")["params"]["diagnostics"])

    def _take(self, wanted: Callable[[Message], bool]) -> bool:
        self._taken = None
        for i, m in enumerate(self.received):
            if wanted(m):
                self._taken = self.received.pop(i)
                return True
        return False

    def _read(self) -> None:
        out = self.process.stdout
        assert out is not None
        while True:
            length = 0
            while True:
                header = out.readline()
                if not header:
                    with self.changed:
                        self.changed.notify_all()
                    return
                if header in (b"\r\n", b"\n"):
                    break
                name, _, value = header.decode("ascii").partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            message = json.loads(out.read(length))
            if "method" in message and "id" in message:  # a request of the server's: answer it
                self.send({"jsonrpc": "2.0", "id": message["id"], "result": None})
            with self.changed:
                self.received.append(message)
                self.changed.notify_all()

    def _read_stderr(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.stderr = (self.stderr + line)[-20000:]

    # ---- the session's start and end
    def initialize(self, root: Path = ROOT) -> Message:
        answer = self.result(
            "initialize",
            {"processId": os.getpid(), "rootUri": root.as_uri(), "capabilities": {}, "workspaceFolders": None},
        )
        self.notify("initialized", {})
        return dict(answer)

    def open(self, path: Path, text: str | None = None, version: int = 1) -> str:
        uri = path.as_uri()
        body = path.read_text("utf-8") if text is None else text
        item = {"uri": uri, "languageId": "flow", "version": version, "text": body}
        self.notify("textDocument/didOpen", {"textDocument": item})
        return uri

    def change(self, uri: str, version: int, text: str) -> None:
        changes = [{"text": text}]
        self.notify(
            "textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": changes}
        )

    def shutdown(self) -> int:
        """shutdown, then exit: the server's exit code."""
        assert self.result("shutdown") is None
        self.notify("exit")
        try:
            return self.process.wait(WAIT)
        finally:
            self.close()

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(WAIT)
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()


def position(text: str, needle: str, nth: int = 0, offset: int = 0) -> dict[str, int]:
    """The LSP position of the `nth` `needle` in `text` (plus `offset` characters; no astral characters)."""
    at = -1
    for _ in range(nth + 1):
        at = text.index(needle, at + 1)
    at += offset
    line = text.count("\n", 0, at)
    return {"line": line, "character": at - (text.rfind("\n", 0, at) + 1)}
