"""pygls's protocol, made to answer every bad message with a JSON-RPC error instead of silence.

pygls logs a body that is not JSON, a request whose params do not fit its method and a message
that is not a JSON-RPC object, and answers none of them: a client would wait for ever. Here a
request gets its error response (its id kept when it has one, null when it cannot be read), and
the server reads the next message.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pygls.exceptions import JsonRpcException, JsonRpcInvalidRequest, JsonRpcParseError
from pygls.protocol import LanguageServerProtocol

MsgId = int | str | None


@dataclass(frozen=True)
class Refused:
    """A request that could not be read as its method's: answered with `error`."""

    id: MsgId
    error: JsonRpcException


class FlowProtocol(LanguageServerProtocol):
    def structure_message(self, data: dict[str, Any]) -> Any:
        try:
            return super().structure_message(data)
        except JsonRpcException as exc:
            if "id" in data and "method" in data:  # a request: it must be answered
                return Refused(data["id"] if isinstance(data["id"], (int, str)) else None, exc)
            raise

    def handle_message(self, message: Any) -> None:
        if isinstance(message, Refused):
            self.refuse(message.id, message.error)
        elif getattr(message, "jsonrpc", None) != self.VERSION:
            msg_id = message.get("id") if isinstance(message, dict) else None
            self.refuse(
                msg_id if isinstance(msg_id, (int, str)) else None,
                JsonRpcInvalidRequest('not a JSON-RPC 2.0 message: expected an object with "jsonrpc": "2.0"'),
            )
        else:
            super().handle_message(message)

    def refuse(self, msg_id: MsgId, error: JsonRpcException) -> None:
        """An error response, written as JSON-RPC has it (`"id": null` when the id is unknown)."""
        body = {"code": error.code, "message": error.message}
        self._send_data({"jsonrpc": self.VERSION, "id": msg_id, "error": body})

    def unreadable(self, error: Exception) -> None:
        """A body that is not JSON (or not UTF-8): a parse error, for an id no one could read."""
        self.refuse(None, JsonRpcParseError(f"Parse error: the message is not JSON: {str(error)[:200]}"))
