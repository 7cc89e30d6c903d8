"""The rating library: Glickman's worked example, the scales meeting, places and levels."""

from __future__ import annotations

import math

import pytest

from regency.agents.ladder import RATING_BASE, ladder
from regency.ratings import PlayerRating, level_rating, place_on_ladder, rank_outcome, ranks_of
from regency.ratings.games import rate_game
from regency.ratings.glicko2 import SCALE, Glicko2
from regency.ratings.weng_lin import beta_for


def test_glicko2_follows_glickmans_worked_example() -> None:
    # glicko2.pdf, the example: 1500 (RD 200, volatility 0.06, tau 0.5) beats a 1400
    # (RD 30) and loses to a 1550 (RD 100) and a 1700 (RD 300).
    after = Glicko2(1500, 200, 0.06).after_period([(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)])
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)


@pytest.mark.parametrize(("sides", "size"), [(3, 1), (4, 1), (2, 2)])
def test_weng_lin_chance_of_first_is_the_ladders_formula(sides: int, size: int) -> None:
    # Plackett-Luce (as openskill rates it): a side finishes first with weight
    # exp(mu_side / c), a side's mu the sum of its players', c the root of the sum over
    # the sides of their variance plus beta squared. One side's players d above every
    # other player, deviations tiny: the odds of first over the fair odds are then
    # 10 ** (d / 400), as the ladder rates an agent d above the heuristic (in 4-player
    # Claim, the agent in both seats of a partnership: Strength.rating, team=True).
    beta = beta_for(sides, size)
    c = math.sqrt(sides * (size * 1e-6 + beta * beta))
    d = 200.0
    weights = [math.exp(size * (1500 + d) / c)] + [math.exp(size * 1500 / c)] * (sides - 1)
    p = weights[0] / sum(weights)
    fair = 1 / sides
    rating = 400 * math.log10((p / (1 - p)) / (fair / (1 - fair)))
    assert rating == pytest.approx(d, abs=0.5)
    assert pytest.approx(400 / math.log(10), abs=1e-3) == SCALE


def test_places_winners_first_then_scores_and_leavers_last() -> None:
    assert ranks_of({"scores": [3, 7, 7], "winners": [1, 2]}, 3) == [1, 0, 0]
    assert ranks_of({"scores": [4, 2, 9, 1], "winners": [2]}, 4) == [1, 2, 0, 3]
    assert ranks_of({"scores": [5, 5, 5], "winners": [0], "left": [0]}, 3) == [1, 0, 0]
    assert rank_outcome([0, 0], 1) == "drawn"
    assert rank_outcome([1, 0, 0], 2) == "won"
    assert rank_outcome([1, 0], 0) == "lost"
    assert rank_outcome([0, 1], 0, aborted=True) == "aborted"


def test_computer_levels_keep_the_ladders_ratings() -> None:
    heuristic = level_rating("kingdoms", 2, "heuristic")
    assert heuristic is not None and heuristic.rating == RATING_BASE
    for level in ladder("claim", 3):
        fixed = level_rating("claim", 3, level.agent)
        assert fixed is not None and level.strength is not None
        assert fixed.rating == level.strength.rating and 45 <= fixed.deviation <= 350
    assert level_rating("claim", 2, "ismcts:iters=37") is None
    strongest = ladder("claim", 2)[-1]
    assert strongest.strength is not None
    assert place_on_ladder("claim", 2, 4000) == f"above Strongest {strongest.strength.rating}"


def test_a_win_raises_a_loss_lowers_and_the_computer_does_not_move() -> None:
    level = PlayerRating(1600, 60)
    won = rate_game(2, [[0], [1]], [0, 1], {0: PlayerRating()}, {1: level})
    lost = rate_game(2, [[0], [1]], [1, 0], {0: PlayerRating()}, {1: level})
    assert won[0].rating > 1500 > lost[0].rating and set(won) == {0}
    assert won[0].provisional and won[0].shown().endswith("?")
    three = rate_game(
        3, [[0], [1], [2]], [0, 1, 2], {0: PlayerRating(), 1: PlayerRating()}, {2: level}
    )
    assert three[0].rating > three[1].rating and three[0].rating > 1500
    assert set(three) == {0, 1}
    with pytest.raises(ValueError, match="every seat"):
        rate_game(2, [[0], [1]], [0, 1], {0: PlayerRating()}, {})
