"""Round-robin arenas: every group of agents on the same deals, seats rotated.

For each group of contestants (each pair in 2 players and in 4-player partnerships,
each trio in 3 players) every deal is played once per rotation of the seats, so luck of
the deal and of the seat cancels out: in a 2-player pairing each deal is played twice,
A against B and B against A. Every group sees the same deals.

Ratings are Elo-style: a Bradley-Terry fit of all head-to-head results (a draw counts
half), on the Elo scale (400 points = 10:1 odds), centred on 1500. One virtual draw
between every two agents keeps ratings finite when one agent wins everything.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from regency.core.errors import RegencyError
from regency.core.rng import derive_seed
from regency.sim.runner import GameOutcome, Table, lineup

__all__ = ["Arena", "elo_ratings", "head_to_head", "schedule"]


@dataclass(frozen=True, slots=True)
class Arena:
    """An arena to run.

    Attributes:
        game: The registered game name.
        players: Seats per game.
        agents: The agent specs taking part (at least as many as a game needs).
        games: Games per group of contestants (rounded up to whole rotations).
        options: The game's options.
        seed: The arena's seed (deals and agents' randomness derive from it).
    """

    game: str
    players: int
    agents: tuple[str, ...]
    games: int
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0

    @property
    def per_game(self) -> int:
        """Contestants in one game: two partnerships in 4 players, else one per seat."""
        return 2 if self.players == 4 else self.players


def schedule(arena: Arena) -> list[Table]:
    """Every table of the arena: groups x deals x seat rotations.

    Raises:
        RegencyError: if there are fewer agents than a game needs.
    """
    m = arena.per_game
    if len(arena.agents) < m:
        raise RegencyError(
            f"{arena.players} players need at least {m} agents in an arena, not {len(arena.agents)}"
        )
    deals = math.ceil(arena.games / m)
    tables: list[Table] = []
    for group in itertools.combinations(range(len(arena.agents)), m):
        for deal in range(deals):
            deal_seed = derive_seed(arena.seed, "deal", deal)
            for rotation in range(m):
                seats = tuple(group[c] for c in lineup(m, arena.players, rotation))
                index = len(tables)
                tables.append(
                    Table(
                        index=index,
                        deal=deal_seed,
                        seats=seats,
                        agent_seeds=tuple(
                            derive_seed(arena.seed, "agent", index, s) for s in range(arena.players)
                        ),
                    )
                )
    return tables


def _shares(outcome: GameOutcome) -> dict[int, float]:
    """Each contestant's share of the win in one game (a team's seats add up)."""
    shares: dict[int, float] = {c: 0.0 for c in outcome.seats}
    for seat in outcome.winners:
        shares[outcome.seats[seat]] += 1.0 / len(outcome.winners)
    return shares


def head_to_head(agents: int, outcomes: Sequence[GameOutcome]) -> list[list[tuple[float, int]]]:
    """``[a][b]`` = (points a scored against b, games they met): a win 1, a draw 1/2.

    Within one game, a contestant beats another when its share of the win is larger.
    """
    table = [[(0.0, 0) for _ in range(agents)] for _ in range(agents)]
    for outcome in outcomes:
        shares = _shares(outcome)
        for a, b in itertools.permutations(shares, 2):
            if shares[a] > shares[b]:
                point = 1.0
            elif shares[a] == shares[b]:
                point = 0.5
            else:
                point = 0.0
            score, met = table[a][b]
            table[a][b] = (score + point, met + 1)
    return table


def elo_ratings(h2h: list[list[tuple[float, int]]], iterations: int = 2000) -> list[float]:
    """Elo-style ratings from head-to-head results (Bradley-Terry, minorisation-maximisation).

    Each pair that met also gets one virtual draw, so an unbeaten agent keeps a finite
    rating. Ratings are centred on 1500; agents that met nobody get 1500.
    """
    n = len(h2h)
    wins = [0.0] * n
    games = [[0.0] * n for _ in range(n)]
    for a in range(n):
        for b in range(n):
            if a != b and h2h[a][b][1]:
                wins[a] += h2h[a][b][0] + 0.5
                games[a][b] = h2h[a][b][1] + 1.0
    strength = [1.0] * n
    for _ in range(iterations):
        updated = []
        for a in range(n):
            denominator = sum(
                games[a][b] / (strength[a] + strength[b]) for b in range(n) if games[a][b]
            )
            updated.append(wins[a] / denominator if denominator else strength[a])
        norm = math.exp(sum(math.log(s) for s in updated) / n)
        strength = [s / norm for s in updated]
    return [1500.0 + 400.0 * math.log10(s) for s in strength]
