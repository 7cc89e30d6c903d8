"""Reading notation: what can be a move's text at all, and how two spellings compare.

Both the game contract (:mod:`regency.core.game`, parsing a move) and the seat's view
(:mod:`regency.core.view`, finding a legal action by its notation) read notation the
same way, from here: a small module below both, so neither imports the other for it.
"""

from __future__ import annotations

from typing import Final

from regency.core.errors import IllegalActionError, NotationError, quote

__all__ = ["MAX_NOTATION", "check_notation", "normalize_notation", "notation_words"]

MAX_NOTATION: Final = 200
"""No move's notation is longer than this; longer text is refused before it is read."""


def check_notation(text: object) -> str:
    """Return ``text`` if it can be notation at all; refuse it otherwise.

    Notation is ASCII: case and spacing are free (``kn9``, ``Take  deck``), but other
    scripts are not read, so a dotless i (U+0131, which upper-cases to ``I``) or Arabic
    digits never pass as a card or a square.

    Raises:
        IllegalActionError: if ``text`` is not a string, not ASCII, or far too long.
    """
    if not isinstance(text, str):
        raise IllegalActionError(f"a move in notation must be text, not {quote(text)}")
    if len(text) > MAX_NOTATION:
        raise IllegalActionError(f"{quote(text)} is far too long to be a move")
    if not text.isascii():
        raise IllegalActionError(
            f"{quote(text)} is not notation: moves are written in ASCII letters and digits"
        )
    return text


def normalize_notation(text: str) -> str:
    """Return ``text`` in the canonical case and spacing used to compare notation.

    Notation is case-insensitive and ignores surrounding and repeated spaces, so a
    player may type ``kn9`` or ``Take  deck``. Only ASCII letters change case (text
    that is not ASCII never equals a move's notation).
    """
    if not text.isascii():
        return text
    return " ".join(text.split()).upper()


def notation_words(text: object) -> list[str]:
    """Return ``text``'s words in canonical case and spacing, for a stateless codec.

    Raises:
        NotationError: if ``text`` cannot be notation at all (see :func:`check_notation`).
    """
    try:
        return normalize_notation(check_notation(text)).split()
    except IllegalActionError as exc:
        raise NotationError(str(exc)) from None
