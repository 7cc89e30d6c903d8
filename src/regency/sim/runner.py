"""Running games between agents, in this process or spread over worker processes.

A run is a list of *tables*: each names the deal's seed, the contestant at each seat and
each seat's agent seed. Every table is fully determined by the run's seed, so a run
gives the same games whatever the number of workers, and any single game can be
replayed from its record.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from regency.agents import make_agent, parse_spec
from regency.agents.base import is_slow
from regency.core.registry import game_info, new_game
from regency.core.rng import derive_seed

__all__ = ["GameOutcome", "Matchup", "Table", "lineup", "play_match", "run_games", "run_tables"]


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
    """

    index: int
    seats: tuple[int, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    insights: dict[str, float]
    moves: int
    deal: int = 0


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
    game: str, players: int, options: dict[str, Any], agents: Sequence[str], table: Table
) -> GameOutcome:
    """Play one table and return how it went."""
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


def _play_chunk(
    game: str, players: int, options: dict[str, Any], agents: Sequence[str], tables: list[Table]
) -> list[GameOutcome]:
    return [play_table(game, players, options, agents, t) for t in tables]


def run_tables(
    game: str,
    players: int,
    options: dict[str, Any],
    agents: Sequence[str],
    tables: Sequence[Table],
    *,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> list[GameOutcome]:
    """Play every table; return the outcomes in table order.

    Args:
        game: The registered game name.
        players: Seats per game.
        options: The game's options.
        agents: Agent specs, indexed by the tables' ``seats``.
        tables: The games to play.
        workers: Processes to spread the games over (1: play here).
        progress: Called with the number of games just finished, as they finish.

    Raises:
        RegencyError: (before any game is played) if the game, options or agents are bad.
    """
    for spec in agents:
        parse_spec(spec)
    # Set one game up here first, so a bad option fails at once with its own message.
    new_game(game, players=players, seed=0, **options)
    if workers <= 1 or len(tables) < 2:
        outcomes = []
        for table in tables:
            outcomes.append(play_table(game, players, options, agents, table))
            if progress:
                progress(1)
        return outcomes
    results: list[GameOutcome] = []
    # Searching agents take seconds a game: hand games out one by one so the progress
    # bar moves and no worker idles; fast agents go in chunks to save the overhead.
    size = 1 if any(is_slow(spec) for spec in agents) else None
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [
            pool.submit(_play_chunk, game, players, options, list(agents), chunk)
            for chunk in _chunks(list(tables), workers, size)
        ]
        for future in as_completed(futures):
            chunk = future.result()
            results.extend(chunk)
            if progress:
                progress(len(chunk))
    order = {table.index: i for i, table in enumerate(tables)}
    return sorted(results, key=lambda o: order[o.index])


def run_games(
    matchup: Matchup,
    games: int,
    *,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> list[GameOutcome]:
    """Play ``games`` games of ``matchup``, seats rotating; return them in game order."""
    tables = [_matchup_table(matchup, i) for i in range(games)]
    return run_tables(
        matchup.game,
        matchup.players,
        matchup.options,
        matchup.agents,
        tables,
        workers=workers,
        progress=progress,
    )


def _chunks(tables: list[Table], workers: int, size: int | None) -> Iterator[list[Table]]:
    """Chunks of ``size`` (default: about 8 per worker, at most 50 games)."""
    size = size or max(1, min(50, len(tables) // (workers * 8)))
    for start in range(0, len(tables), size):
        yield tables[start : start + size]
