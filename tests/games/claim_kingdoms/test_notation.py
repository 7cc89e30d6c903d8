"""Claim Kingdoms' notation: what people type, what the game writes, and refusals.

Squares are ``x,y`` from the first card (``y`` counts up); every decision is a verb and
its arguments (see ``actions.py``). Refusals say why in the player's terms.
"""

from __future__ import annotations

import pytest

from regency import IllegalActionError
from regency.games.claim_kingdoms.actions import Action, NotationError, read_action
from regency.games.claim_kingdoms.grid import coords, parse_square, square, square_name
from tests.games.claim_kingdoms.helpers import deal, legal, turn


@pytest.mark.parametrize(("x", "y"), [(0, 0), (1, 0), (0, 1), (-1, 2), (62, -62)])
def test_squares_round_trip(x: int, y: int) -> None:
    sq = square(x, y)
    assert coords(sq) == (x, y)
    assert square_name(sq) == f"{x},{y}"
    assert parse_square(f" ( {x} , {y} ) ") == sq


def test_squares_sort_in_reading_order() -> None:
    """Top row first (highest y), each row left to right."""
    names = ["0,1", "-1,0", "1,0", "0,-1"]
    assert sorted(names, key=lambda n: parse_square(n) or 0) == names


@pytest.mark.parametrize("text", ["", "1", "a,b", "1,2,3", "500,0"])
def test_bad_squares_are_not_squares(text: str) -> None:
    assert parse_square(text) is None


@pytest.mark.parametrize(
    ("typed", "written"),
    [
        ("place 1,0", "place 1,0"),
        ("  PLACE   1 , 0 ", "place 1,0"),
        ("1,0", "place 1,0"),
        ("(-1,2)", "place -1,2"),
        ("Score", "score"),
        ("score ROW", "score row"),
        ("score col", "score column"),
        ("mark 0,1", "mark 0,1"),
        ("remove 0,1 Blue", "remove 0,1 blue"),
        ("remove 0,1 b", "remove 0,1 blue"),
        ("swap 2,-1 r", "swap 2,-1 red"),
        ("flip 0 ,1", "flip 0,1"),
        ("copy Troll", "copy trolls"),
        ("copy DO", "copy doppelgangers"),
        ("take dwarf", "take dwarves"),
        ("take deck", "draw"),
        ("DRAW", "draw"),
        ("look", "look"),
        ("keep seer", "keep seers"),
        ("pass", "pass"),
    ],
)
def test_notation_is_read_in_any_case_and_spacing(typed: str, written: str) -> None:
    action = read_action(typed, 2)
    assert str(action) == written
    assert read_action(str(action), 2) == action


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("", "an empty move"),
        ("hello", "is not a move"),
        ("place", "write place and a square"),
        ("remove 0,1 purple", "write remove, a square and a colour"),
        ("remove 0,1 green", r"colour \(red, blue\)"),
        ("take elves", "write take and a faction"),
        ("score diagonal", "write 'score', 'score row' or 'score column'"),
        ("draw 2", "'draw' takes nothing after it"),
    ],
)
def test_malformed_notation_says_what_is_expected(typed: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        read_action(typed, 2)


def test_actions_are_tuples_with_notation_as_their_str() -> None:
    action = Action(4, square(0, 1), 1)
    assert str(action) == "remove 0,1 blue"
    assert repr(action) == "Action('remove 0,1 blue')"


def test_the_game_reads_notation_and_returns_its_own_actions() -> None:
    game = deal("knights", [["goblins"], ["dwarves"]])
    action = game.parse_action(" 1 , 0 ")
    assert action is game.legal_actions()[2]
    assert game.play("PLACE 1,0") == action


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        ("flip 0,1", "it is time to place your card"),
        ("take goblins", "it is time to place your card"),
        ("zz", "is not a move"),
        ("place 0,0", "0,0 already holds a card"),
        ("place 5,5", "does not share a side with any card"),
    ],
)
def test_refusals_at_the_placement_say_why(move: str, reason: str) -> None:
    game = deal("knights", [["goblins"], ["dwarves"]])
    before = game.to_json()
    with pytest.raises(IllegalActionError, match=reason):
        game.play(move)
    assert game.to_json() == before


def test_refusals_for_powers_say_why() -> None:
    """A Knight at 2,0 next to red's Goblin at 1,0, which also holds blue's marker."""
    game = deal("knights", [["goblins", "knights"], ["gnomes"]])
    turn(game, "1,0")
    turn(game, "1,1", "mark 1,0")
    game.play("place 2,0")
    cases = {
        "remove 3,0 blue": "there is no card at 3,0",
        "remove 1,1 blue": "does not share a side with your card",
        "flip 1,0": "the Knights power does not flip",
        "score": "the Knights power does not score",
        "copy goblins": "only a Doppelganger copies a power",
        "take goblins": "it is time to use the Knights power or pass",
    }
    for move, reason in cases.items():
        with pytest.raises(IllegalActionError, match=reason):
            game.play(move)
    game.play("remove 1,0 blue")
    with pytest.raises(IllegalActionError, match="holds no blue marker"):
        game.play("remove 1,0 blue")


def test_refusals_for_trolls_and_takes_say_why() -> None:
    game = deal("knights", [["trolls"], ["dwarves"]], display=["goblins", "giants", "gnomes"])
    game.play("place 1,0")
    with pytest.raises(IllegalActionError, match="choose 'score row' or 'score column'"):
        game.play("score")
    game.play("score row")
    with pytest.raises(IllegalActionError, match="the display holds no Dwarves"):
        game.play("take dwarves")
    with pytest.raises(IllegalActionError, match="only a Seer, or a Doppelganger copying one"):
        game.play("look")
    with pytest.raises(IllegalActionError, match="it is time to take a new card"):
        game.play("keep goblins")


def test_every_refusal_lists_what_is_legal() -> None:
    game = deal("knights", [["goblins"], ["dwarves"]])
    with pytest.raises(IllegalActionError, match=r"legal now: place 0,1, place -1,0"):
        game.play("pass")


def test_objects_that_are_not_actions_are_refused() -> None:
    game = deal("knights", [["goblins"], ["dwarves"]])
    with pytest.raises(IllegalActionError, match="not a Claim Kingdoms action"):
        game.play((0, square(5, 0), 0))  # type: ignore[arg-type]
    assert legal(game)[0] == "place 0,1"


def test_a_tuple_equal_to_a_legal_action_plays_that_action() -> None:
    game = deal("knights", [["goblins"], ["dwarves"]])
    taken = game.play((0, square(1, 0), 0))  # type: ignore[arg-type]
    assert str(taken) == "place 1,0" and game.actions == (taken,)
