"""The next round of a Swiss or a round robin, whatever the size of its tables.

:func:`next_round` is what a server calls when a round is over: the Dutch system for
two-player Swiss rounds (:mod:`~regency.tournaments.swiss`), tables of leaders for three
or four (:mod:`~regency.tournaments.groups`), Berger's tables for a round robin
(:mod:`~regency.tournaments.robin`). It is a pure function of the event: the same games
always give the same round, which is what lets a server that crashed while making a
round make the same one again.
"""

from __future__ import annotations

from dataclasses import dataclass

from regency.tournaments.groups import group_round
from regency.tournaments.model import ARENA, ROUND_ROBIN, Event, NoPairing
from regency.tournaments.robin import robin_round, robin_rounds
from regency.tournaments.standings import standings
from regency.tournaments.swiss import dutch_round

__all__ = ["Round", "next_round", "total_rounds"]


@dataclass(frozen=True, slots=True)
class Round:
    """A round's tables and byes.

    Attributes:
        number: The round.
        tables: Each table's entrants, by seat, best boards first.
        byes: The entrants who sit the round out with a bye.
    """

    number: int
    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...]


def total_rounds(event: Event) -> int | None:
    """How many rounds the event has: a Swiss's own, a round robin's from its entrants.

    ``None`` for an arena, which is timed.
    """
    if event.format == ARENA:
        return None
    if event.format == ROUND_ROBIN:
        return robin_rounds(sum(e.joined_round == 1 for e in event.entrants))
    return event.rounds


def next_round(event: Event, round_no: int) -> Round:
    """The pairing of round ``round_no``.

    Raises:
        NoPairing: it cannot be paired (too few entrants, only rematches left at two
            players, past a round robin's last round), or the event is an arena.
    """
    if event.format == ARENA:
        raise NoPairing("an arena has no rounds: its games start as entrants are free")
    if event.format == ROUND_ROBIN:
        found = robin_round(event, round_no)
    elif event.seats == 2:
        found = dutch_round(event, round_no)
    else:
        order = [
            s.entrant.number
            for s in standings(event)
            if not s.entrant.withdrawn and s.entrant.joined_round <= round_no
        ]
        tables, byes = group_round(order, event.seats, event.met(), event.byes(), round_no)
        found = [*tables, *((b,) for b in byes)]
    return Round(
        round_no,
        tuple(t for t in found if len(t) > 1),
        tuple(t[0] for t in found if len(t) == 1),
    )
