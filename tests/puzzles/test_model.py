"""A puzzle and its set: reading, writing, answering, picking (regency.puzzles.model)."""

from __future__ import annotations

import json
import random

import pytest

import regency
from regency.core.errors import IllegalActionError
from regency.puzzles import Puzzle, PuzzleError, PuzzleSet, load_puzzles


def test_a_set_round_trips_through_its_json(mined: PuzzleSet) -> None:
    text = mined.to_json()
    again = PuzzleSet.from_json(text)
    assert again == mined
    assert again.to_json() == text
    assert text.count("\n") == len(mined) + 2  # one puzzle a line


def test_a_puzzle_is_its_seats_turn_and_its_answers_are_legal(mined: PuzzleSet) -> None:
    for puzzle in mined.puzzles:
        game = puzzle.position()
        assert game.current_player == puzzle.seat
        legal = {str(a) for a in game.legal_actions()}
        assert set(puzzle.solutions) <= legal
        assert {a.move for a in puzzle.alternatives} == legal
        wins = [a.win for a in puzzle.alternatives]
        answers = wins[: len(puzzle.solutions)]
        assert min(answers) > max(wins[len(puzzle.solutions) :], default=0.0)


def test_answering(mined: PuzzleSet) -> None:
    puzzle = mined.puzzles[0]
    right = puzzle.answer(puzzle.solutions[0])
    assert right.correct and right.win == right.best_win
    wrong_move = next(a.move for a in puzzle.alternatives if a.move not in puzzle.solutions)
    wrong = puzzle.answer(wrong_move.lower())  # any spelling the game reads
    assert not wrong.correct and wrong.move == wrong_move and wrong.win < wrong.best_win
    with pytest.raises(IllegalActionError):
        puzzle.answer("not a move")


def test_the_solver_is_shown_the_seats_view_only(mined: PuzzleSet) -> None:
    """Re-dealing what the seat cannot see changes nothing it is shown."""
    rng = random.Random(5)
    for puzzle in mined.puzzles:
        game = puzzle.position()
        shown = puzzle.view()
        for _ in range(5):
            other = game.resample_hidden(puzzle.seat, rng).view(puzzle.seat)
            assert other.observation == shown.observation
            assert [str(a) for a in other.legal_actions] == [str(a) for a in shown.legal_actions]


def edit(puzzle: Puzzle, **changes: object) -> dict[str, object]:
    data = puzzle.to_dict()
    data.update(changes)
    return data


def test_a_bad_puzzle_is_refused_saying_what_is_wrong(mined: PuzzleSet) -> None:
    puzzle = mined.puzzles[0]
    other = 1 - puzzle.seat
    cases = [
        (edit(puzzle, seat=other), "is not to move"),
        (edit(puzzle, solutions=["XX9"]), "not a legal move"),
        (edit(puzzle, solutions=[]), "not a legal move"),
        (edit(puzzle, id="c0000000000"), "id is not its position's"),
        (edit(puzzle, alternatives=[]), "its moves are not the position's"),
        (edit(puzzle, rating="hard"), "rating must be a whole number"),
        (edit(puzzle, exact="yes"), "exact must be true or false"),
        (edit(puzzle, why={"what": 1}), "not words"),
        (edit(puzzle, why=[{"texts": {"nl": "alleen"}}]), "need English"),
        (edit(puzzle, record={"game": "claim"}), "not a regency puzzle"),
        ([], "is an object"),
    ]
    for data, words in cases:
        with pytest.raises(PuzzleError, match=words):
            Puzzle.from_dict(data)


def test_a_bad_set_is_refused(mined: PuzzleSet) -> None:
    data = json.loads(mined.to_json())
    for text, words in [
        ("{", "not valid JSON"),
        (json.dumps({**data, "format": "x"}), "not a regency puzzle set"),
        (json.dumps({**data, "version": 9}), "version 9 is not supported"),
        (json.dumps({**data, "puzzles": {}}), "lists its puzzles"),
        (json.dumps({**data, "game": "kingdoms"}), "is of another game"),
    ]:
        with pytest.raises(PuzzleError, match=words):
            PuzzleSet.from_json(text)


def test_picking_takes_an_unseen_puzzle_near_the_rating(mined: PuzzleSet) -> None:
    rng = random.Random(1)
    ratings = sorted(p.rating for p in mined.puzzles)
    for target in (ratings[0], ratings[-1], 1500):
        picked = mined.pick(target, rng=rng)
        nearest = sorted(abs(p.rating - target) for p in mined.puzzles)
        assert abs(picked.rating - target) <= nearest[min(4, len(nearest) - 1)]
    seen = {p.id for p in mined.puzzles[1:]}
    assert mined.pick(1500, seen, rng).id == mined.puzzles[0].id
    every = {p.id for p in mined.puzzles}
    assert mined.pick(1500, every, rng).id in every  # all seen: any
    with pytest.raises(PuzzleError, match="no claim puzzle"):
        mined.get("c123")
    with pytest.raises(PuzzleError, match="has no puzzles"):
        PuzzleSet("claim", (), {}).pick(1500)


def test_loading_an_unknown_game_or_a_game_without_a_set_is_refused() -> None:
    with pytest.raises(PuzzleError, match="no game called"):
        load_puzzles("chess")
    assert {i.name for i in regency.available_games()}  # the games are registered


def test_a_proven_puzzle_asks_for_the_move_that_wins() -> None:
    puzzles = load_puzzles("claim").puzzles
    proven = next(p for p in puzzles if p.exact)
    estimated = next(p for p in puzzles if not p.exact)
    assert proven.task == "Find the move that wins against best play."
    assert estimated.task == "Find the move that keeps your best chance to win."
