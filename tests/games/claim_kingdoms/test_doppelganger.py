"""The Doppelganger copying each of the nine other powers, with the seed's exceptions.

A Doppelganger copies the power of a face-up card sharing a side with it (R-CK-3). The
player first chooses what to copy (``copy trolls``) and then uses that power as if the
Doppelganger had it; a copied power with a single way to use it resolves at once. Each
grid is drawn in the test's docstring (x to the right, y up).
"""

from __future__ import annotations

import pytest

from regency import IllegalActionError
from tests.games.claim_kingdoms.helpers import (
    card_at,
    controllers,
    deal,
    decision_of,
    legal,
    points,
    supplies,
    turn,
)

WITH_DOPPEL = ["goblins", "dwarves", "gnomes", "trolls", "doppelgangers", "giants", "knights"]
SEERS_TOO = ["goblins", "dwarves", "trolls", "undead", "doppelgangers", "seers", "knights"]


def test_copying_goblins_counts_the_players_goblins_but_not_itself() -> None:
    """::

        y= 1            GB(0,1 blue)
        y= 0   DW(-1,0) KN(0,0)       GB(1,0 red)  GB(2,0 red)  [DO 3,0]

    Red's Goblins: 1,0 and 2,0. Blue's does not count, nor the Doppelganger: 2.
    """
    game = deal(
        "knights",
        [["goblins", "goblins", "doppelgangers"], ["dwarves", "goblins"]],
        factions=WITH_DOPPEL,
    )
    for square in ("1,0", "-1,0", "2,0", "0,1"):
        turn(game, square)
    game.play("place 3,0")
    assert legal(game) == ["copy goblins", "pass"]
    game.play("copy goblins")
    assert points(game) == [2, 0]
    assert decision_of(game) == "take"
    assert game.observation(None)["history"][-1]["power"] == ["copy goblins", "score"]


def test_copying_dwarves_does_not_count_the_doppelganger_as_a_dwarf() -> None:
    """``GB(-1,0)  KN(0,0)  DW(1,0)  DW(2,0)  [DO 3,0]``: the row holds two Dwarves."""
    game = deal(
        "knights",
        [["dwarves", "dwarves", "doppelgangers"], ["goblins", "goblins"]],
        factions=WITH_DOPPEL,
    )
    for square in ("1,0", "-1,0", "2,0", "0,1"):
        turn(game, square)
    game.play("place 3,0")
    game.play("copy dwarves")
    assert points(game) == [2, 0]


def test_copying_trolls_counts_the_doppelganger_as_a_doppelganger() -> None:
    """``KN(0,0)  TR(1,0)  [DO 2,0]``: the row holds Knights, Trolls, Doppelgangers."""
    game = deal("knights", [["trolls", "doppelgangers"], ["goblins"]], factions=WITH_DOPPEL)
    turn(game, "1,0")
    turn(game, "0,1")
    game.play("place 2,0")
    game.play("copy trolls")
    assert legal(game) == ["score row", "score column"]  # having copied, the power is used
    game.play("score row")
    assert points(game) == [3, 0]


def test_copying_dragons_counts_the_eight_squares_around_the_doppelganger() -> None:
    """::

        y= 1   GB(0,1 blue)  [DO 1,1]
        y= 0   KN(0,0)       DR(1,0 red)

    Around 1,1: the Goblin, the Knight (diagonal), the Dragon: 3. Red holds no Goblin,
    so copying the Goblins would score nothing and is not offered.
    """
    factions = ["goblins", "dwarves", "gnomes", "trolls", "doppelgangers", "dragons", "knights"]
    game = deal("knights", [["dragons", "doppelgangers"], ["goblins"]], factions=factions)
    turn(game, "1,0")
    turn(game, "0,1")
    game.play("place 1,1")
    assert legal(game) == ["copy dragons", "pass"]
    game.play("copy dragons")
    assert points(game) == [3, 0]


def test_copying_gnomes_scores_a_point_and_marks_a_card_next_to_the_doppelganger() -> None:
    """::

        y= 1   GB(0,1 blue)  [DO 1,1]
        y= 0   KN(0,0)       GN(1,0 red)

    The Gnome already holds red's marker, so the Goblin is the only place for it.
    """
    game = deal("knights", [["gnomes", "doppelgangers"], ["goblins"]], factions=WITH_DOPPEL)
    turn(game, "1,0")
    turn(game, "0,1")
    game.play("place 1,1")
    assert legal(game) == ["copy gnomes", "pass"]
    game.play("copy gnomes")
    assert points(game) == [1, 0]
    assert card_at(game, 0, 1)["markers"] == [0, 1]
    assert supplies(game) == [12, 14]
    assert controllers(game, "goblins") == [0, 1]


def test_copying_undead_exchanges_the_marker_on_the_doppelganger() -> None:
    """``GB(0,1 blue)`` above the first card; ``UN(1,0 red)  [DO 2,0]``."""
    game = deal("knights", [["undead", "doppelgangers"], ["goblins"]], factions=SEERS_TOO)
    turn(game, "1,0")
    turn(game, "0,1")
    game.play("place 2,0")
    assert legal(game) == ["copy undead", "pass"]
    game.play("copy undead")
    assert card_at(game, 2, 0)["markers"] == [1]
    assert card_at(game, 0, 1)["markers"] == [0]
    assert controllers(game, "goblins") == [0]
    assert controllers(game, "doppelgangers") == [1]


def test_copying_knights_removes_markers_next_to_the_doppelganger() -> None:
    """::

        y= 1   GB(0,1 red)   GB(1,1 blue)
        y= 0   KN(0,0)       [DO 1,0]
        y=-1   GB(0,-1 red)  GB(1,-1 blue)

    The Doppelganger touches the first card (a Knight) and blue's two Goblins.
    """
    game = deal(
        "knights",
        [["goblins", "goblins", "doppelgangers"], ["goblins", "goblins"]],
        factions=WITH_DOPPEL,
    )
    for square in ("0,1", "1,1", "0,-1", "1,-1"):
        turn(game, square)
    game.play("place 1,0")
    assert legal(game) == ["copy goblins", "copy knights", "pass"]
    game.play("copy knights")
    assert legal(game) == ["remove 1,1 blue", "remove 1,-1 blue"]
    game.play("remove 1,1 blue")
    assert legal(game) == ["remove 1,-1 blue", "pass"]
    game.play("remove 1,-1 blue")
    assert supplies(game) == [12, 15]
    assert controllers(game, "goblins") == [0]


def test_copying_giants_may_flip_the_copied_giant() -> None:
    """``GB(0,1 blue)  [DO 1,1]`` over ``KN(0,0)  GI(1,0 red)``."""
    game = deal("knights", [["giants", "doppelgangers"], ["goblins"]], factions=WITH_DOPPEL)
    turn(game, "1,0")
    turn(game, "0,1")
    game.play("place 1,1")
    assert legal(game) == ["copy giants", "pass"]
    game.play("copy giants")
    assert legal(game) == ["flip 0,1", "flip 1,0"]
    game.play("flip 1,0")
    assert card_at(game, 1, 0)["face_up"] is False
    assert supplies(game) == [14, 14]


def test_copying_seers_lets_the_player_look_at_the_deck() -> None:
    game = deal("knights", [["seers", "doppelgangers"], ["goblins"]], factions=SEERS_TOO)
    turn(game, "1,0")
    turn(game, "0,1")
    game.play("place 2,0")
    assert legal(game) == ["copy seers", "pass"]
    game.play("copy seers")
    assert decision_of(game) == "take"
    assert legal(game)[-2:] == ["draw", "look"]
    game.play("look")
    # The deck's top three are all Goblins (the rest of the stack, in faction order), so
    # there is nothing to choose: red keeps one and the turn passes.
    last = game.observation(0)["history"][-1]
    assert (last["take"], last["looked"], last["got"]) == ("look", ["goblins"] * 3, "goblins")
    assert game.current_player == 1


def test_a_seer_next_to_a_doppelganger_that_does_not_copy_it_gives_no_look() -> None:
    game = deal("knights", [["seers", "doppelgangers"], ["goblins"]], factions=SEERS_TOO)
    turn(game, "1,0")
    turn(game, "0,1")
    game.play("place 2,0")
    game.play("pass")
    assert "look" not in legal(game)


def test_copying_a_doppelganger_has_no_effect() -> None:
    """Next to the first card, a Doppelganger, only: there is nothing to copy."""
    game = deal("doppelgangers", [["doppelgangers"], ["goblins"]], factions=WITH_DOPPEL)
    game.play("place 1,0")
    assert decision_of(game) == "take"


def test_copying_a_doppelganger_is_refused_with_the_reason() -> None:
    """::

    y= 1   [DO 0,1]  GB(1,1 red)
    y= 0   DO(0,0)   GB(1,0 red)
    """
    game = deal(
        "doppelgangers",
        [["goblins", "goblins", "doppelgangers"], ["dwarves", "dwarves"]],
        factions=WITH_DOPPEL,
    )
    for square in ("1,0", "-1,0", "1,1", "-2,0"):
        turn(game, square)
    game.play("place 0,1")
    assert legal(game) == ["copy goblins", "pass"]
    with pytest.raises(IllegalActionError, match="copying a Doppelganger has no effect"):
        game.play("copy doppelgangers")


def test_a_face_down_card_cannot_be_copied() -> None:
    """``KN(0,0)  ##(1,0)  [DO 2,0]`` with blue's Giant at 1,1 out of reach."""
    game = deal("knights", [["dwarves", "doppelgangers"], ["giants"]], factions=WITH_DOPPEL)
    turn(game, "1,0")
    turn(game, "1,1", "flip 1,0")
    game.play("place 2,0")
    assert decision_of(game) == "take"
