"""Finished games step by step: the replay page and the views it shows.

* ``GET /replay/{table}?seat=N&step=K``: the replay page.
* ``GET /api/tables/{table}/replay/{step}?seat=N``: the view message ``seat`` (omitted:
  a spectator) had after ``step`` moves of a finished game
  (:func:`regency.server.pages.replays.replayed_view`).
"""

from __future__ import annotations

import asyncio
import json
import math
from html import escape
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi import Path as PathParam
from fastapi.responses import HTMLResponse

from regency.core.i18n import _
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
    table_id: str, request: Request, seat: str | None = None, step: str | None = None
) -> HTMLResponse:
    # ``seat`` and ``step`` are read as the page reads them (replay.js): a link with a
    # step past the end, or none that makes sense, opens at the end; never a 422.
    record = await replays_of(request).record(hub_of(request), table_id)
    game = record["game"]
    steps = len(record["actions"])
    base = f"/api/tables/{table_id}"
    # The page's first view, drawn with no round trip (replay.js asks exactly these):
    # the start (the game's length) and the step asked for, as the seat saw them, the
    # chat, the analysis as it stands and the games' titles: all public once a game is
    # over. A seat the page would ask the server about (no such seat) is not preloaded.
    views: dict[str, Any] = {}
    who = None if seat in (None, "") else int(seat) if seat.isdigit() else -1
    if who is None or 0 <= who < record["players"]:
        query = "" if who is None else f"?seat={who}"
        for n in dict.fromkeys((0, _step_shown(step, steps))):
            views[f"{base}/replay/{n}{query}"] = await asyncio.to_thread(
                replayed_view, record, n, who
            )
    analysis = await get_analysis(table_id, request)
    return page(
        "replay.html",
        _("{game}: replay · regency", game=title(game)),
        description=_(
            "A finished game of {game}, move by move, with its analysis.", game=title(game)
        ),
        fill={
            "WHERE": escape(_("{game} · replay of table {table}", game=title(game), table=table_id))
        },
        preload={
            **views,
            f"{base}/chat": await table_chat(table_id, request),
            f"{base}/analysis": json.loads(bytes(analysis.body)),
            "/api/games": await games(),
        },
    )


def _step_shown(step: str | None, steps: int) -> int:
    """The step the page shows for its ``step`` parameter (replay.js ``within``)."""
    if step is None:
        return steps
    try:
        asked = float(step) if step.strip() else 0.0  # JavaScript's Number("") is 0
    except ValueError:
        return steps
    if not math.isfinite(asked) or not asked.is_integer() or asked < 0:
        return steps
    return min(int(asked), steps)


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
        raise ProtocolError(
            404,
            "no_such_seat",
            _("table {table_id} has no seat {seat}", table_id=table_id, seat=seat),
        )
    steps = len(record["actions"])
    if step > steps:
        raise ProtocolError(
            404,
            "no_such_step",
            _("the game has {steps} moves: ask for a step from 0 to {steps}", steps=steps),
            steps=steps,
        )
    return await asyncio.to_thread(replayed_view, record, step, seat)
