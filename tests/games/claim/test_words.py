"""Cards in words (issue 30): what a player reads names a card as the table does.

Codes (``DO7``) stay in notation, records and the API; refusals, hints and analyses say
``Doppelganger 7``.
"""

from __future__ import annotations

import re

import pytest

import regency
from regency import IllegalActionError
from regency.games.claim.cards import CARD_CODE, CARD_NAME, Faction, card_name
from tests.games.claim.helpers import deal

CODE = re.compile(r"\b(?:GB|KN|UN|DW|DO|GN|GI|DR|TR|SE)\d\b")


@pytest.mark.parametrize(
    ("code", "name"),
    [
        ("DO7", "Doppelganger 7"),
        ("GB0", "Goblin 0"),
        ("KN9", "Knight 9"),
        ("UN3", "Undead 3"),
        ("DW5", "Dwarf 5"),
        ("GN1", "Gnome 1"),
        ("GI9", "Giant 9"),
        ("DR0", "Dragon 0"),
        ("TR4", "Troll 4"),
        ("SE8", "Seer 8"),
        ("do7", "Doppelganger 7"),
        ("XX1", "XX1"),
    ],
)
def test_a_card_is_named_by_its_faction_and_value(code: str, name: str) -> None:
    assert card_name(code) == name


def test_every_card_has_a_name_of_its_own_faction() -> None:
    for code, name in zip(CARD_CODE, CARD_NAME, strict=True):
        faction = next(f for f in Faction if f.code == code[:2])
        assert name == f"{faction.singular} {code[2:]}"


def test_moves_in_words() -> None:
    game = deal([["GB9", "DO2"], ["GB3", "UN7"]], fill={1: ["DW", "KN"]})
    assert game.describe("GB9") == "Goblin 9"
    assert game.describe("do2") == "Doppelganger 2"
    said = [game.describe(a) for a in game.legal_actions()]
    assert "Goblin 9" in said and "Doppelganger 2" in said
    assert not any(CODE.search(w) for w in said)


def test_refusals_name_the_cards_in_words() -> None:
    """The issue's example: "you must follow Dwarves or play a Doppelganger (DW5, ...)"."""
    game = deal([["DW9"], ["DW5", "DO7", "DO8", "UN1"]], fill={1: ["GB"]})
    game.play("DW9")
    with pytest.raises(IllegalActionError) as refused:
        game.play("UN1")
    assert str(refused.value) == (
        "you must follow Dwarves or play a Doppelganger (Dwarf 5, Doppelganger 7, Doppelganger 8)"
    )
    with pytest.raises(IllegalActionError) as refused:
        game.play("KN9")
    assert str(refused.value).startswith("you have no Knight 9 in your hand; you may play: Dwarf 5")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_refusal_or_move_in_words_shows_a_code(players: int) -> None:
    """Every refusal of every card not playable, at every decision of random games."""
    import random

    for seed in range(3):
        game = regency.new_game("claim", players=players, seed=seed, factions="random")
        rng = random.Random(seed)
        while not game.is_over:
            for action in game.legal_actions():
                assert not CODE.search(game.describe(action))
            seat = game.current_player
            assert seat is not None
            if game.observation(seat)["decision"] == "take":  # a refusal quotes the text
                game.play(rng.choice(game.legal_actions()))
                continue
            # Text that is no move at all gets notation help (it quotes the text, and an
            # example such as KN9): only refusals of real cards are checked.
            for code in [*game.observation(seat)["hand"], "KN9"]:
                try:
                    game.parse_action(code)
                except IllegalActionError as exc:
                    assert not CODE.search(str(exc)), str(exc)
            game.play(rng.choice(game.legal_actions()))
