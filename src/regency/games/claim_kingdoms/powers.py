"""The factions' powers: how a card just placed may be used, and using it (R-CK-3 to R-CK-8).

``ClaimKingdomsState`` sequences the power decision; :func:`uses` lists what the power
could do from the card just placed and :func:`use_power` does one of those things to the
grid, the markers and the supplies. Seers act at the take (R-CK-8), not here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from regency.games.claim_kingdoms import rules
from regency.games.claim_kingdoms.actions import (
    FLIP,
    MARK,
    REMOVE,
    SCORE,
    SCORE_ACTION,
    SCORE_COLUMN,
    SCORE_ROW,
    SWAP,
    Action,
    copy_action,
    new_action,
)
from regency.games.claim_kingdoms.factions import Faction
from regency.games.claim_kingdoms.grid import COLUMN, ROW
from regency.games.claim_kingdoms.rules import DOWN

if TYPE_CHECKING:
    from regency.games.claim_kingdoms.state import ClaimKingdomsState

__all__ = ["score_points", "use_power", "uses"]

_GOBLINS: Final = Faction.GOBLINS
_DWARVES: Final = Faction.DWARVES
_GNOMES: Final = Faction.GNOMES
_TROLLS: Final = Faction.TROLLS
_UNDEAD: Final = Faction.UNDEAD
_DRAGONS: Final = Faction.DRAGONS
_DOPPEL: Final = Faction.DOPPELGANGERS
_SEERS: Final = Faction.SEERS
_GIANTS: Final = Faction.GIANTS
_KNIGHTS: Final = Faction.KNIGHTS


def _scoring_uses(state: ClaimKingdomsState, faction: int) -> tuple[Action, ...] | None:
    """The uses of a power that scores points, or ``None`` for a power that does not."""
    cards = state._cards
    at = state._at
    if faction == _GOBLINS:
        return (SCORE_ACTION,) if rules.goblin_points(cards, state._marks, state._turn) else ()
    if faction == _DWARVES:
        return (SCORE_ACTION,) if rules.dwarf_points(cards, at) else ()
    if faction == _DRAGONS:
        return (SCORE_ACTION,) if rules.dragon_points(cards, at) else ()
    if faction == _TROLLS:
        return (SCORE_ROW, SCORE_COLUMN)
    return None


def uses(state: ClaimKingdomsState, faction: int) -> tuple[Action, ...]:
    """Every way of using ``faction``'s power from the card just placed.

    Only ways that do something; empty when the power could do nothing.
    """
    scoring = _scoring_uses(state, faction)
    if scoring is not None:
        return scoring
    cards = state._cards
    marks = state._marks
    at = state._at
    seat = state._turn
    if faction == _GNOMES:  # R-CK-6: the point, then the marker if it can go anywhere
        targets = rules.gnome_targets(cards, marks, at, seat)
        return tuple(new_action(MARK, t) for t in targets) if targets else (SCORE_ACTION,)
    if faction == _KNIGHTS:
        knights = rules.knight_targets(cards, marks, at)
        return tuple(new_action(REMOVE, t, s) for t, s in knights)
    if faction == _UNDEAD:
        return tuple(
            new_action(SWAP, t, s) for t, s in rules.undead_targets(cards, marks, at, seat)
        )
    if faction == _GIANTS:
        return tuple(new_action(FLIP, t) for t in rules.giant_targets(cards, at))
    if faction == _DOPPEL and not state._copied:
        return tuple(
            copy_action(f)
            for f in rules.copyable(cards, at)
            if (state._deck if f == _SEERS else uses(state, f))
        )
    return ()  # Seers act at the take; a Doppelganger's copy of a Doppelganger is void


def score_points(state: ClaimKingdomsState, action: Action) -> int:
    """The points a ``score`` of the power in use makes now."""
    power = state._power
    cards = state._cards
    at = state._at
    if power == _GOBLINS:
        return rules.goblin_points(cards, state._marks, state._turn)
    if power == _DWARVES:
        return rules.dwarf_points(cards, at)
    if power == _DRAGONS:
        return rules.dragon_points(cards, at)
    if power == _TROLLS:
        return rules.troll_points(cards, at, ROW if action.arg == 1 else COLUMN)
    return 1  # a Gnome with nowhere to put its marker


def use_power(state: ClaimKingdomsState, action: Action) -> int:
    """Carry out ``action`` (a score, mark, remove, swap or flip); return the points made."""
    kind = action.kind
    marks = state._marks
    sq = action.square
    if kind == SCORE:
        return score_points(state, action)
    if kind == MARK:
        marks[sq] = marks.get(sq, 0) | 1 << state._turn
        state._supply[state._turn] -= 1
        return 1
    if kind == REMOVE:
        left = marks[sq] & ~(1 << action.arg)
        if left:
            marks[sq] = left
        else:
            del marks[sq]
        state._supply[action.arg] += 1
        state._removed += 1
    elif kind == SWAP:
        mine, theirs = 1 << state._turn, 1 << action.arg
        at = state._at
        marks[at] = marks[at] ^ mine | theirs
        marks[sq] = marks[sq] ^ theirs | mine
    else:  # FLIP, R-CK-7
        for owner in rules.seats_of(marks.pop(sq, 0)):
            state._supply[owner] += 1
        state._cards[sq] += DOWN
    return 0
