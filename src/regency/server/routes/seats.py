"""A seat at a table, with its token: what it sees, its moves, taking it back.

A seat is played with its token (the invite link's), or by the account seated there,
signed in (its session cookie, with the CSRF token for a change, or an API token:
:mod:`~regency.server.routes.identity`).

* ``GET /api/tables/{table}/seats/{seat}/view``: what the seat sees now.
* ``POST /api/tables/{table}/seats/{seat}/actions``: make a move.
* ``POST /api/tables/{table}/seats/{seat}/return``: take the seat back from the computer
  that took it over.
* ``POST /api/tables/{table}/seats/{seat}/chat``: write in the table's chat.
* ``POST /api/tables/{table}/seats/{seat}/join``: a signed-in person takes the seat their
  invite link is for (its token) as their account.
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

import asyncio
import json
import time
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
from regency.server.routes.identity import accounts_of, caller, require, socket_caller
from regency.server.routes.sockets import refuse_socket, serve_socket

__all__ = ["router"]

router = APIRouter()

SESSION_RECHECK = 30.0
"""Seconds between two checks that a socket's session is still live (docs/accounts.md)."""


@router.get("/api/tables/{table_id}/seats/{seat}/view", summary="What a seat sees now")
async def seat_view(table_id: TableId, seat: int, request: Request) -> dict[str, Any]:
    hub = hub_of(request)
    live = await hub.get(table_id)
    token = token_of(request)
    live.check_token(seat, token, await account_for(request, token, changing=False))
    await hub.opened(live, seat)
    return live.message(seat)


async def account_for(request: Request, token: str | None, changing: bool) -> int | None:
    """The account a seat's request acts for: none when it carries the seat's token.

    A request with a seat's token is that seat's, whoever is signed in; without one, the
    signed-in account's (a change needing the CSRF check, :func:`caller`).
    """
    if token is not None and not token.startswith("rga_"):
        return None
    return (await caller(request, changing=changing)).id


@router.post("/api/tables/{table_id}/seats/{seat}/actions", summary="Make a move")
async def act(
    table_id: TableId, seat: int, body: ActionRequest, request: Request
) -> dict[str, Any]:
    token = token_of(request)
    account = await account_for(request, token, changing=True)
    return await hub_of(request).act(table_id, seat, token, body.version, body.action, account)


@router.post(
    "/api/tables/{table_id}/seats/{seat}/return",
    summary="Take a seat back from the computer that took it over",
)
async def take_back(table_id: TableId, seat: int, request: Request) -> dict[str, Any]:
    token = token_of(request)
    account = await account_for(request, token, changing=True)
    return await hub_of(request).take_back(table_id, seat, token, account)


@router.post("/api/tables/{table_id}/seats/{seat}/chat", summary="Write in the table's chat")
async def chat(table_id: TableId, seat: int, body: ChatRequest, request: Request) -> dict[str, Any]:
    token = token_of(request)
    account = await account_for(request, token, changing=True)
    return await hub_of(request).chat(table_id, seat, token, body.text, account)


@router.post(
    "/api/tables/{table_id}/seats/{seat}/join",
    summary="Take the seat of an invite link as your account",
)
async def join(table_id: TableId, seat: int, request: Request) -> dict[str, Any]:
    account = require(await caller(request, changing=True))
    return await hub_of(request).join(table_id, seat, token_of(request), account)


@router.post("/api/tables/{table_id}/seats/{seat}/abort", summary="Abort before your first move")
async def abort(table_id: TableId, seat: int, request: Request) -> dict[str, Any]:
    return await _end(request, table_id, seat, ABORT)


@router.post("/api/tables/{table_id}/seats/{seat}/resign", summary="Resign (two sides)")
async def resign(table_id: TableId, seat: int, request: Request) -> dict[str, Any]:
    return await _end(request, table_id, seat, RESIGN)


@router.post(
    "/api/tables/{table_id}/seats/{seat}/leave",
    summary="Leave a game of three or more sides (the computer plays on for you)",
)
async def leave(table_id: TableId, seat: int, request: Request) -> dict[str, Any]:
    return await _end(request, table_id, seat, LEAVE)


async def _end(request: Request, table_id: str, seat: int, act: str) -> dict[str, Any]:
    token = token_of(request)
    account = await account_for(request, token, changing=True)
    return await end_early(hub_of(request), table_id, seat, token, act, account)


@router.post(
    "/api/tables/{table_id}/seats/{seat}/takeback",
    summary="Ask to take back your last move, accept such a request or decline it",
)
async def takeback(
    table_id: TableId, seat: int, request: Request, body: TakebackRequest | None = None
) -> dict[str, Any]:
    accept, version = (True, None) if body is None else (body.accept, body.version)
    token = token_of(request)
    account = await account_for(request, token, changing=True)
    return await answer_takeback(hub_of(request), table_id, seat, token, accept, version, account)


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
        who = await socket_caller(websocket)
        account = who.id
        if token is not None and token.startswith("rga_"):
            token = None  # an API token: the account it acts for plays
        live = await hub.get(table_id)
        live.check_token(seat, token, account)
    except ProtocolError as exc:
        await refuse_socket(websocket, exc)
        return
    # A socket that plays by its session is closed once the session has ended (signed
    # out everywhere, the account deleted or disabled): checked before a message, at
    # most every SESSION_RECHECK seconds.
    session_id = who.session_id if who.session is not None and token is None else None
    checked = time.monotonic()

    await hub.opened(live, seat)

    async def on_message(text: str, listener: Listener) -> None:
        nonlocal checked
        if session_id is not None and time.monotonic() - checked > SESSION_RECHECK:
            checked = time.monotonic()
            if await asyncio.to_thread(accounts_of(websocket).session, session_id) is None:
                await websocket.close(code=4401, reason="your session has ended: sign in")
                return
        kind = _kind(text)
        if kind in (ABORT, RESIGN, LEAVE, "takeback"):
            await _command(text, kind, listener)
            return
        if kind == "chat":
            try:
                said = WsChat.model_validate_json(text)
                await hub.chat(table_id, seat, token, said.text, account)
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
            ack = await hub.act(table_id, seat, token, move.version, move.action, account)
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
                    hub, table_id, seat, token, asked.accept, asked.version, account
                )
            else:
                WsEnd.model_validate_json(text)
                answer = await end_early(hub, table_id, seat, token, kind, account)
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
