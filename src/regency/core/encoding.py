"""What every game's encoder shares: the action table, the array layout, the encoder base.

An *encoder* turns one seat's observation (``Game.observation(seat)``, a JSON dict) into
a fixed-size ``float32`` array, and maps the game's actions to the indices of a fixed
``Discrete`` space and back. Encoders are pure functions of the observation: they never
see a game, so an array cannot hold anything the seat may not see (the no-leak test in
``tests/envs`` re-deals the hidden cards and checks that the arrays do not change).

Each game's encoder lives in its own package (``regency/games/<game>/encoder.py``),
beside the fast writer of the same arrays (``tensor.py``), and is registered on its
``GameInfo.encoder``; ``regency.envs.encoder_for`` finds it there, so the environments
import no game. This base is in ``core``, below the games, for them to build on; it needs
numpy (the ``rl`` extra), and nothing imports it unless arrays are asked for.

The layout of an array is declared channel by channel (:class:`Layout`), and
``docs/envs.md`` documents each channel by the same names.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from regency.core.errors import RegencyError
from regency.core.notation import normalize_notation

__all__ = [
    "ActionTable",
    "Channel",
    "Encoder",
    "EncodingError",
    "Layout",
    "relative_seats",
]

Array = npt.NDArray[np.float32]


class EncodingError(RegencyError, ValueError):
    """An action index or notation that the game's action table does not have."""


class ActionTable:
    """A game's fixed action space: index ``i`` is always the same notation.

    Args:
        notations: Every action the game can ever offer, in index order, in the
            notation ``str(action)`` gives.
    """

    __slots__ = ("_index", "notations")

    def __init__(self, notations: Sequence[str]) -> None:
        self.notations: tuple[str, ...] = tuple(notations)
        """Index -> notation."""
        self._index = {normalize_notation(n): i for i, n in enumerate(self.notations)}
        if len(self._index) != len(self.notations):
            raise ValueError("an action table lists a notation twice")

    def __len__(self) -> int:
        return len(self.notations)

    def to_index(self, notation: str) -> int:
        """Return the index of the action written ``notation`` (case and spaces ignored).

        Raises:
            EncodingError: if the table has no such action.
        """
        try:
            return self._index[normalize_notation(notation)]
        except KeyError:
            raise EncodingError(f"{notation!r} is not an action of this game's table") from None

    def to_notation(self, index: int) -> str:
        """Return the notation of action ``index``.

        Raises:
            EncodingError: if ``index`` is outside ``0 .. len(table) - 1``.
        """
        if isinstance(index, bool) or not 0 <= int(index) < len(self.notations):
            raise EncodingError(f"action index {index!r} is outside 0..{len(self.notations) - 1}")
        return self.notations[int(index)]


@dataclass(frozen=True, slots=True)
class Channel:
    """A named run of entries in an observation array.

    Attributes:
        name: The channel's name, as ``docs/envs.md`` lists it.
        offset: Index of its first entry.
        size: Number of entries.
        doc: What each entry holds.
    """

    name: str
    offset: int
    size: int
    doc: str

    @property
    def end(self) -> int:
        """Index just after its last entry."""
        return self.offset + self.size


class Layout:
    """Builds an array layout one channel at a time; ``size`` is the total so far."""

    __slots__ = ("_by_name", "channels", "size")

    def __init__(self) -> None:
        self.channels: list[Channel] = []
        """The channels in array order."""
        self.size = 0
        self._by_name: dict[str, Channel] = {}

    def add(self, name: str, size: int, doc: str) -> int:
        """Append a channel of ``size`` entries and return its offset."""
        channel = Channel(name, self.size, size, doc)
        if name in self._by_name:
            raise ValueError(f"channel {name!r} declared twice")
        self.channels.append(channel)
        self._by_name[name] = channel
        self.size += size
        return channel.offset

    def __getitem__(self, name: str) -> Channel:
        return self._by_name[name]


def relative_seats(seat: int, players: int) -> list[int]:
    """Seat -> its place relative to ``seat`` (0 is ``seat`` itself, 1 the next to play...)."""
    return [(s - seat) % players for s in range(players)]


class Encoder(ABC):
    """Turns a seat's observation into an array; maps actions to indices and back.

    Subclasses set ``game`` and ``actions`` and declare their channels on ``layout`` in
    ``__init__``; an encoder is made per player count (the array has the same shape for
    every count, so a policy can be shared; unused seats stay zero).

    Args:
        players: The number of seats of the games it encodes.
    """

    game: ClassVar[str]
    """The registered game name."""
    actions: ClassVar[ActionTable]
    """The game's fixed action space (the same for every player count)."""
    MAX_SEATS: ClassVar[int] = 4
    """Seat-relative channels are laid out for this many seats."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.layout = Layout()

    @property
    def size(self) -> int:
        """Length of the observation array."""
        return self.layout.size

    @property
    def num_actions(self) -> int:
        """Size of the fixed action space."""
        return len(self.actions)

    def offset(self, channel: str) -> int:
        """Index of the first entry of ``channel`` (a game's array writer asks for it)."""
        return self.layout[channel].offset

    def action_index(self, notation: str) -> int:
        """The index of the action written ``notation`` (:meth:`ActionTable.to_index`)."""
        return self.actions.to_index(notation)

    def encode(self, observation: dict[str, Any]) -> Array:
        """Return ``observation`` (one seat's) as a new ``float32`` array of ``size``."""
        index, extra = self.entries(observation)
        out = np.bincount(index, minlength=self.layout.size).astype(np.float32)
        for position, value in extra:
            out[position] = value
        return out

    @abstractmethod
    def entries(self, observation: dict[str, Any]) -> tuple[list[int], Iterable[tuple[int, float]]]:
        """Return the array's contents: indices to count up by one, then values to set.

        Building a Python list of indices and counting them in one ``numpy.bincount``
        is several times faster than setting entries of an array one by one.
        """
