"""Tables of three or four made from the standings: the leaders together, no one met twice.

Board Game Arena's Swiss for multi-player games seats the leaders together each round;
so do we, under one rule first: nobody sits again with someone they have met (byes
aside, forfeits included) while the tables can be made without it.

1. **Byes.** When the entrants do not fill whole tables, the remainder sit the round
   out with a bye (:func:`~regency.tournaments.model.bye_points`): the lowest-placed
   among those who have had the fewest byes, so byes go to different entrants until
   everyone has had one.
2. **Tables.** The others are seated by a search in standings order (:func:`seat_tables`):
   the best-placed entrant not yet seated opens a table, which takes the best-placed
   entrants who have met nobody at it; when a table cannot be filled, the search goes
   back and tries the next candidate. It is exhaustive, so the first seating it finds
   is the one with the leaders most together among those with no rematch, and it finds
   one whenever one exists, within a budget of :data:`SEARCH_BUDGET` steps (which the
   benchmark's 32 entrants never come near).
3. **When rematches cannot be avoided** (or the budget runs out), the fewest are made:
   each table takes, in standings order, the entrant who adds the fewest rematches, and
   then two entrants of different tables change places while that removes a rematch.

The seats at a table turn with the rounds (the table's members in standings order,
rotated by the round number), so the leader does not always sit first.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Final

from regency.tournaments.model import NoPairing

__all__ = ["SEARCH_BUDGET", "choose_byes", "group_round", "rematches", "seat_tables"]

SEARCH_BUDGET: Final = 200_000
"""The most candidates the search for a seating without rematches tries."""


class _OutOfBudget(Exception):
    pass


def choose_byes(order: Sequence[int], count: int, byes: Mapping[int, int]) -> list[int]:
    """The ``count`` entrants who sit out: the fewest byes so far, then the lowest-placed."""
    ranked = sorted(range(len(order)), key=lambda i: (byes.get(order[i], 0), -i))
    return [order[i] for i in ranked[:count]]


def rematches(tables: Sequence[Sequence[int]], met: Mapping[int, Collection[int]]) -> int:
    """How many pairs at these tables had met before."""
    return sum(
        1
        for table in tables
        for i, a in enumerate(table)
        for b in table[i + 1 :]
        if b in met.get(a, ())
    )


def seat_tables(
    order: Sequence[int],
    seats: int,
    met: Mapping[int, Collection[int]],
    needs: Collection[int] = (),
    budget: int = SEARCH_BUDGET,
) -> list[tuple[int, ...]]:
    """Seat ``order`` (a whole number of tables, best-placed first) at tables of ``seats``.

    Args:
        order: The entrants, in standings order.
        seats: Players per table.
        met: Whom each entrant has met (symmetric).
        needs: If given, every table must hold at least one of these (an arena's
            people: no table of computers alone).
        budget: The most candidates the search tries before it settles for the fewest
            rematches.

    Returns:
        The tables, in the order they were opened (the leaders' first), members in
        standings order.
    """
    if len(order) % seats:
        raise NoPairing(f"{len(order)} entrants do not fill tables of {seats}")
    found = _without_rematches(order, seats, met, set(needs), budget)
    if found is not None:
        return found
    return _fewest_rematches(order, seats, met, set(needs))


def _without_rematches(
    order: Sequence[int],
    seats: int,
    met: Mapping[int, Collection[int]],
    needs: set[int],
    budget: int,
) -> list[tuple[int, ...]] | None:
    n = len(order)
    placed = [False] * n
    tables: list[tuple[int, ...]] = []
    steps = 0
    needy = [order[i] in needs for i in range(n)]

    def fill(table: list[int], start: int) -> bool:
        nonlocal steps
        if len(table) == seats:
            if needs and not any(needy[i] for i in table):
                return False
            tables.append(tuple(order[i] for i in table))
            if next_table():
                return True
            tables.pop()
            return False
        left = seats - len(table)
        for j in range(start, n):
            if n - j < left:
                break  # too few entrants after j to fill the table
            if placed[j] or any(order[j] in met.get(order[i], ()) for i in table):
                continue
            steps += 1
            if steps > budget:
                raise _OutOfBudget
            placed[j] = True
            table.append(j)
            if fill(table, j + 1):
                return True
            table.pop()
            placed[j] = False
        return False

    def next_table() -> bool:
        first = next((i for i in range(n) if not placed[i]), None)
        if first is None:
            return True
        placed[first] = True
        if fill([first], first + 1):
            return True
        placed[first] = False
        return False

    try:
        return tables if next_table() else None
    except _OutOfBudget:
        return None


def _fewest_rematches(
    order: Sequence[int], seats: int, met: Mapping[int, Collection[int]], needs: set[int]
) -> list[tuple[int, ...]]:
    rank = {e: i for i, e in enumerate(order)}
    left = list(order)
    tables: list[list[int]] = []
    count = len(order) // seats
    people = [e for e in order if e in needs]
    while left:
        first = left.pop(0)
        table = [first]
        if needs and first not in needs and len(tables) < len(people):
            # Make sure each table gets someone it needs while some are left.
            need = next((e for e in left if e in needs), None)
            if need is not None:
                left.remove(need)
                table.append(need)
        while len(table) < seats:
            best = min(left, key=lambda e: (sum(e in met.get(t, ()) for t in table), rank[e]))
            left.remove(best)
            table.append(best)
        tables.append(table)

    def cost(table: Sequence[int]) -> int:
        clash = rematches([table], met)
        return clash + (1000 if needs and not any(e in needs for e in table) else 0)

    improved = True
    while improved:
        improved = False
        for a in range(count):
            for b in range(a + 1, count):
                for i in range(seats):
                    for j in range(seats):
                        ta, tb = tables[a], tables[b]
                        before = cost(ta) + cost(tb)
                        na = [*ta[:i], tb[j], *ta[i + 1 :]]
                        nb = [*tb[:j], ta[i], *tb[j + 1 :]]
                        if cost(na) + cost(nb) < before:
                            tables[a], tables[b] = na, nb
                            improved = True
    return [tuple(sorted(t, key=rank.__getitem__)) for t in tables]


def group_round(
    order: Sequence[int],
    seats: int,
    met: Mapping[int, Collection[int]],
    byes: Mapping[int, int],
    round_no: int,
) -> tuple[list[tuple[int, ...]], list[int]]:
    """A Swiss round of tables of ``seats`` (3 or 4): the tables, by seat, and the byes.

    Args:
        order: The entrants to pair, in standings order.
        seats: Players per table.
        met: Whom each entrant has met.
        byes: How many byes each entrant has had.
        round_no: The round (turns the seats).

    Raises:
        NoPairing: fewer entrants than one table seats.
    """
    if len(order) < seats:
        raise NoPairing(
            f"round {round_no} has {len(order)} entrants to pair; a table seats {seats}"
        )
    sit_out = choose_byes(order, len(order) % seats, byes)
    playing = [e for e in order if e not in sit_out]
    tables = seat_tables(playing, seats, met)
    turn = (round_no - 1) % seats
    return [t[turn:] + t[:turn] for t in tables], sit_out
