"""Building events by hand, and playing them out with random results."""

from __future__ import annotations

import random
from collections.abc import Sequence

from regency.tournaments import Entrant, Event, Game, next_round


def people(count: int, seats: int = 2, computers: Sequence[int] = ()) -> tuple[Entrant, ...]:
    """Entrants 1..count, rated from 2000 down by 10, the numbers in ``computers`` computers."""
    return tuple(
        Entrant(n, f"P{n}", 2000 - 10 * n, computer=n in computers) for n in range(1, count + 1)
    )


def game(
    round_no: int,
    board: int,
    seats: Sequence[int],
    ranks: Sequence[int] | None = None,
    forfeited: Sequence[int] = (),
) -> Game:
    return Game(
        round_no,
        board,
        tuple(seats),
        None if ranks is None else tuple(ranks),
        forfeited=tuple(forfeited),
    )


def bye(round_no: int, board: int, entrant: int) -> Game:
    return Game(round_no, board, (entrant,), bye=True)


def random_ranks(rng: random.Random, seats: int) -> tuple[int, ...]:
    """A table's places: each seat a score of 0-3, places dense from the best (ties shared)."""
    scores = [rng.randrange(4) for _ in range(seats)]
    order = sorted(set(scores), reverse=True)
    return tuple(order.index(s) for s in scores)


def play_round(event: Event, round_no: int, rng: random.Random) -> Event:
    """Pair ``round_no`` and give every table random places."""
    paired = next_round(event, round_no)
    games = list(event.games)
    for board, table in enumerate(paired.tables, 1):
        games.append(game(round_no, board, table, random_ranks(rng, len(table))))
    for board, entrant in enumerate(paired.byes, len(paired.tables) + 1):
        games.append(bye(round_no, board, entrant))
    return Event(event.format, event.seats, event.rounds, event.entrants, tuple(games))
