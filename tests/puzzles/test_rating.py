"""The solvers' Glicko-2 rating (regency.puzzles.rating)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from regency.puzzles import Rating, RatingError, expected_score
from regency.puzzles.rating import LIMITS, MIN_DEVIATION


def test_glickmans_worked_example() -> None:
    """Glickman's own example (glicko2.pdf, section 'Example calculation', tau 0.5): a
    1500 player (RD 200, volatility 0.06) beats a 1400 (RD 30) and loses to a 1550 (RD
    100) and a 1700 (RD 300): 1464.06, RD 151.52, volatility 0.05999."""
    after = Rating(1500, 200, 0.06).after_period([(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)])
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)
    assert after.tries == 3


@given(
    rating=st.floats(600, 2600),
    deviation=st.floats(MIN_DEVIATION, 350),
    puzzle=st.floats(600, 2500),
)
def test_solving_raises_and_missing_lowers_the_rating(
    rating: float, deviation: float, puzzle: float
) -> None:
    start = Rating(rating, deviation, 0.06, 4)
    up, down = start.after(puzzle, True), start.after(puzzle, False)
    assert down.rating < start.rating < up.rating
    assert up.tries == down.tries == 5
    for after in (up, down):
        # A try never leaves the rating less sure than the volatility alone makes it.
        grown = math.sqrt(deviation**2 + (after.volatility * 173.7178) ** 2)
        assert after.deviation <= max(MIN_DEVIATION, grown) + 1e-6
        assert MIN_DEVIATION <= after.deviation <= 350
        Rating.from_dict(after.to_dict())  # what it gives, it reads back


def test_a_surprise_moves_the_rating_more_than_the_expected() -> None:
    start = Rating()
    easy_win = start.after(1000, True).rating - start.rating
    hard_win = start.after(2000, True).rating - start.rating
    assert 0 < easy_win < hard_win
    assert expected_score(1500, 1000) > 0.9 > 0.1 > expected_score(1500, 2000)
    assert expected_score(1500, 1500) == pytest.approx(0.5)


def test_a_new_solver_moves_fast_and_a_settled_one_slowly() -> None:
    new = Rating()
    settled = Rating(1500, 60, 0.06, 300)
    assert abs(new.after(1500, True).rating - 1500) > 5 * abs(
        settled.after(1500, True).rating - 1500
    )


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ([], "is an object"),
        ({"rating": 1500, "deviation": 100}, "volatility must be a number"),
        ({"rating": "1500", "deviation": 100, "volatility": 0.06}, "rating must be a number"),
        ({"rating": 1e9, "deviation": 100, "volatility": 0.06}, "rating must be from 100"),
        ({"rating": float("nan"), "deviation": 100, "volatility": 0.06}, "rating must be"),
        ({"rating": 1500, "deviation": 10, "volatility": 0.06}, "deviation must be from 45"),
        ({"rating": 1500, "deviation": 100, "volatility": True}, "volatility must be a number"),
        ({"rating": 1500, "deviation": 100, "volatility": 0.06, "tries": -1}, "tries"),
    ],
)
def test_a_bad_rating_is_refused_saying_what_is_wrong(data: object, words: str) -> None:
    with pytest.raises(RatingError, match=words):
        Rating.from_dict(data)


def test_every_limit_is_a_range() -> None:
    for low, high in LIMITS.values():
        assert low < high
    assert Rating.from_dict(Rating().to_dict()) == Rating()
