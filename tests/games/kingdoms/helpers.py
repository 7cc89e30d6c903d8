"""Small helpers to set up Kingdoms boards and positions by hand."""

from __future__ import annotations

from typing import Any

from regency.games.kingdoms import KingdomsState
from regency.games.kingdoms.positions import parse_board
from regency.games.kingdoms.rules import PartScore, score_board

EMPTY_ROW = ". . . . . ."


def board(*rows: str) -> list[int]:
    """Cells from up to 5 rows of tokens; missing rows are empty."""
    padded = list(rows) + [EMPTY_ROW] * (5 - len(rows))
    return parse_board(padded, 4)


def column_board(column: int, tokens: list[str]) -> list[int]:
    """Cells with ``tokens`` (top to bottom) down column ``column`` (1-6), the rest empty."""
    rows = []
    for token in tokens:
        row = ["."] * 6
        row[column - 1] = token
        rows.append(" ".join(row))
    return board(*rows)


def parts_of(cells: list[int], line: str, players: int = 3) -> list[PartScore]:
    """The scored parts of ``line`` (``"row A"``, ``"column 4"``), in order."""
    return [p for p in score_board(cells, players) if p.line == line]


def position(**kwargs: Any) -> KingdomsState:
    """A hand-built position (see ``KingdomsState.from_position``)."""
    return KingdomsState.from_position(**kwargs)
