"""regency: play, simulate and study Claim, Claim Kingdoms and Kingdoms.

Quick start::

    import regency

    g = regency.new_game("claim", players=2, seed=42)
    while not g.is_over:
        g.play(g.legal_actions()[0])        # or g.play("KN9"): checked, in notation
    print(g.result().winners)

Everything a program needs is here; see ``docs/architecture.md`` for the layers.
"""

from __future__ import annotations

from regency.analysis import Analysis, analyze
from regency.core import (
    CorruptSaveError,
    Game,
    GameInfo,
    GameOptionError,
    GameOverError,
    IllegalActionError,
    NotationError,
    Option,
    Record,
    RegencyError,
    Result,
    SeatView,
    UnknownGameError,
    game_info,
    load_game,
    new_game,
    replay,
)
from regency.core import available_games as _registered
from regency.core import game as _contract

__version__ = "0.1.0"

COMPILED: bool = not str(_contract.__file__).endswith(".py")
"""Whether the engine (the game contract and every game) runs compiled with mypyc.

An install built with ``REGENCY_COMPILE=1`` compiles it; otherwise, or where compiling
failed, it is the same code in pure Python (docs/architecture.md, "Speed").
"""


class GameList(list[GameInfo]):
    """The registered games, as :func:`available_games` returns them.

    A list of :class:`GameInfo` (each equal to its name); printed, it shows each game's
    player counts and options: ``[claim (2, 3 or 4 players; options: factions, ...)]``.
    """

    def __repr__(self) -> str:
        return "[" + ", ".join(_describe(info) for info in self) + "]"

    __str__ = __repr__


def _describe(info: GameInfo) -> str:
    *most, last = [str(p) for p in info.players]
    counts = f"{', '.join(most)} or {last}" if most else last
    options = ", ".join(o.name for o in info.options) or "none"
    return f"{info.name} ({counts} players; options: {options})"


def available_games() -> GameList:
    """Return every registered game, each equal to its name, with its facts attached.

    Printed, the list shows each game's player counts and options.
    """
    return GameList(_registered())


__all__ = [
    "COMPILED",
    "Analysis",
    "CorruptSaveError",
    "Game",
    "GameInfo",
    "GameList",
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
    "__version__",
    "analyze",
    "available_games",
    "game_info",
    "load_game",
    "new_game",
    "replay",
]
