"""Kingdoms' notation: squares, every action written and read back, refusals explained."""

from __future__ import annotations

import pytest

import regency
from regency import GameOverError, IllegalActionError
from regency.games.kingdoms.actions import CASTLE, DRAW, PASS, START, TILE, KingdomsAction
from regency.games.kingdoms.board import SQUARE_NAME, square_from_name
from tests.games.kingdoms.helpers import ALL_TILES_ON_BOARD, position


def test_squares_are_row_letters_and_column_numbers() -> None:
    assert SQUARE_NAME[0] == "A1"
    assert SQUARE_NAME[5] == "A6"
    assert SQUARE_NAME[6] == "B1"
    assert SQUARE_NAME[29] == "E6"
    assert square_from_name(" c4 ") == 2 * 6 + 3
    for bad in ("F1", "A0", "A7", "4C", "", "C44"):
        assert square_from_name(bad) is None


def test_actions_print_as_their_notation() -> None:
    assert str(CASTLE[3][square_from_name("C4") or 0]) == "castle 3 C4"
    assert str(DRAW) == "draw"
    assert str(TILE[0]) == "tile A1"
    assert str(START[29]) == "start E6"
    assert str(PASS) == "pass"


@pytest.mark.parametrize("text", ["castle 3 C4", "CASTLE 3 c4", "  Castle   3   C4 "])
def test_castles_are_read_whatever_the_case_and_spacing(text: str) -> None:
    game = regency.new_game("kingdoms", players=2, seed=1, first=0)
    assert str(game.play(text)) == "castle 3 C4"


def test_after_a_draw_a_bare_square_places_the_tile() -> None:
    game = regency.new_game("kingdoms", players=2, seed=1, first=0)
    game.play("Draw")
    assert str(game.play("b2")) == "tile B2"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("castle 5 C4", "castle <rank 1-4> <square>"),
        ("castle 3 F9", "rows A-E, columns 1-6"),
        ("castle C4", "castle <rank 1-4> <square>"),
        ("tile C4", "'draw' first"),
        ("start", "start <square>"),
        ("draw now", "takes nothing after it"),
        ("pass", "pass only when you can do nothing else"),
        ("C4", "is not an action"),
        ("zz", "is not an action"),
        ("", "is not an action"),
    ],
)
def test_refusals_say_why_in_a_players_words(text: str, reason: str) -> None:
    game = regency.new_game("kingdoms", players=2, seed=1, first=0)
    before = game.to_json()
    with pytest.raises(IllegalActionError, match=reason):
        game.play(text)
    assert game.to_json() == before


def test_refusals_about_the_position() -> None:
    game = regency.new_game("kingdoms", players=2, seed=1, first=0)
    game.play("castle 4 C4")
    game.play("start A1")
    with pytest.raises(IllegalActionError, match="C4 is not empty: it holds seat 0's rank-4"):
        game.play("castle 1 C4")
    game.play("castle 1 B1")
    with pytest.raises(IllegalActionError, match="no starting tile left"):
        game.play("start A3")
    game.play("castle 2 B2")
    with pytest.raises(
        IllegalActionError,
        match="no rank-4 castle left; you hold 3 of rank 1, 3 of rank 2, 2 of rank 3",
    ):
        game.play("castle 4 D4")
    with pytest.raises(IllegalActionError, match="A1 is not empty: it holds the"):
        game.play("start A1")
    game.play("draw")
    with pytest.raises(IllegalActionError, match=r"you drew the .*: place it now"):
        game.play("castle 1 D1")
    with pytest.raises(IllegalActionError, match="B1 is not empty"):
        game.play("tile B1")


def test_an_empty_supply_cannot_be_drawn() -> None:
    game = position(board=[*ALL_TILES_ON_BOARD, ". . . . . ."], supply=[], to_move=0)
    with pytest.raises(IllegalActionError, match="supply is empty"):
        game.play("draw")


def test_actions_after_the_end_are_refused() -> None:
    game = regency.new_game("kingdoms", players=2, seed=1)
    while not game.is_over:
        game.apply(game.legal_actions()[-1])
    with pytest.raises(GameOverError):
        game.play("draw")


def test_a_replayed_record_is_the_same_game() -> None:
    game = regency.new_game("kingdoms", players=3, seed=8)
    for _ in range(40):
        game.apply(game.legal_actions()[len(game.actions) * 7 % len(game.legal_actions())])
    again = regency.replay(game.record().to_json())
    assert again.state_dict() == game.state_dict()


def test_hand_built_action_objects_are_refused_not_crashed_on() -> None:
    game = regency.new_game("kingdoms", players=2, seed=1)
    for bad in (KingdomsAction(0, 3, 9), KingdomsAction(2, 99), KingdomsAction(7, 1)):
        with pytest.raises(IllegalActionError, match="not a Kingdoms action"):
            game.play(bad)
    with pytest.raises(IllegalActionError, match="'draw' first"):
        game.play(TILE[3])
