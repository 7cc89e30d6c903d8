"""Puzzles from real games: find the move that keeps the game.

Positions from this project's own games where, judged from the deciding seat's view, one
move (or a few equivalent ones) keeps a much higher win chance than every other legal
move (:mod:`~regency.puzzles.mining`), shipped per game in ``regency/puzzles/data``, with
a solver's Glicko-2 rating (:mod:`~regency.puzzles.rating`)::

    >>> from regency.puzzles import load_puzzles, Rating
    >>> puzzle = load_puzzles("claim").puzzles[0]
    >>> view = puzzle.view()                 # what the solver may see, nothing more
    >>> verdict = puzzle.answer(puzzle.solutions[0])
    >>> verdict.correct
    True
    >>> Rating().after(puzzle.rating, verdict.correct).tries
    1

``docs/puzzles.md`` describes the mining, the sets and the ratings.
"""

from regency.puzzles.model import (
    Alternative,
    Puzzle,
    PuzzleError,
    PuzzleSet,
    Verdict,
    load_puzzles,
    puzzle_id,
)
from regency.puzzles.rating import Rating, RatingError, expected_score

__all__ = [
    "Alternative",
    "Puzzle",
    "PuzzleError",
    "PuzzleSet",
    "Rating",
    "RatingError",
    "Verdict",
    "expected_score",
    "load_puzzles",
    "puzzle_id",
]
