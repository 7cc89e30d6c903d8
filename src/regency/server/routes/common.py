"""What every router asks of a request: the server's state, the token, the client, the URL.

The application keeps its state on ``app.state`` (set by
:func:`regency.server.app.create_app` and its lifespan): ``hub``, ``settings``,
``analyses``, ``replays`` and ``creating`` (the rate limit on setting up tables).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Request, WebSocket

from regency.server.live.hub import Hub
from regency.server.operations.security import request_token
from regency.server.pages.analysis import Analyses
from regency.server.pages.replays import ReplayCache
from regency.server.settings import RateLimit, ServerSettings

__all__ = [
    "TableId",
    "analyses_of",
    "base_url",
    "client_of",
    "creating_of",
    "hub_of",
    "replays_of",
    "settings_of",
    "token_of",
]

TableId = Annotated[str, "the table id"]
"""A table id in a path."""


def hub_of(request: Request | WebSocket) -> Hub:
    """The tables in play (started with the application)."""
    hub: Hub = request.app.state.hub
    return hub


def settings_of(request: Request) -> ServerSettings:
    """How the server runs."""
    settings: ServerSettings = request.app.state.settings
    return settings


def analyses_of(request: Request) -> Analyses:
    """The analyses made or being made."""
    analyses: Analyses = request.app.state.analyses
    return analyses


def replays_of(request: Request) -> ReplayCache:
    """The records of finished games the replay page asks for."""
    replays: ReplayCache = request.app.state.replays
    return replays


def creating_of(request: Request) -> RateLimit:
    """The rate limit on setting up tables, per client."""
    creating: RateLimit = request.app.state.creating
    return creating


def token_of(request: Request | WebSocket) -> str | None:
    """The seat's or spectator's token the request carries (:func:`request_token`)."""
    return request_token(request.headers, request.query_params)


def client_of(request: Request) -> str:
    """Who is asking, for rate limits: the client's address.

    Behind a proxy, the real client's, when uvicorn trusts the proxy's forwarded headers.
    """
    return request.client.host if request.client is not None else "unknown"


def base_url(request: Request) -> str:
    """The server's address as the client used it, without a trailing slash."""
    return str(request.base_url).rstrip("/")
