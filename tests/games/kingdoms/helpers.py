"""Small helpers to set up Kingdoms boards and positions by hand."""

from __future__ import annotations

from collections import Counter
from typing import Any

from regency.games.kingdoms import KingdomsState
from regency.games.kingdoms.positions import parse_board
from regency.games.kingdoms.rules import PartScore, score_board
from regency.games.kingdoms.tiles import ALL_TILES, TILE_CODE

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


# -- boards and counts shared by several test modules ---------------------------------

# Every tile code, as many times as the game has it (23 tiles).
ALL_CODES = Counter(TILE_CODE[k] for k in ALL_TILES)

# A full board, scored by hand in test_scoring.
FULL_BOARD = (
    "+3   S0R4 -6   S1R1 +5   S0R1",
    "S1R2 +2   MTN  +4   S1R3 WIZ",
    "-1   S0R2 +6   S0R1 DRG  S1R1",
    "+1   GLD  S1R2 -3   +6   S0R3",
    "S0R1 +2   S1R1 +3   -2   S1R4",
)

# FULL_BOARD with E6 (seat 1's rank-4 castle) still empty.
LAST_SQUARE_OPEN = (*FULL_BOARD[:4], "S0R1 +2   S1R1 +3   -2   .")


# All 23 tiles placed: only castles can still go on the board.
ALL_TILES_ON_BOARD = (
    "+1 +1 +2 +2 +3 +3",
    "+4 +4 +5 +5 +6 +6",
    "-1 -2 -3 -4 -5 -6",
    "MTN MTN DRG GLD WIZ S0R1",
)


def tiles_everywhere(state: dict[str, Any]) -> Counter[str]:
    """Every tile in a state_dict: board, supply, starting tiles and the drawn tile."""
    found: Counter[str] = Counter()
    for row in state["board"]:
        found.update(t for t in row if t and not t.startswith("S"))
    found.update(state["supply"])
    found.update(t for t in state["starting_tiles"] if t)
    if state["drawn"]:
        found[state["drawn"]] += 1
    return found


def last_move_position(gold: list[int], start_player: int) -> KingdomsState:
    """The full board but for E6, seat 1 to place its rank-4 castle there."""
    return position(
        board=LAST_SQUARE_OPEN,
        castles=[[1, 2, 1, 0], [1, 1, 1, 1]],
        gold=gold,
        start_player=start_player,
        to_move=1,
    )
