"""Each faction's power, on stacked deals played turn by turn.

The rulebook's examples with numbers (seeds/000) are rebuilt square by square; every
expected number is counted by hand from the grid drawn in each test's docstring (x to
the right, y up, the first card at 0,0). Rulings are those of RULINGS.md.
"""

from __future__ import annotations

import pytest

from regency import IllegalActionError
from tests.games.claim_kingdoms.helpers import (
    Game,
    card_at,
    column,
    controllers,
    deal,
    decision_of,
    legal,
    points,
    position,
    rest_of,
    supplies,
    turn,
)

# -- Goblins -----------------------------------------------------------------------------


def test_goblins_score_each_goblin_with_the_players_marker_rulebook_example() -> None:
    """Yellow places a Goblin and scores 2 (seed example): here red.

    ``GB(-1,0 blue)  KN(0,0)  GB(1,0 red)  [GB 2,0 red]``: red's Goblins are 1,0 and the
    one just placed; blue's Goblin does not count for red.
    """
    game = deal("knights", [["goblins", "goblins"], ["goblins"]])
    turn(game, "1,0")
    turn(game, "-1,0")
    game.play("place 2,0")
    assert legal(game) == ["score", "pass"]
    game.play("score")
    assert points(game) == [2, 0]


def test_a_first_goblin_scores_itself() -> None:
    game = deal("knights", [["goblins"], ["dwarves"]])
    turn(game, "1,0", "score")
    assert points(game) == [1, 0]


# -- Dwarves (R-CK-2) ------------------------------------------------------------------


def test_dwarves_score_the_dwarves_in_row_and_column_rulebook_example() -> None:
    """Red places a Dwarf and scores 4 (seed example).

    ::

        y= 1   DW(-2,1)  DW(-1,1)  [DW 0,1]   .       DW(2,1)
        y= 0             GI(-1,0)  KN(0,0)   KN(1,0)  TR(2,0)
        y=-1             DW(-1,-1) DW(0,-1)

    Row y=1 runs -2..0 (1,1 is a gap, so 2,1 is out): 3 Dwarves with the new one.
    Column x=0 runs 1..-1: the Dwarf at 0,-1. The one at -1,-1 is diagonal. 3 + 1 = 4.
    """
    game = deal(
        "knights",
        [
            ["dwarves", "knights", "trolls", "dwarves", "dwarves"],
            ["giants", "dwarves", "dwarves", "dwarves"],
        ],
    )
    for square in ("0,-1", "-1,0", "1,0", "-1,1", "2,0", "-2,1", "2,1", "-1,-1"):
        turn(game, square)
    game.play("place 0,1")
    game.play("score")
    assert points(game) == [4, 0]


def test_a_dwarf_alone_counts_itself_once() -> None:
    game = deal("knights", [["dwarves"], ["goblins"]])
    turn(game, "1,0", "score")
    assert points(game) == [1, 0]


# -- Trolls (R-CK-2) -------------------------------------------------------------------


def troll_board() -> Game:
    """The grid of the Trolls example, with red to place a Troll::

        y= 1   GI(-1,1)  DW(0,1)   DW(1,1)
        y= 0   ##(-1,0)  KN(0,0)   [A 1,0]
        y=-1   [B -1,-1] GI(0,-1)  GI(1,-1)
        y=-2   GI(-1,-2) KN(0,-2)

    ``##`` is a Dwarf the Giant at -1,1 flipped face down.
    """
    game = deal(
        "knights",
        [
            ["dwarves", "dwarves", "dwarves", "knights", "trolls"],
            ["giants", "giants", "giants", "giants"],
        ],
    )
    turn(game, "0,1")
    turn(game, "0,-1")
    turn(game, "1,1")
    turn(game, "1,-1")
    turn(game, "-1,0")
    turn(game, "-1,1", "flip -1,0")
    turn(game, "0,-2")
    turn(game, "-1,-2")
    return game


def test_trolls_score_the_factions_in_a_column_rulebook_example() -> None:
    """At A the column holds Trolls, Dwarves and Giants: 3 (seed example)."""
    game = troll_board()
    game.play("place 1,0")
    assert legal(game) == ["score row", "score column", "pass"]
    game.play("score column")
    assert points(game) == [3, 0]


def test_a_face_down_card_blocks_a_trolls_line_rulebook_example() -> None:
    """At B the face-down card above ends the column: Trolls and Giants, 2 (seed example)."""
    game = troll_board()
    game.play("place -1,-1")
    game.play("score column")
    assert points(game) == [2, 0]


def test_trolls_may_score_the_row_instead() -> None:
    """At A the row runs from the face-down card's right: Knights and Trolls, 2."""
    game = troll_board()
    game.play("place 1,0")
    game.play("score row")
    assert points(game) == [2, 0]


# -- Dragons (R-CK-3) ------------------------------------------------------------------


def test_dragons_score_the_eight_surrounding_cards_rulebook_example() -> None:
    """Red places a Dragon and scores 3 (seed example)::

        y= 1   GI(-1,1)  GB(0,1)
        y= 0   ##(-1,0)  KN(0,0)    GB(1,0)
        y=-1             [DR 0,-1]  TR(1,-1)  GB(2,-1)

    Around 0,-1: the Knight, the Goblin at 1,0 (diagonal) and the Troll; the face-down
    card at -1,0 counts for nothing and the Goblin at 2,-1 is two squares away.
    """
    game = deal(
        "knights",
        [["goblins", "dwarves", "trolls", "dragons"], ["goblins", "giants", "goblins"]],
    )
    turn(game, "1,0")
    turn(game, "0,1")
    turn(game, "-1,0")
    turn(game, "-1,1", "flip -1,0")
    turn(game, "1,-1")
    turn(game, "2,-1")
    game.play("place 0,-1")
    game.play("score")
    assert points(game) == [3, 0]


def test_a_dragon_next_to_face_down_cards_only_has_no_power_to_use() -> None:
    """Giants flip the first card and the Dwarf at -1,0; a Dragon at -1,-1 then has only
    those two face-down cards around it::

        y= 1   GI(-1,1)
        y= 0   ##(-1,0)   ##(0,0)   GI(1,0)
        y=-1   [DR -1,-1]
    """
    game = deal("knights", [["dwarves", "giants"], ["giants", "dragons"]])
    turn(game, "-1,0")
    turn(game, "1,0", "flip 0,0")
    turn(game, "-1,1", "flip -1,0")
    game.play("place -1,-1")
    assert decision_of(game) == "take"  # nothing to score: the power is skipped


# -- Gnomes (R-CK-6) -------------------------------------------------------------------


def test_gnomes_score_a_point_and_mark_an_adjacent_card_rulebook_example() -> None:
    """Blue places a Gnome above red's Undead and puts a marker on it: both control the
    Undead (seed example). Blue has used two markers this turn."""
    factions = ["goblins", "dwarves", "gnomes", "trolls", "undead", "giants", "knights"]
    game = deal("knights", [["undead"], ["gnomes"]], factions=factions)
    turn(game, "1,0")
    game.play("place 1,1")
    assert legal(game) == ["mark 1,0", "pass"]
    game.play("mark 1,0")
    assert points(game) == [0, 1]
    assert card_at(game, 1, 0)["markers"] == [0, 1]
    assert supplies(game) == [14, 13]
    assert controllers(game, "undead") == [0, 1]


def test_a_gnome_scores_its_point_even_with_nowhere_to_put_its_marker() -> None:
    """R-CK-6: the only neighbour, red's own Goblin, already holds red's marker."""
    game = deal("knights", [["goblins", "gnomes"], ["dwarves"]])
    turn(game, "1,0")
    turn(game, "-1,0")
    game.play("place 2,0")
    assert legal(game) == ["score", "pass"]
    game.play("score")
    assert points(game) == [1, 0]
    assert supplies(game) == [13, 14]


def test_a_gnome_cannot_mark_a_face_down_card() -> None:
    """R-CK-3: next to only the face-down card at 1,0, the Gnome just scores its point."""
    game = deal("knights", [["dwarves", "gnomes"], ["giants"]])
    turn(game, "1,0")
    turn(game, "1,1", "flip 1,0")
    game.play("place 2,0")
    assert legal(game) == ["score", "pass"]


def test_a_gnome_may_mark_the_first_card_and_other_players_cards() -> None:
    """At 0,1 the Gnome touches blue's Giant at 1,1 and the first card, both face up."""
    game = deal("knights", [["dwarves", "gnomes"], ["giants"]])
    turn(game, "1,0")
    turn(game, "1,1", "flip 1,0")
    game.play("place 0,1")
    assert legal(game) == ["mark 1,1", "mark 0,0", "pass"]


# -- Knights (R-CK-4) ------------------------------------------------------------------


def test_knights_remove_two_markers_of_other_players_rulebook_example() -> None:
    """Red places a Knight between blue's and yellow's Goblins and removes both markers
    (seed example)::

        y= 1   GB(0,1 yellow)  [KN 1,1]
        y= 0   TR(0,0)         GB(1,0 blue)
        y=-1   DR(0,-1 red)
    """
    factions = ["goblins", "dwarves", "gnomes", "trolls", "dragons", "giants", "knights", "undead"]
    game = deal(
        "trolls",
        [["dragons", "knights"], ["goblins"], ["goblins"]],
        factions=factions,
    )
    turn(game, "0,-1")
    turn(game, "1,0")
    turn(game, "0,1")
    game.play("place 1,1")
    assert legal(game) == ["remove 0,1 yellow", "remove 1,0 blue", "pass"]
    game.play("remove 1,0 blue")
    assert legal(game) == ["remove 0,1 yellow", "pass"]
    game.play("remove 0,1 yellow")
    assert decision_of(game) == "take"
    assert card_at(game, 1, 0)["markers"] == []
    assert card_at(game, 0, 1)["markers"] == []
    assert supplies(game) == [13, 15, 15]


def test_knights_may_take_both_markers_of_one_card_including_their_own() -> None:
    """R-CK-4: the Goblin at 1,0 holds red's marker and blue's (a Gnome's)."""
    game = deal("knights", [["goblins", "knights"], ["gnomes"]])
    turn(game, "1,0")
    turn(game, "1,1", "mark 1,0")
    game.play("place 2,0")
    assert legal(game) == ["remove 1,0 red", "remove 1,0 blue", "pass"]
    game.play("remove 1,0 red")
    game.play("remove 1,0 blue")
    assert card_at(game, 1, 0)["markers"] == []
    assert supplies(game) == [14, 14]  # red: 15 - 2 placed + 1 back; blue: 15 - 2 + 1


def test_knights_may_stop_after_one_marker() -> None:
    game = deal("knights", [["goblins", "knights"], ["gnomes"]])
    turn(game, "1,0")
    turn(game, "1,1", "mark 1,0")
    game.play("place 2,0")
    game.play("remove 1,0 blue")
    assert legal(game) == ["remove 1,0 red", "pass"]
    game.play("pass")
    assert card_at(game, 1, 0)["markers"] == [0]


def test_knights_with_no_marker_next_to_them_have_no_power_to_use() -> None:
    game = deal("knights", [["knights"], ["goblins"]])
    game.play("place 1,0")  # only the first card, which holds no marker, is next to it
    assert decision_of(game) == "take"


# -- Undead (R-CK-5) ------------------------------------------------------------------


def test_undead_exchange_markers_rulebook_example() -> None:
    """Red places an Undead and exchanges its marker with blue's on a Knight, and now
    controls the most Knights (seed example)::

        y= 1                                  GB(0,1 red)
        y= 0   KN(-2,0 blue)  KN(-1,0 blue)   KN(0,0)      KN(1,0 red)  [UN 2,0]
    """
    factions = ["goblins", "dwarves", "gnomes", "trolls", "undead", "giants", "knights"]
    game = deal(
        "knights", [["knights", "goblins", "undead"], ["knights", "knights"]], factions=factions
    )
    turn(game, "1,0")
    turn(game, "-1,0")
    turn(game, "0,1")
    turn(game, "-2,0")
    assert controllers(game, "knights") == [1]
    game.play("place 2,0")
    # Any face-up card with blue's marker and none of red's, adjacent or not.
    assert legal(game) == ["swap -2,0 blue", "swap -1,0 blue", "pass"]
    game.play("swap -1,0 blue")
    assert card_at(game, -1, 0)["markers"] == [0]
    assert card_at(game, 2, 0)["markers"] == [1]
    assert controllers(game, "knights") == [0]
    assert controllers(game, "undead") == [1]
    assert supplies(game) == [12, 13]


def test_undead_cannot_swap_onto_a_card_holding_the_players_marker() -> None:
    """R-CK-5: the Goblin at 1,0 holds red's and blue's markers: no exchange there."""
    factions = ["goblins", "dwarves", "gnomes", "trolls", "undead", "giants", "knights"]
    game = deal("knights", [["goblins", "undead"], ["gnomes", "dwarves"]], factions=factions)
    turn(game, "1,0")
    turn(game, "1,1", "mark 1,0")
    game.play("place -1,0")
    assert legal(game) == ["swap 1,1 blue", "pass"]
    with pytest.raises(IllegalActionError, match="already holds your marker"):
        game.play("swap 1,0 blue")


# -- Giants (R-CK-7) -------------------------------------------------------------------


def test_giants_flip_a_card_and_its_markers_go_home_rulebook_example() -> None:
    """Blue's Giant flips the Undead holding red's and blue's markers (seed example)."""
    factions = ["goblins", "dwarves", "gnomes", "trolls", "undead", "giants", "knights"]
    game = deal("knights", [["undead", "goblins"], ["gnomes", "giants"]], factions=factions)
    turn(game, "1,0")
    turn(game, "1,1", "mark 1,0")
    turn(game, "-1,0")
    assert supplies(game) == [13, 13]
    game.play("place 2,0")
    assert legal(game) == ["flip 1,0", "pass"]
    game.play("flip 1,0")
    card = card_at(game, 1, 0)
    assert card == {"x": 1, "y": 0, "faction": "undead", "face_up": False, "markers": []}
    assert supplies(game) == [14, 13]  # red's marker back; blue's back, one on the Giant
    assert controllers(game, "undead") == []


def test_face_down_cards_still_take_neighbours() -> None:
    """R-CK-1: a card may go next to a face-down card only."""
    game = deal("knights", [["dwarves", "goblins"], ["giants"]])
    turn(game, "1,0")
    turn(game, "1,1", "flip 1,0")
    assert "place 2,0" in legal(game)
    assert "place 1,-1" in legal(game)


# -- Seers (R-CK-8) --------------------------------------------------------------------


def seer_game() -> Game:
    factions = ["goblins", "dwarves", "gnomes", "trolls", "seers", "giants", "knights"]
    # Red's second card is a Seer. When red takes, the deck's top three are red's and
    # blue's next draws (trolls, gnomes), then the rest of the deck in faction order,
    # which starts with a Goblin.
    game = deal(
        "knights",
        [["goblins", "seers", "trolls"], ["goblins", "goblins", "gnomes"]],
        factions=factions,
        display=["giants", "giants", "knights"],
    )
    turn(game, "1,0")
    turn(game, "-1,0")
    return game


def test_a_seer_may_look_at_three_and_keep_one() -> None:
    game = seer_game()
    game.play("place 2,0")
    assert legal(game) == ["take giants", "take knights", "draw", "look"]
    game.play("look")
    mine, theirs = game.observation(0), game.observation(1)
    assert mine["looking"] == {"seat": 0, "count": 3, "cards": ["trolls", "gnomes", "goblins"]}
    assert theirs["looking"] == {"seat": 0, "count": 3, "cards": None}
    assert legal(game) == ["keep goblins", "keep gnomes", "keep trolls"]
    keep = game.legal_actions()[0]
    assert game.public_action(keep, 1) == "keep ?"
    assert game.public_action(keep, None) == "keep ?"
    assert game.public_action(keep, 0) == "keep goblins"
    game.play("keep trolls")
    mine, theirs = game.observation(0), game.observation(1)
    assert mine["hand"] == "trolls"
    assert theirs["hands"][0] == {"count": 1, "card": None, "public": False}
    assert mine["deck_knowledge"] == [{"cards": ["goblins", "gnomes"], "or_held_by": []}]
    assert theirs["deck_knowledge"] == []
    assert mine["history"][-1]["looked"] == ["trolls", "gnomes", "goblins"]
    assert mine["history"][-1]["got"] == "trolls"
    assert theirs["history"][-1]["looked"] is None
    assert theirs["history"][-1]["got"] is None
    assert theirs["history"][-1]["take"] == "look"
    assert theirs["deck"] == 40  # 43 after the deal, two draws, one card kept


def test_the_seers_shuffle_comes_from_the_seed() -> None:
    """R-ALL-1: the same decisions give the same deck after the shuffle."""
    decks = []
    for _ in range(2):
        game = seer_game()
        for move in ("place 2,0", "look", "keep trolls"):
            game.play(move)
        decks.append(game.state_dict()["deck"])
    assert decks[0] == decks[1]
    assert decks[0].count("goblins") == 4  # the one looked at went back with the rest


def test_a_seer_may_decline_the_look() -> None:
    game = seer_game()
    game.play("place 2,0")
    game.play("take knights")
    assert game.observation(1)["hands"][0] == {"count": 1, "card": "knights", "public": True}


def test_a_seer_looks_at_fewer_cards_when_fewer_remain() -> None:
    """R-CK-8: with two cards left the Seer looks at both."""
    factions = ["goblins", "dwarves", "gnomes", "trolls", "seers", "giants", "knights"]
    hands, display, deck = ["seers", "goblins"], ["giants"] * 3, ["trolls", "dwarves"]
    filler = rest_of(factions, "knights", hands, display, deck)
    game = position(
        grid=[(0, 0, "knights"), *column(filler)],
        factions=factions,
        hands=hands,
        display=display,
        deck=deck,
    )
    game.play("place 1,0")
    game.play("look")
    assert game.observation(0)["looking"]["cards"] == ["trolls", "dwarves"]
    game.play("keep dwarves")
    assert game.observation(0)["deck"] == 1
