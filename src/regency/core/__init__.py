"""Game-agnostic machinery: the game contract, registry, records, seeds and views."""

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
    available_games,
    game_class,
    game_info,
    load_game,
    new_game,
    register,
    replay,
)
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
    "available_games",
    "game_class",
    "game_info",
    "load_game",
    "new_game",
    "register",
    "replay",
]
