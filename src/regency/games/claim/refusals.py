"""Why a Claim move is refused, and what a move does, in the player's words.

``ClaimState.why_illegal`` asks :func:`reason`; ``ClaimState.describe`` asks
:func:`describe`. Cards are named in words (``Doppelganger 7``), as the table shows them.
With ``list_legal`` a refusal lists the legal moves, which name cards in the mover's
hand: such a message is for the mover alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from regency.core.errors import quote
from regency.core.game import normalize_notation
from regency.games.claim.actions import ClaimAction, is_well_formed
from regency.games.claim.cards import CARD_NAME, CODE_TO_KIND, KIND_MASK, Faction

if TYPE_CHECKING:
    from regency.games.claim.state import ClaimState

__all__ = ["describe", "reason"]


def describe(action: ClaimAction) -> str:
    """A play is the card's name (``Doppelganger 7``); a take says what is taken.

    ``take deck`` never names the card a Seer peeked at: only the Seer saw it.
    """
    card = action.card
    if action.verb == "play":
        return CARD_NAME[card]
    if card < 0:
        return "take the top card of the pile"
    return f"take {CARD_NAME[card]}"


def _legal_words(state: ClaimState) -> list[str]:
    """The legal moves in words (they name cards in the mover's hand)."""
    return [describe(a) for a in state.legal_actions()]


def _choose_a_take(state: ClaimState, text: str, list_legal: bool) -> str:
    """Why a move is refused while a face-up card is being chosen."""
    if not list_legal:
        return f"choose a face-up card to take (not {quote(text)})"
    options = " or ".join(w.removeprefix("take ") for w in _legal_words(state))
    return f"choose the card to take: {options} (not {quote(text)})"


def _must_follow(state: ClaimState, kind: int, list_legal: bool) -> str:
    """Why the card ``kind`` may not be played: not in hand, or not following suit."""
    name = CARD_NAME[kind]
    legal = ", ".join(_legal_words(state)) if list_legal else ""
    if not state._hands[state._turn] & KIND_MASK[kind]:
        if not list_legal:
            return f"you have no {name} in your hand"
        return f"you have no {name} in your hand; you may play: {legal}"
    lead = Faction(state._lead)
    if lead == Faction.DOPPELGANGERS:
        why = "Doppelgangers were led: you must follow with one"
    else:
        why = f"you must follow {lead.title} or play a Doppelganger"
    return f"{why} ({legal})" if list_legal else why


def reason(state: ClaimState, action: ClaimAction | str, list_legal: bool) -> str:
    """Explain, in a player's terms, why ``action`` cannot be taken now."""
    if state._turn < 0:
        return "the game is over"
    if isinstance(action, ClaimAction):
        if not is_well_formed(action):
            return f"{quote(int(action))} is not a Claim action"
        text = str(action)
    elif isinstance(action, str):
        text = action.strip()
    else:  # any other object that reached here from a caller's play()
        return f"{quote(action)} is not a Claim action: write a card such as 'KN9'"  # type: ignore[unreachable]
    if state._decision == state.TAKE_DECISION:
        return _choose_a_take(state, text, list_legal)
    words = normalize_notation(text).split()
    kind = CODE_TO_KIND.get(words[0]) if len(words) == 1 else None
    if isinstance(action, ClaimAction) and action.verb == "play":
        kind = action.card
    if kind is None:
        return f"{quote(text)} is not a card: write a faction code and a value, like KN9"
    return _must_follow(state, kind, list_legal)
