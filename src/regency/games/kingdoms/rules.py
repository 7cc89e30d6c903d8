"""Kingdoms' rules as small pure functions over a board of cells.

A board is a sequence of 30 cells (see ``board.py``); a castle hand is a flat list of
castle counts, ``hand[seat * 4 + rank - 1]``. ``state.py`` strings these functions
together; tests and the heuristic call them directly. Rulings are cited as in
``RULINGS.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from regency.games.kingdoms.board import (
    CASTLE_BASE,
    LINES,
    NEIGHBOURS,
    SQUARE_NAME,
    cell_from_token,
    square_from_name,
    to_token,
)
from regency.games.kingdoms.tiles import DRAGON, GOLD_MINE, MOUNTAIN, TILE_VALUE, WIZARD

__all__ = [
    "CASTLES",
    "EPOCHS",
    "START_GOLD",
    "EpochScore",
    "PartScore",
    "board_gold",
    "castle_set",
    "effective_rank",
    "line_gold",
    "line_parts",
    "next_start_player",
    "part_ranks",
    "part_value",
    "return_castles",
    "score_board",
    "split_line",
    "winners",
    "wizard_square",
]

EPOCHS: Final = 3
"""The game lasts three epochs."""

START_GOLD: Final = 50
"""Gold each player starts with (R-K-1)."""

CASTLES: Final[dict[int, tuple[int, int, int, int]]] = {
    2: (4, 3, 2, 1),
    3: (3, 3, 2, 1),
    4: (2, 3, 2, 1),
}
"""Players -> castles of rank 1, 2, 3, 4 each player takes (R-K-1)."""


def castle_set(players: int) -> list[int]:
    """Return the flat castle hand every player starts the game with (R-K-1)."""
    return list(CASTLES[players]) * players


@dataclass(frozen=True, slots=True)
class PartScore:
    """How one part of a row or column scored (R-K-4, R-K-5, R-K-6).

    Attributes:
        line: ``"row A"`` ... ``"column 6"``.
        squares: The part's squares, in line order (Mountains excluded).
        value: The part's worth: its tiles' values after the Dragon and the Gold Mine.
        dragon: Whether the Dragon is in the part (its resources count 0).
        gold_mine: Whether the Gold Mine is in the part (its other tiles count double).
        ranks: Each seat's total castle rank in the part, the Wizard's raise included.
        gold: Each seat's gold won (positive) or paid (negative): ``value * ranks``.
    """

    line: str
    squares: tuple[int, ...]
    value: int
    dragon: bool
    gold_mine: bool
    ranks: tuple[int, ...]
    gold: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        """Return the part as JSON-ready data."""
        return {
            "line": self.line,
            "squares": [SQUARE_NAME[sq] for sq in self.squares],
            "value": self.value,
            "dragon": self.dragon,
            "gold_mine": self.gold_mine,
            "ranks": list(self.ranks),
            "gold": list(self.gold),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PartScore:
        """Read a part back from :meth:`to_dict`'s output."""
        squares = []
        for name in data["squares"]:
            sq = square_from_name(name)
            if sq is None:
                raise ValueError(f"{name!r} is not a square")
            squares.append(sq)
        return cls(
            line=data["line"],
            squares=tuple(squares),
            value=data["value"],
            dragon=data["dragon"],
            gold_mine=data["gold_mine"],
            ranks=tuple(data["ranks"]),
            gold=tuple(data["gold"]),
        )


@dataclass(frozen=True, slots=True)
class EpochScore:
    """One epoch's scoring, line by line, as everyone at the table saw it.

    Attributes:
        epoch: 1, 2 or 3.
        start_player: The seat that started the epoch.
        board: The full board the epoch was scored on (30 cells).
        parts: Every row part, then every column part, in scoring order (R-K-4).
        gold_after: Each seat's gold once the epoch was scored.
    """

    epoch: int
    start_player: int
    board: tuple[int, ...]
    parts: tuple[PartScore, ...]
    gold_after: tuple[int, ...]

    @property
    def rows(self) -> tuple[int, ...]:
        """Each seat's gold from the rows."""
        return _sum_gold(p for p in self.parts if p.line.startswith("row"))

    @property
    def columns(self) -> tuple[int, ...]:
        """Each seat's gold from the columns."""
        return _sum_gold(p for p in self.parts if p.line.startswith("column"))

    @property
    def gold(self) -> tuple[int, ...]:
        """Each seat's gold won (or paid, negative) over the epoch."""
        return tuple(r + c for r, c in zip(self.rows, self.columns, strict=True))

    def to_dict(self) -> dict[str, Any]:
        """Return the epoch as JSON-ready data (totals included for readers)."""
        return {
            "epoch": self.epoch,
            "start_player": self.start_player,
            "board": board_tokens(self.board),
            "parts": [p.to_dict() for p in self.parts],
            "rows": list(self.rows),
            "columns": list(self.columns),
            "gold": list(self.gold),
            "gold_after": list(self.gold_after),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], players: int) -> EpochScore:
        """Read an epoch back from :meth:`to_dict`'s output."""
        board = tuple(cell_from_token(t, players) for row in data["board"] for t in row)
        return cls(
            epoch=data["epoch"],
            start_player=data["start_player"],
            board=board,
            parts=tuple(PartScore.from_dict(p) for p in data["parts"]),
            gold_after=tuple(data["gold_after"]),
        )


def _sum_gold(parts: Any) -> tuple[int, ...]:
    totals: list[int] | None = None
    for part in parts:
        if totals is None:
            totals = list(part.gold)
        else:
            totals = [t + g for t, g in zip(totals, part.gold, strict=True)]
    return tuple(totals or ())


def board_tokens(cells: Sequence[int]) -> list[list[str | None]]:
    """Return the board as 5 rows of 6 tokens (see ``board.py``)."""
    return [[to_token(cells[r * 6 + c]) for c in range(6)] for r in range(5)]


def line_parts(cells: Sequence[int]) -> list[tuple[str, tuple[int, ...]]]:
    """Return every scoring part, rows then columns, each as ``(line, squares)`` (R-K-5).

    Each Mountain splits its row and its column: k Mountains in a line make k + 1
    parts. Parts with no square (a Mountain at the end of a line, or two Mountains
    side by side) are left out: nothing there can score.
    """
    return [(line, part) for line, squares in LINES for part in split_line(cells, squares)]


def split_line(cells: Sequence[int], squares: Sequence[int]) -> list[tuple[int, ...]]:
    """Return the parts of one line (its ``squares`` in order), split at its Mountains."""
    out: list[tuple[int, ...]] = []
    part: list[int] = []
    for sq in squares:
        if cells[sq] == MOUNTAIN:
            if part:
                out.append(tuple(part))
            part = []
        else:
            part.append(sq)
    if part:
        out.append(tuple(part))
    return out


def part_value(cells: Sequence[int], squares: Sequence[int]) -> tuple[int, bool, bool]:
    """Return ``(value, dragon, gold_mine)`` for the part made of ``squares`` (R-K-5).

    The value is the sum of the part's tiles. With the Dragon in the part its
    resources count 0; with the Gold Mine every other tile counts double; with both,
    resources count 0 and hazards double. Castles and empty squares count nothing.
    """
    resources = hazards = 0
    dragon = mine = False
    for sq in squares:
        cell = cells[sq]
        if cell >= CASTLE_BASE:
            continue
        value = TILE_VALUE[cell]
        if value > 0:
            resources += value
        elif value < 0:
            hazards += value
        elif cell == DRAGON:
            dragon = True
        elif cell == GOLD_MINE:
            mine = True
    value = hazards if dragon else resources + hazards
    return (value * 2 if mine else value), dragon, mine


def wizard_square(cells: Sequence[int]) -> int:
    """Return the Wizard's square, or -1 if it is not on the board."""
    for sq, cell in enumerate(cells):
        if cell == WIZARD:
            return sq
    return -1


def effective_rank(cells: Sequence[int], sq: int, wizard: int) -> int:
    """Return the rank the castle on ``sq`` scores with (R-K-6).

    Its printed rank, plus one if it shares a side with the Wizard (on ``wizard``, -1
    if none). The raise has no cap and counts in the castle's row and its column.
    """
    rank = ((cells[sq] - CASTLE_BASE) & 3) + 1
    if wizard >= 0 and sq in NEIGHBOURS[wizard]:
        rank += 1
    return rank


def score_board(cells: Sequence[int], players: int) -> tuple[PartScore, ...]:
    """Score a full board: every row part, then every column part (R-K-4 to R-K-6).

    Each part is worth :func:`part_value`; each seat wins (or pays) that value times
    the total rank of its castles in the part, the Wizard's raise included.
    """
    wizard = wizard_square(cells)
    out = []
    for line, squares in line_parts(cells):
        value, dragon, mine = part_value(cells, squares)
        ranks = part_ranks(cells, squares, players, wizard)
        out.append(
            PartScore(
                line=line,
                squares=squares,
                value=value,
                dragon=dragon,
                gold_mine=mine,
                ranks=tuple(ranks),
                gold=tuple(value * r for r in ranks),
            )
        )
    return tuple(out)


def part_ranks(
    cells: Sequence[int], squares: Sequence[int], players: int, wizard: int
) -> list[int]:
    """Return each seat's total castle rank in the part made of ``squares`` (R-K-6).

    ``wizard`` is the Wizard's square (-1 if it is not on the board).
    """
    ranks = [0] * players
    for sq in squares:
        cell = cells[sq]
        if cell >= CASTLE_BASE:
            ranks[(cell - CASTLE_BASE) >> 2] += effective_rank(cells, sq, wizard)
    return ranks


def line_gold(cells: Sequence[int], squares: Sequence[int], players: int, wizard: int) -> list[int]:
    """Return each seat's gold from one whole row or column (its ``squares``), as scored.

    The same figures :func:`score_board` gives that line's parts, summed: what a change
    to a few lines needs scored again, rather than the whole board.
    """
    gold = [0] * players
    for part in split_line(cells, squares):
        value = part_value(cells, part)[0]
        if value:
            for seat, rank in enumerate(part_ranks(cells, part, players, wizard)):
                gold[seat] += value * rank
    return gold


def board_gold(cells: Sequence[int], players: int) -> list[int]:
    """Return each seat's gold from scoring the board as it stands (empty squares count 0).

    What :func:`score_board`'s parts add up to, without the parts' details: for search,
    which asks it of many boards.
    """
    wizard = wizard_square(cells)
    gold = [0] * players
    for _, squares in LINES:
        for seat, won in enumerate(line_gold(cells, squares, players, wizard)):
            gold[seat] += won
    return gold


def next_start_player(gold: Sequence[int], previous: int) -> int:
    """Return the seat that starts the next epoch (R-K-8).

    The player with the most gold; among tied players, the first of them in turn
    order counting from ``previous``, the seat that started the epoch just scored.
    """
    n = len(gold)
    best = max(gold)
    return min((s for s in range(n) if gold[s] == best), key=lambda s: (s - previous) % n)


def return_castles(hand: Sequence[int], cells: Sequence[int]) -> list[int]:
    """Return the castle hand after an epoch (R-K-8).

    Placed rank-1 castles go back to their owners; placed castles of rank 2-4 leave
    the game; castles never placed stay with their owners.
    """
    out = list(hand)
    for cell in cells:
        if cell >= CASTLE_BASE and (cell - CASTLE_BASE) & 3 == 0:
            out[cell - CASTLE_BASE] += 1  # rank 1: index seat * 4 + 0
    return out


def winners(gold: Sequence[int]) -> list[int]:
    """Return the seats with the most gold: all of them on a tie (R-K-9)."""
    best = max(gold)
    return [s for s, g in enumerate(gold) if g == best]
