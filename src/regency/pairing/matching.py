"""Quick pairing: who sits with whom, chosen over the whole queue at once.

A *round* (a "wave", as Lichess's pools call it) takes everyone waiting in one queue and
seats them at tables of the pool's size. It is not first come, first served: the round
weighs every way of grouping the queue and keeps the best, as Lichess's pools pair a
wave by a weighted matching over all its members (``modules/pool``, ``MatchMaking``),
there for two players a table, here for two, three or four.

**The rules a table keeps.**

* *Everyone within everyone's reach.* A person's *reach* is how far from their own
  rating they accept others: :data:`START_REACH` rating points when they join, widening
  by :data:`WIDEN_PER_SECOND` for every second they wait, up to :data:`MAX_REACH`
  (:func:`reach_after`). Two people may share a table only if the gap between their
  ratings is within both reaches (:func:`fits`).
* *Full, or filled by computers only for those who asked.* A table seats the pool's number
  of people; or fewer, the rest computer levels, when every person at it said they would
  take computer opponents after a wait of their choosing (``fill_after``) and has waited
  that long. Each computer seat plays the level of the game's ladder whose rating is
  nearest the people's mean (:func:`nearest_level`).

**The best plan.** Of the plans that keep the rules, a round chooses the one that

1. seats the most people;
2. then has the fewest computer seats;
3. then costs least: the sum over its tables of the rating spread (highest less lowest),
   less :data:`WAIT_WORTH` points for every second each seated person has waited (up to
   :data:`WAIT_CAP`), so that among near-equal plans whoever has waited longest is seated
   first, and nobody waits for ever behind newcomers of a closer rating (Lichess's "miss
   bonus" does the same).

**How.** The queue is sorted by rating and a dynamic programme walks it in that order:
at each person it either leaves them waiting or seats them at a table with people further
on, remembering which of the next places are taken. A table is made of people at most
:func:`window` places apart in the rating order (8 in a queue of up to 64 people, 6 in a
longer one, which keeps a round of 1,000 people to a fraction of a second); within that
the plan is exactly the best, so a queue no longer than the window always gets the best
plan there is (the tests check it against every possible plan).

Example:
    >>> queue = [Member("a", "ann", 1500, 0), Member("b", "bob", 1600, 0),
    ...          Member("c", "cy", 1650, 0), Member("d", "di", 1750, 0)]
    >>> [[m.id for m in t.people] for t in match(queue, 2, now=0)]
    [['a', 'b'], ['c', 'd']]

(Seating the closest two, ``b`` and ``c``, first would leave ``a`` and ``d`` 250 apart,
beyond their reach: the round seats all four.)
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

__all__ = [
    "MAX_REACH",
    "START_REACH",
    "WAIT_CAP",
    "WAIT_WORTH",
    "WIDEN_PER_SECOND",
    "ComputerLevel",
    "Member",
    "Queue",
    "Table",
    "fits",
    "match",
    "match_queues",
    "nearest_level",
    "next_chance",
    "reach_after",
    "window",
]

START_REACH = 100.0
"""Rating points a person accepts on either side of their own when they join."""

WIDEN_PER_SECOND = 10.0
"""How much a person's reach widens for every second they wait."""

MAX_REACH = 500.0
"""The widest reach (after 40 seconds): people further apart never share a table; a
person who would rather play than wait asks for computer levels (``fill_after``)."""

WAIT_WORTH = 2.0
"""Rating points of spread one second of a seated person's waiting makes up for."""

WAIT_CAP = 300.0
"""Seconds of waiting that count towards :data:`WAIT_WORTH` at most."""

# The plan's worth as one integer, compared at C speed in the programme's inner loop:
# people seated above computer seats above cost (in tenths of a point), each field far
# wider than the one below can ever reach (a queue of 10,000 has under 2**15 computer
# seats and a cost under 2**32 tenths).
_SEATED = 1 << 60
_COMPUTER = 1 << 40


def reach_after(waited: float) -> float:
    """How far from their rating a person who has waited ``waited`` seconds accepts others.

    >>> reach_after(0), reach_after(10), reach_after(3600)
    (100.0, 200.0, 500.0)
    """
    return min(MAX_REACH, START_REACH + WIDEN_PER_SECOND * max(0.0, waited))


def window(size: int) -> int:
    """The most places apart in the rating order two people at one table may be."""
    return 8 if size <= 64 else 6


@dataclass(frozen=True, slots=True)
class Member:
    """One person waiting in a queue.

    Attributes:
        id: The queue entry's id.
        person: Who it is (an account, or a guest): one person is never seated twice.
        rating: The rating matched on (a guest's is the newcomer's 1500).
        joined_at: When they joined the queue (seconds since the epoch).
        fill_after: Seconds of waiting after which computer levels may fill the table's
            other seats (``None``: only people).
    """

    id: str
    person: str
    rating: float
    joined_at: float
    fill_after: float | None = None

    def waited(self, now: float) -> float:
        """Seconds waited by ``now``."""
        return max(0.0, now - self.joined_at)

    def reach(self, now: float) -> float:
        """The reach at ``now`` (:func:`reach_after`)."""
        return reach_after(self.waited(now))

    def takes_computers(self, now: float) -> bool:
        """Whether computer levels may fill this person's table at ``now``."""
        return self.fill_after is not None and self.waited(now) >= self.fill_after


@dataclass(frozen=True, slots=True)
class ComputerLevel:
    """A level of the game's ladder that may fill a seat: its agent spec and rating."""

    agent: str
    rating: float
    name: str = ""


@dataclass(frozen=True, slots=True)
class Table:
    """A table a round makes: its people (by rating) and the computer levels filling it."""

    people: tuple[Member, ...]
    computers: tuple[ComputerLevel, ...] = ()

    @property
    def spread(self) -> float:
        """The gap between the highest and the lowest rating of its people."""
        return max(m.rating for m in self.people) - min(m.rating for m in self.people)


@dataclass(frozen=True, slots=True)
class Queue:
    """One queue for :func:`match_queues`: its key, the people in it, and its tables' size.

    Attributes:
        key: Whatever names the queue to the caller (a pool and whether it is rated).
        members: The people waiting.
        players: Seats at each table.
        levels: The computer levels that may fill seats (none: only people).
    """

    key: str
    members: tuple[Member, ...]
    players: int
    levels: tuple[ComputerLevel, ...] = field(default=())


def fits(people: Iterable[Member], now: float) -> bool:
    """Whether every person is within every other's reach at ``now``."""
    group = list(people)
    if not group:
        return True
    low = min(m.rating for m in group)
    high = max(m.rating for m in group)
    return all(max(high - m.rating, m.rating - low) <= m.reach(now) for m in group)


def nearest_level(levels: Sequence[ComputerLevel], rating: float) -> ComputerLevel:
    """The level whose rating is nearest ``rating`` (the lower of two as near).

    Raises:
        ValueError: if there are no levels.
    """
    if not levels:
        raise ValueError("no computer levels to choose from")
    return min(levels, key=lambda level: (abs(level.rating - rating), level.rating))


def _unique_people(queue: Iterable[Member]) -> list[Member]:
    """Each person's earliest entry, sorted by rating (then who came first)."""
    earliest: dict[str, Member] = {}
    for m in queue:
        kept = earliest.get(m.person)
        if kept is None or (m.joined_at, m.id) < (kept.joined_at, kept.id):
            earliest[m.person] = m
    return sorted(earliest.values(), key=lambda m: (m.rating, m.joined_at, m.id))


def match(
    queue: Iterable[Member],
    players: int,
    now: float,
    levels: Sequence[ComputerLevel] = (),
) -> list[Table]:
    """The tables one round makes of a queue (see the module's rules and plan).

    Args:
        queue: The people waiting (a person with two entries is seated at most once, by
            their earliest).
        players: Seats at each table, 2 to 4 (or more).
        now: The round's time, which decides everyone's reach and who takes computers.
        levels: The computer levels that may fill seats (none: tables of people only).

    Returns:
        The tables, in rating order of their lowest person; the people not at any table
        wait for the next round.

    Raises:
        ValueError: if ``players`` is below 2.
    """
    if players < 2:
        raise ValueError(f"a table seats at least 2, not {players}")
    members = _unique_people(queue)
    groups = _best_plan(members, players, now, bool(levels))
    tables = []
    for group in groups:
        people = tuple(members[i] for i in group)
        computers: tuple[ComputerLevel, ...] = ()
        if len(people) < players:
            mean = sum(m.rating for m in people) / len(people)
            computers = (nearest_level(levels, mean),) * (players - len(people))
        tables.append(Table(people, computers))
    tables.sort(key=lambda t: (t.people[0].rating, t.people[0].joined_at, t.people[0].id))
    return tables


def _best_plan(
    members: Sequence[Member], players: int, now: float, may_fill: bool
) -> list[tuple[int, ...]]:
    """The groups (indices into ``members``, sorted by rating) of the best plan.

    The state after place ``i`` is a bit mask of the places ``i + 1 ...`` already taken by
    tables of earlier people; each state keeps the best worth reaching it and how.
    """
    size = len(members)
    span = window(size)
    ratings = [m.rating for m in members]
    reach = [m.reach(now) for m in members]
    fill = [may_fill and m.takes_computers(now) for m in members]
    bonus = [WAIT_WORTH * min(WAIT_CAP, m.waited(now)) for m in members]
    states: dict[int, int] = {0: 0}
    steps: list[dict[int, tuple[int, tuple[int, ...]]]] = []
    for i in range(size):
        worth_of: dict[int, int] = {}
        how: dict[int, tuple[int, tuple[int, ...]]] = {}
        # Who may sit with person i: further on in the window, within both reaches.
        near = []
        for j in range(i + 1, min(size, i + span)):
            gap = ratings[j] - ratings[i]
            if gap > reach[i]:
                break  # sorted: everyone further on is further away
            if gap <= reach[j]:
                near.append(j)
        sizes = [players, *range(1, players)] if fill[i] else [players]
        for mask, worth in states.items():
            _keep(worth_of, how, mask >> 1, worth, (mask, ()))  # i waits (or sits already)
            if mask & 1:
                continue
            free = [j for j in near if not mask >> (j - i) & 1]
            for count in sizes:
                for others in itertools.combinations(free, count - 1):
                    group = (i, *others)
                    if count < players and not all(fill[k] for k in group):
                        continue
                    low, high = ratings[i], ratings[group[-1]]
                    if any(max(high - ratings[k], ratings[k] - low) > reach[k] for k in others):
                        continue
                    taken = mask
                    for k in others:
                        taken |= 1 << (k - i)
                    cost = high - low - sum(bonus[k] for k in group)
                    gain = count * _SEATED - (players - count) * _COMPUTER - round(cost * 10)
                    _keep(worth_of, how, taken >> 1, worth + gain, (mask, group))
        states = worth_of
        steps.append(how)
    # Walk back from the best end (every place is behind us: the mask is 0).
    groups = []
    mask = 0
    for i in range(size - 1, -1, -1):
        mask, group = steps[i][mask]
        if group:
            groups.append(group)
    groups.reverse()
    return groups


def _keep(
    worth_of: dict[int, int],
    how: dict[int, tuple[int, tuple[int, ...]]],
    mask: int,
    worth: int,
    came: tuple[int, tuple[int, ...]],
) -> None:
    """Keep the way to the state ``mask`` if it is worth more than the one kept (or new)."""
    if mask not in worth_of or worth > worth_of[mask]:
        worth_of[mask] = worth
        how[mask] = came


def match_queues(queues: Iterable[Queue], now: float) -> dict[str, list[Table]]:
    """One round over several queues: each queue's tables, nobody seated twice.

    A person may wait in several queues at once; the queues are matched one after
    another, the one whose first person has waited longest first, and whoever a queue
    seats waits no longer in the others.

    Returns:
        Each queue's tables, by key (a queue with none is left out).
    """
    ordered = sorted(
        (q for q in queues if q.members),
        key=lambda q: (min(m.joined_at for m in q.members), q.key),
    )
    seated: set[str] = set()
    made: dict[str, list[Table]] = {}
    for q in ordered:
        waiting = [m for m in q.members if m.person not in seated]
        tables = match(waiting, q.players, now, q.levels)
        for t in tables:
            seated.update(m.person for m in t.people)
        if tables:
            made[q.key] = tables
    return made


def next_chance(members: Iterable[Member], now: float) -> float | None:
    """The next moment after ``now`` a round may seat someone of ``members`` who waits.

    Either two of them, next to each other in rating order, come within each other's
    reach (reaches widen with waiting), or one of them has waited as long as they chose
    before taking computers. Between rounds nothing else changes a queue but people
    coming and going, so a server may sleep until then (or until someone comes).
    ``None``: never, as things stand.
    """
    people = _unique_people(members)
    moments = [
        m.joined_at + m.fill_after
        for m in people
        if m.fill_after is not None and m.joined_at + m.fill_after > now
    ]
    for low, high in itertools.pairwise(people):
        gap = high.rating - low.rating
        if START_REACH < gap <= MAX_REACH:
            at = max(low.joined_at, high.joined_at) + (gap - START_REACH) / WIDEN_PER_SECOND
            if at > now:
                moments.append(at)
    return min(moments, default=None)
