"""Kingdoms' observation array and action table (``docs/envs.md``, section Kingdoms).

The board is 5 rows by 6 columns; a square's index is ``row * 6 + column`` (``A1`` is 0,
``A2`` 1, ``E6`` 29), the reading order of its name. Tiles are the 16 kinds in the
order of ``TILES`` (resources ``+1`` .. ``+6``, hazards ``-1`` .. ``-6``, ``MTN``,
``DRG``, ``GLD``, ``WIZ``).

Actions (182): ``castle <rank> <square>`` for ranks 1-4 (index ``(rank - 1) * 30 +
square``, 0-119), ``tile <square>`` (120-149), ``start <square>`` (150-179), ``draw``
(180), ``pass`` (181).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from regency.core.encoding import ActionTable, Encoder, relative_seats
from regency.games.kingdoms.board import SQUARE_NAME
from regency.games.kingdoms.tiles import KINDS, TILE_CODE

__all__ = ["ENCODER", "TILES", "KingdomsEncoder"]

TILES: tuple[str, ...] = tuple(TILE_CODE[k] for k in KINDS)
"""The 16 tile kinds in index order."""

_TILE = {code: i for i, code in enumerate(TILES)}
_SQUARE = {name: i for i, name in enumerate(SQUARE_NAME)}
_Q = len(SQUARE_NAME)
_T = len(TILES)


class KingdomsEncoder(Encoder):
    """Kingdoms (2-4 players): board planes, then hands, gold and the unseen tiles."""

    game = "kingdoms"
    actions = ActionTable(
        [f"castle {rank} {sq}" for rank in range(1, 5) for sq in SQUARE_NAME]
        + [f"tile {sq}" for sq in SQUARE_NAME]
        + [f"start {sq}" for sq in SQUARE_NAME]
        + ["draw", "pass"]
    )

    def __init__(self, players: int) -> None:
        super().__init__(players)
        add = self.layout.add
        s = self.MAX_SEATS
        self._tiles = add("board_tile", _T * _Q, "planes by tile kind: 1 where such a tile lies")
        self._castles = add(
            "board_castle", s * 4 * _Q, "planes by place and rank: 1 where that castle stands"
        )
        self._wizard = add("board_wizard", _Q, "1 on the squares next to the Wizard")
        self._gold = add("gold", s, "each place's gold")
        self._in_hand = add("castles", s * 4, "castles of each rank (1-4) each place holds")
        self._holds = add("holds_starting_tile", s, "1 for each place still holding its tile")
        self._own = add("starting_tile", _T, "the seat's own starting tile")
        self._drawn = add("drawn", _T, "the tile drawn and being placed")
        self._unseen = add("unseen", _T, "tiles of each kind the seat has not seen")
        self._supply = add("supply", 1, "tiles left in the supply")
        self._epoch = add("epoch", 3, "one-hot: epoch 1, 2, 3")
        self._to_move = add("to_move", s, "1 at the place that decides now")
        self._start = add("start_player", s, "1 at the place that started the epoch")
        self._players = add("players", 3, "one-hot: 2, 3 or 4 players")
        self._decision = add("decision", 2, "one-hot: a turn, placing the drawn tile")

    def entries(self, observation: dict[str, Any]) -> tuple[list[int], Iterable[tuple[int, float]]]:
        """Return the counts and values of the array (see :meth:`Encoder.entries`)."""
        o = observation
        n = o["players"]
        rel = relative_seats(o["seat"], n)
        index: list[int] = []
        append = index.append
        square = 0
        for row in o["board"]:
            for token in row:
                if token is not None:
                    if token[0] == "S":  # a castle, S<seat>R<rank>
                        seat, rank = int(token[1]), int(token[3])
                        append(self._castles + (rel[seat] * 4 + rank - 1) * _Q + square)
                    else:
                        append(self._tiles + _TILE[token] * _Q + square)
                square += 1
        base = self._wizard
        index.extend(base + _SQUARE[name] for name in o["wizard_neighbours"])
        for s, held in enumerate(o["holds_starting_tile"]):
            if held:
                append(self._holds + rel[s])
        if o["starting_tile"] is not None:
            append(self._own + _TILE[o["starting_tile"]])
        if o["drawn"] is not None:
            append(self._drawn + _TILE[o["drawn"]])
        append(self._epoch + o["epoch"] - 1)
        if o["to_move"] is not None:
            append(self._to_move + rel[o["to_move"]])
        append(self._start + rel[o["start_player"]])
        append(self._players + n - 2)
        if o["decision"] is not None:
            append(self._decision + (o["decision"] == "place"))
        values: list[tuple[int, float]] = [(self._supply, o["supply"])]
        values.extend((self._unseen + _TILE[code], count) for code, count in o["unseen"].items())
        for s in range(n):
            r = rel[s]
            values.append((self._gold + r, o["gold"][s]))
            values.extend(
                (self._in_hand + r * 4 + k, count) for k, count in enumerate(o["castles"][s])
            )
        return index, values


ENCODER = KingdomsEncoder
