"""Why a Kingdoms move is refused, and what a move does, in the player's words.

``KingdomsState.why_illegal`` asks :func:`reason`; ``KingdomsState.describe`` asks
:func:`describe`. Kingdoms' refusals never list the legal moves and name nothing hidden
(the castles in hand are public).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from regency.core.errors import quote
from regency.core.game import normalize_notation
from regency.games.kingdoms.actions import (
    CASTLE_VERB,
    DRAW_VERB,
    PASS_VERB,
    START_VERB,
    TILE_VERB,
    KingdomsAction,
    is_well_formed,
)
from regency.games.kingdoms.board import CASTLE_BASE, SQUARE_NAME, castle_owner, castle_rank
from regency.games.kingdoms.tiles import TILE_NAME

if TYPE_CHECKING:
    from regency.games.kingdoms.state import KingdomsState

__all__ = ["describe", "reason"]


def square_holds(state: KingdomsState, sq: int) -> str:
    """What square ``sq`` holds, in a player's words."""
    cell = state._cells[sq]
    if cell >= CASTLE_BASE:
        return f"seat {castle_owner(cell)}'s rank-{castle_rank(cell)} castle"
    return f"the {TILE_NAME[cell]} tile"


def castles_held(state: KingdomsState, seat: int) -> str:
    """The castles ``seat`` holds, in words (``2 of rank 1, 1 of rank 3``)."""
    counts = state.castles_in_hand(seat)
    held = [f"{c} of rank {r}" for r, c in enumerate(counts, start=1) if c]
    return ", ".join(held) if held else "no castles"


def syntax_help(text: str) -> str:
    """How to write the move ``text`` seems to attempt."""
    words = normalize_notation(text).split()
    first = words[0].lower() if words else ""
    if first == "castle":
        return (
            f"{quote(text)}: write a castle as 'castle <rank 1-4> <square>', "
            "like 'castle 3 C4' (rows A-E, columns 1-6)"
        )
    if first in ("tile", "start"):
        return f"{quote(text)}: write '{first} <square>', like '{first} C4' (rows A-E, columns 1-6)"
    if first in ("draw", "pass"):
        return f"{quote(text)}: '{first}' takes nothing after it"
    return (
        f"{quote(text)} is not an action: write 'castle 3 C4', 'draw' (then 'tile C4'), "
        "'start C4' or 'pass'"
    )


def _placing_drawn(state: KingdomsState, chosen: KingdomsAction | None) -> str:
    """Why a move is refused while the tile just drawn waits to be placed."""
    drawn = TILE_NAME[state._drawn]
    if chosen is not None and chosen.verb == TILE_VERB:
        where = SQUARE_NAME[chosen.square]
        return (
            f"{where} is not empty (it holds {square_holds(state, chosen.square)}); "
            f"place the {drawn} on an empty square"
        )
    return (
        f"you drew the {drawn}: place it now on an empty square, "
        f"e.g. 'tile {SQUARE_NAME[state._open[0]]}'"
    )


def _refused(state: KingdomsState, chosen: KingdomsAction, text: str) -> str:
    """Why the well-formed move ``chosen`` is not legal on an ordinary turn."""
    seat = state._turn
    sq = chosen.square
    verb = chosen.verb
    if verb == CASTLE_VERB:
        if not state._hand[seat * 4 + chosen.rank - 1]:
            held = castles_held(state, seat)
            return f"you have no rank-{chosen.rank} castle left; you hold {held}"
        return f"{SQUARE_NAME[sq]} is not empty: it holds {square_holds(state, sq)}"
    if verb == DRAW_VERB:
        return "the supply is empty: there is no tile left to draw"
    if verb == TILE_VERB:
        return "you have not drawn a tile: 'draw' first, then place it with 'tile <square>'"
    if verb == START_VERB:
        if not state._start[seat]:
            return "you have no starting tile left: it is already on the board"
        return f"{SQUARE_NAME[sq]} is not empty: it holds {square_holds(state, sq)}"
    if verb == PASS_VERB:
        return (
            "you may pass only when you can do nothing else (R-K-3): "
            "place a castle, draw a tile or place your starting tile"
        )
    return f"{quote(text)} is not legal now"


def reason(state: KingdomsState, action: KingdomsAction | str) -> str:
    """Explain, in a player's terms, why ``action`` cannot be taken now."""
    if state._turn < 0:
        return "the game is over"
    if isinstance(action, KingdomsAction) and not is_well_formed(action):
        return f"{quote((action.verb, action.square, action.rank))} is not a Kingdoms action"
    text = str(action).strip()
    chosen: KingdomsAction | None = None
    if isinstance(action, KingdomsAction):
        chosen = action
    elif isinstance(action, str):
        chosen = state._read(normalize_notation(text).split())
    if state._drawn:
        return _placing_drawn(state, chosen)
    if chosen is None:
        return syntax_help(text)
    return _refused(state, chosen, text)


def describe(state: KingdomsState, action: KingdomsAction) -> str:
    """The move in words: ``place a rank-3 castle on C4``, ``draw a tile``...

    A starting tile is not named by its value: only its owner knows it until it is
    placed.
    """
    verb = action.verb
    where = SQUARE_NAME[action.square] if verb != DRAW_VERB and verb != PASS_VERB else ""
    if verb == CASTLE_VERB:
        return f"place a rank-{action.rank} castle on {where}"
    if verb == DRAW_VERB:
        return "draw a tile"
    if verb == TILE_VERB:
        return f"place the tile drawn ({TILE_NAME[state._drawn]}) on {where}"
    if verb == START_VERB:
        return f"place your starting tile on {where}"
    return "pass (nothing else is possible)"
