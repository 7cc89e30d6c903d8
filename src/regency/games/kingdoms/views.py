"""What each seat sees of a Kingdoms game, and the full state, as JSON.

:func:`observation` is the one place hidden information is decided: everything that shows
a seat anything (agents' views, screens, servers) is built on it. ``worlds.py`` reads an
observation back into a game.

Public: the board, gold, castles in hand, who still holds a starting tile, the tile being
placed, the supply's size, every move and every epoch's scoring, and the facts the table
derives from them (the squares the Wizard raises, each player's gold if the epoch ended
now). Private: the seat's own starting tile. Never: other starting tiles, the supply's
order (``unseen`` counts the tiles the seat has not seen, by kind: the supply together
with the other players' starting tiles).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from regency.games.kingdoms import rules
from regency.games.kingdoms.actions import (
    CASTLE,
    CASTLE_VERB,
    PASS_VERB,
    START_VERB,
    TILE_VERB,
    VERBS,
)
from regency.games.kingdoms.board import (
    CASTLE_BASE,
    EMPTY,
    NEIGHBOURS,
    SQUARE_NAME,
    square_from_name,
)
from regency.games.kingdoms.tiles import KINDS, NO_TILE, TILE_CODE, TILE_COUNT, tile_from_code

if TYPE_CHECKING:
    from regency.games.kingdoms.state import KingdomsState, Move

__all__ = [
    "epoch_to_dict",
    "gold_if_ended_now",
    "move_from_dict",
    "move_to_dict",
    "observation",
    "state_dict",
    "unseen_counts",
    "wizard_neighbours",
]


def wizard_neighbours(cells: Sequence[int]) -> list[str]:
    """The squares next to the Wizard, where a castle counts one rank higher (R-K-6).

    Empty when the Wizard is not on the board.
    """
    wizard = rules.wizard_square(cells)
    return [SQUARE_NAME[s] for s in NEIGHBOURS[wizard]] if wizard >= 0 else []


def gold_if_ended_now(state: KingdomsState) -> list[int] | None:
    """Each seat's gold if the board were scored as it stands (``None`` once the game is over).

    Empty squares count nothing. The board and the gold are public, so this is too.
    """
    if state._turn < 0:
        return None
    return [round(g) for g in state.estimate()]


def epoch_to_dict(epoch: rules.EpochScore) -> dict[str, Any]:
    """One epoch's scoring as the table shows it, with the squares the Wizard raised.

    ``EpochScore.to_dict`` (which saves use) and ``wizard_neighbours``: the squares next
    to the Wizard on the board the epoch was scored on.
    """
    data = epoch.to_dict()
    data["wizard_neighbours"] = wizard_neighbours(epoch.board)
    return data


def unseen_counts(state: KingdomsState, own: int) -> list[int]:
    """How many tiles of each kind a seat holding ``own`` has not seen, by kind.

    Every tile less those on the board, the tile just drawn and the seat's own (the
    entry of :data:`NO_TILE` is meaningless).
    """
    unseen = list(TILE_COUNT)
    for cell in state._cells:
        if EMPTY < cell < CASTLE_BASE:
            unseen[cell] -= 1
    unseen[state._drawn] -= 1
    unseen[own] -= 1
    return unseen


def _unseen(state: KingdomsState, own: int) -> dict[str, int]:
    """The tiles a seat holding ``own`` has not seen, by code (see the module docstring)."""
    unseen = unseen_counts(state, own)
    return {TILE_CODE[k]: unseen[k] for k in KINDS if unseen[k]}


def observation(state: KingdomsState, seat: int | None) -> dict[str, Any]:
    """Exactly what ``seat`` may see (``None``: a spectator), JSON-ready."""
    n = state.num_players
    cells = state._cells
    own = state._start[seat] if seat is not None else NO_TILE
    over = state._turn < 0
    drawn = state._drawn
    return {
        "game": state.name,
        "seat": seat,
        "players": n,
        "epoch": state._epoch,
        "epochs": rules.EPOCHS,
        "start_player": state._start_player,
        "to_move": state.current_player,
        "decision": None if over else ("place" if drawn else "turn"),
        "board": rules.board_tokens(cells),
        "wizard_neighbours": wizard_neighbours(cells),
        "gold": list(state._gold),
        "gold_if_ended_now": gold_if_ended_now(state),
        "castles": [list(state.castles_in_hand(s)) for s in range(n)],
        "holds_starting_tile": [bool(t) for t in state._start],
        "starting_tile": TILE_CODE[own] if own else None,
        "drawn": TILE_CODE[drawn] if drawn else None,
        "supply": len(state._supply),
        "unseen": _unseen(state, own),
        "moves": [move_to_dict(m) for m in state._moves],
        "scoring": [epoch_to_dict(h) for h in state._history],
    }


def state_dict(state: KingdomsState) -> dict[str, Any]:
    """The full state, hidden tiles included, JSON-ready (used by saves)."""
    n = state.num_players
    return {
        "epoch": state._epoch,
        "start_player": state._start_player,
        "turn": state._turn,
        "board": rules.board_tokens(state._cells),
        "gold": list(state._gold),
        "castles": [list(state.castles_in_hand(s)) for s in range(n)],
        "starting_tiles": [TILE_CODE[t] if t else None for t in state._start],
        "drawn": TILE_CODE[state._drawn] if state._drawn else None,
        "supply": [TILE_CODE[t] for t in reversed(state._supply)],
        "moves": [move_to_dict(m) for m in state._moves],
        "scoring": [h.to_dict() for h in state._history],
    }


def move_to_dict(move: Move) -> dict[str, Any]:
    """A finished turn as the observation lists it: who did what, and the tile placed."""
    epoch, seat, verb, sq, detail = move
    if verb == CASTLE_VERB:
        action = str(CASTLE[detail][sq])
    elif verb == PASS_VERB:
        action = "pass"
    else:
        action = f"{VERBS[verb]} {SQUARE_NAME[sq]}"
    tile = TILE_CODE[detail] if verb in (TILE_VERB, START_VERB) else None
    return {"epoch": epoch, "seat": seat, "action": action, "tile": tile}


def move_from_dict(data: dict[str, Any]) -> Move:
    """Read a move back from its observation entry (the inverse of :func:`move_to_dict`)."""
    words = data["action"].upper().split()
    verb = VERBS.index(words[0].lower())
    if verb == CASTLE_VERB:
        sq, detail = square_from_name(words[2]), int(words[1])
    elif verb == PASS_VERB:
        sq, detail = -1, 0
    else:
        sq, detail = square_from_name(words[1]), tile_from_code(data["tile"])
    if sq is None:
        raise ValueError(f"bad move {data!r}")
    return (data["epoch"], data["seat"], verb, sq, detail)
