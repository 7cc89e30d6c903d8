"""Kingdoms' features for a learned evaluation (``regency.agents.value``).

The observation array (``tensor.py``, 1,079 numbers for 2 players: the board's planes,
the hands, the gold, the unseen tiles) and, after it, what a small network would
otherwise have to learn to add up from those planes: for each place (the seat itself
first, then the next in turn order), its gold, its gold if the board were scored as it
stands (``KingdomsState.estimate``), the heuristic's expected gold at the end
(``heuristic.expected_gold``) and that figure's lead over the best other place, and the
heuristic judgement's win chance; then the epoch. With only a few thousand games to
learn from, a network over the planes alone learns the games by heart before it learns
to score a row, and judges worse than the heuristic (measurements.md, "The learned
evaluation"); given the judgement, it learns where the judgement is wrong.

It reads only what the seat's observation shows: the array is the environments' own
(checked against the encoder by ``tests/envs/test_fast_path.py``), the board, the gold
and the castles are public, and the heuristic's reckoning takes the mean of the tiles
the seat has not seen where the judge, on a dealt world, takes the supply's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from regency.games.kingdoms.heuristic import expected_gold, win_chances
from regency.games.kingdoms.state import KingdomsState
from regency.games.kingdoms.tiles import NO_TILE, TILE_VALUE
from regency.games.kingdoms.views import unseen_counts

__all__ = ["KingdomsFeatures"]

_PER_PLACE = 5  # gold, gold if ended now, expected gold, its lead, the judge's win chance
_SCALE = 50.0  # gold: a game's winner ends with about 100 to 150


class KingdomsFeatures:
    """Writes a seat's features (module docstring) for a batch of games of ``players``.

    Attributes:
        players: The player count of the games written.
        size: The length of one row.
    """

    __slots__ = ("_array", "_writer", "players", "size")

    def __init__(self, players: int) -> None:
        from regency.games.kingdoms.encoder import KingdomsEncoder
        from regency.games.kingdoms.tensor import KingdomsArrayWriter

        encoder = KingdomsEncoder(players)
        self._writer = KingdomsArrayWriter(encoder)
        self._array = encoder.size
        self.players = players
        self.size = self._array + players * _PER_PLACE + 3

    def write(self, games: Sequence[Any], seats: Sequence[int], out: Any) -> None:
        """Write ``games[i]``'s features for ``seats[i]`` into row ``i`` of ``out`` (zeros)."""
        # The array writer wants a C-contiguous output of its own width, which a slice
        # of ``out`` is not: it writes into its own, copied over in one assignment.
        array = np.zeros((len(games), self._array), dtype=np.float32)
        self._writer.write(games, seats, array)
        out[:, : self._array] = array
        for i, (state, seat) in enumerate(zip(games, seats, strict=True)):
            out[i, self._array :] = self.extra(state, seat)

    def extra(self, state: KingdomsState, seat: int) -> list[float]:
        """The numbers after the array (module docstring), then the epoch."""
        n = self.players
        row = [0.0] * (n * _PER_PLACE + 3)
        now = state.estimate()
        expected = expected_gold(state, _unseen_mean(state, seat))
        chances = win_chances(expected)
        for s in range(n):
            at = ((s - seat) % n) * _PER_PLACE
            best_other = max(g for o, g in enumerate(expected) if o != s)
            row[at] = state._gold[s] / _SCALE  # a dealt world's fields, read for speed
            row[at + 1] = now[s] / _SCALE
            row[at + 2] = expected[s] / _SCALE
            row[at + 3] = (expected[s] - best_other) / _SCALE
            row[at + 4] = chances[s]
        epoch = state._epoch
        if 1 <= epoch <= 3:
            row[n * _PER_PLACE + epoch - 1] = 1.0
        return row


def _unseen_mean(state: KingdomsState, seat: int) -> float:
    """The mean value of the tiles ``seat`` has not seen (the supply and others' start tiles)."""
    unseen = unseen_counts(state, state._start[seat])
    kinds = range(NO_TILE + 1, len(unseen))
    count = sum(unseen[k] for k in kinds)
    return sum(TILE_VALUE[k] * unseen[k] for k in kinds) / count if count else 0.0
