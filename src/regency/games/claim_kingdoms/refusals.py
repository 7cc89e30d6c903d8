"""Why a move is refused, in the player's words.

``ClaimKingdomsState.why_illegal`` asks :func:`reason` about a well-formed action that
is not among the legal ones; the answer names the rule at stake (``R-CK-n``) where one
applies, and the caller appends the moves that are legal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from regency.core.errors import IllegalActionError, quote
from regency.core.game import check_notation
from regency.core.i18n import _
from regency.games.claim_kingdoms import rules
from regency.games.claim_kingdoms.actions import (
    COPY,
    DRAW,
    FLIP,
    KEEP,
    KEEP_STEP,
    LOOK,
    MARK,
    PASS,
    PLACE,
    PLACE_STEP,
    POWER_STEP,
    REMOVE,
    SCORE,
    SWAP,
    TAKE,
    TAKE_STEP,
    VERBS,
    Action,
    NotationError,
    is_well_formed,
    read_action,
)
from regency.games.claim_kingdoms.effects import colour_words, faction_words
from regency.games.claim_kingdoms.factions import Faction
from regency.games.claim_kingdoms.grid import ORTHOGONAL, square_name

if TYPE_CHECKING:
    from regency.games.claim_kingdoms.state import ClaimKingdomsState

__all__ = ["explain", "reason", "with_legal"]

_GOBLINS = Faction.GOBLINS
_DWARVES = Faction.DWARVES
_GNOMES = Faction.GNOMES
_TROLLS = Faction.TROLLS
_UNDEAD = Faction.UNDEAD
_DRAGONS = Faction.DRAGONS
_DOPPEL = Faction.DOPPELGANGERS
_GIANTS = Faction.GIANTS
_KNIGHTS = Faction.KNIGHTS


def reason(state: ClaimKingdomsState, action: Action) -> str:
    """Why ``action`` is not legal for the player to move, in their terms.

    The caller lists the moves that are legal.
    """
    step = state._step
    kind = action.kind
    text = str(action)
    if step == POWER_STEP:
        faction = faction_words(state._power)
        if state._copied and not state._removed:
            wanted = _("use the {faction} power", faction=faction)
        else:
            wanted = _("use the {faction} power or pass", faction=faction)
    else:
        wanted = {
            PLACE_STEP: _("place your card"),
            TAKE_STEP: _("take a new card"),
            KEEP_STEP: _("keep one of the cards you looked at"),
        }[step]
    expects = {
        PLACE_STEP: {PLACE},
        POWER_STEP: {PASS, SCORE, MARK, REMOVE, SWAP, FLIP, COPY},
        TAKE_STEP: {TAKE, DRAW, LOOK},
        KEEP_STEP: {KEEP},
    }[step]
    if kind not in expects:
        return _(
            "{move} is not possible now: it is time to {wanted}", move=repr(text), wanted=wanted
        )
    sq = action.square
    where = square_name(sq)
    cards = state._cards
    if kind == PLACE:
        if sq in cards:
            return _("{square} already holds a card", square=where)
        return _("{square} does not share a side with any card (R-CK-1)", square=where)
    if kind == TAKE:
        return _("the display holds no {faction}", faction=faction_words(action.arg))
    if kind == LOOK:
        if not state._deck:
            return _("the deck is empty")
        return _("only a Seer, or a Doppelganger copying one, may look at the deck (R-CK-8)")
    if kind == DRAW:
        return _("the deck is empty")
    if kind == KEEP:
        return _("you did not look at any {faction}", faction=faction_words(action.arg))
    return _power_reason(state, action, where)


def _power_reason(state: ClaimKingdomsState, action: Action, where: str) -> str:
    kind = action.kind
    power = Faction(state._power)
    verb = VERBS[kind]
    if kind == PASS:
        return _("having copied the {faction} power, you must use it", faction=faction_words(power))
    if kind == COPY:
        target = Faction(action.arg)
        if state._copied or power != _DOPPEL:
            return _("only a Doppelganger copies a power")
        if target == _DOPPEL:
            return _("copying a Doppelganger has no effect")
        if target not in rules.copyable(state._cards, state._at):
            return _(
                "no face-up {faction} shares a side with your Doppelganger",
                faction=faction_words(target),
            )
        return _("copying the {faction} would do nothing here", faction=faction_words(target))
    usual = {
        SCORE: {_GOBLINS, _DWARVES, _DRAGONS, _TROLLS, _GNOMES},
        MARK: {_GNOMES},
        REMOVE: {_KNIGHTS},
        SWAP: {_UNDEAD},
        FLIP: {_GIANTS},
    }[kind]
    if power not in usual:
        return _("the {faction} power does not {verb}", faction=faction_words(power), verb=verb)
    if kind == SCORE:
        if power == _TROLLS and action.arg == 0:
            return _("Trolls score a line: choose 'score row' or 'score column'")
        if power != _TROLLS and action.arg:
            return _("only Trolls choose a line; write 'score'")
        if power == _GNOMES:
            return _("your Gnome's marker must go on an adjacent card (R-CK-6): mark x,y")
        return _("that would score nothing")
    cards = state._cards
    if action.square not in cards:
        return _("there is no card at {square}", square=where)
    if not rules.is_face_up(cards, action.square):
        return _(
            "the card at {square} is face down: powers cannot choose it (R-CK-3)", square=where
        )
    near = action.square - state._at in ORTHOGONAL
    mask = state._marks.get(action.square, 0)
    if kind == SWAP:
        if action.square == state._at:
            return _("exchange with a marker on another card")
        if mask >> state._turn & 1:
            return _("the card at {square} already holds your marker (R-CK-5)", square=where)
        if action.arg == state._turn:
            return _("exchange your marker with another player's")
        return _no_marker(where, action.arg)
    if not near:
        return _("the card at {square} does not share a side with your card (R-CK-3)", square=where)
    if kind == MARK:
        return _("the card at {square} already holds your marker (R-CK-5)", square=where)
    if kind == REMOVE:
        return _no_marker(where, action.arg)
    return _("{square} cannot be chosen now", square=where)


def _no_marker(where: str, seat: int) -> str:
    return _(
        "the card at {square} holds no {colour} marker", square=where, colour=colour_words(seat)
    )


def with_legal(state: ClaimKingdomsState, reason: str, list_legal: bool) -> str:
    """``reason``, followed by the legal moves when they may be listed."""
    if not list_legal:
        return reason
    legal = ", ".join(str(a) for a in state._options)
    return _("{reason} (legal now: {legal})", reason=reason, legal=legal)


def explain(state: ClaimKingdomsState, action: Action | str, list_legal: bool) -> str:
    """Explain, in a player's terms, why ``action`` (an object or notation) is refused now."""
    if state._turn < 0:
        return _("the game is over")
    if isinstance(action, str):
        try:
            action = read_action(check_notation(action), state.num_players)
        except (NotationError, IllegalActionError) as exc:
            return with_legal(state, str(exc), list_legal)
    if not isinstance(action, Action) or not is_well_formed(action, state.num_players):
        # A malformed Action is shown by its fields: its repr may write a legal move's
        # notation (``Action(PLACE, sq, 3)`` prints ``place 0,1``) that it is not.
        shown = tuple(action) if isinstance(action, Action) else action
        refused = _("{move} is not a Claim Kingdoms action", move=quote(shown))
        return with_legal(state, refused, list_legal)
    return with_legal(state, reason(state, action), list_legal)
