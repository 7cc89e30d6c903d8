"""Finished games step by step: the replay page and the views it shows.

* ``GET /replay/{table}?seat=N&step=K``: the replay page.
* ``GET /api/tables/{table}/replay/{step}?seat=N``: the view message ``seat`` (omitted:
  a spectator) had after ``step`` moves of a finished game
  (:func:`regency.server.pages.replays.replayed_view`).
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi import Path as PathParam
from fastapi.responses import HTMLResponse

from regency.server.errors import ProtocolError
from regency.server.pages.html import page, title
from regency.server.pages.replays import MAX_STEP, replayed_view
from regency.server.routes.common import hub_of, replays_of

__all__ = ["router"]

router = APIRouter()


@router.get("/replay/{table_id}", response_class=HTMLResponse, include_in_schema=False)
async def replay_page(table_id: str, request: Request) -> HTMLResponse:
    record = await replays_of(request).record(hub_of(request), table_id)
    return page("replay.html", f"{title(record['game'])}: replay · regency")


@router.get(
    "/api/tables/{table_id}/replay/{step}",
    summary="What a seat (or a spectator) saw after some moves of a finished game",
)
async def replay_view(
    table_id: str,
    step: Annotated[int, PathParam(ge=0, le=MAX_STEP)],
    request: Request,
    seat: Annotated[int | None, Query(ge=0, le=15)] = None,
) -> dict[str, Any]:
    record = await replays_of(request).record(hub_of(request), table_id)
    if seat is not None and seat >= record["players"]:
        raise ProtocolError(404, "no_such_seat", f"table {table_id} has no seat {seat}")
    steps = len(record["actions"])
    if step > steps:
        raise ProtocolError(
            404,
            "no_such_step",
            f"the game has {steps} moves: ask for a step from 0 to {steps}",
            steps=steps,
        )
    return await asyncio.to_thread(replayed_view, record, step, seat)
