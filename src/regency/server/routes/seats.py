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
* ``WS /api/tables/{table}/seats/{seat}/ws``: the seat's view after every move and the
  table's chat; moves sent as ``{"type": "action", "version", "action"}``, chat messages
  as ``{"type": "chat", "text"}``.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from fastapi import APIRouter, Request, WebSocket
from pydantic import ValidationError

from regency.server.errors import ProtocolError
from regency.server.live.table import Listener
from regency.server.protocol import ActionRequest, ChatRequest, WsAction, WsChat, encode
from regency.server.routes.common import TableId, hub_of, token_of
from regency.server.routes.identity import accounts_of, caller, require, socket_caller
from regency.server.routes.sockets import refuse_socket, serve_socket

__all__ = ["router"]

router = APIRouter()

SESSION_RECHECK = 30.0
"""Seconds between two checks that a socket's session is still live (docs/accounts.md)."""


@router.get("/api/tables/{table_id}/seats/{seat}/view", summary="What a seat sees now")
async def seat_view(table_id: TableId, seat: int, request: Request) -> dict[str, Any]:
    live = await hub_of(request).get(table_id)
    token = token_of(request)
    live.check_token(seat, token, await account_for(request, token, changing=False))
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

    async def on_message(text: str, listener: Listener) -> None:
        nonlocal checked
        if session_id is not None and time.monotonic() - checked > SESSION_RECHECK:
            checked = time.monotonic()
            if await asyncio.to_thread(accounts_of(websocket).session, session_id) is None:
                await websocket.close(code=4401, reason="your session has ended: sign in")
                return
        if _is_chat(text):
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

    await serve_socket(websocket, live, seat, on_message)
