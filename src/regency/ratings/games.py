"""Rating a finished game: who finished where, and everyone's rating after it.

A game is rated in its *pool*: its game and its player count, ``"2"`` for 2 players
(Glicko-2, :mod:`~regency.ratings.glicko2`) and ``"3-4"`` for 3 and 4 players
(Weng-Lin, :mod:`~regency.ratings.weng_lin`, with a 4-player partnership counted as
one side: ``Game.sides()``). A computer seat plays at its ladder level's rating
(:func:`level_rating`), which the game does not move: a person who only plays the
computer learns where they stand on the ladder's own scale.

Example:
    >>> ranks_of({"scores": [3, 5], "winners": [1]}, 2)
    [1, 0]
    >>> new = rate_game(2, [[0], [1]], [1, 0], {0: PlayerRating()}, {1: PlayerRating(1585, 60)})
    >>> round(new[0].rating), new[0].games
    (1362, 1)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from regency.agents.ladder import ladder
from regency.core.errors import RegencyError
from regency.ratings.glicko2 import (
    DEFAULT_DEVIATION,
    DEFAULT_RATING,
    DEFAULT_VOLATILITY,
    MIN_DEVIATION,
    Glicko2,
)
from regency.ratings.weng_lin import Skill, rate_sides

__all__ = [
    "POOLS",
    "PROVISIONAL_DEVIATION",
    "PlayerRating",
    "is_rated_result",
    "level_rating",
    "place_on_ladder",
    "pool_of",
    "rank_outcome",
    "ranks_of",
    "rate_game",
]

POOLS = ("2", "3-4")
"""The player-count pools a game's ratings are kept in."""

PROVISIONAL_DEVIATION = 110.0
"""A rating whose deviation is above this is provisional: shown with a ``?`` and kept off
the leaderboards (Lichess's own threshold)."""


def pool_of(players: int) -> str:
    """The pool of a table of ``players``: ``"2"`` or ``"3-4"``."""
    return "2" if players <= 2 else "3-4"


@dataclass(frozen=True, slots=True)
class PlayerRating:
    """One rating in one pool.

    Attributes:
        rating: The rating, on the Elo scale (1500 to start).
        deviation: How unsure it is (350 to start).
        volatility: Glicko-2's volatility (kept as it is by Weng-Lin's pool).
        games: Rated games played in the pool.
    """

    rating: float = DEFAULT_RATING
    deviation: float = DEFAULT_DEVIATION
    volatility: float = DEFAULT_VOLATILITY
    games: int = 0

    @property
    def provisional(self) -> bool:
        """Whether the rating is still provisional (:data:`PROVISIONAL_DEVIATION`)."""
        return self.deviation > PROVISIONAL_DEVIATION

    def shown(self) -> str:
        """The rating as people read it: ``"1612"``, or ``"1500?"`` while provisional."""
        return f"{round(self.rating)}{'?' if self.provisional else ''}"

    def to_json(self) -> dict[str, Any]:
        """The rating as JSON (figures rounded for reading)."""
        return {
            "rating": round(self.rating),
            "deviation": round(self.deviation, 1),
            "provisional": self.provisional,
            "shown": self.shown(),
            "games": self.games,
        }


def is_rated_result(result: Mapping[str, Any] | None) -> bool:
    """Whether a finished table's result can be rated.

    An aborted table (``{"aborted": true}`` in its result: the game ended before it was
    played, and nobody won) is not; any other finished result is, a resignation among
    them (the resigning side is a loser like any other).
    """
    return result is not None and not result.get("aborted", False)


def ranks_of(result: Mapping[str, Any], players: int) -> list[int]:
    """Each seat's place, 0 the best: the winners first (all sharing it), then by score.

    Seats listed in the result's ``left`` (people who left a game of 3 or 4, the
    computer finishing for them) come after everyone who stayed. Equal places are
    shared.
    """
    winners = {int(s) for s in result.get("winners", [])}
    left = {int(s) for s in result.get("left", [])}
    scores = list(result.get("scores", [0] * players))
    if len(scores) != players:
        scores = [0] * players

    def standing(seat: int) -> tuple[bool, bool, float]:
        won = seat in winners  # every winner shares the first place, whatever the scores
        return (seat in left, not won, 0.0 if won else -float(scores[seat]))

    order = sorted({standing(s) for s in range(players)})
    return [order.index(standing(s)) for s in range(players)]


def rank_outcome(ranks: Sequence[int], seat: int, aborted: bool = False) -> str:
    """``"won"`` (first place, shared or not), ``"drawn"`` (everyone first) or ``"lost"``.

    ``"aborted"`` for a game that ended before it was played (nobody won).
    """
    if aborted:
        return "aborted"
    if all(r == 0 for r in ranks):
        return "drawn"
    return "won" if ranks[seat] == 0 else "lost"


def level_rating(game: str, players: int, agent: str) -> PlayerRating | None:
    """The fixed rating of the computer level ``agent`` plays (``None``: not a level).

    The rating is the ladder's (:attr:`regency.agents.ladder.Strength.rating`); its
    deviation is the spread of its measurement: the ratings at the two ends of its 95%
    interval, apart by about four deviations (at least :data:`MIN_DEVIATION`).
    """
    try:
        levels = ladder(game, players)
    except RegencyError:
        return None
    for level in levels:
        if level.agent == agent and level.strength is not None:
            strength = level.strength
            low = replace(strength, won=strength.low).rating
            high = replace(strength, won=strength.high).rating
            spread = max(MIN_DEVIATION, min(DEFAULT_DEVIATION, (high - low) / 3.92))
            return PlayerRating(float(strength.rating), spread, DEFAULT_VOLATILITY, 0)
    return None


def rate_game(
    players: int,
    sides: Sequence[Sequence[int]],
    ranks: Sequence[int],
    people: Mapping[int, PlayerRating],
    fixed: Mapping[int, PlayerRating],
) -> dict[int, PlayerRating]:
    """The people's ratings after one finished game.

    Args:
        players: Seats at the table.
        sides: The scoring sides (each player alone, or partnerships), seats listed.
        ranks: Each seat's place (:func:`ranks_of`).
        people: The ratings of the rated seats before the game, by seat.
        fixed: The ratings of the seats that do not move (computer levels), by seat.

    Returns:
        The new rating of every seat in ``people``.

    Raises:
        ValueError: if a seat has no rating.
    """
    every = {**fixed, **people}
    if set(every) != set(range(players)):
        raise ValueError("every seat needs a rating, a person's or a computer level's")
    if players <= 2:
        out = {}
        for seat, mine in people.items():
            other = 1 - seat
            theirs = every[other]
            if ranks[seat] == ranks[other]:
                score = 0.5
            else:
                score = 1.0 if ranks[seat] < ranks[other] else 0.0
            after = Glicko2(mine.rating, mine.deviation, mine.volatility).after_period(
                [(theirs.rating, theirs.deviation, score)]
            )
            games = mine.games + 1
            out[seat] = PlayerRating(after.rating, after.deviation, after.volatility, games)
        return out
    skills = [[Skill(every[s].rating, every[s].deviation) for s in side] for side in sides]
    rated = rate_sides(skills, [min(ranks[s] for s in side) for side in sides])
    out = {}
    for side, new in zip(sides, rated, strict=True):
        for seat, skill in zip(side, new, strict=True):
            if seat in people:
                mine = people[seat]
                out[seat] = PlayerRating(
                    skill.mu,
                    skill.sigma if math.isfinite(skill.sigma) else mine.deviation,
                    mine.volatility,
                    mine.games + 1,
                )
    return out


def place_on_ladder(game: str, players: int, rating: float) -> str:
    """Where ``rating`` stands among the computer levels of ``game`` at ``players`` seats.

    ``"between Expert 1585 and Strongest 1663"``, ``"above Strongest 2029"``, ``"below
    Beginner 1207"`` or ``"at Casual 1500"``; ``""`` for a game with no measured ladder.
    """
    try:
        levels = [(lv.name, lv.strength.rating) for lv in ladder(game, players) if lv.strength]
    except RegencyError:
        return ""
    if not levels:
        return ""
    levels.sort(key=lambda pair: pair[1])
    mine = round(rating)
    below = [lv for lv in levels if lv[1] < mine]
    above = [lv for lv in levels if lv[1] > mine]
    same = [lv for lv in levels if lv[1] == mine]
    if same:
        return f"at {same[0][0]} {same[0][1]}"
    if not below:
        return f"below {above[0][0]} {above[0][1]}"
    if not above:
        return f"above {below[-1][0]} {below[-1][1]}"
    return f"between {below[-1][0]} {below[-1][1]} and {above[0][0]} {above[0][1]}"
