"""A seat at a table, with its token: what it sees, its moves, taking it back.

* ``GET /api/tables/{table}/seats/{seat}/view``: what the seat sees now.
* ``POST /api/tables/{table}/seats/{seat}/actions``: make a move.
* ``POST /api/tables/{table}/seats/{seat}/return``: take the seat back from the computer
  that took it over.
* ``POST /api/tables/{table}/seats/{seat}/chat``: write in the table's chat.
* ``WS /api/tables/{table}/seats/{seat}/ws``: the seat's view after every move and the
  table's chat; moves sent as ``{"type": "action", "version", "action"}``, chat messages
  as ``{"type": "chat", "text"}``.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Request, WebSocket
from pydantic import ValidationError

from regency.server.errors import ProtocolError
from regency.server.live.table import Listener
from regency.server.protocol import ActionRequest, ChatRequest, WsAction, WsChat, encode
from regency.server.routes.common import TableId, hub_of, token_of
from regency.server.routes.sockets import refuse_socket, serve_socket

__all__ = ["router"]

router = APIRouter()


@router.get("/api/tables/{table_id}/seats/{seat}/view", summary="What a seat sees now")
async def seat_view(table_id: TableId, seat: int, request: Request) -> dict[str, Any]:
    live = await hub_of(request).get(table_id)
    live.check_token(seat, token_of(request))
    return live.message(seat)


@router.post("/api/tables/{table_id}/seats/{seat}/actions", summary="Make a move")
async def act(
    table_id: TableId, seat: int, body: ActionRequest, request: Request
) -> dict[str, Any]:
    return await hub_of(request).act(table_id, seat, token_of(request), body.version, body.action)


@router.post(
    "/api/tables/{table_id}/seats/{seat}/return",
    summary="Take a seat back from the computer that took it over",
)
async def take_back(table_id: TableId, seat: int, request: Request) -> dict[str, Any]:
    return await hub_of(request).take_back(table_id, seat, token_of(request))


@router.post("/api/tables/{table_id}/seats/{seat}/chat", summary="Write in the table's chat")
async def chat(table_id: TableId, seat: int, body: ChatRequest, request: Request) -> dict[str, Any]:
    return await hub_of(request).chat(table_id, seat, token_of(request), body.text)


def _problem(exc: ValidationError) -> str:
    return "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()[:5])


def _is_chat(text: str) -> bool:
    """Whether a socket message says ``"type": "chat"`` (anything else is read as a move)."""
    try:
        data = json.loads(text)
    except ValueError:
        return False
    return isinstance(data, dict) and data.get("type") == "chat"


@router.websocket("/api/tables/{table_id}/seats/{seat}/ws")
async def seat_socket(websocket: WebSocket, table_id: str, seat: int) -> None:
    token = token_of(websocket)
    hub = hub_of(websocket)
    try:
        live = await hub.get(table_id)
        live.check_token(seat, token)
    except ProtocolError as exc:
        await refuse_socket(websocket, exc)
        return

    async def on_message(text: str, listener: Listener) -> None:
        if _is_chat(text):
            try:
                said = WsChat.model_validate_json(text)
                await hub.chat(table_id, seat, token, said.text)
            except ValidationError as exc:
                listener.push(
                    json.dumps(
                        {
                            "type": "error",
                            "error": "bad_request",
                            "about": "chat",
                            "message": _problem(exc),
                        }
                    )
                )
            except ProtocolError as exc:
                listener.push(json.dumps({"type": "error", **exc.body()}))
            return  # the message itself comes back to this socket like to every other
        try:
            move = WsAction.model_validate_json(text)
        except ValidationError as exc:
            listener.push(
                json.dumps({"type": "error", "error": "bad_request", "message": _problem(exc)})
            )
            return
        try:
            ack = await hub.act(table_id, seat, token, move.version, move.action)
        except ProtocolError as exc:
            listener.push(json.dumps({"type": "error", **exc.body()}))
            return
        listener.push(encode(ack))

    await serve_socket(websocket, live, seat, on_message)
