"""Setting up tables: the games on offer, a new table with its invite links, its summary.

* ``GET /api/games``: the games, their options and computer levels.
* ``POST /api/tables``: set up a table (201; 429 ``too_many_tables`` past
  :attr:`~regency.server.settings.ServerSettings.tables_per_minute` for one client).
* ``GET /api/tables/{table}``: a table's public summary.
* ``GET /api/tables/{table}/chat``: the table's latest chat messages (a seat's or the
  spectator token while the game is played; anyone's once it has ended, as the record).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

import regency
from regency.agents.ladder import ladders_json
from regency.server.errors import ProtocolError
from regency.server.live.chat import chat_history
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


@router.post("/api/tables", status_code=201, summary="Set up a table")
async def create_table(body: CreateTable, request: Request) -> dict[str, Any]:
    wait = creating_of(request).allow(client_of(request))
    if wait:
        raise ProtocolError(
            429,
            "too_many_tables",
            f"one client may set up {settings_of(request).tables_per_minute} tables a "
            f"minute; try again in {max(1, round(wait))} s",
            retry_after=max(1, round(wait)),
        )
    live, tokens, spectator = await hub_of(request).create(body)
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
        live.check_reader(token_of(request))
    return chat_history(live)
