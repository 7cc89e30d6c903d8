"""regency: play, simulate and study Claim, Claim Kingdoms and Kingdoms.

Quick start::

    import regency

    g = regency.new_game("claim", players=2, seed=42)
    while not g.is_over:
        g.play(g.legal_actions()[0])        # or g.play("KN9"): checked, in notation
    print(g.result().winners)

Everything a program needs is here; see ``docs/architecture.md`` for the layers.

This module is also where the built-in games join the registry (``core`` names no
game): it adds them as the registry's first source, imported the first time a game is
looked up, followed by the games other packages declare in the ``regency.games``
entry-point group (each entry names a module that registers its games on import).
Heavy names (:func:`analyze`, which needs the agents) are loaded on first use, so
importing any ``regency`` module (``regency.core.game``, say) costs no more than the
modules it imports itself.
"""

from __future__ import annotations

import warnings
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any

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
    add_source,
    game_info,
    load_game,
    new_game,
    replay,
)
from regency.core import available_games as _registered
from regency.core import game as _contract

if TYPE_CHECKING:  # loaded on first use, by __getattr__ below
    from regency.analysis import Analysis, analyze

__version__ = "0.1.0"

COMPILED: bool = not str(_contract.__file__).endswith(".py")
"""Whether the engine (the game contract and every game) runs compiled with mypyc.

An install built with ``REGENCY_COMPILE=1`` compiles it; otherwise, or where compiling
failed, it is the same code in pure Python (docs/architecture.md, "Speed").
"""


GAME_PLUGIN_GROUP = "regency.games"
"""The entry-point group through which other packages add games."""

_LAZY = ("Analysis", "analyze")
"""Public names loaded on first use (PEP 562): they need the agents."""


def __getattr__(name: str) -> Any:
    """Load a heavy public name (:data:`_LAZY`) the first time it is used."""
    if name not in _LAZY:
        raise AttributeError(f"module 'regency' has no attribute {name!r}")
    from regency import analysis

    value = getattr(analysis, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The module's names, the ones loaded on first use included."""
    return sorted({*globals(), *_LAZY})


def _register_games() -> None:
    """Register the built-in games, then those of the ``regency.games`` entry points.

    A plugin that fails to import is skipped with a warning, so a broken or partly
    installed package cannot take the built-in games down with it.
    """
    import regency.games  # noqa: F401  (each game registers itself on import)

    for entry in entry_points(group=GAME_PLUGIN_GROUP):
        try:
            entry.load()
        except Exception as exc:  # a third party's module: any error is its own
            warnings.warn(
                f"regency: the game plugin {entry.name!r} ({entry.value}) failed to "
                f"load and is skipped: {exc}",
                stacklevel=2,
            )


add_source(_register_games)


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
