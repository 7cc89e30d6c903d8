"""Claim's actions and their notation.

Two kinds of decision exist:

* **play** a card from the hand, written as the card's code: ``KN9``, ``GB0``;
* **take** a card in phase one when there is a choice (the first of two face-up cards in
  3-4 players, or a Seer's pick, R-CLAIM-7 and R-CLAIM-14), written ``take UN3`` or
  ``take deck`` for the top card of the draw pile.

Cards sharing a code are interchangeable, so an action names a code, never a card id.
Every action object is made once at import and reused (``PLAY[kind]``), so legal-action
lists cost no allocation beyond the list and ``in`` tests hit the identity fast path.
"""

from __future__ import annotations

from dataclasses import dataclass

from regency.games.claim.cards import CARD_CODE, KIND

__all__ = ["PLAY", "TAKE", "TAKE_DECK", "ClaimAction"]


@dataclass(frozen=True, slots=True)
class ClaimAction:
    """A decision in Claim. ``str(action)`` is its notation.

    Attributes:
        verb: ``"play"`` or ``"take"``.
        card: The kind (lowest card id with that code) played or taken; -1 for the
            top card of the draw pile.
    """

    verb: str
    card: int

    def __str__(self) -> str:
        if self.verb == "play":
            return CARD_CODE[self.card]
        return "take deck" if self.card < 0 else f"take {CARD_CODE[self.card]}"

    def __repr__(self) -> str:
        return f"ClaimAction({str(self)!r})"


PLAY: tuple[ClaimAction, ...] = tuple(ClaimAction("play", KIND[c]) for c in range(len(KIND)))
"""Card id -> the (shared) action that plays a card of its code."""

TAKE: tuple[ClaimAction, ...] = tuple(ClaimAction("take", KIND[c]) for c in range(len(KIND)))
"""Card id -> the (shared) action that takes a face-up card of its code."""

# Equal codes must share one object: rebuild so every id points at its kind's action.
PLAY = tuple(PLAY[KIND[c]] for c in range(len(KIND)))
TAKE = tuple(TAKE[KIND[c]] for c in range(len(KIND)))

TAKE_DECK = ClaimAction("take", -1)
"""The Seer's choice of the top card of the draw pile (R-CLAIM-14)."""
