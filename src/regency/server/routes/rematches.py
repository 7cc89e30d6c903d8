"""Playing again, and the score sheet of a finished game.

* ``POST /api/tables/{table}/seats/{seat}/rematch``: offer a rematch, accept the one on
  offer (``{"accept": true}``, the default) or decline it (``{"accept": false}``); seat
  token only.
* ``GET /api/tables/{table}/scoresheet``: a finished game's score sheet, plain text
  (``?download=1``: as a file to save).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import PlainTextResponse

from regency.server.live.rematch import answer_rematch, table_scoresheet
from regency.server.protocol import RematchRequest
from regency.server.routes.common import TableId, base_url, hub_of, token_of
from regency.server.routes.seats import account_for

__all__ = ["router"]

router = APIRouter()


@router.post(
    "/api/tables/{table_id}/seats/{seat}/rematch",
    summary="Offer a rematch of a finished game, accept it or decline it",
)
async def rematch(
    table_id: TableId, seat: int, request: Request, body: RematchRequest | None = None
) -> dict[str, Any]:
    accept = True if body is None else body.accept
    token = token_of(request)
    account = await account_for(request, token, changing=True)
    return await answer_rematch(hub_of(request), table_id, seat, token, accept, account)


@router.get(
    "/api/tables/{table_id}/scoresheet",
    response_class=PlainTextResponse,
    summary="A finished game's score sheet, in plain text",
)
async def scoresheet(
    table_id: TableId,
    request: Request,
    download: Annotated[bool, Query(description="send it as a file to save")] = False,
) -> PlainTextResponse:
    text = await table_scoresheet(hub_of(request), table_id, base_url(request))
    headers = {}
    if download:
        headers["Content-Disposition"] = f'attachment; filename="regency-{table_id}.txt"'
    return PlainTextResponse(text, headers=headers)
