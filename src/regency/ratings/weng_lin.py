"""Weng-Lin ratings for 3 and 4 players and for teams: openskill's Plackett-Luce model.

Glicko-2 rates a game between two; a 3- or 4-player game is a ranking of several sides
(a player, or a partnership in 4-player Claim). Weng and Lin's Bayesian approximation
(JMLR 12, 2011) rates such rankings, and openskill implements it; we use its
Plackett-Luce model, in which the chance of a side finishing first is
``exp(mu_side / c)`` over the sum of every side's, with ``c`` the square root of the
sum over the sides of their variance plus ``beta**2``.

**One scale with the computer levels and with Glicko-2.** The ladder rates an agent that
won a share ``p`` of the games in one seat against heuristics in the others, where ``f``
is the fair share, ``1500 + 400 * log10(odds(p) / odds(f))``
(:attr:`regency.agents.ladder.Strength.rating`). In the Plackett-Luce model with one side
``d`` above every other, ``odds(p) / odds(f) = exp(d / c)``, so the two agree exactly when
``c = 400 / ln 10`` (:data:`~regency.ratings.glicko2.SCALE`, Glicko-2's own scale) for one
player a side, and ``k`` times that when each side is ``k`` partners (a side's mu is the
sum of its players', so a partnership of two players ``d`` above is ``2 d`` above). So
``beta`` is chosen per table, ``k * SCALE / sqrt(sides)``: ratings of people, of computer
levels and of 2-player games all speak of the same strength (docs/accounts.md, "How the
scales meet"). The deviations add to ``c`` on top of that, which makes an unsure rating
move by less per unit of surprise, as Glicko-2's ``g(phi)`` does.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from regency.ratings.glicko2 import DEFAULT_DEVIATION, DEFAULT_RATING, LIMITS, SCALE

__all__ = ["TAU", "Skill", "beta_for", "rate_sides"]

TAU = DEFAULT_RATING / 300.0
"""openskill's additive dynamics on our scale (its default, ``mu / 300``): every game
widens each deviation by this much before the update, so a rating never freezes."""


@dataclass(frozen=True, slots=True)
class Skill:
    """One player's Weng-Lin rating.

    Attributes:
        mu: The rating.
        sigma: How unsure it is (the deviation, on the same scale).
    """

    mu: float = DEFAULT_RATING
    sigma: float = DEFAULT_DEVIATION


def beta_for(sides: int, side_size: int) -> float:
    """The ``beta`` that puts a table of ``sides`` sides of ``side_size`` on the Elo scale.

    With every deviation small, ``c`` is then ``side_size * SCALE`` (see the module's
    docstring).
    """
    return side_size * SCALE / math.sqrt(sides)


def rate_sides(sides: Sequence[Sequence[Skill]], ranks: Sequence[int]) -> list[list[Skill]]:
    """Every player's rating after one game between ``sides``, finished in ``ranks``.

    Args:
        sides: Each side's players' ratings (one player, or a partnership), at least two
            sides.
        ranks: Each side's place, 0 the best; equal places are a shared place.

    Returns:
        The new ratings, side by side as given (a fixed rating, such as a computer
        level's, is the caller's to keep: it is updated here like the others).
    """
    size = max(len(side) for side in sides)
    model = PlackettLuce(
        mu=DEFAULT_RATING,
        sigma=DEFAULT_DEVIATION,
        beta=beta_for(len(sides), size),
        tau=TAU,
    )
    teams = [[model.rating(mu=s.mu, sigma=s.sigma) for s in side] for side in sides]
    rated = model.rate(teams, ranks=[float(r) for r in ranks])
    low, high = LIMITS["rating"]
    lowest, highest = LIMITS["deviation"]
    return [
        [
            Skill(
                min(high, max(low, float(p.mu))),
                min(highest, max(lowest, float(p.sigma))),
            )
            for p in side
        ]
        for side in rated
    ]
