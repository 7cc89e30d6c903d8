"""Running games between agents, in this process or spread over worker processes.

A run is a list of *tables*: each names the deal's seed, the contestant at each seat and
each seat's agent seed. Every table is fully determined by the run's seed, so a run
gives the same games whatever the number of workers, and any single game can be
replayed from its record.

Where the tables are played is a :class:`Backend`'s business: it receives the run's
:class:`Job` and the tables in chunks, plays each chunk with :func:`play_chunk` wherever
it likes (this process, a pool of processes, a Ray cluster: ``sim/ray_backend.py``) and
hands back the outcomes; :func:`run_tables` puts them back in table order. Nothing a
backend decides (workers, chunk sizes, which process plays what) reaches a game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any, Protocol

from regency.agents import make_agent, parse_spec
from regency.agents.registry import is_slow
from regency.core.errors import RegencyError
from regency.core.registry import game_info
from regency.core.rng import derive_seed
from regency.core.start import new_game

__all__ = [
    "Backend",
    "BackendError",
    "GameOutcome",
    "Job",
    "LocalBackend",
    "Matchup",
    "Progress",
    "Table",
    "chunk_tables",
    "lineup",
    "play_chunk",
    "play_match",
    "play_table",
    "run_games",
    "run_tables",
]

Progress = Callable[[int], None]
"""Called with the number of games just finished, as they finish."""


class BackendError(RegencyError):
    """A backend that cannot run: Ray missing, a cluster out of reach, a chunk lost."""


@dataclass(frozen=True, slots=True)
class Matchup:
    """What to play: a game, its options and the agents (one spec per entry).

    Attributes:
        game: The registered game name.
        players: Seats per game.
        agents: Agent specs; entry ``k`` is one contestant even if two entries share a
            spec. With fewer entries than seats they repeat around the table, so two
            agents in a 4-player partnership game form the two teams.
        options: The game's options (``factions`` ...).
        seed: The run's seed.
    """

    game: str
    players: int
    agents: tuple[str, ...]
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0


@dataclass(frozen=True, slots=True)
class Table:
    """One game to play.

    Attributes:
        index: The game's number in the run.
        deal: The game's seed (the deal); tables may share one to compare seatings.
        seats: The contestant (index into the run's agents) at each seat.
        agent_seeds: Each seat's agent seed.
    """

    index: int
    deal: int
    seats: tuple[int, ...]
    agent_seeds: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """One finished game.

    Attributes:
        index: The game's number in the run.
        seats: The contestant (index into the run's agents) at each seat.
        scores: ``Result.scores``.
        winners: ``Result.winners``.
        insights: The game's ``insights`` facts (empty if it has none).
        moves: Number of decisions.
        deal: The game's seed.
        details: ``Result.details`` when the run asked for them (balance reports), else
            empty: most runs need only the scores, and this keeps what crosses between
            processes small.
    """

    index: int
    seats: tuple[int, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    insights: dict[str, float]
    moves: int
    deal: int = 0
    details: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Job:
    """What every table of a run shares: the game, its options and the agents.

    Attributes:
        game: The registered game name.
        players: Seats per game.
        options: The game's options.
        agents: Agent specs, indexed by the tables' ``seats``.
        details: Whether outcomes keep the result's ``details``.
    """

    game: str
    players: int
    options: dict[str, Any]
    agents: tuple[str, ...]
    details: bool = False


def lineup(contestants: int, players: int, shift: int) -> tuple[int, ...]:
    """The contestant at each seat: contestants around the table, rotated by ``shift``.

    Rotating by one seat per game gives every contestant every seat equally often over
    ``players`` consecutive games; with two contestants and four seats they form the
    two partnerships.
    """
    table = [s % contestants for s in range(players)]
    return tuple(table[(s + shift) % players] for s in range(players))


def _matchup_table(matchup: Matchup, index: int) -> Table:
    return Table(
        index=index,
        deal=derive_seed(matchup.seed, "game", index),
        seats=lineup(len(matchup.agents), matchup.players, index % matchup.players),
        agent_seeds=tuple(
            derive_seed(matchup.seed, "agent", index, s) for s in range(matchup.players)
        ),
    )


def play_table(
    game: str,
    players: int,
    options: dict[str, Any],
    agents: Sequence[str],
    table: Table,
    *,
    details: bool = False,
) -> GameOutcome:
    """Play one table and return how it went (with the result's details if ``details``)."""
    state = new_game(game, players=players, seed=table.deal, **options)
    seated = [
        make_agent(agents[table.seats[s]], game, table.agent_seeds[s]) for s in range(players)
    ]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state.play(seated[seat].choose(state.view(seat)))
    result = state.result()
    insights_fn = game_info(game).insights
    return GameOutcome(
        index=table.index,
        seats=table.seats,
        scores=tuple(result.scores),
        winners=tuple(result.winners),
        insights=insights_fn(result) if insights_fn else {},
        moves=len(state.actions),
        deal=table.deal,
        details=result.details if details else {},
    )


def play_match(matchup: Matchup, index: int) -> GameOutcome:
    """Play game ``index`` of ``matchup`` and return how it went."""
    return play_table(
        matchup.game,
        matchup.players,
        matchup.options,
        matchup.agents,
        _matchup_table(matchup, index),
    )


def play_chunk(job: Job, tables: Sequence[Table]) -> list[GameOutcome]:
    """Play a chunk of tables of ``job``, in order: the unit of work every backend ships."""
    return [
        play_table(job.game, job.players, job.options, job.agents, t, details=job.details)
        for t in tables
    ]


def chunk_tables(
    tables: Sequence[Table], job: Job, parallel: int, size: int | None = None
) -> list[list[Table]]:
    """Split ``tables`` into the chunks a backend hands out.

    Searching agents take seconds a game: games go out one by one so the progress bar
    moves and no worker idles (a task's overhead is then well under 1% of its time).
    Fast agents go about 8 chunks per worker, at most 50 games a chunk, so the overhead
    of a task is spread over many games while the bar still moves.

    Args:
        tables: The games to play.
        job: The run (its agents decide whether games are slow).
        parallel: Workers that will play at the same time.
        size: A fixed chunk size, overriding the rule above.
    """
    if size is None:
        if any(is_slow(spec) for spec in job.agents):
            size = 1
        else:
            size = max(1, min(50, len(tables) // (max(1, parallel) * 8)))
    return [list(tables[start : start + size]) for start in range(0, len(tables), size)]


class Backend(Protocol):
    """Where the games of a run are played (``make_backend`` in ``sim/backends.py``).

    A backend plays every table and reports progress as chunks finish; the order it
    returns outcomes in does not matter (``run_tables`` sorts them).
    """

    name: str
    """``"local"`` or ``"ray"``: what the command line calls it."""

    def run(
        self, job: Job, tables: Sequence[Table], progress: Progress | None
    ) -> list[GameOutcome]:
        """Play every table of ``job``; call ``progress`` as games finish."""
        ...

    def close(self) -> None:
        """Release what the backend started (processes, a local Ray); idempotent."""
        ...


class LocalBackend:
    """This machine: in this process (one worker) or a pool of worker processes."""

    name = "local"

    def __init__(self, workers: int = 1, chunk_size: int | None = None) -> None:
        """Play on ``workers`` processes (1: in this process), chunks sized by the rule."""
        self.workers = workers
        self.chunk_size = chunk_size

    def run(
        self, job: Job, tables: Sequence[Table], progress: Progress | None
    ) -> list[GameOutcome]:
        """Play every table, in this process or the pool; report each finished chunk."""
        if self.workers <= 1 or len(tables) < 2:
            outcomes = []
            for table in tables:
                outcomes.extend(play_chunk(job, [table]))
                if progress:
                    progress(1)
            return outcomes
        results: list[GameOutcome] = []
        chunks = chunk_tables(tables, job, self.workers, self.chunk_size)
        with ProcessPoolExecutor(max_workers=self.workers) as pool:
            futures = [pool.submit(play_chunk, job, chunk) for chunk in chunks]
            for future in as_completed(futures):
                chunk = future.result()
                results.extend(chunk)
                if progress:
                    progress(len(chunk))
        return results

    def close(self) -> None:
        """Nothing to release: the pool lives only as long as one run."""


def run_tables(
    game: str,
    players: int,
    options: dict[str, Any],
    agents: Sequence[str],
    tables: Sequence[Table],
    *,
    workers: int = 1,
    progress: Progress | None = None,
    backend: Backend | None = None,
    details: bool = False,
) -> list[GameOutcome]:
    """Play every table; return the outcomes in table order.

    Args:
        game: The registered game name.
        players: Seats per game.
        options: The game's options.
        agents: Agent specs, indexed by the tables' ``seats``.
        tables: The games to play.
        workers: Processes to spread the games over (1: play here), when no
            ``backend`` is given.
        progress: Called with the number of games just finished, as they finish.
        backend: Where to play (default: this machine with ``workers`` processes).
        details: Keep each result's ``details`` in its outcome.

    Raises:
        RegencyError: (before any game is played) if the game, options or agents are bad.
    """
    for spec in agents:
        parse_spec(spec)
    # Set one game up here first, so a bad option fails at once with its own message.
    new_game(game, players=players, seed=0, **options)
    job = Job(game, players, dict(options), tuple(agents), details)
    runner = backend if backend is not None else LocalBackend(workers)
    results = runner.run(job, tables, progress)
    order = {table.index: i for i, table in enumerate(tables)}
    return sorted(results, key=lambda o: order[o.index])


def run_games(
    matchup: Matchup,
    games: int,
    *,
    workers: int = 1,
    progress: Progress | None = None,
    backend: Backend | None = None,
    details: bool = False,
) -> list[GameOutcome]:
    """Play ``games`` games of ``matchup``, seats rotating; return them in game order.

    ``workers``, ``progress``, ``backend`` and ``details`` are as for :func:`run_tables`.
    """
    tables = [_matchup_table(matchup, i) for i in range(games)]
    return run_tables(
        matchup.game,
        matchup.players,
        matchup.options,
        matchup.agents,
        tables,
        workers=workers,
        progress=progress,
        backend=backend,
        details=details,
    )
