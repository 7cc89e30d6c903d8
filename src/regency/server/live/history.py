"""A finished game as the list of finished games shows it (``GET /api/history``)."""

from __future__ import annotations

from typing import Any

from regency.server.live.endings import ending_of
from regency.server.live.names import seat_names
from regency.server.live.takebacks import moves_made
from regency.server.storage.database import TableRow

__all__ = ["history_entry"]


def history_entry(row: TableRow) -> dict[str, Any]:
    """One finished game of the history.

    It names its seats as the table did (a computer by its level; ``agents`` gives the
    specs), says how it ended (``ending``), when it started and ended, and links it to the
    game it was a rematch of (``previous``) and to its own rematch (``rematch``), so that
    a list can group an evening's games.
    """
    return {
        "table": row.id,
        "game": row.game,
        "players": row.players,
        "seats": seat_names(row),
        "agents": [s.agent for s in row.seats],
        "moves": moves_made(row),
        "result": row.result,
        "ending": ending_of(row),
        "started_at": row.created_at,
        "finished_at": row.updated_at,
        "previous": (row.settings.get("evening") or {}).get("previous"),
        "rematch": (row.settings.get("rematch") or {}).get("table"),
        "record": f"/api/tables/{row.id}/record",
    }
