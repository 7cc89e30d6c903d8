"""A WebSocket's life at a table: refused before the handshake, or views pushed until it closes.

Both the seats' and the spectators' sockets are served here; what a message from the
client does is the caller's (a move for a seat, a refusal for a spectator).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from contextlib import suppress

from fastapi import WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse

from regency.server.errors import ProtocolError
from regency.server.live.chat import chat_history
from regency.server.live.table import MAX_LISTENERS, Listener, LiveTable
from regency.server.operations.health import RESTART, RESTART_CODE
from regency.server.operations.metrics import RETRY_AFTER
from regency.server.operations.security import SUBPROTOCOL, wants_subprotocol
from regency.server.protocol import MAX_WS_MESSAGE, encode

__all__ = ["refuse_restarting", "refuse_socket", "serve_socket"]


async def refuse_socket(websocket: WebSocket, exc: ProtocolError) -> None:
    """Close before accepting: the handshake fails with 403.

    Clients that accept first see 4403/4404 (close codes 4000-4999 are the
    application's).
    """
    await websocket.close(code=4000 + exc.status, reason=exc.message[:120])


async def refuse_restarting(websocket: WebSocket) -> None:
    """Refuse a handshake while the server shuts down: 503 with ``Retry-After``.

    (A server without the denial-response extension closes with 1012 instead, which a
    client sees as a failed handshake.)
    """
    if "websocket.http.response" in websocket.scope.get("extensions", {}):
        body = {"error": "shutting_down", "message": "this server is restarting; reconnect"}
        await websocket.send_denial_response(
            JSONResponse(body, status_code=503, headers={"Retry-After": str(RETRY_AFTER)})
        )
    else:
        await websocket.close(code=RESTART_CODE, reason="server restarting: reconnect")


async def serve_socket(
    websocket: WebSocket,
    live: LiveTable,
    seat: int | None,
    on_message: Callable[[str, Listener], Awaitable[None]],
) -> None:
    """Accept, send ``seat``'s view now and after every move, pass messages to ``on_message``.

    Args:
        websocket: The connection, not yet accepted.
        live: The table.
        seat: The seat listening (``None``: a spectator).
        on_message: Called with each text message (bytes are decoded) and the listener.
    """
    if getattr(websocket.app.state.hub, "draining", False):  # restarting: try the next one
        await refuse_restarting(websocket)
        return
    if sum(1 for other in live.listeners if other.seat == seat) >= MAX_LISTENERS:
        await websocket.close(code=4429, reason="too many connections for this seat")
        return
    await websocket.accept(
        subprotocol=SUBPROTOCOL if wants_subprotocol(websocket.headers) else None
    )
    listener = Listener(seat)
    listener.push(live.view_text(seat))
    if live.chat:  # the chat so far, right after the first view
        listener.push(encode(chat_history(live)))
    live.listeners.add(listener)

    async def pump() -> None:
        while True:
            text = await listener.queue.get()
            if text is None:
                await websocket.close(code=1008, reason="too far behind")
                return
            if text is RESTART:
                await websocket.close(code=RESTART_CODE, reason="server restarting: reconnect")
                return
            await websocket.send_text(text)

    sender = asyncio.get_running_loop().create_task(pump())
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                data = message.get("bytes") or b""
                text = data.decode("utf-8", "replace")
            if len(text) > MAX_WS_MESSAGE:
                await websocket.close(code=1009, reason="message too big")
                break
            await on_message(text, listener)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        live.listeners.discard(listener)
        sender.cancel()
        with suppress(asyncio.CancelledError, Exception):
            await sender
