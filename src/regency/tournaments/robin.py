"""Round robins of two-player games, in the order of Berger's tables (FIDE C.05, Annex 1).

With ``n`` entrants (one more, a bye, when ``n`` is odd) the event has ``n - 1`` rounds,
and everyone meets everyone once. Entrants take the table's numbers in the initial order
(rating when entered, then the order of entry). In Berger's tables players ``i`` and
``j`` (both below ``n``) meet in round ``(i + j - 2) mod (n - 1) + 1``, the lower number
with the first seat when ``i + j`` is odd; player ``n`` meets ``i`` in the round where
``2i - 2 = r - 1 (mod n - 1)``, taking the first seat against the upper half. Whoever is
paired with the missing player of an odd count has the round's bye, and so does whoever
is paired with an entrant who has withdrawn.

**Why not at three or four players.** A round robin there would seat every two entrants
together exactly once, each round a set of whole tables: a resolvable design, which
exists only for some numbers of entrants (9 at three seats, Kirkman's schoolgirls; 16
at four) and for no other small club's. We refuse it (:func:`check_round_robin`) and
point to a Swiss, which avoids every rematch while it can.
"""

from __future__ import annotations

from typing import Final

from regency.tournaments.model import Entrant, Event, NoPairing, TournamentError

__all__ = ["MAX_ROUND_ROBIN", "berger_round", "check_round_robin", "robin_round", "robin_rounds"]

MAX_ROUND_ROBIN: Final = 16
"""The most entrants of a round robin (15 rounds): it is for small clubs."""


def check_round_robin(seats: int) -> None:
    """Refuse a round robin of tables of more than two."""
    if seats != 2:
        raise TournamentError(
            f"a round robin of {seats}-player tables would need every two entrants to share "
            "exactly one table, which only some numbers of entrants allow; choose a Swiss, "
            "which avoids meeting anyone twice while it can"
        )


def robin_rounds(entrants: int) -> int:
    """The rounds of a round robin of ``entrants``: everyone meets everyone once."""
    return entrants if entrants % 2 else entrants - 1


def berger_round(count: int, round_no: int) -> list[tuple[int, int]]:
    """Round ``round_no`` of Berger's table for ``count`` players (even): pairs, first seat first.

    Players are numbered from 1; the pair with player ``count`` comes first.

    >>> berger_round(4, 1), berger_round(4, 2), berger_round(4, 3)
    ([(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)])
    """
    if count % 2 or count < 2:
        raise TournamentError(f"Berger's tables are for an even number of players, not {count}")
    if not 1 <= round_no <= count - 1:
        raise TournamentError(f"{count} players play rounds 1 to {count - 1}, not {round_no}")
    r = round_no - 1
    pairs: list[tuple[int, int]] = []
    last = next(i for i in range(1, count) if (2 * i - 2) % (count - 1) == r)
    pairs.append((last, count) if last <= count // 2 else (count, last))
    met = {last, count}
    for i in range(1, count):
        if i in met:
            continue
        j = next(j for j in range(i + 1, count) if j not in met and (i + j - 2) % (count - 1) == r)
        met |= {i, j}
        pairs.append((i, j) if (i + j) % 2 else (j, i))
    return pairs


def robin_round(event: Event, round_no: int) -> list[tuple[int, ...]]:
    """The tables of round ``round_no`` of a round robin: pairs, then byes.

    The table's players are the entrants who were there at the start (a round robin
    takes no late entrants); one who has withdrawn leaves their opponent a bye.

    Raises:
        NoPairing: past the last round, or fewer than two entrants.
    """
    seeded = sorted((e for e in event.entrants if e.joined_round == 1), key=Entrant.seed_key)
    if len(seeded) < 2:
        raise NoPairing("a round robin needs two entrants")
    count = len(seeded) + len(seeded) % 2
    if round_no > count - 1:
        raise NoPairing(f"the round robin's {count - 1} rounds are played")
    players: dict[int, Entrant | None] = {i + 1: e for i, e in enumerate(seeded)}
    players.setdefault(count, None)
    tables: list[tuple[int, ...]] = []
    byes: list[tuple[int, ...]] = []
    for a, b in berger_round(count, round_no):
        first, second = players[a], players[b]
        here = [e for e in (first, second) if e is not None and not e.withdrawn]
        if len(here) == 2:
            tables.append((here[0].number, here[1].number))
        elif here:
            byes.append((here[0].number,))
    return tables + byes
