"""regency: play, simulate and study Claim, Claim Kingdoms and Kingdoms.

Quick start::

    import regency

    g = regency.new_game("claim", players=2, seed=42)
    while not g.is_over:
        g.play(g.legal_actions()[0])        # or g.play("KN9"): checked, in notation
    print(g.result().winners)

Everything a program needs is here; see ``docs/architecture.md`` for the layers.
"""

from regency.core import (
    CorruptSaveError,
    Game,
    GameInfo,
    GameOptionError,
    GameOverError,
    IllegalActionError,
    Option,
    Record,
    RegencyError,
    Result,
    SeatView,
    UnknownGameError,
    available_games,
    game_info,
    load_game,
    new_game,
    replay,
)

__version__ = "0.1.0"

__all__ = [
    "CorruptSaveError",
    "Game",
    "GameInfo",
    "GameOptionError",
    "GameOverError",
    "IllegalActionError",
    "Option",
    "Record",
    "RegencyError",
    "Result",
    "SeatView",
    "UnknownGameError",
    "__version__",
    "available_games",
    "game_info",
    "load_game",
    "new_game",
    "replay",
]
