"""Running the server under uvicorn with a graceful restart (docs/deploy.md).

On ``SIGTERM`` (or ``SIGINT``) :class:`GracefulServer` first drains
(:func:`regency.server.operations.health.drain`: new moves get 503 ``shutting_down`` with
``Retry-After``, the moves under way finish, every WebSocket is closed with 1012 so its
client reconnects), then lets uvicorn stop. The process is gone within
``shutdown_timeout`` seconds of the signal: what is still running then is cut off, which
loses no acknowledged move (a move is committed before it is acknowledged). A second
signal stops at once.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import threading
from socket import socket
from types import FrameType
from typing import Any

import uvicorn

from regency.server.operations.health import drain

__all__ = ["DEFAULT_SHUTDOWN_TIMEOUT", "MAX_SHUTDOWN_TIMEOUT", "GracefulServer"]

log = logging.getLogger("regency.server")

DEFAULT_SHUTDOWN_TIMEOUT = 10.0
"""Seconds from ``SIGTERM`` to the process's end, at most (``--shutdown-timeout``)."""

MAX_SHUTDOWN_TIMEOUT = 600.0
"""The largest ``--shutdown-timeout``."""

DRAIN_SHARE = 0.6
"""The share of the shutdown time the moves under way may take; uvicorn has the rest."""


class GracefulServer(uvicorn.Server):
    """uvicorn's server, draining the hub before it stops.

    Args:
        config: uvicorn's configuration; its ``app`` keeps the hub on ``app.state``.
        app: The application (:func:`regency.server.app.create_app`).
        shutdown_timeout: Seconds from the first signal to the process's end, at most.
    """

    def __init__(self, config: uvicorn.Config, app: Any, shutdown_timeout: float) -> None:
        super().__init__(config)
        self.app = app
        self.shutdown_timeout = shutdown_timeout
        self._loop: asyncio.AbstractEventLoop | None = None
        self._draining = False
        self._tasks: set[asyncio.Task[None]] = set()

    async def serve(self, sockets: list[socket] | None = None) -> None:
        """Run uvicorn's ``serve``, remembering the loop the drain will run on."""
        self._loop = asyncio.get_running_loop()
        await super().serve(sockets)

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        """The first signal drains, then stops; a second stops at once."""
        hub = getattr(self.app.state, "hub", None)
        if self._draining or self._loop is None or hub is None or not self.started:
            super().handle_exit(sig, frame)
            return
        self._draining = True
        watchdog = threading.Timer(self.shutdown_timeout, self._cut_off)
        watchdog.daemon = True
        watchdog.start()
        self._loop.call_soon_threadsafe(self._start_drain, hub, sig)

    def _start_drain(self, hub: Any, sig: int) -> None:
        task = asyncio.get_running_loop().create_task(self._drain(hub, sig))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _drain(self, hub: Any, sig: int) -> None:
        loop = asyncio.get_running_loop()
        started = loop.time()
        try:
            pairing = getattr(self.app.state, "pairing", None)
            lobby = None if pairing is None else pairing.lobby
            await drain(hub, self.shutdown_timeout * DRAIN_SHARE, lobby)
        except Exception:
            log.exception("could not drain; stopping")
        finally:
            left = self.shutdown_timeout - (loop.time() - started)
            # uvicorn reads this when it shuts down: the connections still open get the
            # time left, less a second for the application's own shutdown.
            self.config.timeout_graceful_shutdown = max(1, int(left - 1.0))
            super().handle_exit(sig, None)

    def _cut_off(self) -> None:
        log.error("still running %g s after the signal: exiting now", self.shutdown_timeout)
        for handler in logging.getLogger("regency").handlers:
            handler.flush()
        os._exit(128 + signal.SIGTERM)
