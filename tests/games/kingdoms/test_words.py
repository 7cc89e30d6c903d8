"""Kingdoms' moves in words (issue 30): tiles by name, never by code (``MTN``, ``+3``)."""

from __future__ import annotations

import random

import regency


def test_moves_in_words() -> None:
    game = regency.new_game("kingdoms", players=2, seed=5)
    assert game.describe("castle 3 C4") == "place a rank-3 castle on C4"
    assert game.describe("draw") == "draw a tile"
    assert game.describe("start E6") == "place your starting tile on E6"
    game.play("draw")
    drawn = game.observation(None)["drawn"]
    names = {"MTN": "Mountain", "DRG": "Dragon", "GLD": "Gold Mine", "WIZ": "Wizard"}
    name = names.get(drawn) or ("resource " + drawn if drawn.startswith("+") else "hazard " + drawn)
    square = str(game.legal_actions()[0]).split()[1]
    assert game.describe(f"tile {square}") == f"place the tile drawn ({name}) on {square}"


def test_a_starting_tile_is_not_named_before_it_is_placed() -> None:
    """Only its owner knows it: the words are the same whatever it is."""
    game = regency.new_game("kingdoms", players=2, seed=1)
    seat = game.current_player
    assert seat is not None
    starts = [a for a in game.legal_actions() if str(a).startswith("start")]
    words = [game.describe(a) for a in starts]
    for k in range(3):
        other = game.resample_hidden(1 - seat, random.Random(k))
        assert [other.describe(a) for a in starts] == words
