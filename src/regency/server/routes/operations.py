"""What a host's monitoring asks: is the process up, can it take work, its metrics.

* ``GET /healthz``: 200 ``{"status": "ok"}`` while the process answers at all.
* ``GET /readyz``: 200 ``{"status": "ready"}`` when the database answers, its schema is
  the newest, the worker pools are up and the server is not shutting down; else 503
  ``{"status": "unready", "reason": TEXT}`` (:class:`regency.server.operations.health.Readiness`).
* ``GET /metrics``: the Prometheus text format (:class:`regency.server.operations.metrics.Metrics`).

None of them is rate limited, and none costs more than one small query a second.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from regency.server.operations.health import Readiness
from regency.server.operations.metrics import Metrics

__all__ = ["router"]

router = APIRouter()


@router.get("/healthz", summary="Whether the process is up", include_in_schema=False)
async def healthz() -> JSONResponse:
    return JSONResponse({"status": "ok"}, headers={"Cache-Control": "no-store"})


@router.get(
    "/readyz",
    summary="Whether the server can take work: database, schema, pools",
    include_in_schema=False,
)
async def readyz(request: Request) -> JSONResponse:
    readiness: Readiness = request.app.state.readiness
    reason = await readiness.check(request.app.state)
    headers = {"Cache-Control": "no-store"}
    if reason is None:
        return JSONResponse({"status": "ready"}, headers=headers)
    return JSONResponse({"status": "unready", "reason": reason}, status_code=503, headers=headers)


@router.get("/metrics", summary="Prometheus metrics", include_in_schema=False)
async def metrics(request: Request) -> Response:
    found: Metrics = request.app.state.metrics
    return Response(
        generate_latest(found.registry),
        media_type=CONTENT_TYPE_LATEST,
        headers={"Cache-Control": "no-store"},
    )
