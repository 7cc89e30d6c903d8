"""The default computer opponent: the strongest agent we have, per game and player count.

Each game keeps its own table, ``GameInfo.default_opponents``, beside its other facts
(``regency/games/<game>/__init__.py``), following the measurements in
``docs/measurements.md`` ("Strength"): change it there when a stronger agent is
measured. This module reads it for ``regency play`` and table set-up
(:mod:`regency.tables`, which the server uses too).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from regency.core.registry import available_games, game_info

__all__ = ["STRONGEST", "default_opponent"]

if TYPE_CHECKING:
    STRONGEST: dict[str, dict[int, str]]
    """Game -> player count -> the spec of the strongest agent measured there (every
    game's ``GameInfo.default_opponents``, read when first asked for)."""


def __getattr__(name: str) -> Any:
    """Build :data:`STRONGEST` from the registered games when it is asked for (PEP 562).

    Read lazily, so importing this module registers no game.
    """
    if name == "STRONGEST":
        return {info.name: dict(info.default_opponents) for info in available_games()}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def default_opponent(game: str, players: int) -> str:
    """The spec of the default computer player for ``game`` at ``players`` seats.

    Games whose ``default_opponents`` does not list the count get their heuristic, or
    the search if they have none.

    Raises:
        UnknownGameError: if no game has that name.
    """
    info = game_info(game)
    spec = info.default_opponents.get(players)
    if spec is not None:
        return spec
    return "heuristic" if info.heuristic is not None else "ismcts"
