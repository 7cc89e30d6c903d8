"""Why a move is refused, in the player's words.

``ClaimKingdomsState.why_illegal`` asks :func:`reason` about a well-formed action that
is not among the legal ones; the answer names the rule at stake (``R-CK-n``) where one
applies, and the caller appends the moves that are legal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from regency.core.errors import IllegalActionError, quote
from regency.core.game import check_notation
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
from regency.games.claim_kingdoms.factions import COLOURS, Faction
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
    wanted = {
        PLACE_STEP: "place your card",
        POWER_STEP: "use the power of the card you placed, or pass",
        TAKE_STEP: "take a new card",
        KEEP_STEP: "keep one of the cards you looked at",
    }[step]
    if step == POWER_STEP:
        wanted = f"use the {Faction(state._power).title} power" + (
            "" if state._copied and not state._removed else " or pass"
        )
    expects = {
        PLACE_STEP: {PLACE},
        POWER_STEP: {PASS, SCORE, MARK, REMOVE, SWAP, FLIP, COPY},
        TAKE_STEP: {TAKE, DRAW, LOOK},
        KEEP_STEP: {KEEP},
    }[step]
    if kind not in expects:
        return f"{text!r} is not possible now: it is time to {wanted}"
    sq = action.square
    where = square_name(sq)
    cards = state._cards
    if kind == PLACE:
        if sq in cards:
            return f"{where} already holds a card"
        return f"{where} does not share a side with any card (R-CK-1)"
    if kind == TAKE:
        return f"the display holds no {Faction(action.arg).title}"
    if kind == LOOK:
        if not state._deck:
            return "the deck is empty"
        return "only a Seer, or a Doppelganger copying one, may look at the deck (R-CK-8)"
    if kind == DRAW:
        return "the deck is empty"
    if kind == KEEP:
        return f"you did not look at any {Faction(action.arg).title}"
    return _power_reason(state, action, where)


def _power_reason(state: ClaimKingdomsState, action: Action, where: str) -> str:
    kind = action.kind
    power = Faction(state._power)
    verb = VERBS[kind]
    if kind == PASS:
        return f"having copied the {power.title} power, you must use it"
    if kind == COPY:
        target = Faction(action.arg)
        if state._copied or power != _DOPPEL:
            return "only a Doppelganger copies a power"
        if target == _DOPPEL:
            return "copying a Doppelganger has no effect"
        if target not in rules.copyable(state._cards, state._at):
            return f"no face-up {target.title} shares a side with your Doppelganger"
        return f"copying the {target.title} would do nothing here"
    usual = {
        SCORE: {_GOBLINS, _DWARVES, _DRAGONS, _TROLLS, _GNOMES},
        MARK: {_GNOMES},
        REMOVE: {_KNIGHTS},
        SWAP: {_UNDEAD},
        FLIP: {_GIANTS},
    }[kind]
    if power not in usual:
        return f"the {power.title} power does not {verb}"
    if kind == SCORE:
        if power == _TROLLS and action.arg == 0:
            return "Trolls score a line: choose 'score row' or 'score column'"
        if power != _TROLLS and action.arg:
            return "only Trolls choose a line; write 'score'"
        if power == _GNOMES:
            return "your Gnome's marker must go on an adjacent card (R-CK-6): mark x,y"
        return "that would score nothing"
    cards = state._cards
    if action.square not in cards:
        return f"there is no card at {where}"
    if not rules.is_face_up(cards, action.square):
        return f"the card at {where} is face down: powers cannot choose it (R-CK-3)"
    near = action.square - state._at in ORTHOGONAL
    mask = state._marks.get(action.square, 0)
    if kind == SWAP:
        if action.square == state._at:
            return "exchange with a marker on another card"
        if mask >> state._turn & 1:
            return f"the card at {where} already holds your marker (R-CK-5)"
        if action.arg == state._turn:
            return "exchange your marker with another player's"
        return f"the card at {where} holds no {COLOURS[action.arg]} marker"
    if not near:
        return f"the card at {where} does not share a side with your card (R-CK-3)"
    if kind == MARK:
        return f"the card at {where} already holds your marker (R-CK-5)"
    if kind == REMOVE:
        return f"the card at {where} holds no {COLOURS[action.arg]} marker"
    return f"{where} cannot be chosen now"


def with_legal(state: ClaimKingdomsState, reason: str, list_legal: bool) -> str:
    """``reason``, followed by the legal moves when they may be listed."""
    if not list_legal:
        return reason
    return f"{reason} (legal now: {', '.join(str(a) for a in state._options)})"


def explain(state: ClaimKingdomsState, action: Action | str, list_legal: bool) -> str:
    """Explain, in a player's terms, why ``action`` (an object or notation) is refused now."""
    if state._turn < 0:
        return "the game is over"
    if isinstance(action, str):
        try:
            action = read_action(check_notation(action), state.num_players)
        except (NotationError, IllegalActionError) as exc:
            return with_legal(state, str(exc), list_legal)
    if not isinstance(action, Action) or not is_well_formed(action, state.num_players):
        # A malformed Action is shown by its fields: its repr may write a legal move's
        # notation (``Action(PLACE, sq, 3)`` prints ``place 0,1``) that it is not.
        shown = tuple(action) if isinstance(action, Action) else action
        return with_legal(state, f"{quote(shown)} is not a Claim Kingdoms action", list_legal)
    return with_legal(state, reason(state, action), list_legal)
