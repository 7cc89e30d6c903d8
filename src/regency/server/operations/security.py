"""What keeps secrets secret on the wire and in the logs.

* :class:`SecurityHeaders`: every HTTP answer carries a Content-Security-Policy that lets
  a page run only the server's own scripts and styles (no inline script but the pages'
  import map, allowed by its hash; no other site), may not be framed, sends no
  ``Referer`` and is never sniffed as another type.
* :func:`request_token`: where a request's seat or spectator token is read from: an
  ``Authorization: Bearer`` header, the WebSocket subprotocol ``regency.token.TOKEN``
  (browsers cannot set headers on a WebSocket), or, for old invite links and simple
  clients, a ``?token=`` query parameter.
* :class:`RedactTokens`: a logging filter that blanks every ``token=...`` in a log line,
  so no token is written to a log at any level (uvicorn's access log writes query
  strings).
"""

from __future__ import annotations

import logging
import re
from typing import Any

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = [
    "CSP",
    "SUBPROTOCOL",
    "TOKEN_PROTOCOL",
    "RedactTokens",
    "SecurityHeaders",
    "content_security_policy",
    "redact",
    "redact_logs",
    "request_token",
]

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; manifest-src 'self'; worker-src 'self'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
"""The Content-Security-Policy of every answer, before the import map's hash is added
(:func:`content_security_policy`)."""


def content_security_policy(*script_hashes: str) -> str:
    """:data:`CSP` that also runs the inline scripts of these hashes (``'sha256-...'``).

    The pages' import map (:class:`~regency.server.pages.assets.Assets`) is the one
    inline script, allowed by its hash: ``'unsafe-inline'`` is never in the policy.
    """
    for source in script_hashes:
        if not source.startswith("'sha256-") or not source.endswith("'"):
            raise ValueError(f"not a script hash: {source!r}")
    return CSP.replace("script-src 'self'", " ".join(["script-src 'self'", *script_hashes]))


def _headers(csp: str) -> tuple[tuple[bytes, bytes], ...]:
    return (
        (b"content-security-policy", csp.encode()),
        (b"x-content-type-options", b"nosniff"),
        (b"x-frame-options", b"DENY"),
        (b"referrer-policy", b"no-referrer"),
    )


SUBPROTOCOL = "regency"
"""The WebSocket subprotocol the server accepts a browser's socket with."""

TOKEN_PROTOCOL = "regency.token."
"""The prefix of the subprotocol entry that carries a token (``regency.token.TOKEN``)."""

MAX_TOKEN = 200
"""The longest token read from anywhere (a seat token is 32 characters)."""


class SecurityHeaders:
    """ASGI middleware: add the security headers to every HTTP answer.

    Args:
        app: The application.
        csp: Its Content-Security-Policy (:func:`content_security_policy`).
    """

    def __init__(self, app: ASGIApp, csp: str = CSP) -> None:
        self.app = app
        self.headers = _headers(csp)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on; add the headers to the answer's start."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _ in message.get("headers", [])}
                extra = [(n, v) for n, v in self.headers if n not in present]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, with_headers)


def request_token(headers: Headers, query: dict[str, str] | Any) -> str | None:
    """The token a request carries, or ``None``.

    Looked for in this order: ``Authorization: Bearer TOKEN``; the WebSocket subprotocol
    list (``Sec-WebSocket-Protocol: regency, regency.token.TOKEN``); the ``token`` query
    parameter (old invite links, curl). Anything longer than :data:`MAX_TOKEN` is no token.
    """
    found: str | None = None
    authorization = headers.get("authorization")
    if authorization and authorization[:7].lower() == "bearer ":
        found = authorization[7:].strip()
    if found is None:
        for entry in headers.get("sec-websocket-protocol", "").split(","):
            entry = entry.strip()
            if entry.startswith(TOKEN_PROTOCOL):
                found = entry[len(TOKEN_PROTOCOL) :]
                break
    if found is None:
        found = query.get("token")
    if found is None or len(found) > MAX_TOKEN:
        return None
    return found


def wants_subprotocol(headers: Headers) -> bool:
    """Whether a WebSocket client offered :data:`SUBPROTOCOL` (it must get it back)."""
    offered = (p.strip() for p in headers.get("sec-websocket-protocol", "").split(","))
    return SUBPROTOCOL in offered


_TOKEN = re.compile(r"(token[=.])[^&\s\"'#,;]+", re.IGNORECASE)
_BEARER = re.compile(r"(bearer\s+)[^\s\"',;]+", re.IGNORECASE)


def redact(text: str) -> str:
    """``text`` with every ``token=...``, ``regency.token....`` and bearer value blanked."""
    return _BEARER.sub(r"\1[redacted]", _TOKEN.sub(r"\1[redacted]", text))


class RedactTokens(logging.Filter):
    """A logging filter that blanks tokens in a record's message and arguments."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite the record in place; never drop it."""
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {
                k: redact(v) if isinstance(v, str) else v for k, v in record.args.items()
            }
        return True


def redact_logs(
    names: tuple[str, ...] = ("uvicorn", "uvicorn.access", "uvicorn.error", "regency"),
) -> None:
    """Install :class:`RedactTokens` on these loggers and every handler they have now."""
    redactor = RedactTokens()
    for name in names:
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactTokens) for f in logger.filters):
            logger.addFilter(redactor)
        for handler in logger.handlers:
            if not any(isinstance(f, RedactTokens) for f in handler.filters):
                handler.addFilter(redactor)
