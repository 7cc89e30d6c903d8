"""The terminal screen, drawn from observations only, as a person would read it."""

from __future__ import annotations

import random
from typing import Any

from rich.console import Console

from regency.render import kingdoms as screen
from regency.render import renderer_for
from tests.games.kingdoms.helpers import last_move_position, position


def render(renderable: Any) -> str:
    console = Console(record=True, width=120)
    console.print(renderable)
    return console.export_text()


BOARD = [
    "+5 S1R4 . . . .",
    ". . -3 . . .",
    ". . WIZ S0R2 . .",
    ". . MTN . . .",
    ". . . . . GLD",
]


def test_the_cli_finds_this_renderer() -> None:
    assert renderer_for("kingdoms") is screen


def test_the_board_shows_tiles_castles_gold_and_the_seats_own_starting_tile() -> None:
    game = position(
        board=BOARD, starting_tiles=["DRG", "-6"], gold=[57, -4], epoch=2, to_move=0,
    )  # fmt: skip
    text = render(screen.board(game.observation(0)))
    assert "epoch 2 of 3" in text
    assert "You to move" in text
    for shown in ("+5", "-3", "MTN", "GLD", "S1♜4"):
        assert shown in text
    assert "S0♜2✦" in text  # beside the Wizard: counts one rank higher
    assert "57" in text and "-4" in text  # gold, below zero too
    assert "Your starting tile: DRG (Dragon)" in text
    assert "held" in text and "-6" not in text.split("Supply")[0]  # seat 1's tile, not its value
    assert "4/3/2/0" in text  # seat 1's castles: the rank 4 is on the board
    assert "Supply: " in text


def test_the_board_never_shows_an_opponents_starting_tile() -> None:
    # Re-dealing what seat 0 cannot see (seat 1's tile, the supply's order) must not
    # change seat 0's screen, while seat 1's own screen shows its tile.
    game = position(board=BOARD, starting_tiles=["DRG", "-6"], to_move=0, seed=3)
    mine = render(screen.board(game.observation(0)))
    assert "-6 (yours)" not in mine and "Your starting tile: -6" not in mine
    theirs = render(screen.board(game.observation(1)))
    assert "Your starting tile: -6 (hazard -6)" in theirs
    rng = random.Random(0)
    redealt = set()
    for _ in range(12):
        world = game.resample_hidden(0, rng)
        redealt.add(world.state_dict()["starting_tiles"][1])
        assert render(screen.board(world.observation(0))) == mine
    assert len(redealt) > 1


def test_the_drawn_tile_is_announced() -> None:
    game = position(board=BOARD, drawn="+6", to_move=1)
    text = render(screen.board(game.observation(0)))
    assert "Seat 1 drew +6 (resource +6) and places it" in text


def test_after_an_epoch_its_scoring_is_shown_line_by_line() -> None:
    game = last_move_position([50, 50], start_player=1)
    game.play("castle 4 E6")
    assert "Epoch 1 scoring" not in render(screen.board(game.observation(0)))
    text = render(screen.interlude(game.observation(0)))
    assert "Epoch 1 scoring" in text
    for line in ("row A", "row D", "col 2", "col 3"):
        assert line in text
    assert "6 → +48" in text  # column 2: Gold Mine doubles 4 to 8, seat 0 ranks 6
    assert "+8 Mine" in text
    assert "-1 Dragon" in text
    assert "+91" in text and "+71" in text and "141" in text and "121" in text


def test_the_result_screen_names_the_winners_and_every_epoch() -> None:
    game = position(
        board=last_move_position([50, 50], 0).observation(None)["board"],
        castles=[[1, 2, 1, 0], [1, 1, 1, 1]],
        gold=[30, 50],
        epoch=3,
        to_move=1,
    )
    game.play("castle 4 E6")
    obs = game.observation(0)
    text = render(screen.result(game.result().to_dict(), obs))
    assert "You and Seat 1 share the win with 121 gold." in text
    assert "Gold by epoch" in text
    assert "Epoch 3 scoring" in text
    assert "Final gold" in text
    end = render(screen.board(obs))
    assert "the game is over" in end


def test_action_labels_are_short_and_informative() -> None:
    game = position(board=BOARD, starting_tiles=["DRG", None], to_move=0)
    obs = game.observation(0)
    assert screen.action_label("castle 2 C2", obs) == "(Wizard: rank 3)"
    assert screen.action_label("castle 2 A3", obs) == ""
    assert screen.action_label("start A3", obs) == "(your DRG)"
    assert screen.action_label("draw", obs) == f"({obs['supply']} in the supply)"
    drawn = position(board=BOARD, drawn="-2", to_move=0).observation(0)
    assert screen.action_label("tile A3", drawn) == "(-2)"
