"""The terminal screen, rendered as a person sees it (120 columns, no colour codes).

It must show the grid with the coordinates people type, the markers, face-down cards,
the squares where the card may go, the viewer's hand, the display, supplies and points,
and the final breakdown; and nothing of an opponent's hand drawn blind.
"""

from __future__ import annotations

import random
from typing import Any

from rich.console import Console

import regency
from regency.render import claim_kingdoms as screen
from regency.render import renderer_for
from tests.games.claim_kingdoms.helpers import deal, turn

FACTIONS = ["goblins", "dwarves", "gnomes", "trolls", "undead", "giants", "knights"]


def render(renderable: Any) -> str:
    console = Console(record=True, width=120, color_system=None)
    console.print(renderable)
    return console.export_text()


def mid_game() -> regency.Game:  # type: ignore[type-arg]
    """Red (seat 0) holds a Giant; blue drew a Knight blind; blue's Undead at 1,0 holds
    red's marker too (a Gnome's), and the card at -1,0 lies face down."""
    game = deal(
        "trolls",
        [["undead", "dwarves", "giants"], ["gnomes", "giants", "knights"]],
        factions=FACTIONS,
        display=["goblins", "goblins", "dwarves"],
    )
    turn(game, "1,0")
    turn(game, "1,1", "mark 1,0")
    turn(game, "-1,0")
    turn(game, "-1,1", "flip -1,0")
    return game


def test_the_renderer_is_found_by_the_games_name() -> None:
    assert renderer_for("claim-kingdoms") is screen


def test_the_board_shows_the_grid_markers_and_where_the_card_may_go() -> None:
    game = mid_game()
    text = render(screen.board(game.observation(0)))
    assert "You place your Giants on an empty square next to a card" in text
    for label in ("TRL", "UND", "GNO", "GIA", "|dwf|"):  # |dwf|: the face-down Dwarf
        assert label in text
    assert "UND RB" in text  # two markers on the Undead, told apart by letter
    for square in ("2,0", "0,-1", "1,2", "-2,1"):  # empty squares next to a card
        assert square in text
    assert "Your hand: Giants" in text
    assert "Display: Goblins Goblins Dwarves" in text
    assert "Deck: 39" in text
    assert "left" in text and "pts" in text and "now*" in text


def test_the_board_never_shows_an_opponents_hidden_hand() -> None:
    game = mid_game()
    assert game.observation(1)["hand"] == "knights"
    text = render(screen.board(game.observation(0)))
    assert "Knights" not in text.split("Display")[1].split("Last turn")[0]
    # Re-dealing what red cannot see changes nothing on red's screen.
    rng = random.Random(0)
    for _ in range(5):
        world = game.resample_hidden(0, rng)
        assert render(screen.board(world.observation(0))) == text


def test_a_seers_look_is_shown_only_to_the_seer() -> None:
    game = deal(
        "knights",
        [["goblins", "seers", "trolls"], ["goblins", "goblins", "gnomes"]],
        factions=["goblins", "dwarves", "gnomes", "trolls", "seers", "giants", "knights"],
        display=["giants", "giants", "knights"],
    )
    turn(game, "1,0")
    turn(game, "-1,0")
    game.play("place 2,0")
    game.play("look")
    mine = render(screen.board(game.observation(0)))
    theirs = render(screen.board(game.observation(1)))
    assert "You look at: Trolls Gnomes Goblins" in mine
    assert "Red looks at 3 cards of the deck" in theirs
    assert "You look at" not in theirs


def test_action_labels_explain_the_choices() -> None:
    game = mid_game()
    game.play("place -2,1")  # next to blue's Giant at -1,1
    obs = game.observation(0)
    assert [str(a) for a in game.legal_actions()] == ["flip -1,1", "pass"]
    assert (
        screen.action_label("flip -1,1", obs) == "turn the Giants face down (blue back to supply)"
    )
    assert screen.action_label("pass", obs) == "decline the power"
    game.play("pass")
    obs = game.observation(0)
    assert screen.action_label("draw", obs) == "the deck's top card (39 left)"
    assert screen.action_label("take goblins", obs) == ""


def test_scoring_labels_show_the_points() -> None:
    game = deal("knights", [["goblins", "goblins"], ["goblins"]], factions=FACTIONS)
    turn(game, "1,0")
    turn(game, "-1,0")
    game.play("place 2,0")
    assert screen.action_label("score", game.observation(0)) == "+2 points"


def test_the_result_screen_shows_the_breakdown() -> None:
    game = regency.new_game("claim-kingdoms", players=3, seed=11)
    rng = random.Random(11)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    result = game.result()
    obs = game.observation(0)
    text = render(screen.result(result.to_dict(), obs))
    assert "Final scores" in text and "from powers" in text and "from factions" in text
    assert "Winner" in text
    for score in result.scores:
        assert str(score) in text
    for entry in result.details["factions"]:
        assert screen.FACTIONS[entry["faction"]][0] in text
    board = render(screen.board(obs))
    assert "The game is over" in board


def test_every_scoring_label_is_what_the_move_scores() -> None:
    rng = random.Random(4)
    checked = 0
    for seed in range(3):
        game = regency.new_game("claim-kingdoms", players=3, seed=seed)
        while not game.is_over:
            seat = game.current_player
            obs = game.observation(seat)
            for action in game.legal_actions():
                if str(action).startswith("score"):
                    after = game.clone()
                    after.play(action)
                    gained = (
                        after.observation(seat)["power_points"][seat] - obs["power_points"][seat]
                    )
                    label = screen.action_label(str(action), obs)
                    assert label == f"+{gained} point{'s' if gained != 1 else ''}"
                    checked += 1
            game.apply(rng.choice(game.legal_actions()))
    assert checked > 5
