"""A solver's puzzle rating: Glicko-2, as Lichess rates puzzle solvers.

Each try is a game between the solver and the puzzle: solved is a win, missed a loss,
against the puzzle's rating. The solver's rating, its deviation (how unsure the rating is)
and its volatility move by the project's one Glicko-2 (:mod:`regency.ratings.glicko2`),
one try per rating period, as Lichess does for puzzles. A puzzle's rating is fixed (it
ships in the package with a deviation of :data:`PUZZLE_DEVIATION`); a solver's lives
wherever the solver keeps it: the browser's storage, a file for the terminal, or a
signed-in player's account on the server.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from regency.core.errors import RegencyError, quote
from regency.ratings import glicko2
from regency.ratings.glicko2 import (
    DEFAULT_DEVIATION,
    DEFAULT_RATING,
    DEFAULT_VOLATILITY,
    LIMITS,
    MIN_DEVIATION,
)

__all__ = [
    "DEFAULT_RATING",
    "MIN_DEVIATION",
    "PUZZLE_DEVIATION",
    "Rating",
    "RatingError",
    "expected_score",
]

PUZZLE_DEVIATION = 80.0
"""The deviation a puzzle's fixed rating is taken to have."""


class RatingError(RegencyError, ValueError):
    """A rating that is not one: a figure missing, not a number, or out of range."""


def expected_score(rating: float, puzzle: float, deviation: float = PUZZLE_DEVIATION) -> float:
    """The chance that a solver of ``rating`` solves a puzzle of rating ``puzzle`` (Glicko-2)."""
    return glicko2.expected_score(rating, puzzle, deviation)


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
        after = glicko2.Glicko2(self.rating, self.deviation, self.volatility).after_period(results)
        return Rating(after.rating, after.deviation, after.volatility, self.tries + len(results))
