"""Setting up a Claim Kingdoms position by hand: for teaching, puzzles and rule tests.

A position names where every card is: on the grid (with its markers), in the display, in
a hand, or in the deck. Markers in supply follow from the markers on the grid (each
player has 15 in all). The position is checked against the rules (the first card at
0,0, every card connected, no marker on a face-down card, a full display while the deck
lasts), so it can always be played to the end. A position has no record.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from regency.core.errors import GameOptionError
from regency.games.claim_kingdoms import rules
from regency.games.claim_kingdoms.actions import places
from regency.games.claim_kingdoms.factions import (
    CARDS_PER_FACTION,
    COLOURS,
    FACTIONS_FOR,
    MARKERS,
    Faction,
    colour_by_name,
    faction_by_name,
)
from regency.games.claim_kingdoms.grid import LIMIT, ORTHOGONAL, square, square_name
from regency.games.claim_kingdoms.setup import parse_factions

if TYPE_CHECKING:
    from regency.games.claim_kingdoms.state import ClaimKingdomsState

__all__ = ["build_position"]

S = TypeVar("S", bound="ClaimKingdomsState")


def _faction(name: Any, where: str) -> Faction:
    faction = faction_by_name(name) if isinstance(name, str) else None
    if faction is None:
        raise GameOptionError(f"{where}: {name!r} is not a faction")
    return faction


def _seat(value: Any, players: int, where: str) -> int:
    if isinstance(value, str):
        seat = colour_by_name(value, players)
    elif isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players:
        seat = value
    else:
        seat = None
    if seat is None:
        raise GameOptionError(
            f"{where}: {value!r} is not a seat (0-{players - 1}) or a colour "
            f"({', '.join(COLOURS[:players])})"
        )
    return seat


def _read_square(entry: Sequence[Any], n: int, cards: dict[int, int]) -> tuple[int, int, int]:
    """One grid entry ``(x, y, faction[, markers[, up]])``: its square, card and markers."""
    if not 3 <= len(entry) <= 5:
        raise GameOptionError(f"grid: {entry!r} should be (x, y, faction[, markers[, up]])")
    x, y, name = entry[0], entry[1], entry[2]
    if not (isinstance(x, int) and isinstance(y, int)) or max(abs(x), abs(y)) > LIMIT:
        raise GameOptionError(f"grid: {entry!r} has no valid square")
    sq = square(x, y)
    if sq in cards:
        raise GameOptionError(f"grid: two cards on {square_name(sq)}")
    seats = [_seat(s, n, f"grid {x},{y}") for s in (entry[3] if len(entry) > 3 else ())]
    face_up = bool(entry[4]) if len(entry) > 4 else True
    if len(set(seats)) != len(seats):
        raise GameOptionError(f"grid {x},{y}: a card holds one marker per colour (R-CK-5)")
    if seats and not face_up:
        raise GameOptionError(f"grid {x},{y}: a face-down card holds no marker (R-CK-7)")
    card = _faction(name, f"grid {x},{y}") + (0 if face_up else rules.DOWN)
    return sq, card, sum(1 << s for s in seats)


def _read_grid(grid: Sequence[Sequence[Any]], n: int) -> tuple[dict[int, int], dict[int, int]]:
    """The grid's cards and markers, every card connected to the first at 0,0 (R-CK-1)."""
    cards: dict[int, int] = {}
    marks: dict[int, int] = {}
    for entry in grid:
        sq, card, mask = _read_square(entry, n, cards)
        cards[sq] = card
        if mask:
            marks[sq] = mask
    origin = square(0, 0)
    if origin not in cards:
        raise GameOptionError("grid: the first card lies at 0,0")
    reached, todo = {origin}, [origin]
    while todo:
        sq = todo.pop()
        for d in ORTHOGONAL:
            if sq + d in cards and sq + d not in reached:
                reached.add(sq + d)
                todo.append(sq + d)
    if len(reached) != len(cards):
        lost = sorted(square_name(sq) for sq in set(cards) - reached)
        raise GameOptionError(f"grid: every card must connect to 0,0 (R-CK-1): {lost}")
    return cards, marks


def _factions_and_deck(
    factions: Any, n: int, named: list[int], pile: list[int] | None
) -> tuple[tuple[Faction, ...], list[int]]:
    """The factions in play and the deck (top first): every card in play exactly once."""
    if factions is None:
        found = sorted(set(named))
        if len(found) != FACTIONS_FOR[n]:
            raise GameOptionError(
                f"name the factions: the cards given are of {len(found)} factions, "
                f"and {n} players use {FACTIONS_FOR[n]}"
            )
        factions = [Faction(f).option_name for f in found]
    chosen = parse_factions(factions, n, random.Random(0))
    left: Counter[int] = Counter({int(f): CARDS_PER_FACTION for f in chosen})
    left.subtract(named)
    over = sorted(Faction(f).option_name for f, c in left.items() if c < 0)
    foreign = sorted({Faction(f).option_name for f in named} - {f.option_name for f in chosen})
    if over or foreign:
        raise GameOptionError(
            f"more than {CARDS_PER_FACTION} cards or not in play: {', '.join(foreign or over)}"
        )
    if pile is None:
        pile = [f for f in sorted(left) for _ in range(left[f])]
    elif any(left.values()):
        missing = ", ".join(f"{c} {Faction(f).option_name}" for f, c in sorted(left.items()) if c)
        raise GameOptionError(f"every card must be somewhere; not placed: {missing}")
    return chosen, pile


def build_position(
    cls: type[S],
    *,
    grid: Sequence[Sequence[Any]],
    hands: Sequence[str | None],
    players: int = 2,
    factions: Any = None,
    display: Sequence[str] = (),
    deck: Sequence[str] | None = None,
    turn: int = 0,
    first: int = 0,
    points: Sequence[int] | None = None,
) -> S:
    """Build a position (see :meth:`ClaimKingdomsState.from_position`).

    Args:
        cls: The game class to build.
        grid: One entry per card: ``(x, y, faction)``, optionally followed by the seats
            (or colours) with a marker on it and ``False`` for a face-down card. The
            first card is the one at ``0, 0``.
        hands: Each seat's card (a faction name), or ``None``.
        players: 2, 3 or 4.
        factions: The factions in play (default: those of the cards named, when that
            makes the right number).
        display: The display, left to right.
        deck: The draw deck, top first (default: every card not named elsewhere).
        turn: The seat to move; it must hold a card.
        first: The seat that started the game.
        points: Each seat's points from powers so far.

    Raises:
        GameOptionError: naming what breaks the rules.
    """
    n = players
    if n not in FACTIONS_FOR:
        raise GameOptionError(f"Claim Kingdoms is for 2, 3 or 4 players, not {n!r}")
    if len(hands) != n:
        raise GameOptionError(f"give one hand per player ({n}), not {len(hands)}")
    hand_cards = [None if h is None else _faction(h, "hands") for h in hands]
    shown = [int(_faction(f, "display")) for f in display]
    pile = None if deck is None else [int(_faction(f, "deck")) for f in deck]
    cards, marks = _read_grid(grid, n)
    named: list[int] = [c % rules.DOWN for c in cards.values()]
    named += shown
    named += [h for h in hand_cards if h is not None] + (pile or [])
    chosen, pile = _factions_and_deck(factions, n, named, pile)
    if len(shown) > 3 or (len(shown) < 3 and pile):
        raise GameOptionError("the display holds 3 cards while the deck lasts")
    if (pile or shown) and None in hand_cards:
        raise GameOptionError("a hand is empty only once the deck and display are")
    if not 0 <= turn < n or hand_cards[turn] is None:
        raise GameOptionError(f"turn: seat {turn!r} must be a seat holding a card")
    if not 0 <= first < n:
        raise GameOptionError(f"first must be a seat from 0 to {n - 1}")
    supply = [MARKERS - sum(1 for m in marks.values() if m >> s & 1) for s in range(n)]
    if min(supply) < 1:
        raise GameOptionError("a player with no marker left in supply would have ended the game")

    state = cls.__new__(cls)
    state._blank(n, 0, {"factions": [f.option_name for f in chosen]}, chosen, first)
    state._unrecorded = True
    state._cards = cards
    state._marks = marks
    state._frontier = places(rules.open_squares(cards))
    state._hands = [-1 if h is None else int(h) for h in hand_cards]
    state._display = tuple(int(f) for f in shown)
    state._deck = [int(f) for f in reversed(pile)]
    state._supply = supply
    state._points = list(points) if points is not None else [0] * n
    state._begin_turn(turn)
    return state
