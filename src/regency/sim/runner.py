"""Running games between agents, in this process or spread over worker processes.

Game ``i`` of a run is fully determined by the run's seed and ``i``: its deal comes from
``derive_seed(seed, "game", i)`` and each agent's randomness from
``derive_seed(seed, "agent", i, seat)``, so a run gives the same games whatever the
number of workers, and any single game can be replayed from its record.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from regency.agents import make_agent, parse_spec
from regency.core.registry import game_info, new_game
from regency.core.rng import derive_seed

__all__ = ["GameOutcome", "Matchup", "lineup", "play_match", "run_games"]


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
class GameOutcome:
    """One finished game.

    Attributes:
        index: The game's number in the run.
        seats: The contestant (index into ``Matchup.agents``) at each seat.
        scores: ``Result.scores``.
        winners: ``Result.winners``.
        insights: The game's ``insights`` facts (empty if it has none).
        moves: Number of decisions.
    """

    index: int
    seats: tuple[int, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    insights: dict[str, float]
    moves: int


def lineup(matchup: Matchup, index: int) -> tuple[int, ...]:
    """The contestant at each seat in game ``index``: agents around the table, rotated.

    Rotating by one seat per game gives every contestant every seat equally often over
    ``players`` consecutive games.
    """
    k = len(matchup.agents)
    table = [s % k for s in range(matchup.players)]
    shift = index % matchup.players
    return tuple(table[(s + shift) % matchup.players] for s in range(matchup.players))


def play_match(matchup: Matchup, index: int) -> GameOutcome:
    """Play game ``index`` of ``matchup`` and return how it went."""
    seed = derive_seed(matchup.seed, "game", index)
    game = new_game(matchup.game, players=matchup.players, seed=seed, **matchup.options)
    seats = lineup(matchup, index)
    agents = [
        make_agent(
            matchup.agents[seats[s]], matchup.game, derive_seed(matchup.seed, "agent", index, s)
        )
        for s in range(matchup.players)
    ]
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        game.play(agents[seat].choose(game.view(seat)))
    result = game.result()
    insights_fn = game_info(matchup.game).insights
    return GameOutcome(
        index=index,
        seats=seats,
        scores=tuple(result.scores),
        winners=tuple(result.winners),
        insights=insights_fn(result) if insights_fn else {},
        moves=len(game.actions),
    )


def _play_chunk(matchup: Matchup, indices: list[int]) -> list[GameOutcome]:
    return [play_match(matchup, i) for i in indices]


def run_games(
    matchup: Matchup,
    games: int,
    *,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> list[GameOutcome]:
    """Play ``games`` games of ``matchup``; return their outcomes in game order.

    Args:
        matchup: What to play.
        games: How many games.
        workers: Processes to spread the games over (1: play here).
        progress: Called with the number of games just finished, as they finish.

    Raises:
        RegencyError: (before any game is played) if the game, options or agents are bad.
    """
    for spec in matchup.agents:
        parse_spec(spec)
    # Set one game up here first, so a bad option fails at once with its own message.
    new_game(matchup.game, players=matchup.players, seed=matchup.seed, **matchup.options)
    if workers <= 1 or games < 2:
        outcomes = []
        for i in range(games):
            outcomes.append(play_match(matchup, i))
            if progress:
                progress(1)
        return outcomes
    results: list[GameOutcome] = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(_play_chunk, matchup, chunk) for chunk in _chunks(games, workers)]
        for future in as_completed(futures):
            chunk = future.result()
            results.extend(chunk)
            if progress:
                progress(len(chunk))
    return sorted(results, key=lambda o: o.index)


def _chunks(games: int, workers: int) -> Iterator[list[int]]:
    """Small chunks (about 8 per worker) so the progress bar moves and loads balance."""
    size = max(1, min(50, games // (workers * 8)))
    for start in range(0, games, size):
        yield list(range(start, min(games, start + size)))
