"""Finished games: a game's record, and the list of them.

* ``GET /api/tables/{table}/record``: a finished game's record (409 while it is played).
* ``GET /api/history?limit=N&offset=K``: finished games, the most recent first.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request

from regency.server.routes.common import TableId, hub_of

__all__ = ["router"]

router = APIRouter()


@router.get("/api/tables/{table_id}/record", summary="A finished game's record")
async def record(table_id: TableId, request: Request) -> dict[str, Any]:
    return await hub_of(request).record(table_id)


@router.get("/api/history", summary="Finished games, the most recent first")
async def history(
    request: Request,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
    offset: Annotated[int, Query(ge=0, le=10**9)] = 0,
) -> list[dict[str, Any]]:
    return await hub_of(request).history(limit, offset)
