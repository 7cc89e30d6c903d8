"""Finding a game's encoder, and (re-exported) what every game's encoder shares.

An *encoder* turns one seat's observation into a fixed-size ``float32`` array and maps
the game's actions to a fixed ``Discrete`` space and back. The shared base (the action
table, the layout, :class:`Encoder`) is :mod:`regency.core.encoding`, below the games;
each game's encoder is ``regency/games/<game>/encoder.py``, registered on its
``GameInfo.encoder``, so the environments themselves import no game.
"""

from __future__ import annotations

from regency.core.encoding import (
    ActionTable,
    Array,
    Channel,
    Encoder,
    EncodingError,
    Layout,
    relative_seats,
)
from regency.core.errors import UnknownGameError
from regency.core.registry import game_info

__all__ = [
    "ActionTable",
    "Array",
    "Channel",
    "Encoder",
    "EncodingError",
    "Layout",
    "encoder_for",
    "relative_seats",
]


def encoder_for(game: str, players: int) -> Encoder:
    """Return the encoder of ``game`` (a registered name) for ``players`` seats.

    Raises:
        EncodingError: if there is no such game, or it registers no encoder.
    """
    try:
        factory = game_info(game).encoder
    except UnknownGameError:
        factory = None
    if factory is None:
        raise EncodingError(f"no observation encoder for the game {game!r}")
    return factory(players)
