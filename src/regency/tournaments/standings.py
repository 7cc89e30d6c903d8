"""The standings: points, and the tie-breaks that order entrants with equal points.

**Swiss and round robin** (every table size): points are the sum of place points and
byes (:mod:`~regency.tournaments.model`). Ties are broken, in order, by

1. **Buchholz**: the sum of the points of every opponent met at a table (all of a
   table's opponents at three or four players); byes add nothing.
2. **Sonneborn-Berger**: the sum of the points of every opponent finished ahead of, and
   half the points of every opponent tied with. At two players these are chess's own;
   at three or four they are the same sums over every opponent at the table, as a
   multi-player table is one game against each of them.
3. **Wins**: games finished first, alone.
4. The initial order (rating when entered, then the order of entry).

Entrants equal on all four share a place ("3=" in the export).

**Arena** (Lichess's arena, by place): a game is worth twice its place points (a win 2,
a draw 1, a loss 0 at two players; 6, 4, 2, 0 at four). **Streaks**: after two wins in a
row (first place, alone) an entrant is *on fire*, and each game is worth double until
one that is not a win ends the streak (Lichess's rule: a win 4, a draw 2). Ties are
broken by the average points per game (performance), then by the initial order.
Lichess's berserk (half the clock for an extra point) is left out: our clocks are per
move, with nothing to halve.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from regency.tournaments.model import ARENA, Entrant, Event, Game, place_points

__all__ = ["TIEBREAKS", "Standing", "arena_points", "standings"]

TIEBREAKS = {
    "swiss": ("Buchholz", "Sonneborn-Berger"),
    "round_robin": ("Buchholz", "Sonneborn-Berger"),
    "arena": ("Performance",),
}
"""The tie-breaks each format shows, in the order they count."""


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of the standings.

    Attributes:
        place: The place, from 1 (shared by entrants equal on every tie-break).
        entrant: Who.
        points: Their points.
        tiebreaks: The format's tie-breaks (:data:`TIEBREAKS`), in order.
        wins: Games finished first, alone.
        games: Games played to a result (byes aside, forfeits counted).
        shared: Whether the place is shared.
        fire: In an arena, whether the entrant is on fire (their next game counts
            double).
    """

    place: int
    entrant: Entrant
    points: float
    tiebreaks: tuple[float, ...]
    wins: int
    games: int
    shared: bool = False
    fire: bool = False


_Line = tuple[Entrant, float, tuple[float, ...], int, int, bool]
"""An entrant, points, tie-breaks, wins, games, on fire: a line before it is placed."""


def arena_points(games: Sequence[Game], entrant: int, seats: int) -> tuple[float, bool]:
    """An arena entrant's points over ``games`` (theirs, in order) and whether they are on fire."""
    total = 0.0
    streak = 0
    for g in games:
        if not g.done or g.bye:
            continue
        worth = 2 * place_points(g.ranks or (), g.seat_of(entrant))
        total += worth * (2 if streak >= 2 else 1)
        streak = streak + 1 if g.won(entrant) else 0
    return total, streak >= 2


def standings(event: Event) -> list[Standing]:
    """Every entrant's line, best first."""
    if event.format == ARENA:
        return _arena(event)
    mine = {e.number: event.games_of(e.number) for e in event.entrants}
    points = {
        n: sum(g.points(n, event.seats) for g in games if g.done) for n, games in mine.items()
    }
    lines: list[_Line] = []
    for e in event.entrants:
        buchholz = 0.0
        berger = 0.0
        wins = 0
        played = 0
        for g in mine[e.number]:
            if g.bye or g.ranks is None:
                continue
            played += 1
            wins += g.won(e.number)
            seat = g.seat_of(e.number)
            for other_seat, other in enumerate(g.seats):
                if other == e.number:
                    continue
                buchholz += points[other]
                if g.ranks[seat] < g.ranks[other_seat]:
                    berger += points[other]
                elif g.ranks[seat] == g.ranks[other_seat]:
                    berger += points[other] / 2
        lines.append((e, points[e.number], (buchholz, berger), wins, played, False))
    return _placed(lines, with_wins=True)


def _arena(event: Event) -> list[Standing]:
    lines: list[_Line] = []
    for e in event.entrants:
        games = [g for g in event.games_of(e.number) if g.done and not g.bye]
        total, fire = arena_points(games, e.number, event.seats)
        performance = total / len(games) if games else 0.0
        wins = sum(g.won(e.number) for g in games)
        lines.append((e, total, (performance,), wins, len(games), fire))
    return _placed(lines, with_wins=False)


def _placed(lines: list[_Line], with_wins: bool) -> list[Standing]:
    def merit(line: _Line) -> tuple[float, ...]:
        # Rounded: sums of halves are exact, but averages are not.
        wins = (line[3],) if with_wins else ()
        return (round(line[1], 6), *(round(t, 6) for t in line[2]), *wins)

    ordered = sorted(lines, key=lambda line: (tuple(-m for m in merit(line)), line[0].seed_key()))
    merits = [merit(line) for line in ordered]
    out: list[Standing] = []
    first = 0
    for i, line in enumerate(ordered):
        if i and merits[i] != merits[i - 1]:
            first = i
        shared = (i > first) or (i + 1 < len(ordered) and merits[i + 1] == merits[i])
        e, points, ties, wins, played, fire = line
        out.append(Standing(first + 1, e, points, ties, wins, played, shared, fire))
    return out
