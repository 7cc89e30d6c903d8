"""What a tournament is made of: its entrants, its games, and what a game is worth.

An :class:`Event` is everything the pairing and the standings need to know, as plain
values: the format, the seats at a table, the number of rounds, the entrants (people and
computer levels alike, known by their starting number) and every game so far, each a
:class:`Game` of one round at one board (a table, or a bye). The server stores these and
rebuilds an :class:`Event` from its rows; nothing here knows a database or a clock.

**What a game is worth.** A game gives each seat its *place points*: one for every player
finished ahead of, and a half for every player tied with (:func:`place_points`). At two
players that is chess's 1, 1/2 and 0; at four, 3, 2, 1 and 0 from first to last, shared
places sharing their points. A bye is worth a win at two players (FIDE's
pairing-allocated bye, and Lichess's) and the average of a table at three or four
(:func:`bye_points`): a bye worth a win there would be worth more than most tables give.

**Forfeits.** A person who never makes a first move forfeits: they finish last at the
table, tied with anyone else who forfeited; the others keep the places the game gave
them among themselves, or share the place above the absentees when the table was
aborted and gave none (:func:`table_ranks`).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Final

from regency.core.errors import RegencyError

__all__ = [
    "ARENA",
    "FORMATS",
    "ROUND_ROBIN",
    "SWISS",
    "Entrant",
    "Event",
    "Game",
    "NoPairing",
    "TournamentError",
    "bye_points",
    "place_points",
    "table_ranks",
]

SWISS: Final = "swiss"
"""Rounds paired from the standings: Dutch pairing at two players, tables of leaders at more."""

ROUND_ROBIN: Final = "round_robin"
"""Everyone plays everyone once (two players), in the order of Berger's tables."""

ARENA: Final = "arena"
"""A fixed time; a new game as soon as enough entrants are free; points by place."""

FORMATS: Final = (SWISS, ROUND_ROBIN, ARENA)
"""The formats on offer."""


class TournamentError(RegencyError, ValueError):
    """A tournament that cannot be set up, or a request it cannot grant."""


class NoPairing(TournamentError):
    """No next round can be paired (too few entrants, or only rematches are left)."""


@dataclass(frozen=True, slots=True)
class Entrant:
    """Someone who plays in the event: a person or a computer level.

    Attributes:
        number: Their number in the order of entry (1, 2, ...): how the event names
            them in its games.
        name: The name the standings show.
        rating: Their rating when they entered (a computer level's is its ladder's),
            which orders the entrants for the first pairing.
        computer: Whether a computer level plays (it never forfeits).
        joined_round: The first round they may be paired in (a late entrant's later
            rounds; the rounds before count as absent, no points).
        withdrawn: Whether they have left the event (never paired again; their games
            so far still count).
    """

    number: int
    name: str
    rating: float = 1500.0
    computer: bool = False
    joined_round: int = 1
    withdrawn: bool = False

    def seed_key(self) -> tuple[int, float, int]:
        """Their place in the initial order: entered before the start by rating, then late ones."""
        return (self.joined_round, -self.rating, self.number)


@dataclass(frozen=True, slots=True)
class Game:
    """One table of a round, or a bye.

    Attributes:
        round: The round (in an arena, the wave of pairing that made it: games of a
            later wave started later).
        board: Its number within the round, from 1.
        seats: The entrants' numbers, by seat (one number for a bye).
        ranks: Each seat's place once the game is over, 0 the best, equal places shared
            (``None`` while it is played); forfeits already placed last
            (:func:`table_ranks`).
        bye: Whether this is a bye (no game: its one entrant sits the round out).
        forfeited: The seats (indexes into ``seats``) whose person never made a first
            move.
    """

    round: int
    board: int
    seats: tuple[int, ...]
    ranks: tuple[int, ...] | None = None
    bye: bool = False
    forfeited: tuple[int, ...] = ()

    @property
    def done(self) -> bool:
        """Whether its result is known (a bye's at once)."""
        return self.bye or self.ranks is not None

    def seat_of(self, entrant: int) -> int:
        """The seat of ``entrant`` here (``ValueError`` if they do not sit here)."""
        return self.seats.index(entrant)

    def opponents(self, entrant: int) -> tuple[int, ...]:
        """Everyone else at the table."""
        return tuple(e for e in self.seats if e != entrant)

    def points(self, entrant: int, seats: int) -> float:
        """The place points ``entrant`` scored here (a bye's for a table of ``seats``)."""
        if self.bye:
            return bye_points(seats)
        if self.ranks is None:
            return 0.0
        return place_points(self.ranks, self.seat_of(entrant))

    def won(self, entrant: int) -> bool:
        """Whether ``entrant`` finished first here, alone."""
        if self.bye or self.ranks is None:
            return False
        mine = self.ranks[self.seat_of(entrant)]
        return mine == 0 and self.ranks.count(0) == 1


@dataclass(frozen=True, slots=True)
class Event:
    """A tournament as its pairing and standings see it.

    Attributes:
        format: One of :data:`FORMATS`.
        seats: The players at each table (the game's player count).
        rounds: The rounds it is played over (``None`` for an arena).
        entrants: Everyone entered, by number.
        games: Every game so far (byes included), in the order they were made.
    """

    format: str
    seats: int
    rounds: int | None
    entrants: tuple[Entrant, ...]
    games: tuple[Game, ...] = ()

    def entrant(self, number: int) -> Entrant:
        """The entrant with that number."""
        for e in self.entrants:
            if e.number == number:
                return e
        raise TournamentError(f"no entrant has the number {number}")

    def games_of(self, entrant: int) -> list[Game]:
        """The entrant's games and byes, in the order they were made."""
        return [g for g in self.games if entrant in g.seats]

    def round_games(self, round_no: int) -> list[Game]:
        """The games (and byes) of one round, by board."""
        return sorted((g for g in self.games if g.round == round_no), key=lambda g: g.board)

    def met(self) -> dict[int, set[int]]:
        """Whom each entrant has sat at a table with (byes aside), forfeits included."""
        seen: dict[int, set[int]] = {e.number: set() for e in self.entrants}
        for g in self.games:
            if g.bye:
                continue
            for e in g.seats:
                seen.setdefault(e, set()).update(g.opponents(e))
        return seen

    def byes(self) -> dict[int, int]:
        """How many byes each entrant has had."""
        count = {e.number: 0 for e in self.entrants}
        for g in self.games:
            if g.bye:
                count[g.seats[0]] = count.get(g.seats[0], 0) + 1
        return count


def place_points(ranks: Sequence[int], seat: int) -> float:
    """One point for every player ``seat`` finished ahead of, a half for every one tied with.

    >>> place_points((0, 1), 0), place_points((0, 0), 1)
    (1.0, 0.5)
    >>> [place_points((2, 0, 1, 3), s) for s in range(4)]
    [1.0, 3.0, 2.0, 0.0]
    """
    mine = ranks[seat]
    total = 0.0
    for other, rank in enumerate(ranks):
        if other != seat:
            total += 1.0 if rank > mine else 0.5 if rank == mine else 0.0
    return total


def bye_points(seats: int) -> float:
    """A bye's points: a win at two players, the average of a table at three or four.

    >>> bye_points(2), bye_points(3), bye_points(4)
    (1.0, 1.0, 1.5)
    """
    return 1.0 if seats == 2 else (seats - 1) / 2


def table_ranks(
    game_ranks: Sequence[int] | None, forfeited: Collection[int], seats: int
) -> tuple[int, ...]:
    """The places at a table where the seats ``forfeited`` never made a first move.

    They come last, tied; the others keep the order ``game_ranks`` gives them among
    themselves, or share the place above the absentees when the game gave no result (an
    aborted table: ``None``). Places are dense, 0 the best.

    >>> table_ranks((0, 1, 2, 3), {0}, 4)
    (3, 0, 1, 2)
    >>> table_ranks(None, {1}, 2)
    (0, 1)
    """
    if game_ranks is not None and len(game_ranks) != seats:
        raise TournamentError(f"a table of {seats} seats has {len(game_ranks)} places")

    def key(seat: int) -> tuple[bool, int]:
        if seat in forfeited or game_ranks is None:
            return (seat in forfeited, 0)
        return (False, game_ranks[seat])

    order = sorted({key(s) for s in range(seats)})
    return tuple(order.index(key(s)) for s in range(seats))
