"""What a power would do, said before it is done (issue 30): ``power_effects`` and words.

The observation lists, at a power decision, each legal move's points, the cards it counts
or acts on, and the factions whose control it changes; ``Game.describe`` says any move in
words. Scenarios are counted by hand from the grid in each docstring (x right, y up); a
property test checks every figure against the move actually played, in random games.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import regency
from regency.games.claim_kingdoms import ClaimKingdomsState
from tests.games.claim_kingdoms.helpers import TWO, decision_of, legal, position, rest_of


def effects(game: Any) -> dict[str, dict[str, Any]]:
    return {e["move"]: e for e in game.observation(None)["power_effects"]}


def knights_game() -> ClaimKingdomsState:
    """``TR(0,0 blue)  GB(1,0 red blue)`` over ``DW(0,-1 red)``; red places a Knight at 1,-1.

    ::

        y= 0   TR(b)   GB(r,b)
        y=-1   DW(r)   [KN 1,-1]
    """
    hands = ["knights", "giants"]
    display = ["gnomes"] * 3
    game = position(
        grid=[
            (0, 0, "trolls", ["blue"]),
            (1, 0, "goblins", ["red", "blue"]),
            (0, -1, "dwarves", [0]),
        ],
        factions=TWO,
        hands=hands,
        display=display,
        deck=rest_of(TWO, "trolls", "goblins", "dwarves", hands, display),
    )
    game.play("place 1,-1")
    return game


def test_a_knight_says_which_markers_it_may_remove_and_whose_control_that_changes() -> None:
    game = knights_game()
    assert legal(game) == ["remove 1,0 red", "remove 1,0 blue", "remove 0,-1 red", "pass"]
    found = effects(game)
    assert found["remove 1,0 blue"] == {
        "move": "remove 1,0 blue",
        "points": 0,
        "cards": [[1, 0]],
        "control": [{"faction": "goblins", "before": [0, 1], "after": [0]}],
    }
    assert found["remove 1,0 red"]["control"] == [
        {"faction": "goblins", "before": [0, 1], "after": [1]}
    ]
    assert found["remove 0,-1 red"]["control"] == [
        {"faction": "dwarves", "before": [0], "after": []}
    ]
    assert found["pass"] == {"move": "pass", "points": 0, "cards": [], "control": []}
    assert game.describe("remove 1,0 blue") == "remove the blue marker from the Goblins at 1,0"
    assert game.describe("pass") == "pass: do not use the Knights power"
    game.play("remove 1,0 blue")  # a second marker may follow
    assert game.describe("pass") == "remove no second marker"


def test_dwarves_name_the_dwarves_that_score() -> None:
    """``[DW -1,0]  DW(0,0)  DW(1,0 blue)``, a Goblin above the middle one: 3 points."""
    hands = ["dwarves", "giants"]
    display = ["gnomes"] * 3
    game = position(
        grid=[(0, 0, "dwarves"), (1, 0, "dwarves", ["blue"]), (0, 1, "goblins")],
        factions=TWO,
        hands=hands,
        display=display,
        deck=rest_of(TWO, "dwarves", "dwarves", "goblins", hands, display),
    )
    assert game.describe("place -1,0") == "place Dwarves at -1,0"
    game.play("place -1,0")
    assert effects(game)["score"] == {
        "move": "score",
        "points": 3,
        "cards": [[-1, 0], [0, 0], [1, 0]],
        "control": [],
    }
    assert game.describe("score") == "score 3 points with the Dwarves"


def test_trolls_name_each_line_and_its_points() -> None:
    """``[TR -1,0]  DW(0,0)  GI(1,0)``: the row scores 3 (three factions), the column 1."""
    hands = ["trolls", "knights"]
    display = ["gnomes"] * 3
    game = position(
        grid=[(0, 0, "dwarves"), (1, 0, "giants")],
        factions=TWO,
        hands=hands,
        display=display,
        deck=rest_of(TWO, "dwarves", "giants", hands, display),
    )
    game.play("place -1,0")
    found = effects(game)
    assert found["score row"]["points"] == 3
    assert found["score row"]["cards"] == [[-1, 0], [0, 0], [1, 0]]
    assert found["score column"]["points"] == 1
    assert game.describe("score row") == "score the row: 3 points"
    assert game.describe("score column") == "score the column: 1 point"


def test_nothing_is_listed_outside_a_power_decision() -> None:
    game = knights_game()
    game.play("pass")
    assert decision_of(game) == "take"
    assert game.observation(None)["power_effects"] == []
    assert game.describe("draw") == "draw the top card of the deck"
    assert game.describe("take gnomes") == "take Gnomes from the display"
    assert game.describe("not a move") == "not a move"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_figure_is_what_the_move_then_does_and_every_seat_sees_the_same(
    players: int,
) -> None:
    """In random games: the points gained, the controllers after, the same for all."""
    checked = 0
    for seed in range(6):
        game = regency.new_game("claim-kingdoms", players=players, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            seen = game.observation(None)
            listed = seen["power_effects"]
            if seen["decision"] != "power":
                assert listed == []
            else:
                seat = game.current_player
                assert [e["move"] for e in listed] == legal(game)
                for other in range(players):  # public: the same in every seat's view
                    assert game.observation(other)["power_effects"] == listed
                before = {e["faction"]: e["controllers"] for e in seen["standing"]}
                for effect in listed:
                    after_game = game.clone()
                    after_game.play(effect["move"])
                    after = after_game.observation(None)
                    gained = after["power_points"][seat] - seen["power_points"][seat]
                    assert gained == effect["points"], effect
                    now = {e["faction"]: e["controllers"] for e in after["standing"]}
                    changed = [
                        {"faction": f, "before": before[f], "after": now[f]}
                        for f in seen["factions"]
                        if before[f] != now[f]
                    ]
                    assert effect["control"] == changed, effect
                    checked += 1
            game.play(rng.choice(game.legal_actions()))
    assert checked > 50


def test_words_never_hide_a_code_and_follow_the_notation() -> None:
    for seed in range(3):
        game = regency.new_game("claim-kingdoms", players=2, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            for action in game.legal_actions():
                words = game.describe(action)
                assert words == game.describe(str(action))
                assert words and words != str(action)
            game.play(rng.choice(game.legal_actions()))
