"""Setting up tables: the games on offer, a new table with its invite links, its summary.

* ``GET /api/games``: the games, their options and computer levels.
* ``POST /api/tables``: set up a table (201; 429 ``too_many_tables`` past
  :attr:`~regency.server.settings.ServerSettings.tables_per_minute` for one client).
  Signed in, the person setting it up sits there as their account
  (:mod:`regency.server.live.people`); a rated table must be set up signed in.
* ``GET /api/tables/{table}``: a table's public summary.
* ``GET /api/tables/{table}/chat``: the table's latest chat messages (a seat's or the
  spectator token while the game is played; anyone's once it has ended, as the record).
* ``GET /api/limits``: what a client may send before the server refuses it (the chat's
  longest message and its rate), so that a page holds back what would be refused.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

import regency
from regency.agents.ladder import ladders_json
from regency.core.i18n import _
from regency.server.errors import ProtocolError
from regency.server.live.chat import chat_history, chat_limits
from regency.server.protocol import CreateTable
from regency.server.routes.common import (
    TableId,
    base_url,
    client_of,
    creating_of,
    hub_of,
    settings_of,
    token_of,
)
from regency.server.routes.identity import caller

__all__ = ["router"]

router = APIRouter()


@router.get("/api/games", summary="The games, their options and computer levels")
async def games() -> list[dict[str, Any]]:
    # Each game's ladder of computer players per player count, weakest first, the
    # default opponent on top (regency.agents.ladder): the lobby draws no other list.
    return [
        {
            **info.describe(),
            "default_players": info.default_players,
            "levels": ladders_json(info.name),
        }
        for info in regency.available_games()
    ]


@router.get("/api/limits", summary="What a client may send before it is refused")
async def limits(request: Request) -> dict[str, Any]:
    # The server's own settings (regency serve --chat-messages ...): a page learns them
    # here rather than copying the numbers.
    settings = settings_of(request)
    return {"chat": chat_limits(settings.chat_messages, settings.chat_seconds)}


@router.post("/api/tables", status_code=201, summary="Set up a table")
async def create_table(body: CreateTable, request: Request) -> dict[str, Any]:
    who = await caller(request, changing=True)
    wait = creating_of(request).allow(client_of(request))
    if wait:
        raise ProtocolError(
            429,
            "too_many_tables",
            _(
                "one client may set up {tables_per_minute} tables a minute; try again in {seconds} "
                "s",
                tables_per_minute=settings_of(request).tables_per_minute,
                seconds=max(1, round(wait)),
            ),
            retry_after=max(1, round(wait)),
        )
    live, tokens, spectator = await hub_of(request).create(body, who.account)
    root = base_url(request)
    return {
        "table": live.id,
        "game": live.row.game,
        "players": live.row.players,
        "seats": live.seats_info(),
        "invites": [
            {
                "seat": seat,
                "name": live.row.seats[seat].name,
                "url": f"{root}/play/{live.id}/{seat}#token={token}",
                "token": token,
            }
            for seat, token in sorted(tokens.items())
        ],
        # The seat of the account that set the table up: no token, played signed in.
        "mine": [
            {
                "seat": s.seat,
                "name": s.name,
                "url": f"{root}/play/{live.id}/{s.seat}",
            }
            for s in live.row.seats
            if s.account_id is not None
        ],
        "rated": live.row.rated,
        "spectator": {
            "url": f"{root}/watch/{live.id}#token={spectator}",
            "token": spectator,
        },
    }


@router.get("/api/tables/{table_id}", summary="A table's public summary")
async def table_summary(table_id: TableId, request: Request) -> dict[str, Any]:
    return (await hub_of(request).get(table_id)).summary()


@router.get("/api/tables/{table_id}/chat", summary="The table's latest chat messages")
async def table_chat(table_id: TableId, request: Request) -> dict[str, Any]:
    hub = hub_of(request)
    live = await hub.get(table_id)
    if not live.over:  # published with the record, when the game ends
        token = token_of(request)
        account = None if token else (await caller(request)).id
        live.check_reader(token, account)
    return chat_history(live)
