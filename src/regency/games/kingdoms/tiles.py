"""Kingdoms' 23 tiles (R-K-2) as small integer kinds.

Tiles that look the same are interchangeable under every rule, so the engine never
tells two ``+3`` tiles apart: a tile is its *kind*, a small int.

==========  =========================  ======  =====
kind        tile                       value   count
==========  =========================  ======  =====
1 .. 6      resource ``+1`` .. ``+6``  +1..+6  2 each
7 .. 12     hazard ``-1`` .. ``-6``    -1..-6  1 each
13          Mountain ``MTN``           --      2
14          Dragon ``DRG``             --      1
15          Gold Mine ``GLD``          --      1
16          Wizard ``WIZ``             --      1
==========  =========================  ======  =====

Codes (``+3``, ``-6``, ``MTN``, ``DRG``, ``GLD``, ``WIZ``) are what notation, displays
and JSON use; kind 0 (:data:`NO_TILE`) means "no tile".
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

__all__ = [
    "ALL_TILES",
    "CODE_TO_TILE",
    "DRAGON",
    "GOLD_MINE",
    "KINDS",
    "MOUNTAIN",
    "NO_TILE",
    "TILE_CODE",
    "TILE_COUNT",
    "TILE_NAME",
    "TILE_VALUE",
    "WIZARD",
    "count_kinds",
    "is_hazard",
    "is_resource",
    "tile_from_code",
]

NO_TILE: Final = 0
"""The kind meaning "no tile" (an empty hand, nothing drawn)."""

MOUNTAIN: Final = 13
DRAGON: Final = 14
GOLD_MINE: Final = 15
WIZARD: Final = 16

KINDS: Final[tuple[int, ...]] = tuple(range(1, 17))
"""Every tile kind, resources first, then hazards, then the special tiles."""

TILE_VALUE: Final[tuple[int, ...]] = (0, 1, 2, 3, 4, 5, 6, -1, -2, -3, -4, -5, -6, 0, 0, 0, 0)
"""Kind -> the gold printed on the tile (0 for the special tiles)."""

TILE_COUNT: Final[tuple[int, ...]] = (0, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 2, 1, 1, 1)
"""Kind -> how many such tiles the game has (R-K-2): 23 in all."""

TILE_CODE: Final[tuple[str, ...]] = (
    "",
    *(f"+{v}" for v in range(1, 7)),
    *(f"-{v}" for v in range(1, 7)),
    "MTN",
    "DRG",
    "GLD",
    "WIZ",
)
"""Kind -> the short code used in notation, displays and JSON."""

TILE_NAME: Final[tuple[str, ...]] = (
    "no tile",
    *(f"resource +{v}" for v in range(1, 7)),
    *(f"hazard -{v}" for v in range(1, 7)),
    "Mountain",
    "Dragon",
    "Gold Mine",
    "Wizard",
)
"""Kind -> the name a player would say."""

ALL_TILES: Final[tuple[int, ...]] = tuple(k for k in KINDS for _ in range(TILE_COUNT[k]))
"""The 23 tiles of the game, by kind, in a fixed order (what each epoch shuffles)."""

_ALIASES: Final = {
    "MOUNTAIN": MOUNTAIN,
    "DRAGON": DRAGON,
    "GOLDMINE": GOLD_MINE,
    "GOLD-MINE": GOLD_MINE,
    "MINE": GOLD_MINE,
    "WIZARD": WIZARD,
}

CODE_TO_TILE: Final[dict[str, int]] = {
    **{code: kind for kind, code in enumerate(TILE_CODE) if kind},
    **{str(v): v for v in range(1, 7)},
    **_ALIASES,
}
"""Upper-case code or alias (``+3``, ``3``, ``MTN``, ``MOUNTAIN``...) -> kind."""


def tile_from_code(code: str) -> int:
    """Return the kind written ``code`` (case-insensitive; ``3`` means ``+3``).

    Raises:
        ValueError: if ``code`` names no tile.
    """
    kind = None
    if isinstance(code, str):
        # Codes as observations write them are found as they are (search reads thousands).
        kind = CODE_TO_TILE.get(code) or CODE_TO_TILE.get(code.strip().upper())
    if kind is None:
        raise ValueError(f"{code!r} is not a tile: write +1..+6, -1..-6, MTN, DRG, GLD or WIZ")
    return kind


def is_resource(kind: int) -> bool:
    """Whether ``kind`` is a resource tile (positive value)."""
    return 1 <= kind <= 6


def is_hazard(kind: int) -> bool:
    """Whether ``kind`` is a hazard tile (negative value)."""
    return 7 <= kind <= 12


def count_kinds(tiles: Iterable[int]) -> list[int]:
    """Return how many of each kind ``tiles`` holds, indexed by kind (0-16)."""
    counts = [0] * len(TILE_COUNT)
    for kind in tiles:
        counts[kind] += 1
    return counts
