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
from regency.core.i18n import N_, _
from regency.games.claim.actions import ClaimAction, is_well_formed
from regency.games.claim.cards import CARD_FACTION, CARD_VALUE, CODE_TO_KIND, KIND_MASK, Faction

if TYPE_CHECKING:
    from regency.games.claim.state import ClaimState

__all__ = ["card_words", "describe", "faction_words", "reason"]

# The factions' names, for the catalogs (docs/i18n.md's glossary): the translated name
# is looked up from the English one at run time.
_NAMES = (
    N_("Goblins"),
    N_("Knights"),
    N_("Undead"),
    N_("Dwarves"),
    N_("Doppelgangers"),
    N_("Gnomes"),
    N_("Giants"),
    N_("Dragons"),
    N_("Trolls"),
    N_("Seers"),
    N_("Goblin"),
    N_("Knight"),
    N_("Dwarf"),
    N_("Doppelganger"),
    N_("Gnome"),
    N_("Giant"),
    N_("Dragon"),
    N_("Troll"),
    N_("Seer"),
)


def faction_words(faction: Faction) -> str:
    """The faction's name in the reader's language (``Knights``, ``Ridders``)."""
    return _(faction.title)


def card_words(card: int) -> str:
    """The card's name in the reader's language, as the table shows it (``Knight 9``)."""
    faction = CARD_FACTION[card]
    return _("{faction} {value}", faction=_(faction.singular), value=CARD_VALUE[card])


def describe(action: ClaimAction) -> str:
    """A play is the card's name (``Doppelganger 7``); a take says what is taken.

    ``take deck`` never names the card a Seer peeked at: only the Seer saw it.
    """
    card = action.card
    if action.verb == "play":
        return card_words(card)
    if card < 0:
        return _("take the top card of the pile")
    return _("take {card}", card=card_words(card))


def _legal_words(state: ClaimState) -> list[str]:
    """The legal moves in words (they name cards in the mover's hand)."""
    return [describe(a) for a in state.legal_actions()]


def _choose_a_take(state: ClaimState, text: str, list_legal: bool) -> str:
    """Why a move is refused while a face-up card is being chosen."""
    if not list_legal:
        return _("choose a face-up card to take (not {move})", move=quote(text))
    options = _(" or ").join(
        card_words(a.card) if a.card >= 0 else _("the top card of the pile")
        for a in state.legal_actions()
    )
    return _("choose the card to take: {options} (not {move})", options=options, move=quote(text))


def _must_follow(state: ClaimState, kind: int, list_legal: bool) -> str:
    """Why the card ``kind`` may not be played: not in hand, or not following suit."""
    name = card_words(kind)
    legal = ", ".join(_legal_words(state)) if list_legal else ""
    if not state._hands[state._turn] & KIND_MASK[kind]:
        if not list_legal:
            return _("you have no {card} in your hand", card=name)
        return _("you have no {card} in your hand; you may play: {legal}", card=name, legal=legal)
    lead = Faction(state._lead)
    if lead == Faction.DOPPELGANGERS:
        why = _("Doppelgangers were led: you must follow with one")
    else:
        why = _("you must follow {faction} or play a Doppelganger", faction=faction_words(lead))
    return _("{why} ({legal})", why=why, legal=legal) if list_legal else why


def reason(state: ClaimState, action: ClaimAction | str, list_legal: bool) -> str:
    """Explain, in a player's terms, why ``action`` cannot be taken now."""
    if state._turn < 0:
        return _("the game is over")
    if isinstance(action, ClaimAction):
        if not is_well_formed(action):
            return _("{move} is not a Claim action", move=quote(int(action)))
        text = str(action)
    elif isinstance(action, str):
        text = action.strip()
    else:  # any other object that reached here from a caller's play()
        return _(  # type: ignore[unreachable]
            "{move} is not a Claim action: write a card such as 'KN9'", move=quote(action)
        )
    if state._decision == state.TAKE_DECISION:
        return _choose_a_take(state, text, list_legal)
    words = normalize_notation(text).split()
    kind = CODE_TO_KIND.get(words[0]) if len(words) == 1 else None
    if isinstance(action, ClaimAction) and action.verb == "play":
        kind = action.card
    if kind is None:
        return _(
            "{move} is not a card: write a faction code and a value, like KN9", move=quote(text)
        )
    return _must_follow(state, kind, list_legal)
