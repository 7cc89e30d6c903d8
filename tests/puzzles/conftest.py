"""A few puzzles mined for the tests, cheaply: small judging budgets, Claim's quick search."""

from __future__ import annotations

import pytest

from regency.puzzles import PuzzleSet
from regency.puzzles.mining import Thresholds, mine, self_play_sources

CHEAP = Thresholds(screen_worlds=4, confirm_worlds=8, gap=0.2, hold=0.1, exact_nodes=100_000)
"""Thresholds small enough for a test: the same rules, far fewer searches."""


@pytest.fixture(scope="session")
def mined() -> PuzzleSet:
    """Claim puzzles mined from a few 2-player heuristic games (at least two of them)."""
    found = mine("claim", self_play_sources("claim", [2], 6, seed=3), seed=3, thresholds=CHEAP)
    assert len(found) >= 2, "the test games gave too few puzzles to test with"
    return found
