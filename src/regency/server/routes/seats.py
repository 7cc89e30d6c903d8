"""A seat at a table, with its token: what it sees, its moves, taking it back.

* ``GET /api/tables/{table}/seats/{seat}/view``: what the seat sees now.
* ``POST /api/tables/{table}/seats/{seat}/actions``: make a move.
* ``POST /api/tables/{table}/seats/{seat}/return``: take the seat back from the computer
  that took it over.
* ``POST /api/tables/{table}/seats/{seat}/chat``: write in the table's chat.
* ``POST /api/tables/{table}/seats/{seat}/abort``, ``.../resign``, ``.../leave``: end your
  part of the game (:mod:`regency.server.live.endings`).
* ``POST /api/tables/{table}/seats/{seat}/takeback``: ask to take back your last move,
  accept it or decline it (:mod:`regency.server.live.takebacks`).
* ``WS /api/tables/{table}/seats/{seat}/ws``: the seat's view after every move and the
  table's chat; moves sent as ``{"type": "action", "version", "action"}``, chat messages
  as ``{"type": "chat", "text"}``, and ``{"type": "abort" | "resign" | "leave"}``,
  ``{"type": "takeback", "accept"}``.

Reading the seat's view or opening its socket counts as opening the table: the seat's
move clock may run from then (:mod:`regency.server.live.clocks`).
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Request, WebSocket
from pydantic import ValidationError

from regency.server.errors import ProtocolError
from regency.server.live.endings import ABORT, LEAVE, RESIGN, end_early
from regency.server.live.table import Listener
from regency.server.live.takebacks import answer_takeback
from regency.server.protocol import (
    ActionRequest,
    ChatRequest,
    TakebackRequest,
    WsAction,
    WsChat,
    WsEnd,
    WsTakeback,
    encode,
)
from regency.server.routes.common import TableId, hub_of, token_of
from regency.server.routes.sockets import refuse_socket, serve_socket

__all__ = ["router"]

router = APIRouter()


@router.get("/api/tables/{table_id}/seats/{seat}/view", summary="What a seat sees now")
async def seat_view(table_id: TableId, seat: int, request: Request) -> dict[str, Any]:
    hub = hub_of(request)
    live = await hub.get(table_id)
    live.check_token(seat, token_of(request))
    await hub.opened(live, seat)
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


@router.post("/api/tables/{table_id}/seats/{seat}/abort", summary="Abort before your first move")
async def abort(table_id: TableId, seat: int, request: Request) -> dict[str, Any]:
    return await end_early(hub_of(request), table_id, seat, token_of(request), ABORT)


@router.post("/api/tables/{table_id}/seats/{seat}/resign", summary="Resign (two sides)")
async def resign(table_id: TableId, seat: int, request: Request) -> dict[str, Any]:
    return await end_early(hub_of(request), table_id, seat, token_of(request), RESIGN)


@router.post(
    "/api/tables/{table_id}/seats/{seat}/leave",
    summary="Leave a game of three or more sides (the computer plays on for you)",
)
async def leave(table_id: TableId, seat: int, request: Request) -> dict[str, Any]:
    return await end_early(hub_of(request), table_id, seat, token_of(request), LEAVE)


@router.post(
    "/api/tables/{table_id}/seats/{seat}/takeback",
    summary="Ask to take back your last move, accept such a request or decline it",
)
async def takeback(
    table_id: TableId, seat: int, request: Request, body: TakebackRequest | None = None
) -> dict[str, Any]:
    accept, version = (True, None) if body is None else (body.accept, body.version)
    return await answer_takeback(
        hub_of(request), table_id, seat, token_of(request), accept, version
    )


def _problem(exc: ValidationError) -> str:
    return "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()[:5])


def _kind(text: str) -> str:
    """What a socket message asks for, by its ``type`` (anything unknown is read as a move)."""
    try:
        data = json.loads(text)
    except ValueError:
        return "action"
    kind = data.get("type") if isinstance(data, dict) else None
    return kind if kind in ("chat", ABORT, RESIGN, LEAVE, "takeback") else "action"


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

    await hub.opened(live, seat)

    async def on_message(text: str, listener: Listener) -> None:
        kind = _kind(text)
        if kind in (ABORT, RESIGN, LEAVE, "takeback"):
            await _command(text, kind, listener)
            return
        if kind == "chat":
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

    async def _command(text: str, kind: str, listener: Listener) -> None:
        """Abort, resign, leave or a take-back: answered on this socket, pushed to all."""
        try:
            if kind == "takeback":
                asked = WsTakeback.model_validate_json(text)
                answer = await answer_takeback(
                    hub, table_id, seat, token, asked.accept, asked.version
                )
            else:
                WsEnd.model_validate_json(text)
                answer = await end_early(hub, table_id, seat, token, kind)
        except ValidationError as exc:
            problem = _problem(exc)
            listener.push(
                json.dumps(
                    {"type": "error", "error": "bad_request", "about": kind, "message": problem}
                )
            )
            return
        except ProtocolError as exc:
            listener.push(json.dumps({"type": "error", "about": kind, **exc.body()}))
            return
        listener.push(encode(answer))

    await serve_socket(websocket, live, seat, on_message)
