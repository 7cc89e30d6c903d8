"""Per-game terminal screens; the command line and the environments know no game.

The screens are drawn for ``regency play`` (``regency.cli``) and for the environments'
ANSI render mode (``regency.envs.aec``).

A renderer is a module here named after the game (``claim_kingdoms`` for
``"claim-kingdoms"``) that draws *observations*, never game objects, so a screen can
only show what the seat it is drawn for may see. It provides these functions:

``board(observation) -> rich renderable``
    The table as that seat (or a spectator, ``seat`` None) sees it: whose turn it is,
    what is on the table, the seat's own hidden cards, the scores.
``result(result, observation) -> rich renderable``
    The end of the game: the breakdown in ``result`` (``Result.to_dict()``), the winner.
``action_label(notation, observation) -> str``
    A short human label shown beside a numbered legal action (``"Knight 9"``); return
    ``""`` when the notation says it all.
``seat_name(observation, seat) -> str``
    The one name a seat has on that screen: ``"You"``, ``"Seat 2"`` or a colour.
``rules(observation) -> rich renderable``
    The rules in short, with the powers in play (the ``rules`` command).

Optional: ``moves(notations, observation)`` (a summary of many moves, shown instead of
a numbered list; ``None`` to number them), ``interlude(observation)`` (a screen shown
once before the board, such as an epoch's scoring), and ``VIEW`` with
``window(observation, pan)`` and ``board(observation, pan=...)`` for a board that
scrolls. Every screen must fit an 80x24 terminal and tell seats apart without colour
(see ``docs/terminal.md``).

Games without a module get :mod:`regency.render.generic`, which prints JSON.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

__all__ = ["renderer_for"]


def renderer_for(game: str) -> ModuleType:
    """Return the renderer module for ``game``, or the generic one."""
    try:
        return import_module(f"{__name__}.{game.replace('-', '_')}")
    except ModuleNotFoundError:
        return import_module(f"{__name__}.generic")
