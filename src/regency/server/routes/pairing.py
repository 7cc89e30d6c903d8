"""Finding a game: quick pairing's pools, open tables, and the lobby's live events.

* ``GET /api/pools``: the pools and how many wait in each queue;
  ``POST /api/pools/{pool}/join``: a place in a queue (casual, or rated signed in).
* ``GET /api/entries/{entry}``: a place, waiting or seated (and where);
  ``DELETE /api/entries/{entry}``: give it up.
* ``GET /api/open-tables``: the open tables listed; ``POST /api/open-tables``: open one;
  ``POST /api/open-tables/{id}/join``: sit down; ``POST /api/open-tables/{id}/close``.
* ``GET /api/lobby/events?entries=ID,...``: server-sent events: the list and the counts
  as they change, and the places followed as they are seated.

Who asks is an account (its session, with the page's CSRF token, or an API token) or a
guest, whose page sends the token the first answer gave it (``Authorization: Bearer``).
Every change counts towards the client's limit (429 ``pairing_too_fast``).
docs/server.md ("Open tables and quick pairing") has the details.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import StreamingResponse

from regency.core.i18n import _
from regency.pairing.matching import MAX_REACH, START_REACH, WIDEN_PER_SECOND
from regency.server.errors import ProtocolError
from regency.server.live.lobby import MAX_FOLLOWED, MAX_STREAMS, entry_json, sse
from regency.server.live.pairing import Pairing, Person
from regency.server.operations.metrics import RETRY_AFTER
from regency.server.protocol import MAX_FILL_AFTER, JoinPool, OpenTableRequest, SitRequest
from regency.server.routes.common import client_of, hub_of, token_of
from regency.server.routes.identity import caller

__all__ = ["KEEPALIVE", "router"]

router = APIRouter()

KEEPALIVE = 15.0
"""Seconds between two comments on a quiet event stream (proxies close silent ones)."""

_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


def pairing_of(request: Request) -> Pairing:
    """Quick pairing and the open tables (started with the application)."""
    pairing: Pairing = request.app.state.pairing
    return pairing


async def _person(request: Request, name: str = "") -> Person:
    """Who asks for a change: the account, or a guest by the token their page sends."""
    who = await caller(request, changing=True)
    pairing_of(request).check_burst(client_of(request))
    return Person.of(who.account, None if who.account else token_of(request), name)


@router.get("/api/pools", summary="The quick-pairing pools and their queues")
async def pools(request: Request) -> dict[str, Any]:
    lobby = pairing_of(request).lobby
    await lobby.count()  # one small query: the counts as they are, not as last pushed
    return {
        "pools": lobby.pools_json(),
        "reach": {"start": START_REACH, "per_second": WIDEN_PER_SECOND, "max": MAX_REACH},
        "fill_after": {"max": MAX_FILL_AFTER},
    }


@router.post("/api/pools/{pool_id}/join", status_code=201, summary="Wait in a pool's queue")
async def join_pool(pool_id: str, body: JoinPool, request: Request) -> dict[str, Any]:
    person = await _person(request, body.name)
    return await pairing_of(request).join_pool(person, pool_id[:80], body)


@router.get("/api/entries/{entry_id}", summary="A place in a queue or at an open table")
async def entry(entry_id: str, request: Request) -> dict[str, Any]:
    return await pairing_of(request).entry(entry_id)


@router.delete("/api/entries/{entry_id}", summary="Give up a place")
async def leave(entry_id: str, request: Request) -> dict[str, Any]:
    return await pairing_of(request).leave(entry_id, await _person(request))


@router.get("/api/open-tables", summary="The open tables listed in the lobby")
async def open_tables(request: Request) -> dict[str, Any]:
    return {"open": list(pairing_of(request).lobby.listed.values())}


@router.post("/api/open-tables", status_code=201, summary="Open a table for anyone to sit at")
async def open_table(body: OpenTableRequest, request: Request) -> dict[str, Any]:
    person = await _person(request, body.name)
    return await pairing_of(request).open_table(person, body)


@router.post("/api/open-tables/{open_id}/join", summary="Sit down at an open table")
async def sit(open_id: str, request: Request, body: SitRequest | None = None) -> dict[str, Any]:
    person = await _person(request, body.name if body else "")
    return await pairing_of(request).sit(open_id, person)


@router.post("/api/open-tables/{open_id}/close", summary="Close the open table you opened")
async def close(open_id: str, request: Request) -> dict[str, Any]:
    return await pairing_of(request).close_table(open_id, await _person(request))


@router.get("/api/lobby/events", summary="The lobby's changes, as server-sent events")
async def lobby_events(request: Request, entries: str = "") -> StreamingResponse:
    pairing = pairing_of(request)
    if getattr(hub_of(request), "draining", False):
        raise ProtocolError(
            503,
            "shutting_down",
            _("this server is restarting; reconnect"),
            retry_after=RETRY_AFTER,
        )
    ids = [e for e in entries.split(",") if e]
    if len(ids) > MAX_FOLLOWED or not all(_ID.fullmatch(e) for e in ids):
        raise ProtocolError(
            422,
            "bad_request",
            _(
                "entries is a comma-separated list of at most {MAX_FOLLOWED} places' ids",
                MAX_FOLLOWED=MAX_FOLLOWED,
            ),
        )
    if len(pairing.lobby.streams) >= MAX_STREAMS:
        raise ProtocolError(
            503, "lobby_busy", _("this server has as many lobby pages open as it serves")
        )
    return StreamingResponse(
        _events(pairing, ids),
        media_type="text/event-stream",
        # nginx passes the events on as they come (docs/deploy.md), not in buffers.
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )


async def _events(pairing: Pairing, ids: list[str]) -> AsyncIterator[str]:
    """The stream of one lobby page: the snapshot, its places now, then every change."""
    stream = pairing.lobby.subscribe(ids)
    try:
        yield "retry: 2000\n\n"  # reconnect after 2 s (to another process, behind a proxy)
        if ids:
            found = {e.id: e for e in await asyncio.to_thread(pairing.store.entries, ids)}
            for entry_id in ids:
                known = found.get(entry_id)
                data = (
                    {"id": entry_id, "status": "gone", "why": "gone"}
                    if known is None
                    else entry_json(known)
                )
                stream.push(sse("entry", data))
        while True:
            try:
                text = await asyncio.wait_for(stream.queue.get(), KEEPALIVE)
            except TimeoutError:
                yield ": keepalive\n\n"
                continue
            if text is None:
                return
            yield text
    finally:
        pairing.lobby.unsubscribe(stream)
