"""Finished games step by step: the replay page and the views it shows.

* ``GET /replay/{table}?seat=N&step=K``: the replay page.
* ``GET /api/tables/{table}/replay/{step}?seat=N``: the view message ``seat`` (omitted:
  a spectator) had after ``step`` moves of a finished game
  (:func:`regency.server.pages.replays.replayed_view`).
"""

from __future__ import annotations

import asyncio
import json
from html import escape
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi import Path as PathParam
from fastapi.responses import HTMLResponse

from regency.server.errors import ProtocolError
from regency.server.pages.html import page, title
from regency.server.pages.replays import MAX_STEP, replayed_view
from regency.server.routes.analysis import get_analysis
from regency.server.routes.common import hub_of, replays_of
from regency.server.routes.tables import games, table_chat

__all__ = ["router"]

router = APIRouter()


@router.get("/replay/{table_id}", response_class=HTMLResponse, include_in_schema=False)
async def replay_page(
    table_id: str,
    request: Request,
    seat: Annotated[int | None, Query(ge=0, le=15)] = None,
    step: Annotated[int | None, Query(ge=0, le=MAX_STEP)] = None,
) -> HTMLResponse:
    record = await replays_of(request).record(hub_of(request), table_id)
    game = record["game"]
    if seat is not None and seat >= record["players"]:
        seat = None  # the page says so when it asks; its first view is a spectator's
    # The page's first view, drawn with no round trip (replay.js asks exactly these):
    # the start (the game's length), the step asked for (none: the end), the chat,
    # the analysis as it stands and the games' titles; all public once a game is over.
    steps = len(record["actions"])
    shown = steps if step is None else min(step, steps)
    query = "" if seat is None else f"?seat={seat}"
    base = f"/api/tables/{table_id}"
    views = {
        f"{base}/replay/{n}{query}": await asyncio.to_thread(replayed_view, record, n, seat)
        for n in dict.fromkeys((0, shown))
    }
    analysis = await get_analysis(table_id, request)
    return page(
        "replay.html",
        f"{title(game)}: replay · regency",
        description=f"A finished game of {title(game)}, move by move, with its analysis.",
        fill={"WHERE": escape(f"{title(game)} · replay of table {table_id}")},
        preload={
            **views,
            f"{base}/chat": await table_chat(table_id, request),
            f"{base}/analysis": json.loads(bytes(analysis.body)),
            "/api/games": await games(),
        },
    )


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
