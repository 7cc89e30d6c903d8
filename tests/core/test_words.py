"""One rule for counts and for "You" (regency/core/words.py), and the terminal keeps it.

The screens of ``regency play`` are scanned through whole random games of every game and
player count, for every seat and a spectator, for the forms the rule rules out
(tests/bad_words.py); the pages are scanned the same way in tests/web/test_words.py.
"""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

import regency
from regency.core.words import and_list, count, plural, possessive, says, singular_verb, verb_for
from regency.render import renderer_for
from tests.bad_words import bad_forms


def test_a_count_and_its_noun_agree() -> None:
    assert [count(n, "card") for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert count(1, "Dwarf", "Dwarves") == "1 Dwarf"
    assert count(3, "Dwarf", "Dwarves") == "3 Dwarves"
    assert count(2, "try", "tries") == "2 tries"
    assert plural(1, "analysis", "analyses") == "analysis"


def test_you_take_the_plain_verb_and_another_seat_the_third_person() -> None:
    assert says("You", "lead") == "You lead"
    assert says("Seat 1", "lead") == "Seat 1 leads"
    assert says("Ann", "have") == "Ann has"
    assert says("You", "be") == "You are"
    assert says("Bob", "be") == "Bob is"
    assert says(["Ann", "Bob"], "win") == "Ann and Bob win"
    assert says(["You"], "win") == "You win"
    assert says(["Ann", "You", "Cy"], "share the win") == "Ann, You and Cy share the win"
    assert verb_for("Seat 2", "pass") == "passes"
    assert verb_for("You", "pass") == "pass"


def test_third_person_forms() -> None:
    forms = {"lead": "leads", "pass": "passes", "catch": "catches", "try": "tries",
             "play": "plays", "go": "goes", "do": "does", "have": "has"}  # fmt: skip
    assert {verb: singular_verb(verb) for verb in forms} == forms


def test_lists_and_whose() -> None:
    assert [and_list(n) for n in ([], ["Ann"], ["Ann", "Bob"], ["A", "B", "C"])] == [
        "",
        "Ann",
        "Ann and Bob",
        "A, B and C",
    ]
    assert possessive("You") == "your" and possessive("You", capital=True) == "Your"
    assert possessive("Ann") == "Ann's" and possessive("Giles") == "Giles'"


def test_the_scan_finds_each_bad_form() -> None:
    for text in (
        "Follower deck: 1 cards",
        "Supply: 1 tiles face down",
        "You leads (last Dragon)",
        "Seat 0 win with 141 gold.",
        "Starting tile: Dragon (Dragon)",
        "computer (rollout:value=net,most=96)",
        "You's hand",
    ):
        assert bad_forms(text), text
    for text in (
        "Seat 1 wins with 12 gold",
        "Ann and Seat 0 win",
        "1 card",
        "11 cards",
        "Dragon (a special tile)",
        "Strongest computer",
        "Beginner computer (red)",
        "move 1 moves",
    ):
        assert not bad_forms(text), text


def screens(game: str, players: int, seed: int) -> str:
    """Every screen of a random game, drawn for the seat to move and a spectator, then the
    result for every seat: the text a person would read."""
    console = Console(width=80, record=True, color_system=None, file=io.StringIO())
    screen = renderer_for(game)
    rng = random.Random(seed)
    played = regency.new_game(game, players=players, seed=seed)
    while not played.is_over:
        seat = played.current_player
        for viewer in (seat, None):
            console.print(screen.board(played.observation(viewer)))
        actions = played.legal_actions()
        mine = played.observation(seat)
        for action in actions[:8]:
            console.print(screen.action_label(str(action), mine), played.describe(action))
        played.play(rng.choice(actions))
    result = played.result().to_dict()
    for viewer in [*range(players), None]:
        console.print(screen.result(result, played.observation(viewer)))
    return console.export_text()


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("game", ["claim", "claim-kingdoms", "kingdoms"])
def test_no_screen_shows_a_bad_form(game: str, players: int) -> None:
    # Seeds whose games reach the forms that were wrong (Kingdoms' "Supply: 1 tiles").
    text = screens(game, players, seed=players)
    assert text
    assert bad_forms(text) == []
