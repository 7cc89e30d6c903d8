"""The contract of a game's fast path to the RL environments' arrays (``docs/envs.md``).

The environments (:mod:`regency.envs`) encode a seat's observation dict
(``Game.observation(seat)``) into a fixed-size array. That is the reference, and the
no-leak guarantee rests on it: the observation is the one place hidden information is
decided. Building the dict and reading it back costs far more than the engine's move, so
a game may also offer an :class:`ArrayWriter` (through ``GameInfo.array_writer``) that writes
the same arrays straight from its state, for many games at once. The conformance tests
(``tests/envs/test_fast_path.py``) check at every step of many random games, for every
player count and option, that the writer's array equals the encoder's array of
``observation(seat)`` and that its mask is exactly ``legal_actions()``; so the writer
shows a seat nothing its observation does not.

This module names the two sides of that contract without importing numpy: numpy stays
an optional dependency, and the writers (``regency.games.<game>.tensor``) are imported
only by the environments, when they ask for one.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

__all__ = [
    "ArraySpec",
    "ArrayWriter",
    "FeatureWriter",
    "IncrementalArrayWriter",
    "SparseArrayWriter",
]

A_co = TypeVar("A_co", bound=Hashable, covariant=True)


class ArraySpec(Protocol):
    """What a writer needs to know of the arrays it writes (an envs encoder provides it).

    Attributes:
        players: The number of seats of the games encoded.
    """

    players: int

    @property
    def size(self) -> int:
        """Length of one observation array."""

    @property
    def num_actions(self) -> int:
        """Size of the fixed action space (length of one mask)."""

    def offset(self, channel: str) -> int:
        """Index of the first entry of the channel named ``channel``."""

    def action_index(self, notation: str) -> int:
        """The index of the action written ``notation`` in the fixed action space."""


class ArrayWriter(Protocol[A_co]):
    """Writes seats' observation arrays and the movers' action masks from game states.

    Every method takes a batch (a list of games, one row each), so one call serves one
    environment (a batch of one) or a vector of them. Arrays are numpy arrays, typed
    ``Any`` here so that this module needs no numpy.
    """

    def write(self, games: Sequence[Any], seats: Sequence[int], out: Any) -> None:
        """Write ``games[i]``'s array for ``seats[i]`` into row ``i`` of ``out``.

        Args:
            games: Games of the writer's game and player count (finished ones too).
            seats: One seat per game (never ``None``: a spectator has no array).
            out: A C-contiguous ``float32`` array of shape ``(len(games), size)``. A
                :class:`SparseArrayWriter` sets only the entries that are not 0 and
                needs ``out`` all zeros; any other writer writes every entry of its
                rows, whatever ``out`` held (the vector environment rewrites its
                batch in place, ``tests/envs/test_fast_path.py`` checks both).
        """

    def write_masks(self, games: Sequence[Any], out: Any) -> None:
        """Write the legal actions of each game's seat to move into row ``i`` of ``out``.

        Args:
            games: Games of the writer's game and player count.
            out: A C-contiguous ``int8`` array of shape ``(len(games), num_actions)``;
                a row is 1 at each legal action's index and 0 elsewhere (all 0 once
                the game is over).
        """

    def action(self, game: Any, index: int) -> A_co:
        """The game's action object at ``index``, for the seat to move.

        The caller has checked that ``index`` is set in the game's mask; what an
        unset index gives is undefined.
        """


@runtime_checkable
class SparseArrayWriter(ArrayWriter[A_co], Protocol[A_co]):
    """A writer whose arrays are large and nearly all zero: it also lists what it sets.

    The vector environment keeps one batch of arrays from step to step and, for such a
    writer, clears only the entries set last time and sets the new ones: zeroing or
    handing out a fresh array of Claim Kingdoms' 133k floats for every game of a batch
    at every step costs far more than the few hundred entries that are not zero.
    Indices are flat: row ``r``'s column ``c`` is ``r * size + c`` (``r * num_actions +
    c`` for masks).
    """

    def gather(
        self, games: Sequence[Any], seats: Sequence[int]
    ) -> tuple[list[int], list[int], list[float]]:
        """The entries of ``games[i]``'s array for ``seats[i]`` that are not 0, by row.

        Returns:
            ``(ones, where, values)``: the flat indices of the entries that are 1, and
            those of the other entries with their values (some may be 0). Every entry
            listed in neither is 0.
        """

    def gather_masks(self, games: Sequence[Any]) -> list[int]:
        """The flat indices of the legal actions of each game's seat to move (see above)."""


@runtime_checkable
class IncrementalArrayWriter(ArrayWriter[A_co], Protocol[A_co]):
    """A writer that can rewrite a batch it wrote before, writing only what changed.

    The vector environment keeps its batch of arrays from step to step; between two
    steps most of a row is unchanged (in Claim, about 20 of the 26 card channels), and
    copying only the rest saves most of a step's memory traffic.
    """

    def rewrite(
        self, games: Sequence[Any], seats: Sequence[int], out: Any, memo: list[Any]
    ) -> None:
        """Write ``games[i]``'s array for ``seats[i]`` into row ``i`` of ``out``.

        Args:
            games: As for ``write``.
            seats: As for ``write``.
            out: As for ``write``; row ``i`` holds what the previous call with this
                ``memo`` wrote there (the caller writes it by no other means).
            memo: One entry per row, the writer's note of what row ``i`` holds, which
                it updates; ``None`` for a row it knows nothing of (written whole).
        """


class FeatureWriter(Protocol):
    """Writes the features a learned evaluation reads, for seats of a batch of games.

    A game whose observation array is too large to be a small network's input (Claim
    Kingdoms' frame of 7,813 squares) offers one through ``GameInfo.value_features``
    (``regency.agents.value``). Like an :class:`ArrayWriter`, it shows a seat only what
    its observation shows it (``tests/agents/test_value.py`` checks that re-dealing what
    the seat cannot see changes no feature).

    Attributes:
        size: The length of one row of features.
    """

    size: int

    def write(self, games: Sequence[Any], seats: Sequence[int], out: Any) -> None:
        """Write ``games[i]``'s features for ``seats[i]`` into row ``i`` of ``out``.

        Args:
            games: Games of the writer's game and player count, not finished.
            seats: One seat per game.
            out: A C-contiguous ``float32`` array of shape ``(len(games), size)``, all zeros.
        """
