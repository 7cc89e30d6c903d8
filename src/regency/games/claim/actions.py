"""Claim's actions and their notation.

Two kinds of decision exist:

* **play** a card from the hand, written as the card's code: ``KN9``, ``GB0``;
* **take** a card in phase one when there is a choice (the first of two face-up cards in
  3-4 players, or a Seer's pick, R-CLAIM-7 and R-CLAIM-14), written ``take UN3`` or
  ``take deck`` for the top card of the draw pile.

Cards sharing a code are interchangeable, so an action names a code, never a card id.

An action is a small ``int`` subclass (the play of kind ``k`` is ``k``; the take of kind
``k`` is ``256 + k``; taking the deck card is 255) so that hashing and comparing actions,
which search does millions of times, run at C speed; ``str()`` gives the notation.
Every action is made once at import (``PLAY[card]``, ``TAKE[card]``, ``TAKE_DECK``).
"""

from __future__ import annotations

from regency.core.errors import NotationError, quote
from regency.core.notation import notation_words
from regency.games.claim.cards import CARD_CODE, CODE_TO_KIND, KIND

__all__ = [
    "PLAY",
    "TAKE",
    "TAKE_DECK",
    "ClaimAction",
    "action_from_notation",
    "is_well_formed",
]

_TAKE = 256
_DECK = 255


class ClaimAction(int):
    """A decision in Claim. ``str(action)`` is its notation."""

    __slots__ = ()

    @property
    def verb(self) -> str:
        """``"play"`` or ``"take"``."""
        return "play" if self < _DECK else "take"

    @property
    def card(self) -> int:
        """The kind (lowest card id with that code) played or taken; -1 for the deck card."""
        value = int(self)
        if value < _DECK:
            return value
        return value - _TAKE if value >= _TAKE else -1

    def __str__(self) -> str:
        value = int(self)
        if value not in _KNOWN:
            return f"<not a Claim action: {value}>"  # made by hand from a stray int
        if value < _DECK:
            return CARD_CODE[value]
        return f"take {CARD_CODE[value - _TAKE]}" if value >= _TAKE else "take deck"

    def __repr__(self) -> str:
        return f"ClaimAction({str(self)!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)  # f"{action}" shows notation, not the number


_MADE: dict[int, ClaimAction] = {}

# Equal codes share one object, so a legal-action list can skip repeats by identity.
PLAY: tuple[ClaimAction, ...] = tuple(
    _MADE.setdefault(KIND[c], ClaimAction(KIND[c])) for c in range(len(KIND))
)
"""Card id -> the action that plays a card of its code."""

TAKE: tuple[ClaimAction, ...] = tuple(
    _MADE.setdefault(_TAKE + KIND[c], ClaimAction(_TAKE + KIND[c])) for c in range(len(KIND))
)
"""Card id -> the action that takes a face-up card of its code."""

TAKE_DECK = ClaimAction(_DECK)
"""The Seer's choice of the top card of the draw pile (R-CLAIM-14)."""


_KNOWN = frozenset(_MADE) | {_DECK}


def is_well_formed(action: object) -> bool:
    """Whether ``action`` is one of Claim's actions (legal now or not), not a stray int."""
    return isinstance(action, ClaimAction) and int(action) in _KNOWN


def action_from_notation(text: object) -> ClaimAction:
    """Read a play (``KN9``) or a take (``take UN3``, ``take deck``) with no game in progress.

    Case and spacing are free. A bare code is always a play: in a take decision
    ``ClaimState.parse_action`` also reads it as a take, which only the position can say.

    Raises:
        NotationError: if ``text`` names no card, nor the deck after ``take``.
    """
    words = notation_words(text)
    if len(words) == 2 and words[0] == "TAKE":
        if words[1] == "DECK":
            return TAKE_DECK
        kind = CODE_TO_KIND.get(words[1])
        if kind is not None:
            return TAKE[kind]
    elif len(words) == 1:
        kind = CODE_TO_KIND.get(words[0])
        if kind is not None:
            return PLAY[kind]
    raise NotationError(
        f"{quote(text)} is not a Claim move: write a card such as 'KN9', "
        "or 'take UN3' or 'take deck'"
    )
