"""Policy-based inference: dealing worlds in proportion to how well they explain play.

A world sampler deals every world that agrees with what a seat has seen equally often.
But the rivals' moves say more than the rules do: a rival who threw their lowest card
most likely held no lower one. After Solinas, Rebstock and Buro ("Improving Search with
Supervised Learning in Trick-Based Card Games", AAAI 2019), :class:`WeightedWorlds`
deals a pool of worlds once per decision, weighs each by the game's model of play
(:meth:`~regency.core.game.Game.world_weigher`: the probability of the rivals' moves so
far in that world), and then hands out copies of the pool's worlds in proportion to
their weights, one per search iteration.

A pool is drawn from the seat's own random source, so the search stays reproducible.
"""

from __future__ import annotations

import bisect
import itertools
import random
from collections.abc import Callable
from typing import Any

from regency.core.game import Game

__all__ = ["MAX_POOL", "WeightedWorlds"]

MAX_POOL = 10_000
"""The largest pool (``ismcts:infer``): each world in it is dealt and weighed once per
decision, so the pool is the cost the setting adds (documented in docs/opponents.md)."""


class WeightedWorlds:
    """Worlds dealt in proportion to how likely they make the rivals' play.

    Args:
        sampler: Deals a consistent world per call (``SeatView.world_sampler``).
        weigh: The game's model of play (``Game.world_weigher``): a world's weight.
        pool: How many worlds to deal and weigh.
        rng: The random source the pool is dealt from.

    Attributes:
        effective: The pool's effective size, ``(sum w) ** 2 / sum w ** 2``: as many
            equally weighted worlds as the weights are worth (``pool`` when every world
            weighs the same, 1 when one world outweighs all others).
    """

    __slots__ = ("_cumulative", "_total", "_worlds", "effective")

    def __init__(
        self,
        sampler: Callable[[random.Random], Game[Any]],
        weigh: Callable[[Game[Any]], float],
        pool: int,
        rng: random.Random,
    ) -> None:
        worlds = [sampler(rng) for _ in range(pool)]
        weights = [weigh(world) for world in worlds]
        total = sum(weights)
        if not total > 0:  # no world explains the play (a model too sure of itself)
            weights = [1.0] * pool
            total = float(pool)
        self._worlds = worlds
        self._cumulative = list(itertools.accumulate(weights))
        self._total = total
        self.effective = total * total / sum(w * w for w in weights)

    def __call__(self, rng: random.Random) -> Game[Any]:
        """A copy of one of the pool's worlds, chosen in proportion to its weight."""
        i = bisect.bisect_right(self._cumulative, rng.random() * self._total)
        world = self._worlds[min(i, len(self._worlds) - 1)].clone()
        world.seed = rng.getrandbits(63)  # as a fresh deal: chance after it differs
        return world
