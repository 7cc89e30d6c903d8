"""Turns, passes and epochs (R-K-1, R-K-3, R-K-7 to R-K-9), worked out by hand."""

from __future__ import annotations

import random
from typing import Any

import pytest

import regency
from regency import GameOptionError
from regency.games.kingdoms import insights
from tests.games.kingdoms.helpers import (
    ALL_CODES,
    ALL_TILES_ON_BOARD,
    LAST_SQUARE_OPEN,
    last_move_position,
    position,
    tiles_everywhere,
)


def notations(game: regency.Game[Any]) -> set[str]:
    return {str(a) for a in game.legal_actions()}


# -- setting up (R-K-1, R-K-3) ------------------------------------------------------------


@pytest.mark.parametrize(("players", "rank_ones"), [(2, 4), (3, 3), (4, 2)])
def test_new_game_gives_gold_castles_and_secret_starting_tiles(
    players: int, rank_ones: int
) -> None:
    game = regency.new_game("kingdoms", players=players, seed=7)
    state = game.state_dict()
    assert state["epoch"] == 1
    assert state["gold"] == [50] * players
    assert state["castles"] == [[rank_ones, 3, 2, 1]] * players
    assert all(state["starting_tiles"])
    assert len(state["supply"]) == 23 - players
    assert tiles_everywhere(state) == ALL_CODES
    assert state["turn"] == state["start_player"]


def test_first_start_player_comes_from_the_seed_or_the_option() -> None:
    starts = {regency.new_game("kingdoms", players=4, seed=s).current_player for s in range(40)}
    assert starts == {0, 1, 2, 3}
    game = regency.new_game("kingdoms", players=3, seed=1, first=2)
    assert game.current_player == 2
    assert game.options == {"first": 2}
    with pytest.raises(GameOptionError):
        regency.new_game("kingdoms", players=3, seed=1, first=3)


def test_a_turn_offers_castles_a_draw_and_the_starting_tile() -> None:
    game = regency.new_game("kingdoms", players=2, seed=3, first=0)
    legal = notations(game)
    # 4 ranks x 30 squares, a draw, 30 squares for the starting tile; no pass.
    assert len(legal) == 4 * 30 + 1 + 30
    assert {"castle 1 A1", "castle 4 E6", "draw", "start C4"} <= legal
    assert "pass" not in legal


def test_drawing_shows_the_tile_then_the_same_player_places_it() -> None:
    game = regency.new_game("kingdoms", players=2, seed=3, first=0)
    top = game.state_dict()["supply"][0]
    game.play("draw")
    assert game.current_player == 0
    obs = game.observation(1)  # the tile goes face up: the opponent sees it too
    assert (obs["decision"], obs["drawn"]) == ("place", top)
    assert notations(game) == {f"tile {r}{c}" for r in "ABCDE" for c in range(1, 7)}
    game.play("tile C4")
    assert game.current_player == 1
    assert game.state_dict()["board"][2][3] == top
    assert game.observation(1)["moves"][-1] == {
        "epoch": 1, "seat": 0, "action": "tile C4", "tile": top,
    }  # fmt: skip


def test_placing_the_starting_tile_uses_it_up() -> None:
    game = regency.new_game("kingdoms", players=2, seed=3, first=0)
    mine = game.observation(0)["starting_tile"]
    game.play("start A1")
    assert game.state_dict()["board"][0][0] == mine
    assert game.observation(1)["holds_starting_tile"] == [False, True]
    game.play("castle 1 B1")
    assert not any(n.startswith("start") for n in notations(game))


# -- passing (R-K-3) ---------------------------------------------------------------------


def test_a_player_with_nothing_to_place_must_pass_and_only_then() -> None:
    # All 23 tiles are on the board; seat 0 has no castle left and no starting tile.
    game = position(
        board=[*ALL_TILES_ON_BOARD, "S0R1 S0R1 S0R1 S1R1 . ."],
        castles=[[0, 0, 0, 0], [3, 3, 2, 1]],
        supply=[],
        to_move=0,
    )
    assert notations(game) == {"pass"}
    game.play("pass")
    assert game.current_player == 1
    assert "pass" not in notations(game)
    with pytest.raises(regency.IllegalActionError, match="pass only when"):
        game.play("pass")
    game.play("castle 4 E5")
    game.play("pass")  # seat 0 again has nothing
    assert game.observation(None)["moves"][-1]["action"] == "pass"
    game.play("castle 3 E6")  # the board is full: epoch 1 is scored
    assert game.epoch == 2
    assert len(game.scoring) == 1


def test_without_castles_or_starting_tile_the_supply_must_be_drawn() -> None:
    game = position(
        board=[*ALL_TILES_ON_BOARD[:2], ". . . . . .", ". . . . . .", ". . . . . ."],
        castles=[[0, 0, 0, 0], [4, 3, 2, 1]],
        to_move=0,
    )
    assert notations(game) == {"draw"}


# -- the end of an epoch (R-K-4, R-K-7, R-K-8) --------------------------------------------


def test_the_last_square_scores_the_epoch_and_resets_for_the_next() -> None:
    game = last_move_position([50, 50], start_player=1)
    game.play("castle 4 E6")
    # Scored as FULL_BOARD is in test_scoring: seat 0 +91, seat 1 +71.
    assert game.gold == (141, 121)
    (epoch,) = game.scoring
    assert (epoch.epoch, epoch.start_player, epoch.gold, epoch.gold_after) == (
        1, 1, (91, 71), (141, 121),
    )  # fmt: skip
    state = game.state_dict()
    # Rank-1 castles come back (3 each on the board); placed ranks 2-4 leave the game;
    # unplaced castles stay.
    assert state["castles"] == [[1 + 3, 2, 1, 0], [1 + 3, 1, 1, 0]]
    assert state["epoch"] == 2
    assert state["board"] == [[None] * 6 for _ in range(5)]
    assert all(state["starting_tiles"])
    assert len(state["supply"]) == 21
    assert tiles_everywhere(state) == ALL_CODES  # all 23 tiles shuffled back
    assert state["start_player"] == 0 and game.current_player == 0  # the richest starts


@pytest.mark.parametrize(("previous", "expected"), [(0, 0), (1, 1)])
def test_tied_richest_players_start_in_turn_order_from_the_last_start(
    previous: int, expected: int
) -> None:
    # 30 + 91 = 121 = 50 + 71: a tie, broken by turn order from the last start player.
    game = last_move_position([30, 50], start_player=previous)
    game.play("castle 4 E6")
    assert game.gold == (121, 121)
    assert game.start_player == expected == game.current_player


def test_a_position_that_cannot_fill_the_board_is_refused() -> None:
    with pytest.raises(GameOptionError, match="never be filled"):
        position(castles=[[0, 0, 0, 0], [0, 0, 0, 0]], supply=["+1"])


def test_the_third_epoch_ends_the_game_and_the_richest_wins() -> None:
    game = position(board=LAST_SQUARE_OPEN, castles=[[1, 2, 1, 0], [1, 1, 1, 1]],
                    gold=[30, 50], epoch=3, to_move=1)  # fmt: skip
    game.play("castle 4 E6")
    assert game.is_over and game.current_player is None
    result = game.result()
    assert result.scores == [121, 121]
    assert result.winners == [0, 1]  # R-K-9: a shared win
    assert result.details["epochs"][0]["gold"] == [91, 71]
    assert insights(result) == {
        "first start player won": 0.5,  # seat 0 started and shares the win
        "close finish": 1.0,
        "someone in debt": 0.0,
        "epoch 3 leader changed": 0.0,
    }


def test_gold_may_go_below_zero() -> None:
    # Seat 0's only castle, rank 2 on A1: row A is -6-5-4-3-2 = -20, so -40; column 1
    # is +1+4-1 = 4, so +8. 10 - 40 + 8 = -22 (R-K-7).
    # Seat 1 (rank 1 on E1-E4, rank 2 on E5 and E6; the Wizard on D6 raises E6 to 3):
    # row E has no tile: 0. Column 1: 4 -> +4. Columns 2 and 3: alone below a
    # Mountain: 0. Column 4: Dragon, -4 -> -4. Column 5: Gold Mine, (-3+3+6)*2 = 12,
    # rank 2 -> +24. Column 6: -2+3+6 = 7, rank 3 -> +21. 50 + 45 = 95.
    rows = [
        "S0R2 -6 -5 -4 -3 -2",
        *ALL_TILES_ON_BOARD[:2],
        "-1 MTN MTN DRG GLD WIZ",
        "S1R1 S1R1 S1R1 S1R1 S1R2 .",
    ]
    game = position(board=rows, gold=[10, 50], castles=[[4, 2, 2, 1], [0, 2, 2, 1]],
                    epoch=3, to_move=1)  # fmt: skip
    game.play("castle 2 E6")
    assert game.result().scores == [-22, 95]
    assert game.result().winners == [1]


def test_random_games_fill_the_board_three_times() -> None:
    game = regency.new_game("kingdoms", players=3, seed=99)
    rng = random.Random(0)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    assert [e.epoch for e in game.scoring] == [1, 2, 3]
    assert all(0 not in e.board for e in game.scoring)


def test_the_observation_says_the_gold_if_the_epoch_ended_now_and_the_wizards_squares() -> None:
    """Derived public facts (issue 31): the screens show them and work out no rule."""
    game = regency.new_game("kingdoms", players=3, seed=7)
    rng = random.Random(7)
    saw_wizard = False
    while not game.is_over:
        obs = game.observation(1)
        assert obs["gold_if_ended_now"] == [round(g) for g in game.estimate()]
        for epoch in obs["scoring"]:
            board = epoch["board"]
            wizard = [(r, c) for r in range(5) for c in range(6) if board[r][c] == "WIZ"]
            expected = set()
            for r, c in wizard:
                for y, x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                    if 0 <= y < 5 and 0 <= x < 6:
                        expected.add(f"{'ABCDE'[y]}{x + 1}")
            assert set(epoch["wizard_neighbours"]) == expected
            saw_wizard = saw_wizard or bool(expected)
        game.apply(rng.choice(game.legal_actions()))
    assert game.observation(0)["gold_if_ended_now"] is None
    assert saw_wizard
    epochs = game.result().details["epochs"]
    assert [e["wizard_neighbours"] for e in epochs] == [
        e["wizard_neighbours"] for e in game.observation(0)["scoring"]
    ]
