"""Kingdoms' 5x6 board: squares, their names, lines, neighbours, and what a square holds.

Squares are numbered 0-29 row by row: ``square = row * 6 + column``. People name them
by row letter (A-E, top to bottom) and column number (1-6, left to right), so the top
left square is ``A1`` and the bottom right ``E6``. The published rulebook's "Row 1" is
row ``A``; its "Column 2" is column ``2``.

What a square holds is one int, a *cell*:

* ``0`` (:data:`EMPTY`): nothing yet;
* ``1``-``16``: a tile of that kind (see ``tiles.py``);
* :data:`CASTLE_BASE` + ``seat * 4 + rank - 1``: a castle of that seat and rank.

At the edges (JSON, positions set up by hand) a cell is a *token*: ``None`` for an
empty square, a tile code (``+3``, ``MTN``), or ``S<seat>R<rank>`` for a castle
(``S0R4``: seat 0's rank-4 castle).
"""

from __future__ import annotations

from typing import Final

from regency.games.kingdoms.tiles import CODE_TO_TILE, TILE_CODE, tile_from_code

__all__ = [
    "CASTLE_BASE",
    "COLS",
    "EMPTY",
    "LINES",
    "NEIGHBOURS",
    "ROWS",
    "ROW_LETTERS",
    "SQUARES",
    "SQUARE_NAME",
    "castle_cell",
    "castle_owner",
    "castle_rank",
    "cell_from_token",
    "is_castle",
    "is_tile",
    "square_from_name",
    "to_token",
]

ROWS: Final = 5
COLS: Final = 6
SQUARES: Final = ROWS * COLS
ROW_LETTERS: Final = "ABCDE"

EMPTY: Final = 0
"""The cell of an empty square."""

CASTLE_BASE: Final = 32
"""Cells from here up are castles: ``CASTLE_BASE + seat * 4 + rank - 1``."""

SQUARE_NAME: Final[tuple[str, ...]] = tuple(
    f"{ROW_LETTERS[sq // COLS]}{sq % COLS + 1}" for sq in range(SQUARES)
)
"""Square -> its name (``C4``)."""

_NAME_TO_SQUARE: Final = {name: sq for sq, name in enumerate(SQUARE_NAME)}


def _neighbours(sq: int) -> tuple[int, ...]:
    row, col = divmod(sq, COLS)
    out = []
    if row > 0:
        out.append(sq - COLS)
    if col > 0:
        out.append(sq - 1)
    if col < COLS - 1:
        out.append(sq + 1)
    if row < ROWS - 1:
        out.append(sq + COLS)
    return tuple(out)


NEIGHBOURS: Final[tuple[tuple[int, ...], ...]] = tuple(_neighbours(sq) for sq in range(SQUARES))
"""Square -> the squares sharing a side with it (what the Wizard reaches, R-K-6)."""

LINES: Final[tuple[tuple[str, tuple[int, ...]], ...]] = (
    *((f"row {ROW_LETTERS[r]}", tuple(range(r * COLS, (r + 1) * COLS))) for r in range(ROWS)),
    *((f"column {c + 1}", tuple(range(c, SQUARES, COLS))) for c in range(COLS)),
)
"""Every line in scoring order (R-K-4): rows top to bottom, then columns left to right."""


def square_from_name(text: str) -> int | None:
    """Return the square named ``text`` (``c4``, `` C4 ``), or ``None`` if it names none."""
    return _NAME_TO_SQUARE.get(text.strip().upper()) if isinstance(text, str) else None


def castle_cell(seat: int, rank: int) -> int:
    """Return the cell of ``seat``'s castle of ``rank`` (1-4)."""
    return CASTLE_BASE + seat * 4 + rank - 1


def is_castle(cell: int) -> bool:
    """Whether ``cell`` holds a castle."""
    return cell >= CASTLE_BASE


def is_tile(cell: int) -> bool:
    """Whether ``cell`` holds a tile."""
    return EMPTY < cell < CASTLE_BASE


def castle_owner(cell: int) -> int:
    """The seat owning the castle in ``cell``."""
    return (cell - CASTLE_BASE) >> 2


def castle_rank(cell: int) -> int:
    """The printed rank (1-4) of the castle in ``cell``."""
    return ((cell - CASTLE_BASE) & 3) + 1


def to_token(cell: int) -> str | None:
    """Return the JSON token of ``cell``: ``None``, a tile code or ``S<seat>R<rank>``."""
    if cell == EMPTY:
        return None
    if cell >= CASTLE_BASE:
        return f"S{castle_owner(cell)}R{castle_rank(cell)}"
    return TILE_CODE[cell]


_TOKEN_CELL: Final[dict[str, int]] = {
    **CODE_TO_TILE,
    **{f"S{s}R{r}": castle_cell(s, r) for s in range(4) for r in (1, 2, 3, 4)},
}
"""Every token :func:`to_token` writes (and the tile codes' aliases) -> its cell."""


def cell_from_token(token: str | None, players: int) -> int:
    """Return the cell a token stands for (the inverse of :func:`to_token`).

    ``None``, ``""`` and ``"."`` mean an empty square.

    Raises:
        ValueError: if the token is neither a tile code nor a castle of a seat in play.
    """
    if token is None:
        return EMPTY
    # The tokens observations write (:func:`to_token`) are read as they are: the heuristic
    # reads a whole board of them every decision of every rollout.
    cell = _TOKEN_CELL.get(token) if isinstance(token, str) else None
    if cell is not None and (cell < CASTLE_BASE or castle_owner(cell) < players):
        return cell
    if not isinstance(token, str):
        raise ValueError(f"a square holds a tile code, a castle or nothing, not {token!r}")
    text = token.strip().upper()
    if text in ("", "."):
        return EMPTY
    if len(text) == 4 and text[0] == "S" and text[2] == "R":
        seat, rank = text[1], text[3]
        if seat.isdigit() and rank.isdigit():
            if not 0 <= int(seat) < players:
                raise ValueError(f"{token!r}: seat must be 0..{players - 1}")
            if not 1 <= int(rank) <= 4:
                raise ValueError(f"{token!r}: castle ranks are 1 to 4")
            return castle_cell(int(seat), int(rank))
    return tile_from_code(text)
