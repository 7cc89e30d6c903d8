"""Where the environments get their arrays: the game's fast path, or the encoder.

A game may write its arrays straight from its state (``Game.array_writer``, the fast
path, ``docs/envs.md``); otherwise, or with ``fast=False``, the environments encode the
seat's observation dict (``Game.observation(seat)``) with the game's encoder. Both give
the same arrays and masks (``tests/envs/test_fast_path.py`` checks it at every step), so
``fast`` changes only the speed.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from regency.core.arrays import ArrayWriter, IncrementalArrayWriter, SparseArrayWriter
from regency.core.game import Game
from regency.core.registry import game_info
from regency.envs.encoding import Encoder

__all__ = ["ActionMapper", "ArrayBatch", "GameArrays", "Legal", "writer_for"]

Array = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


def writer_for(game: str, encoder: Encoder) -> ArrayWriter[Any] | None:
    """Return the fast path of ``game`` (a registered name) for ``encoder``'s layout, if any."""
    make = game_info(game).array_writer
    return None if make is None else make(encoder)


class ActionMapper:
    """Maps a game's actions to the indices of its encoder's table, and legal sets to masks.

    Actions are hashable (the ``Game`` contract), so each is looked up by its notation
    once and then by identity of value.
    """

    __slots__ = ("_cache", "_table", "size")

    def __init__(self, encoder: Encoder) -> None:
        self._table = encoder.actions
        self._cache: dict[Hashable, int] = {}
        self.size = len(encoder.actions)

    def index(self, action: Hashable) -> int:
        """Return the index of ``action`` (a game action object)."""
        found = self._cache.get(action)
        if found is None:
            found = self._cache[action] = self._table.to_index(str(action))
        return found

    def legal(self, actions: Any) -> dict[int, Any]:
        """Return ``{index: action}`` for a list of legal actions."""
        cache = self._cache
        out: dict[int, Any] = {}
        for action in actions:
            found = cache.get(action)
            if found is None:
                found = self.index(action)
            out[found] = action
        return out

    def mask(self, indices: Any) -> Mask:
        """Return the int8 mask with a 1 at each of ``indices``."""
        mask = np.zeros(self.size, dtype=np.int8)
        mask[list(indices)] = 1
        return mask


class Legal:
    """The legal actions of one position: its mask, and the action behind each set index.

    Attributes:
        mask: ``int8``, 1 at each legal action's index.
    """

    __slots__ = ("_by_index", "_game", "_writer", "mask")

    def __init__(
        self,
        mask: Mask,
        by_index: dict[int, Any] | None,
        writer: ArrayWriter[Any] | None = None,
        game: Game[Any] | None = None,
    ) -> None:
        self.mask = mask
        self._by_index = by_index
        self._writer = writer
        self._game = game

    def get(self, index: int) -> Any | None:
        """The legal action at ``index``, or ``None`` if that index is not legal now."""
        writer = self._writer
        if writer is None:
            return self._by_index.get(index) if self._by_index is not None else None
        if not 0 <= index < len(self.mask) or not self.mask[index]:
            return None
        return writer.action(self._game, index)

    def indices(self) -> list[int]:
        """The legal indices, lowest first."""
        return [int(i) for i in np.flatnonzero(self.mask)]


class GameArrays:
    """One game's arrays for an environment, from the fast path when the game has one.

    Args:
        game: The registered game name.
        encoder: The game's encoder for the player count (the layout, the action table).
        fast: Use the game's fast path if it offers one (the arrays are the same).
    """

    __slots__ = ("_mask", "encoder", "mapper", "writer")

    def __init__(self, game: str, encoder: Encoder, fast: bool = True) -> None:
        self.encoder = encoder
        self.mapper = ActionMapper(encoder)
        self.writer = writer_for(game, encoder) if fast else None
        self._mask = np.empty((1, encoder.num_actions), dtype=np.int8)

    def observe(self, game: Game[Any], seat: int) -> Array:
        """Return ``seat``'s observation array of ``game`` (a new array)."""
        if self.writer is None:
            return self.encoder.encode(game.observation(seat))
        out = np.zeros((1, self.encoder.size), dtype=np.float32)
        self.writer.write((game,), (seat,), out)
        array: Array = out[0]
        return array

    def legal(self, game: Game[Any]) -> Legal:
        """Return the legal actions of the seat to move (an all-zero mask once over)."""
        writer = self.writer
        if writer is None:
            by_index = self.mapper.legal(game.legal_actions())
            return Legal(self.mapper.mask(by_index), by_index)
        writer.write_masks((game,), self._mask)
        return Legal(self._mask[0].copy(), None, writer, game)

    def observe_many(self, games: Sequence[Game[Any]], seats: Sequence[int]) -> Array:
        """Return the arrays of ``games[i]`` for ``seats[i]``, one row each (a new array)."""
        out = np.zeros((len(games), self.encoder.size), dtype=np.float32)
        if self.writer is None:
            for i, (game, seat) in enumerate(zip(games, seats, strict=True)):
                out[i] = self.encoder.encode(game.observation(seat))
        else:
            self.writer.write(games, seats, out)
        return out

    def masks_many(self, games: Sequence[Game[Any]]) -> npt.NDArray[np.int8]:
        """Return the legal-action masks of ``games``' seats to move, one row each."""
        out = np.empty((len(games), self.encoder.num_actions), dtype=np.int8)
        if self.writer is None:
            for i, game in enumerate(games):
                out[i] = self.mapper.mask(self.mapper.legal(game.legal_actions()))
        else:
            self.writer.write_masks(games, out)
        return out

    def action_of(self, game: Game[Any], index: int) -> Any:
        """The action at ``index`` for ``game``'s seat to move (the caller checked the mask)."""
        if self.writer is None:
            return self.mapper.legal(game.legal_actions())[index]
        return self.writer.action(game, index)

    def no_moves(self) -> Legal:
        """An all-zero mask: the legal actions of a seat whose turn it is not."""
        return Legal(np.zeros(self.encoder.num_actions, dtype=np.int8), {})


class ArrayBatch:
    """The arrays and masks of a batch of games, kept and rewritten in place at each step.

    The vector environment's buffers. Rewriting them in place, rather than handing out
    new arrays, saves allocating (and the system zeroing, page by page) 64 arrays at
    every step; with a :class:`~regency.core.arrays.SparseArrayWriter` (Claim Kingdoms:
    133k floats and 86k actions a row, a few hundred of them set) only the entries set
    at the previous step are cleared and the new ones set, so a step touches a few
    hundred entries a row instead of half a megabyte; with an
    :class:`~regency.core.arrays.IncrementalArrayWriter` (Claim) only the parts of a
    row that changed are copied in.

    Args:
        arrays: The game's arrays (its writer, or its encoder when it has none).
        rows: How many games the batch holds.

    Attributes:
        observations: ``float32``, one array per row.
        masks: ``int8``, the legal actions of each row's seat to move.
    """

    __slots__ = (
        "_arrays",
        "_legal",
        "_memo",
        "_others",
        "_rewrite",
        "_set",
        "_sparse",
        "masks",
        "observations",
    )

    def __init__(self, arrays: GameArrays, rows: int) -> None:
        encoder = arrays.encoder
        self._arrays = arrays
        self.observations: Array = np.zeros((rows, encoder.size), dtype=np.float32)
        self.masks: Mask = np.zeros((rows, encoder.num_actions), dtype=np.int8)
        writer = arrays.writer
        self._sparse = writer if isinstance(writer, SparseArrayWriter) else None
        # The flat indices of the entries set last time: the ones, and the others.
        self._set = self._others = np.empty(0, dtype=np.intp)
        self._legal: npt.NDArray[np.intp] | None = None  # flat indices of the legal actions
        # An incremental writer's notes of what each row holds (IncrementalArrayWriter).
        self._memo: list[Any] = [None] * rows
        # Asked once: isinstance on a runtime protocol checks each method by name.
        self._rewrite = writer.rewrite if isinstance(writer, IncrementalArrayWriter) else None

    def update(self, games: Sequence[Game[Any]], seats: Sequence[int]) -> None:
        """Rewrite every row: ``games[i]``'s array for ``seats[i]``, and its mover's mask."""
        sparse = self._sparse
        if sparse is not None:
            flat = self.observations.reshape(-1)  # a view: the buffer is C-contiguous
            flat[self._set] = 0.0
            flat[self._others] = 0.0
            ones, where, values = sparse.gather(games, seats)
            at = np.array(ones, dtype=np.intp)
            others = np.array(where, dtype=np.intp)
            flat[at] = 1.0
            flat[others] = values
            self._set = at
            self._others = others
            marks = self.masks.reshape(-1)
            if self._legal is not None:
                marks[self._legal] = 0
            self._legal = legal = np.array(sparse.gather_masks(games), dtype=np.intp)
            marks[legal] = 1
            return
        writer = self._arrays.writer
        if writer is None:
            arrays = self._arrays
            for i, (game, seat) in enumerate(zip(games, seats, strict=True)):
                self.observations[i] = arrays.encoder.encode(game.observation(seat))
            self.masks[...] = arrays.masks_many(games)
            return
        if self._rewrite is not None:
            self._rewrite(games, seats, self.observations, self._memo)
        else:  # the other writers write every entry of their rows (ArrayWriter.write)
            writer.write(games, seats, self.observations)
        writer.write_masks(games, self.masks)
        self._legal = None

    def legal_flat(self) -> npt.NDArray[np.intp]:
        """The flat indices (``row * num_actions + action``) of the legal actions, by row."""
        if self._legal is not None:
            return self._legal
        return np.flatnonzero(self.masks)
