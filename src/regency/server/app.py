"""The application: its state, middleware and routes (FastAPI; OpenAPI at ``/openapi.json``).

Every refusal is a JSON body ``{"error": code, "message": text, ...}`` with a 4xx status;
docs/server.md lists them. Request bodies over :data:`~regency.server.protocol.MAX_BODY`
bytes are refused with 413 before they are read in full. Every answer carries the
security headers of :mod:`regency.server.operations.security`; tokens travel in headers (or, for
old links, a query parameter that no log line shows). Text answers of
:data:`COMPRESS_ABOVE` bytes or more are compressed (zstd, brotli or gzip, as the
browser accepts: ``starlette-compress``); every answer says how long it may be kept
(:mod:`regency.server.pages.assets`: static files under hashed names for a year, pages
``no-cache``, anything else ``no-store``). The routes themselves are in
:mod:`regency.server.routes`, one router per concern.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette_compress import CompressMiddleware

import regency
from regency.accounts.passwords import HASHER, Hasher
from regency.server.language import LanguageMiddleware
from regency.server.live.coach import Coach
from regency.server.live.computer import ComputerPool
from regency.server.live.directing import Director
from regency.server.live.hub import Hub
from regency.server.live.pairing import Pairing
from regency.server.live.tournaments import Tournaments
from regency.server.operations.health import Readiness
from regency.server.operations.metrics import Metrics, OperatedHub, RequestMetrics
from regency.server.operations.security import SecurityHeaders, content_security_policy
from regency.server.pages.analysis import Analyses
from regency.server.pages.assets import CacheDefaults, HashedStaticFiles
from regency.server.pages.html import assets
from regency.server.pages.replays import ReplayCache
from regency.server.pages.tournaments import Versions
from regency.server.protocol import MAX_BODY
from regency.server.routes import ROUTERS
from regency.server.routes.errors import install_error_handlers
from regency.server.settings import RateLimit, ServerSettings
from regency.server.storage.database import CHANNEL, Storage, upgrade
from regency.server.storage.pairing import LOBBY_CHANNEL
from regency.server.storage.tournaments import TournamentStore

__all__ = ["ServerSettings", "create_app"]

log = logging.getLogger("regency.server")

SIGNUPS_PER_MINUTE = 5
"""New accounts one client (by address) may make in any sliding minute (429 past it)."""

COMPRESS_ABOVE = 500
"""Bytes: a text answer this long or longer is compressed (a shorter one gains nothing)."""

ENTERING_PER_MINUTE = 30
"""Tournaments one client (by address) may set up or enter in any sliding minute (429
past it: a club's password is not guessed at speed)."""


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


@asynccontextmanager
async def _lifespan(app: FastAPI) -> AsyncIterator[None]:
    """Open (and migrate) the database and run the tables while the server is up."""
    settings: ServerSettings = app.state.settings
    if settings.migrate:
        await asyncio.to_thread(upgrade, settings.database)
    storage = Storage(settings.database)
    pool = ComputerPool(settings.workers)
    hub = OperatedHub(storage, pool, settings, metrics=app.state.metrics)
    app.state.hub = hub
    app.state.coach = Coach(pool)
    app.state.accounts = hub.accounts
    app.state.ratings = hub.ratings
    pairing = Pairing(hub, settings)
    app.state.pairing = pairing
    store = TournamentStore(storage)
    app.state.tournaments = Tournaments(store, hub.ratings, settings)
    app.state.tournament_versions = Versions(store)
    director = Director(hub, store, settings)
    app.state.director = director
    if storage.is_postgres:
        listening = asyncio.Event()
        hub.spawn(_listen(storage, hub, pairing, listening))
        await asyncio.wait_for(listening.wait(), 30)
    await hub.expire()  # one DELETE: gone before anyone can ask for them
    await pairing.start()
    hub.spawn(hub.resume())  # in the background: the server answers at once
    hub.spawn(hub.watch_idle())
    hub.spawn(hub.watch_expiry())
    hub.spawn(pairing.run())
    hub.spawn(director.run())
    try:
        yield
    finally:
        await director.close()
        await pairing.close()
        await hub.close()
        pool.close()
        app.state.analyses.close()
        storage.close()


def create_app(settings: ServerSettings) -> FastAPI:
    """Build the application; the database is opened (and migrated) at start-up."""
    app = FastAPI(
        title="regency",
        version=regency.__version__,
        summary="Play Claim, Claim Kingdoms and Kingdoms online: tables, invite links, "
        "computer seats.",
        lifespan=_lifespan,
        # The interactive API pages load their scripts from another site; the
        # description itself stays at /openapi.json.
        docs_url=None,
        redoc_url=None,
    )
    # What the routers find on app.state (regency.server.routes.common); hub at start-up.
    app.state.settings = settings
    app.state.creating = RateLimit(settings.tables_per_minute)
    app.state.signups = RateLimit(SIGNUPS_PER_MINUTE)
    app.state.entering = RateLimit(ENTERING_PER_MINUTE)
    app.state.tournament_streams = 0
    app.state.hasher = Hasher(time_cost=1, memory_cost=1024) if settings.test_hashing else HASHER
    # Password checks at once: each holds 46 MiB and a core for about a tenth of a second.
    app.state.hashing = asyncio.Semaphore(2)
    app.state.replays = ReplayCache()
    app.state.analyses = Analyses(settings.analysis_workers, settings.analysis_queue)
    app.state.metrics = Metrics(app.state)
    app.state.readiness = Readiness()
    files = assets()
    app.add_middleware(LanguageMiddleware)  # innermost: the routes and their refusals
    app.add_middleware(BodyLimit)
    app.add_middleware(CacheDefaults)
    app.add_middleware(SecurityHeaders, csp=content_security_policy(files.csp_hash))
    # Text answers over half a kilobyte, compressed as the browser accepts (zstd, brotli or
    # gzip); the WebSockets pass untouched (the middleware sees only HTTP).
    app.add_middleware(CompressMiddleware, minimum_size=COMPRESS_ABOVE)
    app.add_middleware(RequestMetrics, metrics=app.state.metrics)
    install_error_handlers(app)
    for router in ROUTERS:
        app.include_router(router)
    app.mount("/static", HashedStaticFiles(files), name="static")
    return app


async def _listen(storage: Storage, hub: Hub, pairing: Pairing, ready: asyncio.Event) -> None:
    """With PostgreSQL: follow the moves other server processes commit (LISTEN/NOTIFY).

    And the lobby's changes (open tables, queues, seatings), on a channel of their own.
    """
    import psycopg
    from sqlalchemy.engine import make_url

    url = make_url(storage.url).set(drivername="postgresql")
    conninfo = url.render_as_string(hide_password=False)
    while not hub.closed:
        try:
            async with await psycopg.AsyncConnection.connect(conninfo, autocommit=True) as conn:
                await conn.execute(f"LISTEN {CHANNEL}")
                await conn.execute(f"LISTEN {LOBBY_CHANNEL}")
                ready.set()
                # Anything announced while we were not listening: catch up.
                for live in list(hub.tables.values()):
                    await hub.announced(f"{live.id}:seats")
                    await hub.announced(f"{live.id}:chat")
                await pairing.lobby.load()
                async for note in conn.notifies():
                    try:
                        if note.channel == LOBBY_CHANNEL:
                            await pairing.lobby.announced([note.payload])
                        else:
                            await hub.announced(note.payload)
                    except Exception:
                        log.exception("could not follow %s", note.payload)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("lost the PostgreSQL notification connection; reconnecting")
            await asyncio.sleep(1)
