"""Tournaments: their pages, setting one up, entering, the organiser's say, the results.

* ``GET /tournaments``, ``GET /tournaments/{id}``: the pages (a browser).
* ``GET /api/tournaments``: the events not over and the latest over.
* ``POST /api/tournaments``: set one up (signed in; 201).
* ``GET /api/tournaments/{id}``: an event as its page draws it.
* ``GET /api/tournaments/{id}/events``: server-sent events, one each time the event
  changes (``data: {"version": N}``), for the live page.
* ``POST /api/tournaments/{id}/enter`` and ``/withdraw``: an account, or a guest by the
  token their page keeps (``Authorization: Bearer TOKEN``).
* ``POST /api/tournaments/{id}/computers``, ``/start``, ``/cancel``: its organiser.
* ``GET /api/tournaments/{id}/results.txt`` and ``results.csv``: for a notice board.

docs/tournaments.md describes each, with its refusals and caps.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, PlainTextResponse, StreamingResponse

from regency.core.i18n import _
from regency.server.errors import ProtocolError
from regency.server.live.directing import Director
from regency.server.live.tournaments import Tournaments, Who
from regency.server.pages.html import page
from regency.server.pages.tournaments import Versions, listing_json, results, tournament_json
from regency.server.protocol import AddComputer, CreateTournament, EnterTournament
from regency.server.routes.common import client_of, token_of
from regency.server.routes.identity import (
    accounts_of,
    caller,
    hasher_of,
    hashing_of,
    require,
)
from regency.server.settings import RateLimit

__all__ = ["MAX_STREAMS", "router"]

router = APIRouter()

MAX_STREAMS = 1_000
"""Live pages one server process follows at once (one more is refused, 503)."""

KEEP_ALIVE = 15.0
"""Seconds between two comments on a quiet stream (proxies close silent connections)."""


def tournaments_of(request: Request) -> Tournaments:
    """The tournaments' requests."""
    found: Tournaments = request.app.state.tournaments
    return found


def director_of(request: Request) -> Director:
    """The tournaments' director."""
    found: Director = request.app.state.director
    return found


def versions_of(request: Request) -> Versions:
    """The followed events' versions."""
    found: Versions = request.app.state.tournament_versions
    return found


async def who_of(request: Request, changing: bool = False) -> Who:
    """Whoever asks: an account, or a guest by the token in ``Authorization``."""
    who = await caller(request, changing=changing)
    return Who.of(who.account, None if who.account is not None else token_of(request))


def _entering(request: Request) -> None:
    limit: RateLimit = request.app.state.entering
    wait = limit.allow(client_of(request))
    if wait:
        seconds = max(1, round(wait))
        raise ProtocolError(
            429,
            "too_fast",
            _(
                "one client may make {per_minute} such requests a minute; try again in {seconds} s",
                per_minute=limit.per_minute,
                seconds=seconds,
            ),
            retry_after=seconds,
        )


@router.get("/tournaments", response_class=HTMLResponse, include_in_schema=False)
async def tournaments_page() -> HTMLResponse:
    return page(
        "tournaments.html",
        _("Tournaments · regency"),
        description=_(
            "Tournaments of Claim, Claim Kingdoms and Kingdoms: Swiss events, round "
            "robins and arenas that anyone may enter, with live standings."
        ),
    )


@router.get("/tournaments/{tournament_id}", response_class=HTMLResponse, include_in_schema=False)
async def tournament_page(tournament_id: str, request: Request) -> HTMLResponse:
    try:
        loaded = await tournaments_of(request).load(tournament_id)
    except ProtocolError:
        return page("tournament.html", _("No such tournament · regency"), status=404)
    return page("tournament.html", _("{name} · regency", name=loaded.row.name))


@router.get("/api/tournaments", summary="Tournaments not over, and the latest over")
async def list_tournaments(request: Request) -> dict[str, Any]:
    rows = await asyncio.to_thread(tournaments_of(request).store.listing, 50)
    return {"tournaments": listing_json(rows)}


@router.post("/api/tournaments", status_code=201, summary="Set up a tournament")
async def create_tournament(body: CreateTournament, request: Request) -> dict[str, Any]:
    account = require(await caller(request, changing=True))
    _entering(request)
    password_hash = None
    if body.password is not None:
        async with hashing_of(request):
            password_hash = await asyncio.to_thread(hasher_of(request).hash, body.password)
    row = await tournaments_of(request).create(account, body, password_hash)
    asyncio.get_running_loop().create_task(director_of(request).turn())
    return {"id": row.id, "url": f"/tournaments/{row.id}", "starts_at": row.starts_at}


@router.get("/api/tournaments/{tournament_id}", summary="A tournament as its page draws it")
async def tournament(tournament_id: str, request: Request) -> dict[str, Any]:
    loaded = await tournaments_of(request).load(tournament_id)
    who = await who_of(request)
    organiser = None
    if loaded.row.created_by is not None:
        found = await asyncio.to_thread(accounts_of(request).by_id, loaded.row.created_by)
        organiser = None if found is None else found.name
    out = tournament_json(loaded, who, organiser)
    out["organising"] = who.account is not None and who.account.id == loaded.row.created_by
    return out


@router.get("/api/tournaments/{tournament_id}/events", summary="The tournament's changes, live")
async def tournament_events(tournament_id: str, request: Request) -> StreamingResponse:
    await tournaments_of(request).load(tournament_id)  # 404 before the stream opens
    state = request.app.state
    if state.tournament_streams >= MAX_STREAMS:
        raise ProtocolError(
            503, "too_many_streams", _("this server follows as many pages as it can")
        )
    versions = versions_of(request)

    async def stream() -> AsyncIterator[str]:
        state.tournament_streams += 1
        try:
            sent: int | None = None
            quiet = 0.0
            yield "retry: 3000\n\n"
            while not await request.is_disconnected():
                version = await versions.version(tournament_id)
                if version is None:
                    return
                if version != sent:
                    sent = version
                    quiet = 0.0
                    yield f'data: {{"version": {version}}}\n\n'
                elif quiet >= KEEP_ALIVE:
                    quiet = 0.0
                    yield ": still here\n\n"
                await asyncio.sleep(1.0)
                quiet += 1.0
        finally:
            state.tournament_streams -= 1

    return StreamingResponse(
        stream(),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )


@router.post("/api/tournaments/{tournament_id}/enter", summary="Enter a tournament")
async def enter(tournament_id: str, body: EnterTournament, request: Request) -> dict[str, Any]:
    who = await who_of(request, changing=True)
    _entering(request)
    tournaments = tournaments_of(request)
    loaded = await tournaments.load(tournament_id)
    stored = loaded.row.password_hash
    if stored is not None:
        if not body.password:
            raise ProtocolError(
                403, "password_needed", _("this tournament is for a club: give its password")
            )
        async with hashing_of(request):
            right = await asyncio.to_thread(hasher_of(request).verify, stored, body.password)
        if not right:
            raise ProtocolError(403, "wrong_password", _("that is not this tournament's password"))
    entry, token = await tournaments.enter(tournament_id, who, body.name)
    return {"number": entry.number, "name": entry.name, "token": token}


@router.post("/api/tournaments/{tournament_id}/withdraw", summary="Leave a tournament")
async def withdraw(tournament_id: str, request: Request) -> dict[str, Any]:
    who = await who_of(request, changing=True)
    entry = await tournaments_of(request).withdraw(tournament_id, who)
    return {"number": entry.number, "withdrawn": True}


@router.post("/api/tournaments/{tournament_id}/computers", summary="Enter a computer level")
async def add_computer(tournament_id: str, body: AddComputer, request: Request) -> dict[str, Any]:
    account = require(await caller(request, changing=True))
    entry = await tournaments_of(request).add_computer(tournament_id, account, body.level)
    return {"number": entry.number, "name": entry.name, "agent": entry.agent}


@router.post("/api/tournaments/{tournament_id}/start", summary="Start a tournament now")
async def start(tournament_id: str, request: Request) -> dict[str, Any]:
    account = require(await caller(request, changing=True))
    await tournaments_of(request).start_now(tournament_id, account)
    await director_of(request).turn()
    return {"started": True}


@router.post("/api/tournaments/{tournament_id}/cancel", summary="Cancel a tournament")
async def cancel(tournament_id: str, request: Request) -> dict[str, Any]:
    account = require(await caller(request, changing=True))
    await tournaments_of(request).cancel(tournament_id, account)
    return {"cancelled": True}


@router.get(
    "/api/tournaments/{tournament_id}/results.{kind}", summary="The results, as text or CSV"
)
async def results_file(tournament_id: str, kind: str, request: Request) -> PlainTextResponse:
    if kind not in ("txt", "csv"):
        raise ProtocolError(404, "no_such_format", _("results come as results.txt or results.csv"))
    loaded = await tournaments_of(request).load(tournament_id)
    text = await asyncio.to_thread(results, loaded, kind)
    media = "text/csv" if kind == "csv" else "text/plain"
    name = f"tournament-{loaded.row.id}.{kind}"
    headers = {"Content-Disposition": f'inline; filename="{name}"'}
    if request.query_params.get("download"):
        headers["Content-Disposition"] = f'attachment; filename="{name}"'
    return PlainTextResponse(text, media_type=f"{media}; charset=utf-8", headers=headers)
