"""The errors regency raises for bad input.

Every error a caller can provoke with bad input is a :class:`RegencyError`; the ones
about a value the caller passed are also :class:`ValueError`, so code that already
catches ``ValueError`` keeps working. Messages say what was wrong and, where it helps,
what would have been right.
"""

from __future__ import annotations

__all__ = [
    "MESSAGE_LIMIT",
    "QUOTE_LIMIT",
    "CorruptSaveError",
    "GameOptionError",
    "GameOverError",
    "IllegalActionError",
    "NotationError",
    "RegencyError",
    "UnknownGameError",
    "quote",
]

QUOTE_LIMIT = 40
"""At most this many characters of a caller's input are quoted back in a message."""

MESSAGE_LIMIT = 4000
"""A message longer than this is cut: a backstop for input quoted without :func:`quote`."""


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """Return ``repr(value)`` for a message, cut to a short prefix if it is long.

    A refused 10 MB string must not come back inside a 10 MB message, and some values
    cannot even be shown in full (an int of more than 4,300 digits refuses ``repr``).

    Example:
        >>> quote("KN9")
        "'KN9'"
        >>> quote("x" * 100)
        "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'... (100 characters)"
    """
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        return f"{value[:limit]!r}... ({len(value)} characters)"
    try:
        text = repr(value)
    except Exception:  # an int too long to print, or an object whose repr fails
        return f"a {type(value).__name__} value too long to show"
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text)} characters)"


class RegencyError(Exception):
    """Base class of every error regency raises on purpose.

    Messages longer than :data:`MESSAGE_LIMIT` are cut, so a caller's huge input can
    never come back as a huge message, even where a message quotes it without
    :func:`quote`.
    """

    def __init__(self, *args: object) -> None:
        if len(args) == 1 and isinstance(args[0], str) and len(args[0]) > MESSAGE_LIMIT:
            message = args[0]
            args = (f"{message[:MESSAGE_LIMIT]}... (message cut: {len(message)} characters)",)
        super().__init__(*args)


class IllegalActionError(RegencyError, ValueError):
    """An action that is malformed or not legal in the current position.

    Raised by checked entry points (``Game.play``, ``Game.parse_action``); the game
    is left exactly as it was.
    """


class NotationError(IllegalActionError):
    """Text that is the notation of no action of the game, whatever the position.

    Raised by ``Game.action_from_notation``, which reads notation with no game in
    progress (as python-chess's ``Move.from_uci`` needs no board).
    """


class GameOverError(IllegalActionError):
    """An action was offered to a game that has already ended."""


class GameOptionError(RegencyError, ValueError):
    """A game was asked for with options it does not accept (unknown option, bad deck...)."""


class UnknownGameError(GameOptionError):
    """No game is registered under the requested name."""


class CorruptSaveError(RegencyError, ValueError):
    """A saved game or record is malformed, or does not describe a legal game."""
