"""Whether the server can take work (``/readyz``), and how it stops taking it (a restart).

* :class:`Readiness`: the database answers, its schema is the newest migration, the
  worker pools are up, the server is not shutting down. A check costs one small query,
  and its answer is kept for :data:`READY_CACHE` seconds, so probing ``/readyz`` as
  often as anyone likes costs the database at most one query a second.
* :func:`drain`: what ``SIGTERM`` starts (docs/deploy.md, "Restarting"): new moves are
  refused (503 ``shutting_down``), the moves under way finish, and every WebSocket is
  closed with :data:`RESTART_CODE` so its client reconnects (to the next process); so is
  every lobby page's event stream (with a ``restart`` event).
"""

from __future__ import annotations

import asyncio
import logging
import time
from functools import cache
from typing import Any

import sqlalchemy as sa

from regency.server.live.lobby import Lobby
from regency.server.operations.metrics import OperatedHub
from regency.server.storage.database import migrations_folder

__all__ = ["READY_CACHE", "RESTART", "RESTART_CODE", "Readiness", "drain", "newest_migration"]

log = logging.getLogger("regency.server")

READY_CACHE = 1.0
"""Seconds a readiness answer is reused."""

DB_TIMEOUT = 3.0
"""Seconds the readiness check waits for the database before calling it unreachable."""

RESTART_CODE = 1012
"""The WebSocket close code sent when the server restarts ("service restart", RFC 6455)."""

RESTART = "restart"
"""Pushed to a socket's listener (this very object) when the server restarts: the socket
is closed with :data:`RESTART_CODE`, and its client reconnects."""


@cache
def newest_migration() -> str:
    """The head revision of the migrations shipped in the package."""
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    cfg = Config()
    cfg.set_main_option("script_location", migrations_folder())
    head = ScriptDirectory.from_config(cfg).get_current_head()
    return str(head)


def _schema(engine: sa.Engine) -> str | None:
    with engine.connect() as conn:
        return conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar()


def _pool_broken(pool: Any) -> bool:
    executor = getattr(pool, "executor", None)
    return bool(getattr(executor, "_broken", False))


class Readiness:
    """The answer to ``/readyz``: ``None`` when ready, else why not (one line)."""

    def __init__(self) -> None:
        self._checked = -READY_CACHE
        self._answer: str | None = "not checked yet"
        self._lock = asyncio.Lock()

    async def check(self, state: Any) -> str | None:
        """Why the application with this ``state`` cannot take work now, or ``None``."""
        hub = getattr(state, "hub", None)
        if hub is None or hub.closed:
            return "the server is starting or stopping"
        if getattr(hub, "draining", False):
            return "the server is shutting down"
        async with self._lock:
            if time.monotonic() - self._checked >= READY_CACHE:
                self._answer = await self._check(hub, state)
                self._checked = time.monotonic()
            return self._answer

    async def _check(self, hub: Any, state: Any) -> str | None:
        try:
            found = await asyncio.wait_for(
                asyncio.to_thread(_schema, hub.storage.engine), DB_TIMEOUT
            )
        except TimeoutError:
            return f"the database did not answer within {DB_TIMEOUT:g} s"
        except Exception as exc:  # the driver's message names no password
            return f"the database cannot be reached ({type(exc).__name__})"
        if found != newest_migration():
            # Behind (run `regency db upgrade`) or ahead (a newer release migrated it).
            return f"the database schema is at {found}; this server expects {newest_migration()}"
        if _pool_broken(hub.pool):
            return "the computer seats' worker pool is down"
        if _pool_broken(getattr(getattr(state, "analyses", None), "pool", None)):
            return "the analysis worker pool is down"
        return None


async def drain(hub: OperatedHub, timeout: float, lobby: Lobby | None = None) -> None:
    """Stop taking moves, finish those under way, and tell every socket to reconnect.

    And every page of ``lobby`` listening for its events. Returns within ``timeout``
    seconds; the caller then stops the server.
    """
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    hub.draining = True
    log.warning("shutting down: no new moves; %d under way", hub.in_flight)
    while hub.in_flight and loop.time() < deadline:
        await asyncio.sleep(0.02)
    # After the moves: their acknowledgements are queued before the close.
    sockets = 0
    for live in list(hub.tables.values()):
        for listener in list(live.listeners):
            listener.push(RESTART)
            sockets += 1
    while loop.time() < deadline and any(live.listeners for live in list(hub.tables.values())):
        await asyncio.sleep(0.02)
    log.warning("shutting down: %d sockets told to reconnect", sockets)
    if lobby is not None:
        log.warning("shutting down: %d lobby pages told to reconnect", lobby.restart())
