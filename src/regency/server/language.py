"""Which language a request speaks (issue 49, docs/i18n.md), and the middleware that sets it.

:func:`language_of` decides among the languages :func:`served` (those
:func:`regency.core.i18n.offered`: translated whole; every shipped one and ``pseudo``
only when the server runs with the tests' setting,
:attr:`~regency.server.settings.ServerSettings.test_pseudo` or the environment's
``REGENCY_PSEUDO=1``), the first that applies:

1. the ``lang`` cookie (:data:`COOKIE`, set by the pages' language switcher);
2. the signed-in account's ``language`` (its session cookie; ``PATCH /api/me``);
3. the browser's ``Accept-Language`` (:func:`regency.core.i18n.best_match`);
4. English.

:class:`LanguageMiddleware` runs every HTTP request inside
:func:`regency.core.i18n.using` that language, and every WebSocket connection too: a
connection is one ASGI call, so each message it handles (a move refused by
``why_illegal``) is answered in the language of the page that opened it.
"""

from __future__ import annotations

import asyncio
import os

from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Receive, Scope, Send

from regency.accounts.sessions import COOKIE as SESSION_COOKIE
from regency.core.i18n import DEFAULT, LANGUAGES, PSEUDO, best_match, offered, using

__all__ = [
    "COOKIE",
    "LanguageMiddleware",
    "language_of",
    "pseudo_allowed",
    "served",
    "shipped",
]

COOKIE = "lang"
"""The cookie the language switcher sets (a year, ``SameSite=Lax``, ``Path=/``)."""

PSEUDO_ENV = "REGENCY_PSEUDO"
"""Set to ``1`` to accept the pseudo-language from the ``lang`` cookie (tests only)."""


def pseudo_allowed(connection: HTTPConnection) -> bool:
    """Whether this server accepts the pseudo-language (a test setting, never in use)."""
    settings = getattr(connection.app.state, "settings", None)
    return bool(getattr(settings, "test_pseudo", False)) or os.environ.get(PSEUDO_ENV) == "1"


def served(connection: HTTPConnection) -> tuple[str, ...]:
    """The languages this server answers in.

    Those :func:`~regency.core.i18n.offered` (translated whole); with a test setting
    every shipped one (and ``pseudo`` with :func:`pseudo_allowed`).
    """
    settings = getattr(connection.app.state, "settings", None)
    pseudo = pseudo_allowed(connection)
    if pseudo or getattr(settings, "test_languages", False):
        return (*LANGUAGES, PSEUDO) if pseudo else LANGUAGES
    return offered()


def shipped(code: str | None, among: tuple[str, ...] = LANGUAGES) -> str | None:
    """``code`` if it is one of the languages ``among``, else ``None``."""
    return code if code and code in among else None


async def _account_language(connection: HTTPConnection, among: tuple[str, ...]) -> str | None:
    session_id = connection.cookies.get(SESSION_COOKIE)
    store = getattr(connection.app.state, "accounts", None)
    if not session_id or store is None:
        return None
    session = await asyncio.to_thread(store.session, session_id)
    return None if session is None else shipped(session.account.language, among)


async def language_of(connection: HTTPConnection) -> str:
    """The language ``connection`` (a request or a WebSocket) is answered in (module doc)."""
    among = served(connection)
    if len(among) == 1:  # English alone (no other language offered yet): nothing to read
        return among[0]
    found = shipped(connection.cookies.get(COOKIE), among)
    if found is None:
        found = await _account_language(connection, among)
    if found is None:
        found = best_match(connection.headers.get("accept-language"), among)
    return found or DEFAULT


class LanguageMiddleware:
    """ASGI middleware: each request and each WebSocket connection in its language."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Decide the language (:func:`language_of`), then answer inside it."""
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        connection = HTTPConnection(scope)
        code = await language_of(connection)
        scope.setdefault("state", {})["language"] = code
        with using(code, choices=served(connection)):
            await self.app(scope, receive, send)
