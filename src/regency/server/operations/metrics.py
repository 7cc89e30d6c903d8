"""What a host watches: Prometheus metrics, per application, and the hub that counts them.

* :class:`Metrics`: the counters, gauges and histograms ``GET /metrics`` shows, in a
  registry of the application's own (never the process-wide default: several
  applications in one test process must not collide).
* :class:`RequestMetrics`: ASGI middleware timing every HTTP request, labelled by the
  route's *template* (``/api/tables/{table_id}/seats/{seat}/actions``), never the
  concrete path: table ids and tokens never become label values.
* :class:`OperatedHub`: the :class:`~regency.server.live.hub.Hub` that counts moves and
  refusals, times computer moves, and stops taking moves while the server shuts down
  (503 ``shutting_down`` with ``Retry-After``; docs/deploy.md).

Every label's values come from a fixed set (the server's own refusal codes, its routes'
templates, the HTTP methods it serves, three-digit statuses), so the number of series is
bounded whatever clients send.
"""

from __future__ import annotations

import time
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from regency.core.i18n import _
from regency.server.errors import ProtocolError
from regency.server.live.hub import Hub
from regency.server.live.table import LiveTable

__all__ = ["RETRY_AFTER", "Metrics", "OperatedHub", "RequestMetrics"]

METHODS = frozenset({"GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"})
"""Methods that keep their name as a label value; any other is ``other``."""

RETRY_AFTER = 2
"""Seconds a move refused while the server shuts down is told to wait."""


class Metrics:
    """The server's metrics, in a registry of its own.

    Args:
        app_state: The application's ``state``; the gauges read the hub and the
            analyses from it when scraped (a hub not started yet counts as nothing).
    """

    def __init__(self, app_state: Any) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self.moves = Counter("regency_moves", "Moves committed by this process", ["by"], registry=r)
        self.refusals = Counter(
            "regency_move_refusals",
            "Moves refused, by the protocol's error code",
            ["error"],
            registry=r,
        )
        self.conflicts = Counter(
            "regency_move_conflicts",
            "Moves refused with 409 (stale version, not your turn, game over)",
            registry=r,
        )
        self.computer_seconds = Histogram(
            "regency_computer_move_seconds",
            "Time a computer seat's worker took to choose a move",
            buckets=(0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30),
            registry=r,
        )
        self.requests = Histogram(
            "regency_http_request_seconds",
            "HTTP request latency by route template",
            ["method", "route", "status"],
            buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10),
            registry=r,
        )

        def hub() -> Any:
            return getattr(app_state, "hub", None)

        def open_tables() -> int:
            h = hub()
            return 0 if h is None else sum(not t.over for t in h.tables.values())

        def sockets() -> int:
            h = hub()
            return 0 if h is None else sum(len(t.listeners) for t in list(h.tables.values()))

        def queued() -> int:
            analyses = getattr(app_state, "analyses", None)
            jobs = {} if analyses is None else analyses.jobs
            return sum(not j.running and j.failed is None for j in list(jobs.values()))

        def draining() -> int:
            h = hub()
            return int(bool(getattr(h, "draining", False)))

        gauges = (
            ("regency_open_tables", "Unfinished tables this process holds in memory", open_tables),
            ("regency_websockets", "WebSockets connected to this process", sockets),
            ("regency_analysis_queue", "Analyses waiting for their turn", queued),
            ("regency_draining", "1 while the process shuts down and takes no moves", draining),
        )
        for name, text, read in gauges:
            Gauge(name, text, registry=r).set_function(read)


def _route(scope: Scope) -> str:
    """The template of the route that answered, never the concrete path."""
    route = scope.get("route")
    template = getattr(route, "path", None)
    if isinstance(template, str):
        return template
    if str(scope.get("path", "")).startswith("/static/"):
        return "/static/{path}"
    return "unmatched"


class RequestMetrics:
    """ASGI middleware: time every HTTP request into :attr:`Metrics.requests`."""

    def __init__(self, app: ASGIApp, metrics: Metrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on; record its time once the answer has been sent."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 500

        async def noting(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
            await send(message)

        try:
            await self.app(scope, receive, noting)
        finally:
            method = scope.get("method", "")
            self.metrics.requests.labels(
                method if method in METHODS else "other", _route(scope), str(status)
            ).observe(time.perf_counter() - started)


class OperatedHub(Hub):
    """The hub, counted into :class:`Metrics`, and able to drain for a restart.

    Attributes:
        metrics: Where the counts go.
        draining: Set when the server begins to shut down: every new move is refused
            with 503 ``shutting_down`` (``Retry-After``: :data:`RETRY_AFTER`).
        in_flight: Moves being checked or committed now (the shutdown waits for them).
    """

    def __init__(self, *args: Any, metrics: Metrics, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.metrics = metrics
        self.draining = False
        self.in_flight = 0

    async def act(
        self,
        table_id: str,
        seat: int,
        token: str | None,
        version: int,
        text: str,
        account: int | None = None,
    ) -> dict[str, Any]:
        """:meth:`Hub.act`, refused while draining, its refusals counted."""
        try:
            if self.draining:
                raise ProtocolError(
                    503,
                    "shutting_down",
                    _("this server is restarting; send the move again in a moment"),
                    retry_after=RETRY_AFTER,
                )
            self.in_flight += 1
            try:
                return await super().act(table_id, seat, token, version, text, account)
            finally:
                self.in_flight -= 1
        except ProtocolError as exc:
            self.metrics.refusals.labels(exc.code).inc()
            if exc.status == 409:
                self.metrics.conflicts.inc()
            raise

    async def _commit(self, live: LiveTable, game: Any, seat: int, action: Any) -> None:
        by = "person" if live.row.seats[seat].agent is None else "computer"
        if live.row.seats[seat].replaced_by is not None:
            by = "computer"
        await super()._commit(live, game, seat, action)
        self.metrics.moves.labels(by).inc()

    async def _think(
        self, spec: str, think_time: float, game: str, seed: int, view: Any, limit: float
    ) -> Any:
        started = time.perf_counter()
        try:
            return await super()._think(spec, think_time, game, seed, view, limit)
        finally:
            self.metrics.computer_seconds.observe(time.perf_counter() - started)
