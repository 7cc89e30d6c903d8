"""The HTTP and WebSocket routes (FastAPI; the OpenAPI description at ``/openapi.json``).

Every refusal is a JSON body ``{"error": code, "message": text, ...}`` with a 4xx status;
docs/server.md lists them. Request bodies over :data:`~regency.server.protocol.MAX_BODY`
bytes are refused with 413 before they are read in full. Every answer carries the
security headers of :mod:`regency.server.security`; tokens travel in headers (or, for
old links, a query parameter that no log line shows).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager, suppress
from typing import Annotated, Any

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

import regency
from regency.agents.ladder import ladders_json
from regency.server.computer import ComputerPool
from regency.server.live import MAX_LISTENERS, Hub, Listener, LiveTable, ProtocolError
from regency.server.pages import install_pages
from regency.server.protocol import MAX_BODY, MAX_WS_MESSAGE, ActionRequest, CreateTable, WsAction
from regency.server.security import (
    SUBPROTOCOL,
    SecurityHeaders,
    request_token,
    wants_subprotocol,
)
from regency.server.settings import RateLimit, ServerSettings
from regency.server.storage import CHANNEL, Storage, upgrade

__all__ = ["ServerSettings", "create_app"]

log = logging.getLogger("regency.server")


class BodyLimit:
    """ASGI middleware: refuse request bodies over ``limit`` bytes with 413."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Check the declared length, then count the bytes as they arrive."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length" and (not value.isdigit() or int(value) > self.limit):
                await _too_large(send)
                return
        seen = 0
        too_big = False

        async def limited() -> Message:
            nonlocal seen, too_big
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    too_big = True  # the application sees the client go away
                    return {"type": "http.disconnect"}
            return message

        async def guarded(message: Message) -> None:
            if not too_big:
                await send(message)

        try:
            await self.app(scope, limited, guarded)
        except Exception:
            if not too_big:
                raise
        if too_big:
            await _too_large(send)


async def _too_large(send: Send) -> None:
    body = json.dumps(
        {"error": "too_large", "message": f"request bodies are limited to {MAX_BODY} bytes"}
    ).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [(b"content-type", b"application/json")],
        }
    )
    await send({"type": "http.response.body", "body": body})


def _token(request: Request | WebSocket) -> str | None:
    return request_token(request.headers, request.query_params)


def _client(request: Request) -> str:
    """Who is asking, for rate limits: the client's address.

    Behind a proxy, the real client's, when uvicorn trusts the proxy's forwarded headers.
    """
    return request.client.host if request.client is not None else "unknown"


TableId = Annotated[str, "the table id"]


def create_app(settings: ServerSettings) -> FastAPI:
    """Build the application; the database is opened (and migrated) at start-up."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if settings.migrate:
            await asyncio.to_thread(upgrade, settings.database)
        storage = Storage(settings.database)
        pool = ComputerPool(settings.workers)
        hub = Hub(storage, pool, settings)
        app.state.hub = hub
        if storage.is_postgres:
            listening = asyncio.Event()
            hub.spawn(_listen(storage, hub, listening))
            await asyncio.wait_for(listening.wait(), 30)
        await hub.expire()  # one DELETE: gone before anyone can ask for them
        hub.spawn(hub.resume())  # in the background: the server answers at once
        hub.spawn(hub.watch_idle())
        hub.spawn(hub.watch_expiry())
        try:
            yield
        finally:
            await hub.close()
            pool.close()
            app.state.analyses.close()
            storage.close()

    app = FastAPI(
        title="regency",
        version=regency.__version__,
        summary="Play Claim, Claim Kingdoms and Kingdoms online: tables, invite links, "
        "computer seats.",
        lifespan=lifespan,
        # The interactive API pages load their scripts from another site; the
        # description itself stays at /openapi.json.
        docs_url=None,
        redoc_url=None,
    )
    app.state.settings = settings
    app.add_middleware(BodyLimit)
    app.add_middleware(SecurityHeaders)
    creating = RateLimit(settings.tables_per_minute)

    @app.exception_handler(ProtocolError)
    async def _refused(_: Request, exc: ProtocolError) -> JSONResponse:
        wait = exc.extra.get("retry_after")
        headers = {"Retry-After": str(wait)} if wait is not None else None
        return JSONResponse(exc.body(), status_code=exc.status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        errors = [
            {"where": ".".join(str(p) for p in e.get("loc", ())), "problem": e.get("msg", "")}
            for e in exc.errors()[:20]
        ]
        message = "; ".join(f"{e['where']}: {e['problem']}" for e in errors)
        return JSONResponse(
            {"error": "bad_request", "message": message, "details": errors}, status_code=422
        )

    @app.exception_handler(StarletteHTTPException)
    async def _http(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "refused")
        return JSONResponse(
            {"error": code, "message": str(exc.detail)}, status_code=exc.status_code
        )

    def hub_of(request: Request | WebSocket) -> Hub:
        hub: Hub = request.app.state.hub
        return hub

    def base(request: Request) -> str:
        return str(request.base_url).rstrip("/")

    install_pages(app)

    @app.get("/api/games", summary="The games, their options and computer levels")
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

    @app.post("/api/tables", status_code=201, summary="Set up a table")
    async def create_table(body: CreateTable, request: Request) -> dict[str, Any]:
        wait = creating.allow(_client(request))
        if wait:
            raise ProtocolError(
                429,
                "too_many_tables",
                f"one client may set up {settings.tables_per_minute} tables a minute; "
                f"try again in {max(1, round(wait))} s",
                retry_after=max(1, round(wait)),
            )
        live, tokens, spectator = await hub_of(request).create(body)
        root = base(request)
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

    @app.get("/api/tables/{table_id}", summary="A table's public summary")
    async def table_summary(table_id: TableId, request: Request) -> dict[str, Any]:
        return (await hub_of(request).get(table_id)).summary()

    @app.get("/api/tables/{table_id}/seats/{seat}/view", summary="What a seat sees now")
    async def seat_view(table_id: TableId, seat: int, request: Request) -> dict[str, Any]:
        live = await hub_of(request).get(table_id)
        live.check_token(seat, _token(request))
        return live.message(seat)

    @app.post("/api/tables/{table_id}/seats/{seat}/actions", summary="Make a move")
    async def act(
        table_id: TableId, seat: int, body: ActionRequest, request: Request
    ) -> dict[str, Any]:
        return await hub_of(request).act(table_id, seat, _token(request), body.version, body.action)

    @app.post(
        "/api/tables/{table_id}/seats/{seat}/return",
        summary="Take a seat back from the computer that took it over",
    )
    async def take_back(table_id: TableId, seat: int, request: Request) -> dict[str, Any]:
        return await hub_of(request).take_back(table_id, seat, _token(request))

    @app.get("/api/tables/{table_id}/spectate", summary="The public view")
    async def spectate(table_id: TableId, request: Request) -> dict[str, Any]:
        live = await hub_of(request).get(table_id)
        live.check_spectator(_token(request))
        return live.message(None)

    @app.get("/api/tables/{table_id}/record", summary="A finished game's record")
    async def record(table_id: TableId, request: Request) -> dict[str, Any]:
        return await hub_of(request).record(table_id)

    @app.get("/api/history", summary="Finished games, the most recent first")
    async def history(
        request: Request,
        limit: Annotated[int, Query(ge=1, le=200)] = 50,
        offset: Annotated[int, Query(ge=0, le=10**9)] = 0,
    ) -> list[dict[str, Any]]:
        return await hub_of(request).history(limit, offset)

    @app.websocket("/api/tables/{table_id}/seats/{seat}/ws")
    async def seat_socket(websocket: WebSocket, table_id: str, seat: int) -> None:
        token = _token(websocket)
        hub = hub_of(websocket)
        try:
            live = await hub.get(table_id)
            live.check_token(seat, token)
        except ProtocolError as exc:
            await _refuse_socket(websocket, exc)
            return

        async def on_message(text: str, listener: Listener) -> None:
            try:
                move = WsAction.model_validate_json(text)
            except ValidationError as exc:
                problem = "; ".join(
                    f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()[:5]
                )
                listener.push(
                    json.dumps({"type": "error", "error": "bad_request", "message": problem})
                )
                return
            try:
                ack = await hub.act(table_id, seat, token, move.version, move.action)
            except ProtocolError as exc:
                listener.push(json.dumps({"type": "error", **exc.body()}))
                return
            listener.push(json.dumps(ack))

        await _serve_socket(websocket, live, seat, on_message)

    @app.websocket("/api/tables/{table_id}/spectate/ws")
    async def spectator_socket(websocket: WebSocket, table_id: str) -> None:
        token = _token(websocket)
        try:
            live = await hub_of(websocket).get(table_id)
            live.check_spectator(token)
        except ProtocolError as exc:
            await _refuse_socket(websocket, exc)
            return

        async def on_message(text: str, listener: Listener) -> None:
            del text
            listener.push(
                json.dumps(
                    {"type": "error", "error": "read_only", "message": "spectators cannot move"}
                )
            )

        await _serve_socket(websocket, live, None, on_message)

    return app


async def _refuse_socket(websocket: WebSocket, exc: ProtocolError) -> None:
    # Close before accepting: the handshake fails with 403; 4403/4404 for clients that
    # accept first (close codes 4000-4999 are the application's).
    await websocket.close(code=4000 + exc.status, reason=exc.message[:120])


async def _serve_socket(
    websocket: WebSocket,
    live: LiveTable,
    seat: int | None,
    on_message: Callable[[str, Listener], Awaitable[None]],
) -> None:
    if sum(1 for other in live.listeners if other.seat == seat) >= MAX_LISTENERS:
        await websocket.close(code=4429, reason="too many connections for this seat")
        return
    await websocket.accept(
        subprotocol=SUBPROTOCOL if wants_subprotocol(websocket.headers) else None
    )
    listener = Listener(seat)
    listener.push(json.dumps(live.message(seat)))
    live.listeners.add(listener)

    async def pump() -> None:
        while True:
            text = await listener.queue.get()
            if text is None:
                await websocket.close(code=1008, reason="too far behind")
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


async def _listen(storage: Storage, hub: Hub, ready: asyncio.Event) -> None:
    """With PostgreSQL: follow the moves other server processes commit (LISTEN/NOTIFY)."""
    import psycopg
    from sqlalchemy.engine import make_url

    url = make_url(storage.url).set(drivername="postgresql")
    conninfo = url.render_as_string(hide_password=False)
    while not hub.closed:
        try:
            async with await psycopg.AsyncConnection.connect(conninfo, autocommit=True) as conn:
                await conn.execute(f"LISTEN {CHANNEL}")
                ready.set()
                # Anything announced while we were not listening: catch up.
                for live in list(hub.tables.values()):
                    await hub.announced(f"{live.id}:seats")
                async for note in conn.notifies():
                    try:
                        await hub.announced(note.payload)
                    except Exception:
                        log.exception("could not follow %s", note.payload)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("lost the PostgreSQL notification connection; reconnecting")
            await asyncio.sleep(1)
