"""Move analysis of finished games, for the replay page (:mod:`regency.server.pages.analysis`).

* ``POST /api/tables/{table}/analysis``: start judging a finished game's decisions
  (202 while it waits or runs, 200 with the analysis once done, 409 while the game is
  played, 429 ``analysis_queue_full`` when
  :attr:`~regency.server.settings.ServerSettings.analysis_queue` analyses already wait).
* ``GET /api/tables/{table}/analysis``: the analysis (200, the JSON of
  ``docs/analysis.md``), where it stands (202, ``{"status": "queued", "position"}``
  while it waits, ``{"status": "running", "done", "total"}`` while it runs), or 200
  ``{"status": "none"}`` when nobody has asked for it yet (an answer, not an error:
  the replay page asks on opening, and a 404 would be logged in every browser).
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from regency.server.routes.common import analyses_of, hub_of

__all__ = ["router"]

router = APIRouter()


@router.post(
    "/api/tables/{table_id}/analysis",
    summary="Start judging every decision of a finished game (see docs/analysis.md)",
    status_code=202,
)
async def start_analysis(table_id: str, request: Request) -> JSONResponse:
    return await analyses_of(request).start(hub_of(request), table_id)


@router.get(
    "/api/tables/{table_id}/analysis",
    summary="A finished game's analysis: every decision judged from its seat's view",
)
async def get_analysis(table_id: str, request: Request) -> JSONResponse:
    known = analyses_of(request).status(table_id)
    if known is not None:
        return known
    await hub_of(request).record(table_id)  # 404 for no such table, 409 while played
    # Not analysed yet is an answer, not an error: a 404 here would be logged as a
    # failed request by every browser opening the replay page.
    return JSONResponse(
        {
            "status": "none",
            "message": "this game has not been analysed yet: POST to this address to start",
        }
    )
