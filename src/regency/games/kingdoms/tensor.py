"""Kingdoms' RL arrays straight from the state: the fast path of ``regency.envs`` (numpy).

``GameInfo.array_writer`` returns a :class:`KingdomsArrayWriter`; the environments
use it instead of encoding ``observation(seat)``, and ``tests/envs/test_fast_path.py``
checks at every step of many games that both give the same arrays (``docs/envs.md``,
"The fast path"). It reads only what ``observation(seat)`` reads, in the same way; this
module restates those rules for arrays and must change with them.

How: each of the 30 cells is one int (a tile kind or a castle), so a cell's plane is a
table lookup per seat; the output is cleared and the numbers set one by one through a
flat view of its floats.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from regency.core.arrays import ArraySpec
from regency.games.kingdoms.actions import CASTLE, DRAW, PASS, START, TILE, KingdomsAction
from regency.games.kingdoms.board import CASTLE_BASE, NEIGHBOURS, SQUARES
from regency.games.kingdoms.state import KingdomsState
from regency.games.kingdoms.tiles import KINDS, NO_TILE, TILE_COUNT, WIZARD

__all__ = ["KingdomsArrayWriter"]

_PLACES = 4  # seat-relative channels are laid out for 4 places
_RANKS = 4


class KingdomsArrayWriter:
    """Writes Kingdoms' arrays and masks (the layout of ``regency.games.kingdoms.encoder``).

    Args:
        spec: The layout to write (the Kingdoms encoder for the same player count).
    """

    def __init__(self, spec: ArraySpec) -> None:
        n = self.players = spec.players
        self.size = spec.size
        self.num_actions = spec.num_actions
        off = spec.offset
        tiles = off("board_tile")
        castles = off("board_castle")
        # _plane[v][cell]: the column of square 0 in the plane where ``cell`` shows for
        # seat v (-1 for an empty square): tiles by kind, castles by place and rank.
        self._plane: list[list[int]] = []
        for v in range(n):
            plane = [-1] * (CASTLE_BASE + n * _RANKS)
            for kind in KINDS:
                plane[kind] = tiles + (kind - 1) * SQUARES
            for seat in range(n):
                place = (seat - v) % n
                for rank in range(_RANKS):
                    plane[CASTLE_BASE + seat * _RANKS + rank] = (
                        castles + (place * _RANKS + rank) * SQUARES
                    )
            self._plane.append(plane)
        self._wizard = off("board_wizard")
        self._gold = off("gold")
        self._in_hand = off("castles")
        self._holds = off("holds_starting_tile")
        self._own = off("starting_tile") - 1  # kinds count from 1
        self._drawn = off("drawn") - 1
        self._unseen = off("unseen") - 1
        self._supply = off("supply")
        self._epoch = off("epoch") - 1
        self._to_move = off("to_move")
        self._start = off("start_player")
        self._players_col = off("players") + n - 2
        self._decision = off("decision")
        self._order = [[(v + p) % n for p in range(n)] for v in range(n)]
        self._rel = [[(s - v) % n for s in range(n)] for v in range(n)]
        # The actions' indices, and the action at each index.
        index = spec.action_index
        self._castle_cols = [
            [index(str(CASTLE[r][sq])) for sq in range(SQUARES)] for r in (1, 2, 3, 4)
        ]
        self._tile_cols = [index(str(TILE[sq])) for sq in range(SQUARES)]
        self._start_cols = [index(str(START[sq])) for sq in range(SQUARES)]
        self._draw_col = index(str(DRAW))
        self._pass_col = index(str(PASS))
        table: list[KingdomsAction | None] = [None] * spec.num_actions
        for action in (*(a for r in (1, 2, 3, 4) for a in CASTLE[r]), *TILE, *START, DRAW, PASS):
            table[index(str(action))] = action
        self._actions = table

    def write(self, games: Sequence[Any], seats: Sequence[int], out: Any) -> None:
        """Write each game's array for its seat (see ``ArrayWriter.write``)."""
        n = self.players
        size = self.size
        # Cleared, then written in place through a flat view of its floats: cheaper than
        # a fresh zeroed buffer copied over it (a batch of 64 rows is 276 KB: the system
        # hands out such a buffer page by page, and the copy reads and writes it again).
        out.fill(0.0)
        view = memoryview(out).cast("B").cast("f")
        for r, (g, v) in enumerate(zip(games, seats, strict=True)):
            state: KingdomsState = g
            at = r * size
            plane = self._plane[v]
            rel = self._rel[v]
            cells = state._cells
            unseen = list(TILE_COUNT)
            wizard = -1
            for sq, cell in enumerate(cells):
                if cell:
                    view[at + plane[cell] + sq] = 1.0
                    if cell < CASTLE_BASE:
                        unseen[cell] -= 1
                        if cell == WIZARD:
                            wizard = sq
            if wizard >= 0:
                base = at + self._wizard
                for sq in NEIGHBOURS[wizard]:
                    view[base + sq] = 1.0
            own = state._start[v]
            drawn = state._drawn
            unseen[drawn] -= 1
            unseen[own] -= 1
            hand = state._hand
            start = state._start
            gold = state._gold
            for s in range(n):
                p = rel[s]
                view[at + self._gold + p] = gold[s]
                base = at + self._in_hand + p * _RANKS
                for k in range(_RANKS):
                    view[base + k] = hand[s * _RANKS + k]
                if start[s]:
                    view[at + self._holds + p] = 1.0
            if own != NO_TILE:
                view[at + self._own + own] = 1.0
            if drawn != NO_TILE:
                view[at + self._drawn + drawn] = 1.0
            base = at + self._unseen
            for kind in KINDS:
                view[base + kind] = unseen[kind]
            view[at + self._supply] = len(state._supply)
            view[at + self._epoch + state._epoch] = 1.0
            turn = state._turn
            if turn >= 0:
                view[at + self._to_move + rel[turn]] = 1.0
                view[at + self._decision + (1 if drawn else 0)] = 1.0
            view[at + self._start + rel[state._start_player]] = 1.0
            view[at + self._players_col] = 1.0

    def write_masks(self, games: Sequence[Any], out: Any) -> None:
        """Write each game's legal actions (see ``ArrayWriter.write_masks``)."""
        width = self.num_actions
        out.fill(0)
        buf = memoryview(out).cast("B")  # written in place, as in ``write``
        for r, g in enumerate(games):
            state: KingdomsState = g
            seat = state._turn
            if seat < 0:
                continue
            at = r * width
            open_ = state._open
            if state._drawn:
                cols = self._tile_cols
                for sq in open_:
                    buf[at + cols[sq]] = 1
                continue
            hand = state._hand
            acted = False
            for rank in range(_RANKS):
                if hand[seat * _RANKS + rank] and open_:
                    cols = self._castle_cols[rank]
                    for sq in open_:
                        buf[at + cols[sq]] = 1
                    acted = True
            if state._supply:
                buf[at + self._draw_col] = 1
                acted = True
            if state._start[seat] and open_:
                cols = self._start_cols
                for sq in open_:
                    buf[at + cols[sq]] = 1
                acted = True
            if not acted:
                buf[at + self._pass_col] = 1  # R-K-3: pass only when nothing else is possible

    def action(self, game: Any, index: int) -> KingdomsAction:
        """The action at ``index`` (see ``ArrayWriter.action``)."""
        del game
        action = self._actions[index]
        if action is None:
            raise IndexError(f"action index {index} is not in Kingdoms' action table")
        return action
