"""Ratings: one library for every rating the project keeps.

* :mod:`~regency.ratings.glicko2`: Glicko-2, for puzzle solvers (:mod:`regency.puzzles`)
  and 2-player games;
* :mod:`~regency.ratings.weng_lin`: Weng-Lin's Plackett-Luce model (openskill), for 3 and
  4 players and partnerships;
* :mod:`~regency.ratings.games`: a finished game's places, its pool, the computer
  levels' fixed ratings (from :mod:`regency.agents.ladder`), and everyone's rating after
  it.

All three speak on the Elo scale the ladder's computer levels are rated on
(docs/accounts.md, "How the scales meet"). The site keeps the ratings
(``regency.server.storage.ratings``); this package only computes them.
"""

from regency.ratings.games import (
    POOLS,
    PROVISIONAL_DEVIATION,
    PlayerRating,
    is_rated_result,
    level_rating,
    place_on_ladder,
    pool_of,
    rank_outcome,
    ranks_of,
    rate_game,
)
from regency.ratings.glicko2 import Glicko2

__all__ = [
    "POOLS",
    "PROVISIONAL_DEVIATION",
    "Glicko2",
    "PlayerRating",
    "is_rated_result",
    "level_rating",
    "place_on_ladder",
    "pool_of",
    "rank_outcome",
    "ranks_of",
    "rate_game",
]
