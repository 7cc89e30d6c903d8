"""Game-agnostic machinery: the game contract, registry, records, seeds and views.

``core`` is the lowest layer: it imports nothing else of regency, and names no game
(the package's top level registers the built-in games, ``regency/__init__.py``).
"""

from regency.core.errors import (
    CorruptSaveError,
    GameOptionError,
    GameOverError,
    IllegalActionError,
    NotationError,
    RegencyError,
    UnknownGameError,
)
from regency.core.game import Game, Result
from regency.core.record import Record
from regency.core.registry import (
    GameInfo,
    Option,
    add_source,
    available_games,
    game_class,
    game_info,
    register,
)
from regency.core.start import load_game, new_game, replay
from regency.core.view import SeatView

__all__ = [
    "CorruptSaveError",
    "Game",
    "GameInfo",
    "GameOptionError",
    "GameOverError",
    "IllegalActionError",
    "NotationError",
    "Option",
    "Record",
    "RegencyError",
    "Result",
    "SeatView",
    "UnknownGameError",
    "add_source",
    "available_games",
    "game_class",
    "game_info",
    "load_game",
    "new_game",
    "register",
    "replay",
]
