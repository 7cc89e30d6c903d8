"""Mining: what makes a puzzle, judged from the seat's view only (regency.puzzles.mining)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import regency
from regency.core.record import Record
from regency.core.said import Part
from regency.core.start import replay
from regency.games.claim.solver import ClaimSolver
from regency.puzzles import Alternative, Puzzle, PuzzleSet, story
from regency.puzzles.mining import (
    EXACT_NODES,
    THRESHOLDS,
    Thresholds,
    _try_position,
    difficulty,
    holds,
    judge_moves,
    judge_spec,
    mine,
    mine_game,
    play_record,
    playouts,
    record_sources,
    rejudge,
    self_play_sources,
    solutions_of,
    thresholds_for,
)
from tests.puzzles.conftest import CHEAP


def explain(*args: Any, **kwargs: Any) -> str:
    """The explanation in English, as the set's file keeps it."""
    words: list[Part] = story.explain(*args, **kwargs)
    return story.english(words)


def figures(*wins: float) -> list[Alternative]:
    return [Alternative(f"M{i}", w) for i, w in enumerate(wins)]


@pytest.mark.parametrize(
    ("wins", "answers"),
    [
        ((0.8, 0.5, 0.3), ("M0",)),  # clear by 0.3
        ((0.8, 0.56, 0.3), ()),  # 0.24 behind: not clear enough
        ((0.8, 0.78, 0.3, 0.2, 0.1, 0.0), ("M0", "M1")),  # two equivalent answers
        ((0.8, 0.78, 0.3), ()),  # two answers of three moves: a guess, no puzzle
        ((0.8, 0.79, 0.77, 0.3, 0.2, 0.1, 0.1, 0.1, 0.1), ()),  # three answers: too many
        ((0.3, 0.0, 0.0), ()),  # the best keeps too little
        ((0.9,), ()),  # one move: nothing to find
    ],
)
def test_what_makes_a_puzzle(wins: tuple[float, ...], answers: tuple[str, ...]) -> None:
    assert solutions_of(figures(*wins), THRESHOLDS) == answers


def test_a_puzzle_holds_when_an_answer_is_best_again_by_the_margin() -> None:
    assert holds(figures(0.7, 0.5, 0.1), ("M0",))
    assert not holds(figures(0.7, 0.6, 0.1), ("M0",))  # by 0.1 only
    assert not holds(figures(0.7, 0.2), ("M1",))  # another move is best
    assert holds(figures(0.7, 0.69, 0.3), ("M0", "M1"))


def test_the_explanation_names_the_moves_in_words() -> None:
    game = regency.new_game("claim", players=2, seed=4)
    legal = [str(a) for a in game.legal_actions()]
    judged = [Alternative(m, w) for m, w in zip(legal, [0.81, 0.4, 0.1, 0.05, 0.0], strict=False)]
    text = explain(game, (legal[0],), judged)
    assert text.startswith(game.describe(legal[0]) + " is the only move")
    assert "keeps an 81% chance to win" in text
    assert f"The next best, {game.describe(legal[1])}, wins 40%" in text
    assert text.endswith(" The other 3 moves all win less than 20%.")  # not all of one kind
    some = [Alternative(m, w) for m, w in zip(legal, [0.81, 0.4, 0.3, 0.05], strict=False)]
    assert explain(game, (legal[0],), some).endswith(" 1 of the other 2 moves wins less than 20%.")
    two = [Alternative(m, w) for m, w in zip(legal, [0.81, 0.4, 0.05], strict=False)]
    assert explain(game, (legal[0],), two).endswith(" The other move wins less than 20%.")
    assert legal[0] not in text.split(":")[0] or legal[0] == game.describe(legal[0])


def test_difficulty_grows_with_the_moves_to_choose_from() -> None:
    game = regency.new_game("claim", players=2, seed=4)
    view = game.view(game.current_player)
    legal = [str(a) for a in view.legal_actions]
    judged = [Alternative(m, 0.9 - 0.1 * i) for i, m in enumerate(legal)]
    wide = [Alternative(m, 0.9 if i == 0 else 0.1) for i, m in enumerate(legal)]
    rating = difficulty(view, (legal[0],), judged)
    assert 600 <= rating <= 2500 and rating % 10 == 0
    assert difficulty(view, (legal[0],), wide) < rating  # a wide margin is easier to see
    assert difficulty(view, (legal[0], legal[1]), judged) < rating + 150


@pytest.mark.parametrize("name", [i.name for i in regency.available_games()])
def test_the_judge_sees_only_the_seats_view(name: str) -> None:
    """The same seed judges a position and a re-deal of what the seat cannot see alike."""
    record = play_record(name, 2, 8, ["random", "random"])
    game = regency.replay(record, stop=len(record.actions) // 2)
    seat = game.current_player
    assert seat is not None
    other = game.resample_hidden(seat, random.Random(2))
    th = thresholds_for(name)
    judged = [
        judge_moves(p.view(seat), worlds=2, seed=9, top=3, depth=th.depth or 4)
        for p in (game, other)
    ]
    assert judged[0] == judged[1]
    assert judge_spec(name, 2) in ("rollout:top=0,iters=2,drop=0", "playouts:iters=2")


def test_playouts_judge_every_move_or_those_asked_for_on_the_same_worlds() -> None:
    record = play_record("claim", 3, 5, ["heuristic"] * 3)
    game = regency.replay(record, stop=len(record.actions) - 6)
    view = game.view(game.current_player)
    legal = [str(a) for a in view.legal_actions]
    every = playouts(view, 6, seed=1)
    assert sorted(f.move for f in every) == sorted(legal)
    assert all(0.0 <= f.win <= 1.0 for f in every)
    assert [f.win for f in every] == sorted((f.win for f in every), reverse=True)
    assert playouts(view, 6, seed=1) == every  # seeded
    some = playouts(view, 6, seed=1, only=legal[:2])
    assert sorted(f.move for f in some) == sorted(legal[:2])
    # The same worlds for every move: a move's figure does not depend on the others judged.
    assert {f.move: f.win for f in some} == {f.move: f.win for f in every if f.move in legal[:2]}


@pytest.mark.slow  # mines the set again with two workers (36 s): CI's slow step runs it
def test_mining_is_reproducible_and_does_not_depend_on_the_workers(mined: PuzzleSet) -> None:
    sources = self_play_sources("claim", [2], 6, seed=3)
    again = mine("claim", sources, seed=3, thresholds=CHEAP)
    assert again == mined
    parallel = mine("claim", sources, seed=3, thresholds=CHEAP, workers=2)
    assert parallel.puzzles == mined.puzzles


def test_a_limit_keeps_the_first_games_puzzles(mined: PuzzleSet) -> None:
    sources = self_play_sources("claim", [2], 6, seed=3)
    seen: list[tuple[int, int, int]] = []
    first = mine(
        "claim", sources, seed=3, thresholds=CHEAP, limit=1, progress=lambda *a: seen.append(a)
    )
    assert len(first) == 1
    assert seen[-1][0] < 6  # it stopped before the last game
    assert first.puzzles[0].id in {p.id for p in mined.puzzles}


def test_recorded_games_are_mined_as_played() -> None:
    record = play_record("claim", 2, 3, ["heuristic", "heuristic"])
    sources = record_sources("claim", [record, play_record("kingdoms", 2, 1, ["random"] * 2)])
    assert len(sources) == 1 and sources[0].record == record
    puzzles = mine_game(sources[0], 3, CHEAP)
    for puzzle in puzzles:
        assert record.actions[: len(puzzle.record.actions)] == puzzle.record.actions
        assert puzzle.source == "recorded game 1"


# -- proven puzzles: 2-player Claim's phase two, where the seat sees every card ------------


def _proven_puzzles(games: int) -> list[Puzzle]:
    """Puzzles from the last tricks of 2-player heuristic games (7 cards in hand or fewer)."""
    found = []
    for seed in range(games):
        record = play_record("claim", 2, seed, ["heuristic", "heuristic"])
        for cut in range(len(record.actions) - 14, len(record.actions)):
            head = Record(
                "claim", 2, record.seed, dict(record.options), tuple(record.actions[:cut])
            )
            position = replay(head)
            seat = position.current_player
            assert seat is not None
            puzzle = _try_position(head, seat, seed, "test", CHEAP)
            if puzzle is not None:
                found.append(puzzle)
    return found


def test_a_phase_two_puzzle_at_two_players_is_proven_by_the_solver() -> None:
    """Where the seat sees every card, the answers are the solver's, not an estimate's."""
    puzzles = _proven_puzzles(8)
    assert len(puzzles) >= 3, "the test games gave too few proven puzzles to test with"
    for puzzle in puzzles:
        assert puzzle.exact
        position = puzzle.position()
        solved = ClaimSolver().move_values(position)  # the real position: it hides nothing
        assert solved is not None
        values = {str(a): v for a, v in solved.items()}
        assert {a.move: a.win for a in puzzle.alternatives} == values
        best = max(values.values())
        assert set(puzzle.solutions) == {m for m, v in values.items() if v == best}
        assert "against best play" in puzzle.explanation
        for answer in puzzle.solutions:
            assert position.describe(answer) in puzzle.explanation
        # Judged again, a proven puzzle is solved again: the same values, whatever the seed.
        again = rejudge(puzzle, seed=99)
        assert {a.move: a.win for a in again} == values
        assert Puzzle.from_dict(puzzle.to_dict()) == puzzle


def test_a_proven_puzzle_says_which_votes_every_other_card_loses() -> None:
    """The reason is the solver's: followed to the end, each other card gives those votes up."""
    reasons = [p.explanation for p in _proven_puzzles(8) if ": " in p.explanation]
    assert reasons, "no proven puzzle of the test games said what the other cards lose"
    for text in reasons:
        assert re.search(
            r"(every other card|the other card) loses (the .+ vote|the votes of .+)\.$", text
        ), text


def test_the_proving_budget_is_one_figure() -> None:
    assert Thresholds().exact_nodes == EXACT_NODES
