"""A solver's puzzle rating: Glicko-2, as Lichess rates puzzle solvers.

Each try is a game between the solver and the puzzle: solved is a win, missed a loss,
against the puzzle's rating. The solver's rating, its deviation (how unsure the rating is)
and its volatility move by Glickman's Glicko-2 (http://www.glicko.net/glicko/glicko2.pdf),
one try per rating period, as Lichess does for puzzles. A puzzle's rating is fixed (it
ships in the package with a deviation of :data:`PUZZLE_DEVIATION`); a solver's lives
wherever the solver keeps it: the browser's storage, or a file for the terminal.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from regency.core.errors import RegencyError, quote

__all__ = [
    "DEFAULT_RATING",
    "PUZZLE_DEVIATION",
    "Rating",
    "RatingError",
    "expected_score",
]

SCALE = 173.7178
"""Glicko-2's scale: ratings and deviations are divided by it (Glickman, step 2)."""

TAU = 0.5
"""The system constant: how fast a volatility may change (Glickman suggests 0.3 to 1.2)."""

DEFAULT_RATING = 1500.0
"""A new solver's rating."""

DEFAULT_DEVIATION = 350.0
"""A new solver's deviation: unsure, so that the first tries move the rating far."""

DEFAULT_VOLATILITY = 0.06
"""A new solver's volatility (Glickman's suggested start)."""

MIN_DEVIATION = 45.0
"""The smallest deviation a solver's rating reaches, so that it keeps moving a little."""

PUZZLE_DEVIATION = 80.0
"""The deviation a puzzle's fixed rating is taken to have."""

LIMITS = {
    "rating": (100.0, 4000.0),
    "deviation": (MIN_DEVIATION, DEFAULT_DEVIATION),
    "volatility": (0.01, 0.2),
}
"""The range each figure of a rating read from outside must fall in."""


class RatingError(RegencyError, ValueError):
    """A rating that is not one: a figure missing, not a number, or out of range."""


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def expected_score(rating: float, puzzle: float, deviation: float = PUZZLE_DEVIATION) -> float:
    """The chance that a solver of ``rating`` solves a puzzle of rating ``puzzle`` (Glicko-2)."""
    mu, mu_j = (rating - DEFAULT_RATING) / SCALE, (puzzle - DEFAULT_RATING) / SCALE
    return 1.0 / (1.0 + math.exp(-_g(deviation / SCALE) * (mu - mu_j)))


@dataclass(frozen=True, slots=True)
class Rating:
    """A solver's Glicko-2 rating.

    Attributes:
        rating: The rating (1500 to start).
        deviation: How unsure it is (350 to start, never below :data:`MIN_DEVIATION`).
        volatility: How much it is expected to swing (0.06 to start).
        tries: Puzzles tried.
    """

    rating: float = DEFAULT_RATING
    deviation: float = DEFAULT_DEVIATION
    volatility: float = DEFAULT_VOLATILITY
    tries: int = 0

    def to_dict(self) -> dict[str, Any]:
        """The rating as JSON-ready data."""
        return {
            "rating": self.rating,
            "deviation": self.deviation,
            "volatility": self.volatility,
            "tries": self.tries,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Rating:
        """Read a rating (as :meth:`to_dict` writes it), checking every figure.

        Raises:
            RatingError: if it is not a rating: not an object, a figure missing or out of
                :data:`LIMITS`.
        """
        if not isinstance(data, dict):
            raise RatingError(
                f"a rating is an object with rating, deviation and volatility, not {quote(data)}"
            )
        figures: dict[str, float] = {}
        for key, (low, high) in LIMITS.items():
            value = data.get(key)
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise RatingError(f"the rating's {key} must be a number, not {quote(value)}")
            if not (math.isfinite(value) and low <= value <= high):
                raise RatingError(
                    f"the rating's {key} must be from {low:g} to {high:g}, not {quote(value)}"
                )
            figures[key] = float(value)
        tries = data.get("tries", 0)
        if isinstance(tries, bool) or not isinstance(tries, int) or not 0 <= tries <= 10**9:
            raise RatingError(
                f"the rating's tries must be a whole number from 0, not {quote(tries)}"
            )
        return cls(figures["rating"], figures["deviation"], figures["volatility"], tries)

    def after(self, puzzle: float, solved: bool, deviation: float = PUZZLE_DEVIATION) -> Rating:
        """The rating after one try at a puzzle rated ``puzzle`` (one Glicko-2 period).

        Args:
            puzzle: The puzzle's rating.
            solved: Whether the solver found the answer.
            deviation: The puzzle rating's deviation.
        """
        return self.after_period([(puzzle, deviation, 1.0 if solved else 0.0)])

    def after_period(self, results: Sequence[tuple[float, float, float]]) -> Rating:
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
        return Rating(
            rating=min(high, max(low, DEFAULT_RATING + SCALE * mu_new)),
            deviation=min(DEFAULT_DEVIATION, max(MIN_DEVIATION, SCALE * phi_new)),
            volatility=min(LIMITS["volatility"][1], max(LIMITS["volatility"][0], sigma)),
            tries=self.tries + len(games),
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
