"""The server's refusal: an HTTP status, a short code and a message (docs/server.md).

In a module of its own, so that every part of the server may raise it without importing
the tables in play (which import those parts).
"""

from __future__ import annotations

from typing import Any

__all__ = ["ProtocolError"]


class ProtocolError(Exception):
    """A refused request: an HTTP status, a short code, a message and extra fields."""

    def __init__(self, status: int, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.extra = extra

    def body(self) -> dict[str, Any]:
        """The JSON body sent back."""
        return {"error": self.code, "message": self.message, **self.extra}
