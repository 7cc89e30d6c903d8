"""Watching a table with the spectators' token: the public view, read only.

* ``GET /api/tables/{table}/spectate``: the public view now.
* ``WS /api/tables/{table}/spectate/ws``: the public view after every move and the
  table's chat; anything sent is refused with ``read_only`` (spectators read the chat,
  they do not write in it).
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Request, WebSocket

from regency.server.errors import ProtocolError
from regency.server.live.table import Listener
from regency.server.routes.common import TableId, hub_of, token_of
from regency.server.routes.sockets import refuse_socket, serve_socket

__all__ = ["router"]

router = APIRouter()


@router.get("/api/tables/{table_id}/spectate", summary="The public view")
async def spectate(table_id: TableId, request: Request) -> dict[str, Any]:
    live = await hub_of(request).get(table_id)
    live.check_spectator(token_of(request))
    return live.message(None)


@router.websocket("/api/tables/{table_id}/spectate/ws")
async def spectator_socket(websocket: WebSocket, table_id: str) -> None:
    token = token_of(websocket)
    try:
        live = await hub_of(websocket).get(table_id)
        live.check_spectator(token)
    except ProtocolError as exc:
        await refuse_socket(websocket, exc)
        return

    async def on_message(text: str, listener: Listener) -> None:
        message = "spectators cannot move"
        if '"chat"' in text:  # a chat message, most likely: say why it is refused
            message = "spectators read the players' chat but cannot write in it"
        listener.push(json.dumps({"type": "error", "error": "read_only", "message": message}))

    await serve_socket(websocket, live, None, on_message)
