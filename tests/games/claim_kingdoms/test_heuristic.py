"""The heuristic player makes the moves a casual player would call sensible.

It decides from its seat's view only; these positions each have one clearly good move.
"""

from __future__ import annotations

import importlib
import random
from typing import Any

import regency
from regency.games.claim_kingdoms.heuristic import choose
from tests.games.claim_kingdoms.helpers import TWO, card_at, points, position


def play_turn(game: regency.Game[Any], rng: random.Random) -> None:
    """Let the heuristic play the current seat's whole turn."""
    seat = game.current_player
    while game.current_player == seat and not game.is_over:
        game.apply(choose(game.view(seat), rng))  # type: ignore[arg-type]


def test_it_flips_the_knight_that_gives_the_opponent_nine_points() -> None:
    """Blue controls the Knights (9) with one marker on the Knight at 1,0; red holds a
    Giant: flipping the Knight takes those 9 points away."""
    game = position(
        grid=[(0, 0, "goblins"), (1, 0, "knights", ["blue"]), (-1, 0, "dwarves", ["red"])],
        factions=TWO,
        hands=["giants", "goblins"],
        display=["trolls", "trolls", "trolls"],
    )
    play_turn(game, random.Random(0))
    assert card_at(game, 1, 0)["face_up"] is False


def test_it_scores_the_trolls_line_with_the_most_factions() -> None:
    """``DW(-1,0) GB(0,0) GN(1,0) DR(2,0)``: a Troll at either end of the row scores 5."""
    game = position(
        grid=[
            (0, 0, "goblins"),
            (-1, 0, "dwarves", ["blue"]),
            (1, 0, "gnomes", ["blue"]),
            (2, 0, "dragons", ["red"]),
        ],
        factions=TWO,
        hands=["trolls", "goblins"],
        display=["giants", "giants", "giants"],
    )
    play_turn(game, random.Random(0))
    assert points(game) == [5, 0]


def test_it_removes_its_opponents_markers_not_its_own() -> None:
    """Blue controls the Giants (8) and the Trolls (6) with one marker each; no square
    touches both, so the Knight goes next to the Giant and removes blue's marker."""
    game = position(
        grid=[
            (0, 0, "goblins"),
            (1, 0, "giants", ["blue"]),
            (1, 1, "dwarves", ["red"]),
            (-1, 0, "trolls", ["blue"]),
        ],
        factions=TWO,
        hands=["knights", "goblins"],
        display=["gnomes", "gnomes", "gnomes"],
    )
    play_turn(game, random.Random(0))
    mine = game.observation(None)["history"][-1]["power"]
    assert mine == ["remove 1,0 blue"]
    assert card_at(game, 1, 0)["markers"] == []
    assert card_at(game, 1, 1)["markers"] == [0]


def test_it_only_ever_chooses_legal_actions_and_beats_random_play() -> None:
    wins = 0.0
    for seed in range(16):
        game = regency.new_game("claim-kingdoms", players=2, seed=seed)
        rng = random.Random(seed)
        me = seed % 2
        while not game.is_over:
            seat = game.current_player
            if seat == me:
                action = choose(game.view(seat), rng)
                assert action in game.legal_actions()
            else:
                action = rng.choice(game.legal_actions())
            game.apply(action)
        wins += game.result().reward(me)
    assert wins >= 13


def test_kept_board_values_equal_fresh_ones_and_stay_bounded(monkeypatch: Any) -> None:
    """``Board.value`` keeps what it worked out; kept or not, the figure is the same."""
    module = importlib.import_module("regency.games.claim_kingdoms.heuristic")

    def fresh(board: Any) -> float:
        est = board.expected()
        others = [e for s, e in enumerate(est) if s != board.me]
        return float(est[board.me] - 0.75 * max(others) - 0.25 * sum(others) / len(others))

    monkeypatch.setattr(module, "_VALUES", {})
    monkeypatch.setattr(module, "_VALUES_KEPT", 40)
    for players in (2, 3, 4):
        game: Any = regency.new_game("claim-kingdoms", players=players, seed=players)
        rng = random.Random(players)
        while not game.is_over:
            for me in range(players):  # every seat judges the same board
                board = module.Board(
                    dict(game._cards),
                    dict(game._marks),
                    list(game._points),
                    me,
                    game.factions,
                    min(game._supply) <= 2,
                )
                for _ in range(2):  # worked out, then kept
                    assert board.value() == fresh(board)
                assert len(module._VALUES) <= 40
            game.apply(choose(game.view(game.current_player), rng))
