"""Why a Kingdoms move is refused, and what a move does, in the player's words.

``KingdomsState.why_illegal`` asks :func:`reason`; ``KingdomsState.describe`` asks
:func:`describe`. Kingdoms' refusals never list the legal moves and name nothing hidden
(the castles in hand are public).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from regency.core.errors import quote
from regency.core.game import normalize_notation
from regency.core.i18n import N_, _, ngettext
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
from regency.games.kingdoms.tiles import TILE_NAME, TILE_VALUE

if TYPE_CHECKING:
    from regency.games.kingdoms.state import KingdomsState

__all__ = ["describe", "reason", "tile_words"]

# The special tiles' names, for the catalogs (docs/i18n.md's glossary).
_NAMES = (N_("Mountain"), N_("Dragon"), N_("Gold Mine"), N_("Wizard"))


def tile_words(kind: int) -> str:
    """The tile ``kind`` in the reader's language (``resource +3``, ``Gold Mine``)."""
    value = TILE_VALUE[kind]
    if value > 0:
        return _("resource +{value}", value=value)
    if value < 0:
        return _("hazard -{value}", value=-value)
    return _(TILE_NAME[kind])


def square_holds(state: KingdomsState, sq: int) -> str:
    """What square ``sq`` holds, in a player's words."""
    cell = state._cells[sq]
    if cell >= CASTLE_BASE:
        return _(
            "seat {seat}'s rank-{rank} castle", seat=castle_owner(cell), rank=castle_rank(cell)
        )
    return _("the {tile} tile", tile=tile_words(cell))


def castles_held(state: KingdomsState, seat: int) -> str:
    """The castles ``seat`` holds, in words (``2 of rank 1, 1 of rank 3``)."""
    counts = state.castles_in_hand(seat)
    held = [
        ngettext("{count} of rank {rank}", "{count} of rank {rank}", c, rank=r)
        for r, c in enumerate(counts, start=1)
        if c
    ]
    return ", ".join(held) if held else _("no castles")


def syntax_help(text: str) -> str:
    """How to write the move ``text`` seems to attempt."""
    words = normalize_notation(text).split()
    first = words[0].lower() if words else ""
    if first == "castle":
        return _(
            "{move}: write a castle as 'castle <rank 1-4> <square>', "
            "like 'castle 3 C4' (rows A-E, columns 1-6)",
            move=quote(text),
        )
    if first in ("tile", "start"):
        return _(
            "{move}: write '{verb} <square>', like '{verb} C4' (rows A-E, columns 1-6)",
            move=quote(text),
            verb=first,
        )
    if first in ("draw", "pass"):
        return _("{move}: '{verb}' takes nothing after it", move=quote(text), verb=first)
    return _(
        "{move} is not an action: write 'castle 3 C4', 'draw' (then 'tile C4'), "
        "'start C4' or 'pass'",
        move=quote(text),
    )


def _placing_drawn(state: KingdomsState, chosen: KingdomsAction | None) -> str:
    """Why a move is refused while the tile just drawn waits to be placed."""
    drawn = tile_words(state._drawn)
    if chosen is not None and chosen.verb == TILE_VERB:
        return _(
            "{square} is not empty (it holds {what}); place the {tile} on an empty square",
            square=SQUARE_NAME[chosen.square],
            what=square_holds(state, chosen.square),
            tile=drawn,
        )
    return _(
        "you drew the {tile}: place it now on an empty square, e.g. 'tile {square}'",
        tile=drawn,
        square=SQUARE_NAME[state._open[0]],
    )


def _refused(state: KingdomsState, chosen: KingdomsAction, text: str) -> str:
    """Why the well-formed move ``chosen`` is not legal on an ordinary turn."""
    seat = state._turn
    sq = chosen.square
    verb = chosen.verb
    if verb == CASTLE_VERB:
        if not state._hand[seat * 4 + chosen.rank - 1]:
            held = castles_held(state, seat)
            return _(
                "you have no rank-{rank} castle left; you hold {held}",
                rank=chosen.rank,
                held=held,
            )
        return _occupied(state, sq)
    if verb == DRAW_VERB:
        return _("the supply is empty: there is no tile left to draw")
    if verb == TILE_VERB:
        return _("you have not drawn a tile: 'draw' first, then place it with 'tile <square>'")
    if verb == START_VERB:
        if not state._start[seat]:
            return _("you have no starting tile left: it is already on the board")
        return _occupied(state, sq)
    if verb == PASS_VERB:
        return _(
            "you may pass only when you can do nothing else (R-K-3): "
            "place a castle, draw a tile or place your starting tile"
        )
    return _("{move} is not legal now", move=quote(text))


def _occupied(state: KingdomsState, sq: int) -> str:
    """Why a square cannot take a castle or a tile: what it holds."""
    return _(
        "{square} is not empty: it holds {what}",
        square=SQUARE_NAME[sq],
        what=square_holds(state, sq),
    )


def reason(state: KingdomsState, action: KingdomsAction | str) -> str:
    """Explain, in a player's terms, why ``action`` cannot be taken now."""
    if state._turn < 0:
        return _("the game is over")
    if isinstance(action, KingdomsAction) and not is_well_formed(action):
        shown = quote((action.verb, action.square, action.rank))
        return _("{move} is not a Kingdoms action", move=shown)
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
        return _("place a rank-{rank} castle on {square}", rank=action.rank, square=where)
    if verb == DRAW_VERB:
        return _("draw a tile")
    if verb == TILE_VERB:
        tile = tile_words(state._drawn)
        return _("place the tile drawn ({tile}) on {square}", tile=tile, square=where)
    if verb == START_VERB:
        return _("place your starting tile on {square}", square=where)
    return _("pass (nothing else is possible)")
