"""The heuristic player: sensible choices in set positions, and better than random."""

from __future__ import annotations

import random

import pytest

import regency
from regency.games.kingdoms.heuristic import choose
from tests.games.kingdoms.helpers import position

OPEN_BOARD = [
    "S1R4 +5 . . . .",
    ". . . . . .",
    ". . . . . .",
    "S0R3 +4 . . . .",
    ". . . . . .",
]


def pick(game: regency.Game[object], seed: int = 0) -> str:
    seat = game.current_player
    assert seat is not None
    action = choose(game.view(seat), random.Random(seed))
    assert action in game.legal_actions()
    return str(action)


@pytest.mark.parametrize("seed", range(5))
def test_a_drawn_hazard_goes_where_only_the_opponent_has_castles(seed: int) -> None:
    # Seat 1's rank-4 castle is in row A; ours (rank 3) in row D; both in column 1.
    game = position(board=OPEN_BOARD, drawn="-6", to_move=0)
    assert pick(game, seed) in {"tile A3", "tile A4", "tile A5", "tile A6"}


@pytest.mark.parametrize("seed", range(5))
def test_a_drawn_resource_goes_beside_our_own_castle(seed: int) -> None:
    game = position(board=OPEN_BOARD, drawn="+6", to_move=0)
    assert pick(game, seed) in {"tile D3", "tile D4", "tile D5", "tile D6"}


def test_a_castle_goes_to_the_richest_line() -> None:
    # Three squares left: A5 in a +22 row, B5 in a -18 row, C5 in a +6 part; all three
    # share column 5 (-1). Seat 0 can only place a rank-1 castle.
    game = position(
        board=[
            "+6 +6 +5 +5 . S1R1",
            "-6 -5 -4 -3 . S1R1",
            "+1 +1 +2 +2 . MTN",
            "+3 +3 +4 +4 -1 -2",
            "MTN DRG GLD WIZ S1R1 S1R1",
        ],
        castles=[[4, 0, 0, 0], [0, 3, 2, 1]],
        supply=[],
        to_move=0,
    )
    assert {str(a) for a in game.legal_actions()} == {"castle 1 A5", "castle 1 B5", "castle 1 C5"}
    assert pick(game) == "castle 1 A5"


@pytest.mark.parametrize("seed", range(6))
def test_the_starting_tile_is_kept_in_reserve_on_an_empty_board(seed: int) -> None:
    game = regency.new_game("kingdoms", players=2, seed=seed)
    assert not pick(game, seed).startswith("start")


def test_heuristic_games_are_legal_and_end() -> None:
    for players in (2, 3, 4):
        game = regency.new_game("kingdoms", players=players, seed=players)
        rng = random.Random(players)
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            game.play(choose(game.view(seat), rng))
        assert len(game.result().details["epochs"]) == 3


@pytest.mark.parametrize("players", [2, 4])
def test_the_heuristic_beats_random_players(players: int) -> None:
    games = 16
    share = 0.0
    for i in range(games):
        game = regency.new_game("kingdoms", players=players, seed=500 + i)
        me = i % players
        rng = random.Random(i)
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            if seat == me:
                game.apply(choose(game.view(seat), rng))
            else:
                game.apply(rng.choice(game.legal_actions()))
        share += game.result().reward(me)
    assert share / games >= 0.75
