"""Arena pairing: a new game as soon as enough entrants are free.

Lichess's arena pairs whoever is waiting every few seconds, by their place in the
standings, and avoids giving anyone the opponent they have just played. Ours does the
same for tables of two to four (:func:`arena_tables`), over the entrants who are free
(not at a table of the event, not withdrawn):

* as many whole tables as the waiting entrants fill, **each with at least one person**
  (computer levels wait for people rather than play each other: an arena of bots
  racing through games would top its own standings);
* seated in standings order with :func:`~regency.tournaments.groups.seat_tables`,
  where "met" is only each entrant's *last* game's opponents, so nobody plays the same
  table twice in a row while there is another choice;
* those left over wait for the next pairing, a few seconds later.

No new game starts once the arena's time is up; games under way then are played out
and counted, and the standings are final when the last one ends.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Final

from regency.tournaments.groups import seat_tables
from regency.tournaments.model import Event, Game

__all__ = ["ARENA_BUDGET", "arena_tables", "last_opponents"]

ARENA_BUDGET: Final = 20_000
"""The search's budget at each pairing (every few seconds, so a tenth of a Swiss round's)."""


def last_opponents(event: Event) -> dict[int, set[int]]:
    """Whom each entrant played in their latest game (symmetric)."""
    latest: dict[int, Game] = {}
    for g in event.games:
        if g.bye:
            continue
        for e in g.seats:
            seen = latest.get(e)
            if seen is None or (g.round, g.board) > (seen.round, seen.board):
                latest[e] = g
    out: dict[int, set[int]] = {}
    for e, g in latest.items():
        out.setdefault(e, set()).update(g.opponents(e))
        for o in g.opponents(e):
            out.setdefault(o, set()).add(e)
    return out


def arena_tables(
    waiting: Sequence[int],
    seats: int,
    last: Mapping[int, Collection[int]],
    people: Collection[int],
) -> list[tuple[int, ...]]:
    """The tables to start now from the entrants ``waiting`` (in standings order).

    Args:
        waiting: The free entrants, best-placed first.
        seats: Players per table.
        last: Each entrant's latest opponents (:func:`last_opponents`).
        people: Which entrants are people (the others are computer levels).

    Returns:
        The tables, each with at least one person; entrants not seated wait.
    """
    people = set(people)
    waiting_people = [e for e in waiting if e in people]
    count = min(len(waiting) // seats, len(waiting_people))
    if count == 0:
        return []
    chosen = list(waiting[: count * seats])
    short = count - sum(e in people for e in chosen)
    if short > 0:
        # Too few people among the best-placed: the lowest-placed computers make way.
        spare = [e for e in waiting_people if e not in chosen][:short]
        computers = [e for e in reversed(chosen) if e not in people][:short]
        chosen = [e for e in chosen if e not in computers] + spare
        rank = {e: i for i, e in enumerate(waiting)}
        chosen.sort(key=rank.__getitem__)
    return seat_tables(chosen, seats, last, needs=people, budget=ARENA_BUDGET)
