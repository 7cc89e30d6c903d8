"""The play area: an unbounded square grid (R-CK-1), its squares and their names.

People name a square by its coordinates relative to the first card, which sits at
``0,0``: ``x`` counts columns to the right (negative to the left) and ``y`` counts rows
up (negative down), so ``1,0`` is just right of the first card and ``0,-1`` just below
it. Spaces are ignored (``1, 0``), and so are brackets (``(1,0)``).

Inside the engine a square is one int, ``(ORIGIN - y) * WIDTH + (x + ORIGIN)``, so that
neighbours are a fixed offset away (``±1`` left and right, ``±WIDTH`` up and down) and
sorting squares lists them in reading order: the top row first, each row left to right.
A game holds at most 63 cards, so no card is ever more than 62 squares from the first
and the window of ``WIDTH`` squares each way is never left.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = [
    "DIAGONAL",
    "LIMIT",
    "ORIGIN",
    "ORTHOGONAL",
    "SURROUNDING",
    "WIDTH",
    "coords",
    "parse_square",
    "square",
    "square_name",
]

WIDTH: Final = 256
"""Squares per row of the internal window."""

ORIGIN: Final = 128
"""Offset of the first card's coordinates inside the window."""

LIMIT: Final = ORIGIN - 1
"""The largest distance from the first card a square may have."""

ORTHOGONAL: Final = (-WIDTH, 1, WIDTH, -1)
"""Offsets to the four squares sharing a side: up, right, down, left."""

DIAGONAL: Final = (-WIDTH - 1, -WIDTH + 1, WIDTH - 1, WIDTH + 1)
"""Offsets to the four squares touching at a corner."""

SURROUNDING: Final = ORTHOGONAL + DIAGONAL
"""Offsets to the eight surrounding squares (what Dragons count, R-CK-3)."""

ROW: Final = 1
"""The step along a row."""

COLUMN: Final = WIDTH
"""The step along a column."""


def square(x: int, y: int) -> int:
    """Return the square at column ``x``, row ``y`` (the first card is at 0, 0)."""
    return (ORIGIN - y) * WIDTH + (x + ORIGIN)


def coords(sq: int) -> tuple[int, int]:
    """Return the ``(x, y)`` coordinates of square ``sq``."""
    return sq % WIDTH - ORIGIN, ORIGIN - sq // WIDTH


def square_name(sq: int) -> str:
    """Return the square's name as people write it (``-1,2``)."""
    x, y = coords(sq)
    return f"{x},{y}"


_SQUARE: Final = re.compile(r"(-?[0-9]+),(-?[0-9]+)")


def parse_square(text: str) -> int | None:
    """Return the square named ``text`` (``"1,0"``, ``" -1 , 2 "``, ``"(0,1)"``), or ``None``.

    Coordinates are ASCII digits with an optional minus: not ``int()``'s wider reading
    (other scripts' digits, ``1_0``, ``+1``).
    """
    cleaned = text.strip().strip("()[]").replace(" ", "")
    match = _SQUARE.fullmatch(cleaned)
    if match is None:
        return None
    x, y = int(match[1]), int(match[2])
    if abs(x) > LIMIT or abs(y) > LIMIT:
        return None
    return square(x, y)
