"""What people read as a table's seats: a person's name, or the computer's level.

A computer seat is called by the level of the game's ladder its agent plays
(:func:`regency.agents.ladder.computer_name`: ``"Strongest computer"``), or
``"Computer"`` for a spec on no ladder; the spec itself stays in the API beside the name
(a seat's ``agent``, ``replaced_by``). The views, the list of finished games, the records'
seat names and the score sheet all name seats through here.
"""

from __future__ import annotations

from regency.agents.ladder import computer_name
from regency.server.storage.database import SeatRow, TableRow

__all__ = ["seat_name", "seat_names", "stand_in_name"]


def seat_name(row: TableRow, seat: SeatRow) -> str:
    """The seat's name: the person's as stored, or its computer's level name."""
    if seat.agent is None:
        return seat.name
    return computer_name(row.game, row.players, seat.agent)


def seat_names(row: TableRow) -> list[str]:
    """Every seat's name, in seat order."""
    return [seat_name(row, s) for s in row.seats]


def stand_in_name(row: TableRow, seat: SeatRow) -> str | None:
    """The computer playing for an absent person, by its level (``None``: nobody stands in)."""
    if seat.replaced_by is None:
        return None
    return computer_name(row.game, row.players, seat.replaced_by)
