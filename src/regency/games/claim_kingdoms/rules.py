"""Claim Kingdoms' rules as small pure functions over the grid.

The grid is two dicts keyed by square (see ``grid.py``):

* ``cards``: square -> the card there, its :class:`~.factions.Faction` when face up, or
  the faction plus :data:`DOWN` when a Giant has flipped it face down;
* ``marks``: square -> the markers on that card, one bit per seat (``1 << seat``). One
  bit per colour is all a card can hold: no card ever holds two markers of one colour
  (R-CK-5), and face-down cards hold none (R-CK-7).

Each function is one rule a player would name; ``state.py`` strings them together and
``heuristic.py`` uses them to look ahead. Rulings are cited as in ``RULINGS.md``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from regency.games.claim_kingdoms.factions import Faction
from regency.games.claim_kingdoms.grid import COLUMN, ORTHOGONAL, ROW, SURROUNDING

__all__ = [
    "DOWN",
    "controllers",
    "copyable",
    "dragon_points",
    "dwarf_points",
    "final_ranking",
    "giant_targets",
    "gnome_targets",
    "goblin_points",
    "is_face_up",
    "knight_targets",
    "line",
    "marker_counts",
    "open_squares",
    "score_table",
    "seats_of",
    "touches",
    "troll_points",
    "undead_targets",
]

DOWN: Final = 16
"""Added to a card's faction when it lies face down."""

_ABSENT: Final = 99
"""What ``cards.get`` returns for an empty square: neither face up nor a faction."""

Cards = dict[int, int]
Marks = dict[int, int]


def is_face_up(cards: Cards, sq: int) -> bool:
    """Whether ``sq`` holds a face-up card (an empty square or a face-down card does not)."""
    return cards.get(sq, _ABSENT) < DOWN


def seats_of(mask: int) -> list[int]:
    """The seats whose bits are set in a marker mask, lowest first."""
    out = []
    seat = 0
    while mask:
        if mask & 1:
            out.append(seat)
        mask >>= 1
        seat += 1
    return out


def touches(cards: Cards, sq: int) -> bool:
    """Whether a card on ``sq`` would share a side with a card, face up or down (R-CK-1)."""
    return any(sq + d in cards for d in ORTHOGONAL)


def open_squares(cards: Iterable[int]) -> set[int]:
    """The empty squares where a card may go: sharing a side with a card (R-CK-1)."""
    taken = set(cards)
    return {sq + d for sq in taken for d in ORTHOGONAL} - taken


def line(cards: Cards, sq: int, step: int) -> list[int]:
    """The squares of the unbroken run of face-up cards through ``sq`` (R-CK-2).

    ``step`` is :data:`~.grid.ROW` or :data:`~.grid.COLUMN`. A gap or a face-down card
    ends the run; ``sq`` itself is part of it.
    """
    run = [sq]
    for direction in (step, -step):
        nxt = sq + direction
        while cards.get(nxt, _ABSENT) < DOWN:
            run.append(nxt)
            nxt += direction
    return run


def dwarf_points(cards: Cards, sq: int) -> int:
    """Dwarves' power: 1 point per Dwarf in the row and column runs through ``sq``.

    The placed card counts once, and only if it is a Dwarf: a Doppelganger copying the
    power counts as a Doppelganger (R-CK-2).
    """
    squares = set(line(cards, sq, ROW)) | set(line(cards, sq, COLUMN))
    return sum(1 for s in squares if cards[s] == Faction.DWARVES)


def troll_points(cards: Cards, sq: int, step: int) -> int:
    """Trolls' power: 1 point per different faction in the chosen run through ``sq``.

    The placed card counts as what it is (a Doppelganger as a Doppelganger, R-CK-2).
    """
    return len({cards[s] for s in line(cards, sq, step)})


def dragon_points(cards: Cards, sq: int) -> int:
    """Dragons' power: 1 point per face-up card on the eight squares around ``sq`` (R-CK-3)."""
    return sum(1 for d in SURROUNDING if cards.get(sq + d, _ABSENT) < DOWN)


def goblin_points(cards: Cards, marks: Marks, seat: int) -> int:
    """Goblins' power: 1 point per face-up Goblin holding ``seat``'s marker."""
    bit = 1 << seat
    return sum(1 for s, m in marks.items() if m & bit and cards[s] == Faction.GOBLINS)


def gnome_targets(cards: Cards, marks: Marks, sq: int, seat: int) -> list[int]:
    """Where a Gnome on ``sq`` may put ``seat``'s extra marker (R-CK-6).

    The face-up cards sharing a side with ``sq`` that do not hold ``seat``'s marker,
    in reading order.
    """
    bit = 1 << seat
    return sorted(
        sq + d
        for d in ORTHOGONAL
        if cards.get(sq + d, _ABSENT) < DOWN and not marks.get(sq + d, 0) & bit
    )


def knight_targets(cards: Cards, marks: Marks, sq: int) -> list[tuple[int, int]]:
    """The markers a Knight on ``sq`` may remove, as ``(square, seat)`` (R-CK-4).

    Every marker, of any colour, on the face-up cards sharing a side with ``sq``.
    """
    out: list[tuple[int, int]] = []
    for target in sorted(sq + d for d in ORTHOGONAL):
        if cards.get(target, _ABSENT) < DOWN:
            out.extend((target, seat) for seat in seats_of(marks.get(target, 0)))
    return out


def undead_targets(cards: Cards, marks: Marks, sq: int, seat: int) -> list[tuple[int, int]]:
    """The markers ``seat``'s marker on ``sq`` may be exchanged with, as ``(square, seat)``.

    Another player's marker on any other face-up card that does not already hold a
    marker of ``seat`` (R-CK-5). Face-down cards hold no markers, so they never qualify.
    """
    bit = 1 << seat
    out: list[tuple[int, int]] = []
    for target in sorted(marks):
        mask = marks[target]
        if target != sq and not mask & bit:
            out.extend((target, other) for other in seats_of(mask))
    return out


def giant_targets(cards: Cards, sq: int) -> list[int]:
    """The cards a Giant on ``sq`` may flip: face-up cards sharing a side (R-CK-7)."""
    return sorted(sq + d for d in ORTHOGONAL if cards.get(sq + d, _ABSENT) < DOWN)


def copyable(cards: Cards, sq: int) -> list[Faction]:
    """The factions a Doppelganger on ``sq`` may copy.

    Those of the face-up cards sharing a side with it (R-CK-3), Doppelgangers excepted
    (copying one has no effect).
    """
    found = {cards.get(sq + d, _ABSENT) for d in ORTHOGONAL}
    return [Faction(f) for f in sorted(found) if f < DOWN and f != Faction.DOPPELGANGERS]


def marker_counts(cards: Cards, marks: Marks, players: int) -> list[list[int]]:
    """Markers per faction (all ten) per seat, on face-up cards."""
    counts = [[0] * players for _ in Faction]
    for sq, mask in marks.items():
        row = counts[cards[sq]]
        for seat in seats_of(mask):
            row[seat] += 1
    return counts


def controllers(counts: Sequence[int]) -> list[int]:
    """The seats controlling a faction given each seat's markers on it (R-CK-10).

    A seat controls it with at least one marker and no fewer than anyone else, so every
    seat tied for the most controls it; with no marker on it nobody does.
    """
    most = max(counts)
    if most == 0:
        return []
    return [seat for seat, c in enumerate(counts) if c == most]


def final_ranking(totals: Sequence[int], supplies: Sequence[int]) -> tuple[list[int], str]:
    """The winners and what decided it (R-CK-10).

    Most points wins; among tied players the most markers left in supply; if that
    ties too the tied players share the win.

    Returns:
        The winning seats and ``"points"``, ``"markers left"`` or ``"shared"``.
    """
    best = max(totals)
    leaders = [s for s, t in enumerate(totals) if t == best]
    if len(leaders) == 1:
        return leaders, "points"
    most = max(supplies[s] for s in leaders)
    winners = [s for s in leaders if supplies[s] == most]
    return winners, "markers left" if len(winners) == 1 else "shared"


def score_table(
    factions: Sequence[Faction], counts: Sequence[Sequence[int]], points: Sequence[int]
) -> tuple[list[int], list[int], list[list[int]]]:
    """Each seat's score as things stand, with its breakdown (R-CK-10).

    Args:
        factions: The factions in play.
        counts: Each faction's markers per seat, on face-up cards (``factions`` order).
        points: Each seat's points from powers.

    Returns:
        The totals per seat, the points from factions per seat, and each faction's
        controllers (in ``factions`` order).
    """
    from_factions = [0] * len(points)
    owners = []
    for faction, marks in zip(factions, counts, strict=True):
        seats = controllers(marks)
        owners.append(seats)
        for seat in seats:
            from_factions[seat] += faction.points
    totals = [p + f for p, f in zip(points, from_factions, strict=True)]
    return totals, from_factions, owners
