"""Setting up a table: a game, its options, and who sits in each seat.

A table is what every front end starts from: the terminal (``regency play``), the game
server and anything else that seats people and computer players at one game. Each seat
holds either a person (with a display name) or a computer player named by an agent spec
(``"heuristic"``, ``"ismcts:iters=500"``). Checking a table checks everything the
engine would refuse later (the game, the player count, the options, each agent spec), so
a front end can refuse a bad table before anyone sits down.

Example::

    spec = TableSpec.create("claim", players=3, seats=parse_seats("human,heuristic,random", 3))
    game = spec.new_game()
    agents = spec.agents(game.seed)     # {1: heuristic, 2: random}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from regency.agents import Agent, AgentError, make_agent, parse_spec, split_specs
from regency.agents.defaults import default_opponent
from regency.core.errors import RegencyError
from regency.core.game import Game
from regency.core.registry import game_info
from regency.core.rng import derive_seed
from regency.core.start import new_game

__all__ = ["PERSON", "SeatSpec", "TableError", "TableSpec", "parse_seats"]

PERSON = "human"
"""The word that seats a person in a seat list (``--seats human,heuristic``)."""

MAX_NAME = 40
"""The longest display name a person may give."""


class TableError(RegencyError, ValueError):
    """A table that cannot be set up: wrong seats, an unknown agent, a bad name."""


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """Who sits in one seat.

    Attributes:
        agent: The computer player's agent spec, or ``None`` for a person.
        name: The person's display name (empty: the front end names the seat).
    """

    agent: str | None = None
    name: str = ""

    @property
    def is_person(self) -> bool:
        """Whether a person plays this seat."""
        return self.agent is None

    def label(self, seat: int) -> str:
        """How the seat is called: the person's name, or the seat and its agent."""
        if self.agent is not None:
            return f"Seat {seat} ({self.agent})"
        return self.name or f"Seat {seat}"


def parse_seats(text: str, players: int) -> tuple[SeatSpec, ...]:
    """Parse a seat list such as ``"human,heuristic,ismcts:iters=500,c=0.7"``.

    A single entry fills every seat. The list splits as a list of agent specs does
    (:func:`~regency.agents.split_specs`): entries separated by ``;``, or by commas,
    where a ``key=value`` piece is a further parameter of the spec before it.

    Raises:
        TableError: if the list does not name one entry per seat, or a parameter
            belongs to no spec.
    """
    try:
        entries = split_specs(text)
    except AgentError as exc:
        raise TableError(f"{exc}: {text!r}") from None
    if len(entries) == 1:
        entries *= players
    if len(entries) != players:
        raise TableError(f"{players} seats need {players} entries, not {len(entries)}: {text!r}")
    return tuple(SeatSpec() if e.lower() == PERSON else SeatSpec(agent=e) for e in entries)


@dataclass(frozen=True, slots=True)
class TableSpec:
    """A checked table: build one with :meth:`create`.

    Attributes:
        game: The registered game's name.
        players: The number of seats.
        seats: One :class:`SeatSpec` per seat.
        options: The game's options, as ``new_game`` takes them.
        seed: The deal's seed (``None``: a fresh one when the game starts).
    """

    game: str
    players: int
    seats: tuple[SeatSpec, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    seed: int | None = None

    @classmethod
    def create(
        cls,
        game: str,
        players: int | None = None,
        seats: Sequence[SeatSpec] | None = None,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
    ) -> TableSpec:
        """Check a table and return it.

        Args:
            game: A registered game.
            players: Number of seats (the game's default when omitted).
            seats: Who sits where (default: a person in seat 0 and the game's strongest
                agent elsewhere, :func:`regency.agents.defaults.default_opponent`).
            options: The game's options.
            seed: The deal's seed.

        Raises:
            UnknownGameError: if no game has that name.
            GameOptionError: if the engine refuses the player count, seed or an option.
            TableError: if the seats do not fit or an agent spec is wrong.
        """
        info = game_info(game)
        count = info.default_players if players is None else players
        options = dict(options or {})
        # The engine is the judge of players, seed and options: set up a game once
        # and keep its message if it refuses.
        new_game(info.name, players=count, seed=seed if seed is not None else 0, **options)
        if seats is None:
            opponent = default_opponent(info.name, count)
            seats = [SeatSpec()] + [SeatSpec(agent=opponent)] * (count - 1)
        seats = tuple(seats)
        if len(seats) != count:
            raise TableError(f"{count} seats need {count} entries, not {len(seats)}")
        for seat, spec in enumerate(seats):
            if spec.agent is not None:
                try:
                    parse_spec(spec.agent)
                except RegencyError as exc:
                    raise TableError(f"seat {seat}: {exc}") from None
            elif len(spec.name) > MAX_NAME or not spec.name.isprintable():
                raise TableError(
                    f"seat {seat}: a name must be printable and at most {MAX_NAME} characters"
                )
        return cls(info.name, count, seats, options, seed)

    @property
    def people(self) -> list[int]:
        """The seats people play."""
        return [seat for seat, spec in enumerate(self.seats) if spec.is_person]

    def new_game(self) -> Game[Any]:
        """Deal the table's game."""
        return new_game(self.game, players=self.players, seed=self.seed, **self.options)

    def agents(self, seed: int) -> dict[int, Agent]:
        """Build the computer players, each seeded from the deal's seed and its seat."""
        return {
            seat: make_agent(spec.agent, self.game, agent_seed(seed, seat))
            for seat, spec in enumerate(self.seats)
            if spec.agent is not None
        }

    def seat_labels(self) -> list[str]:
        """How each seat is called."""
        return [spec.label(seat) for seat, spec in enumerate(self.seats)]


def agent_seed(seed: int, seat: int) -> int:
    """The seed of the computer player in ``seat`` at a game dealt from ``seed``."""
    return derive_seed(seed, "agent", seat)
