"""Setting up a Kingdoms position by hand: for teaching, puzzles and rule tests.

A position names what is on the board, what each player holds and what the supply
holds. Counts are checked against the game's pieces (R-K-1, R-K-2), and the position
must be able to fill the board, so it can always be played to the end. A position has
no record: it was set up, not dealt.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from regency.core.errors import GameOptionError
from regency.games.kingdoms import rules
from regency.games.kingdoms.board import (
    CASTLE_BASE,
    COLS,
    EMPTY,
    ROWS,
    SQUARES,
    cell_from_token,
)
from regency.games.kingdoms.tiles import (
    ALL_TILES,
    NO_TILE,
    TILE_CODE,
    TILE_COUNT,
    count_kinds,
    tile_from_code,
)

if TYPE_CHECKING:
    from regency.games.kingdoms.state import KingdomsState

__all__ = ["build_position", "parse_board"]

S = TypeVar("S", bound="KingdomsState")


def parse_board(board: Sequence[Any], players: int) -> list[int]:
    """Read 5 rows of 6 tokens (lists, or strings of space-separated tokens) into cells.

    Raises:
        GameOptionError: if the shape is wrong or a token is unknown.
    """
    if isinstance(board, str) or len(board) != ROWS:
        raise GameOptionError(f"the board must be {ROWS} rows of {COLS} squares")
    cells: list[int] = []
    for r, row in enumerate(board):
        tokens = row.split() if isinstance(row, str) else list(row)
        if len(tokens) != COLS:
            raise GameOptionError(f"row {'ABCDE'[r]} must have {COLS} squares, not {len(tokens)}")
        for token in tokens:
            try:
                cells.append(cell_from_token(token, players))
            except ValueError as exc:
                raise GameOptionError(str(exc)) from None
    return cells


def _tile(code: str | None) -> int:
    if code is None:
        return NO_TILE
    try:
        return tile_from_code(code)
    except ValueError as exc:
        raise GameOptionError(str(exc)) from None


def build_position(
    cls: type[S],
    *,
    players: int = 2,
    board: Sequence[Any] | None = None,
    epoch: int = 1,
    gold: Sequence[int] | None = None,
    castles: Sequence[Sequence[int]] | None = None,
    starting_tiles: Sequence[str | None] | None = None,
    supply: Sequence[str] | None = None,
    drawn: str | None = None,
    start_player: int = 0,
    to_move: int | None = None,
    seed: int = 0,
) -> S:
    """Build a position (see :meth:`KingdomsState.from_position`).

    Raises:
        GameOptionError: if a token is unknown, a piece is used too often, or the board
            could never be filled.
    """
    n = players
    if n not in rules.CASTLES:
        raise GameOptionError(f"Kingdoms is for 2, 3 or 4 players, not {n!r}")
    if epoch not in (1, 2, 3):
        raise GameOptionError(f"epoch must be 1, 2 or 3, not {epoch!r}")
    for name, seat in (("start_player", start_player), ("to_move", to_move)):
        if seat is not None and not 0 <= seat < n:
            raise GameOptionError(f"{name} must be a seat from 0 to {n - 1}, not {seat!r}")
    cells = parse_board(board, n) if board is not None else [EMPTY] * SQUARES
    if EMPTY not in cells:
        raise GameOptionError("the board is full: the epoch would already be scored")

    on_board = [0] * (n * 4)
    for cell in cells:
        if cell >= CASTLE_BASE:
            on_board[cell - CASTLE_BASE] += 1
    full = rules.castle_set(n)
    if castles is None:
        hand = [max(0, f - b) for f, b in zip(full, on_board, strict=True)]
    else:
        if len(castles) != n or any(len(c) != 4 for c in castles):
            raise GameOptionError("castles: give each seat's [rank1, rank2, rank3, rank4]")
        hand = [int(c) for seat in castles for c in seat]
    for i, (f, h, b) in enumerate(zip(full, hand, on_board, strict=True)):
        if h < 0 or h + b > f:
            raise GameOptionError(
                f"seat {i // 4} has {h} rank-{i % 4 + 1} castles in hand and {b} on the "
                f"board, but only {f} exist (R-K-1)"
            )

    starts = [_tile(t) for t in (starting_tiles or [None] * n)]
    if len(starts) != n:
        raise GameOptionError(f"starting_tiles: give one per seat ({n})")
    drawn_kind = _tile(drawn)
    used = count_kinds([c for c in cells if EMPTY < c < CASTLE_BASE])
    for kind in (*starts, drawn_kind):
        used[kind] += 1
    if supply is None:
        rest = list(TILE_COUNT)
        for kind, count in enumerate(used):
            rest[kind] -= count
        pile = [k for k in ALL_TILES if _take(rest, k)]
    else:
        pile = [_tile(code) for code in supply]
        for kind in pile:
            used[kind] += 1
    for kind in range(1, len(TILE_COUNT)):
        if used[kind] > TILE_COUNT[kind]:
            raise GameOptionError(
                f"the position uses {used[kind]} {TILE_CODE[kind]} tiles; the game has "
                f"{TILE_COUNT[kind]} (R-K-2)"
            )
    empties = cells.count(EMPTY)
    pieces = sum(hand) + len(pile) + sum(1 for t in starts if t) + (1 if drawn_kind else 0)
    if pieces < empties:
        raise GameOptionError(
            f"the position has {empties} empty squares but only {pieces} pieces left to "
            "place: the board could never be filled"
        )

    state = cls.__new__(cls)
    options: dict[str, Any] = {}
    state._empty(n, seed, options)
    state._unrecorded = True
    state._epoch = epoch
    state._start_player = start_player
    state._turn = start_player if to_move is None else to_move
    state._cells = cells
    state._open = [sq for sq in range(SQUARES) if cells[sq] == EMPTY]
    state._gold = [rules.START_GOLD] * n if gold is None else [int(g) for g in gold]
    if len(state._gold) != n:
        raise GameOptionError(f"gold: give one amount per seat ({n})")
    state._hand = hand
    state._start = starts
    state._supply = pile[::-1]  # top first in the position; top last in the state
    state._drawn = drawn_kind
    return state


def _take(rest: list[int], kind: int) -> bool:
    """Take one ``kind`` from ``rest`` if any is left (for the default supply)."""
    if rest[kind] > 0:
        rest[kind] -= 1
        return True
    return False
