"""The errors regency raises for bad input.

Every error a caller can provoke with bad input is a :class:`RegencyError`; the ones
about a value the caller passed are also :class:`ValueError`, so code that already
catches ``ValueError`` keeps working. Messages say what was wrong and, where it helps,
what would have been right.
"""

from __future__ import annotations

__all__ = [
    "CorruptSaveError",
    "GameOptionError",
    "GameOverError",
    "IllegalActionError",
    "RegencyError",
    "UnknownGameError",
]


class RegencyError(Exception):
    """Base class of every error regency raises on purpose."""


class IllegalActionError(RegencyError, ValueError):
    """An action that is malformed or not legal in the current position.

    Raised by checked entry points (``Game.play``, ``Game.parse_action``); the game
    is left exactly as it was.
    """


class GameOverError(IllegalActionError):
    """An action was offered to a game that has already ended."""


class GameOptionError(RegencyError, ValueError):
    """A game was asked for with options it does not accept (unknown option, bad deck...)."""


class UnknownGameError(GameOptionError):
    """No game is registered under the requested name."""


class CorruptSaveError(RegencyError, ValueError):
    """A saved game or record is malformed, or does not describe a legal game."""
