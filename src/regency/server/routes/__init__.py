"""The server's HTTP and WebSocket routes, one :class:`fastapi.APIRouter` per concern.

* ``pages``: the lobby, the table pages, the rules pages (HTML);
* ``replays``: the replay page and the views of a finished game, step by step;
* ``analysis``: move analysis of finished games;
* ``puzzles``: the puzzles page and its API (positions from real games to solve);
* ``learn``: the lessons' pages and API, and the coach of a first game;
* ``tables``: the games on offer, setting up a table, a table's summary;
* ``seats``: a seat's view, moves and WebSocket (with the seat's token);
* ``spectators``: the public view and its WebSocket (with the spectators' token);
* ``rematches``: a rematch of a finished game, and its score sheet;
* ``history``: finished games' records and the list of them;
* ``operations``: ``/healthz``, ``/readyz`` and ``/metrics``, for the host's monitoring;
* ``accounts``: signing up, in and out, passwords, API tokens (docs/accounts.md);
* ``people``: profiles, leaderboards, a player's own games and records;
* ``pairing``: quick pairing's pools, open tables, and the lobby's live events;
* ``identity``: who a request comes from (a session cookie, an API token), and the
  cross-site checks a change made with the cookie must pass;
* ``sockets``, ``common`` and ``errors``: what the routers share (serving a WebSocket,
  reading a request, refusals as JSON bodies).

:func:`regency.server.app.create_app` includes :data:`ROUTERS` in order (the order of the
paths in ``/openapi.json``) and mounts the assets at ``/static``.
"""

from __future__ import annotations

from fastapi import APIRouter

from regency.server.routes import (
    accounts,
    analysis,
    history,
    learn,
    operations,
    pages,
    pairing,
    people,
    puzzles,
    rematches,
    replays,
    seats,
    spectators,
    tables,
)

__all__ = ["ROUTERS"]

ROUTERS: tuple[APIRouter, ...] = (
    pages.router,
    replays.router,
    analysis.router,
    puzzles.router,
    learn.router,
    tables.router,
    pairing.router,
    seats.router,
    rematches.router,
    spectators.router,
    history.router,
    accounts.router,
    people.router,
    operations.router,
)
"""Every router, in the order the application includes them."""
