"""Glicko-2: a rating, how unsure it is, and how much it swings (Glickman, 2012).

The one Glicko-2 of the project: puzzle solvers are rated by it against each puzzle's
fixed rating (:mod:`regency.puzzles.rating`), and players at 2-player tables against each
other and against the computer levels (:mod:`regency.ratings.games`). It follows
http://www.glicko.net/glicko/glicko2.pdf step by step, one game per rating period, as
Lichess rates its games and puzzles.

Its scale is Elo's: a rating 400 points above another expects ten wins to one, and the
computer levels' ratings (:attr:`regency.agents.ladder.Strength.rating`, ``400 *
log10`` of the odds of winning) are on the same scale, so a level's figure is an
opponent's rating as it stands.

Example:
    >>> after = Glicko2().after_period([(1700.0, 60.0, 1.0)])  # a new player beats 1700
    >>> round(after.rating), round(after.deviation)
    (1804, 267)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = [
    "DEFAULT_DEVIATION",
    "DEFAULT_RATING",
    "DEFAULT_VOLATILITY",
    "LIMITS",
    "MIN_DEVIATION",
    "SCALE",
    "TAU",
    "Glicko2",
    "expected_score",
]

SCALE = 173.7178
"""Glicko-2's scale: ratings and deviations are divided by it (Glickman, step 2).
It is ``400 / ln 10``: the Elo scale's."""

TAU = 0.5
"""The system constant: how fast a volatility may change (Glickman suggests 0.3 to 1.2)."""

DEFAULT_RATING = 1500.0
"""A newcomer's rating."""

DEFAULT_DEVIATION = 350.0
"""A newcomer's deviation: unsure, so that the first games move the rating far."""

DEFAULT_VOLATILITY = 0.06
"""A newcomer's volatility (Glickman's suggested start)."""

MIN_DEVIATION = 45.0
"""The smallest deviation a rating reaches, so that it keeps moving a little."""

LIMITS = {
    "rating": (100.0, 4000.0),
    "deviation": (MIN_DEVIATION, DEFAULT_DEVIATION),
    "volatility": (0.01, 0.2),
}
"""The range each figure is held to (and a figure read from outside must fall in)."""


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def expected_score(rating: float, opponent: float, deviation: float) -> float:
    """The chance that ``rating`` beats ``opponent``, whose deviation is ``deviation``."""
    mu, mu_j = (rating - DEFAULT_RATING) / SCALE, (opponent - DEFAULT_RATING) / SCALE
    return 1.0 / (1.0 + math.exp(-_g(deviation / SCALE) * (mu - mu_j)))


@dataclass(frozen=True, slots=True)
class Glicko2:
    """A Glicko-2 rating.

    Attributes:
        rating: The rating (1500 to start).
        deviation: How unsure it is (350 to start, never below :data:`MIN_DEVIATION`).
        volatility: How much it is expected to swing (0.06 to start).
    """

    rating: float = DEFAULT_RATING
    deviation: float = DEFAULT_DEVIATION
    volatility: float = DEFAULT_VOLATILITY

    def after_period(self, results: Sequence[tuple[float, float, float]]) -> Glicko2:
        """The rating after a rating period of ``results`` (Glickman's steps 2 to 8).

        Args:
            results: Each game of the period as (the opponent's rating, its deviation,
                the score: 1 won, 0 lost, 0.5 drawn); at least one.
        """
        mu, phi = (self.rating - DEFAULT_RATING) / SCALE, self.deviation / SCALE
        games = []
        for rating, deviation, score in results:
            g = _g(deviation / SCALE)
            expected = 1.0 / (1.0 + math.exp(-g * (mu - (rating - DEFAULT_RATING) / SCALE)))
            games.append((g, expected, score))
        v = 1.0 / sum(g * g * e * (1.0 - e) for g, e, _ in games)
        improvement = sum(g * (s - e) for g, e, s in games)
        sigma = _volatility(phi, self.volatility, v * improvement, v)
        phi_star = math.sqrt(phi * phi + sigma * sigma)
        phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
        mu_new = mu + phi_new * phi_new * improvement
        low, high = LIMITS["rating"]
        return Glicko2(
            rating=min(high, max(low, DEFAULT_RATING + SCALE * mu_new)),
            deviation=min(DEFAULT_DEVIATION, max(MIN_DEVIATION, SCALE * phi_new)),
            volatility=min(LIMITS["volatility"][1], max(LIMITS["volatility"][0], sigma)),
        )


def _volatility(phi: float, sigma: float, delta: float, v: float) -> float:
    """The new volatility: the root of Glickman's step 5, by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (
            x - a
        ) / (TAU * TAU)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        big_b = a - k * TAU
    fa, fb = f(big_a), f(big_b)
    for _ in range(100):  # converges in a handful of steps; the cap only guards the loop
        if abs(big_b - big_a) <= 1e-6:
            break
        big_c = big_a + (big_a - big_b) * fa / (fb - fa)
        fc = f(big_c)
        if fc * fb <= 0:
            big_a, fa = big_b, fb
        else:
            fa /= 2.0
        big_b, fb = big_c, fc
    return math.exp(big_a / 2.0)
