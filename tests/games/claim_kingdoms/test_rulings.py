"""Set-up, placing, the end and the scoring, ruling by ruling (RULINGS.md R-CK-1..11).

Scenarios are stacked deals played through the API, or positions set up by hand where a
real game would need dozens of turns to get there; each expected score is added up by
hand in the test's docstring.
"""

from __future__ import annotations

import random

import pytest

import regency
from regency import GameOptionError, IllegalActionError
from regency.games.claim_kingdoms import insights
from tests.games.claim_kingdoms.helpers import (
    TWO,
    Game,
    column,
    controllers,
    deal,
    legal,
    position,
    rest_of,
    turn,
)

EIGHT = ["goblins", "dwarves", "gnomes", "trolls", "undead", "dragons", "giants", "knights"]

# -- set-up (R-CK-11) ------------------------------------------------------------------


@pytest.mark.parametrize(("players", "factions", "deck"), [(2, 7, 43), (3, 8, 49), (4, 9, 55)])
def test_the_deal_follows_the_rulebook(players: int, factions: int, deck: int) -> None:
    """7/8/9 factions of 7 cards; the first card face up in the middle without a marker,
    three in the display, one in each hand, 15 markers each."""
    game = regency.new_game("claim-kingdoms", players=players, seed=3)
    obs = game.observation(None)
    assert len(obs["factions"]) == factions
    assert len(obs["grid"]) == 1
    first = obs["grid"][0]
    assert (first["x"], first["y"], first["face_up"], first["markers"]) == (0, 0, True, [])
    assert len(obs["display"]) == 3
    assert obs["deck"] == deck == 7 * factions - 1 - 3 - players
    assert [h["count"] for h in obs["hands"]] == [1] * players
    assert obs["supplies"] == [15] * players
    assert obs["power_points"] == [0] * players


def test_factions_are_drawn_from_the_seed() -> None:
    """R-CK-11: the same seed draws the same factions; seeds differ in what they draw."""
    draw = [
        regency.new_game("claim-kingdoms", players=2, seed=s).options["factions"] for s in range(12)
    ]
    assert draw == [
        regency.new_game("claim-kingdoms", players=2, seed=s).options["factions"] for s in range(12)
    ]
    assert len({tuple(d) for d in draw}) > 1
    random_option = regency.new_game("claim-kingdoms", players=2, seed=5, factions="random")
    assert random_option.options["factions"] == draw[5]


def test_chosen_factions_are_used_in_any_spelling() -> None:
    game = regency.new_game(
        "claim-kingdoms",
        players=2,
        seed=1,
        factions=["Knight", "GB", "dwarf", "trolls", "seers", "undead", "Doppelgänger"],
    )
    assert game.options["factions"] == [
        "goblins",
        "dwarves",
        "trolls",
        "undead",
        "doppelgangers",
        "seers",
        "knights",
    ]


@pytest.mark.parametrize(
    ("factions", "message"),
    [
        (["goblins", "dwarves"], "2 players use 7 factions, not 2"),
        ([*TWO[:6], "elves"], "'elves' is not a faction"),
        ([*TWO[:6], "goblins"], "each faction can be chosen once: goblins"),
        (42, "factions must be 'random' or a list"),
    ],
)
def test_bad_faction_choices_are_refused(factions: object, message: str) -> None:
    with pytest.raises(GameOptionError, match=message):
        regency.new_game("claim-kingdoms", players=2, seed=1, factions=factions)


def test_a_stacked_deck_deals_in_the_published_order() -> None:
    """The middle card, the display left to right, one card per seat, then the deck."""
    head = ["knights", "trolls", "giants", "gnomes", "dragons", "dwarves"]
    deck = head + rest_of(TWO, head)  # the rest in faction order: Goblins on top
    game = regency.new_game("claim-kingdoms", players=2, seed=1, deck=deck, first=1)
    assert game.current_player == 1
    assert game.observation(None)["grid"][0]["faction"] == "knights"
    assert game.observation(None)["display"] == ["trolls", "giants", "gnomes"]
    assert game.observation(0)["hand"] == "dragons"
    assert game.observation(1)["hand"] == "dwarves"
    assert game.state_dict()["deck"][:2] == ["goblins", "goblins"]
    assert game.options["deck"] == deck
    assert game.options["first"] == 1


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        ([f for f in TWO for _ in range(7)][1:], "missing 1 goblins"),
        ([f for f in TWO for _ in range(7)] + ["seers"], "but the deck holds 8 factions"),
        ([f for f in TWO for _ in range(7)] + ["trolls"], "too many or not in play: 1 trolls"),
        ([f for f in TWO[:6] for _ in range(7)], "2 players use 7 factions"),
        (["goblins", "hobbits"], "'hobbits' is not a faction"),
    ],
)
def test_a_stacked_deck_must_hold_exactly_the_cards_in_play(deck: object, message: str) -> None:
    with pytest.raises(GameOptionError, match=message):
        regency.new_game("claim-kingdoms", players=2, seed=1, deck=deck)


def test_a_stacked_deck_must_match_the_chosen_factions() -> None:
    deck = [f for f in TWO for _ in range(7)]
    other = [*TWO[:6], "seers"]
    with pytest.raises(GameOptionError, match="missing 7 seers; too many or not in play: 7"):
        regency.new_game("claim-kingdoms", players=2, seed=1, deck=deck, factions=other)


def test_the_first_player_is_drawn_from_the_seed_unless_given() -> None:
    firsts = {
        regency.new_game("claim-kingdoms", players=3, seed=s).current_player for s in range(20)
    }
    assert firsts == {0, 1, 2}
    assert regency.new_game("claim-kingdoms", players=3, seed=0, first=2).current_player == 2
    with pytest.raises(GameOptionError, match="first must be a seat from 0 to 2"):
        regency.new_game("claim-kingdoms", players=3, seed=0, first=3)


# -- placing (R-CK-1) -------------------------------------------------------------------


def test_a_card_goes_on_an_empty_square_sharing_a_side_with_a_card() -> None:
    game = deal("knights", [["goblins"], ["dwarves"]])
    assert legal(game) == ["place 0,1", "place -1,0", "place 1,0", "place 0,-1"]
    turn(game, "1,0")
    assert legal(game) == [
        "place 0,1",
        "place 1,1",
        "place -1,0",
        "place 2,0",
        "place 0,-1",
        "place 1,-1",
    ]
    with pytest.raises(IllegalActionError, match="1,0 already holds a card"):
        game.play("place 1,0")
    with pytest.raises(IllegalActionError, match=r"2,2 does not share a side with any card"):
        game.play("place 2,2")
    with pytest.raises(IllegalActionError, match=r"-1,-1 does not share a side"):
        game.play("place -1,-1")  # touching the first card at a corner is not enough


def test_the_placed_card_gets_the_players_marker() -> None:
    game = deal("knights", [["goblins"], ["dwarves"]])
    game.play("place 1,0")
    grid = game.observation(None)["grid"]
    assert grid[1] == {"x": 1, "y": 0, "faction": "goblins", "face_up": True, "markers": [0]}
    assert game.observation(None)["supplies"] == [14, 15]


def test_the_turn_ends_with_a_card_taken_and_the_display_refilled() -> None:
    game = deal("knights", [["goblins"], ["dwarves"]], display=["trolls", "giants", "gnomes"])
    game.play("place 1,0")
    game.play("pass")
    assert legal(game) == ["take trolls", "take giants", "take gnomes", "draw"]
    top = game.state_dict()["deck"][0]
    game.play("take giants")
    obs = game.observation(1)
    assert obs["display"] == ["trolls", top, "gnomes"]  # refilled where the Giant was
    assert obs["hands"][0] == {"count": 1, "card": "giants", "public": True}
    assert obs["history"][-1]["refill"] == [top]
    assert game.current_player == 1


# -- the end (R-CK-9) --------------------------------------------------------------------

SUPPLY_END = ["goblins", "dwarves", "gnomes", "trolls", "undead", "dragons", "knights"]


def test_the_last_marker_ends_the_game_at_once() -> None:
    """Red lays 7 Goblins, 7 Dwarves and a Troll in a row to the right, blue 7 Undead, 6
    Gnomes and a Knight to the left, everyone declining every power. Red's 15th card
    uses its last marker: the game ends before the Troll's power and before any take.

    Red controls Goblins 4 + Dwarves 5 + Trolls 6 = 15; blue Undead 6 + Gnomes 5 +
    Knights 9 = 20; the Dragon in the middle holds no marker. Blue wins on points.
    """
    red = ["goblins"] * 7 + ["dwarves"] * 7 + ["trolls"]
    blue = ["undead"] * 7 + ["gnomes"] * 6 + ["knights"]
    game = deal("dragons", [red, blue], factions=SUPPLY_END)
    for i in range(1, 15):
        turn(game, f"{i},0")
        turn(game, f"{-i},0")
    game.play("place 15,0")
    assert game.is_over
    assert list(game.legal_actions()) == []
    last = game.observation(0)["history"][-1]
    assert (last["card"], last["power"], last["take"]) == ("trolls", [], "")
    result = game.result()
    assert result.scores == [15, 20]
    assert result.winners == [1]
    details = result.details
    assert (details["end"], details["ended_by"], details["decided_by"]) == ("supply", 0, "points")
    assert details["supplies"] == [0, 1]
    assert details["power_points"] == [0, 0]
    assert details["faction_points"] == [15, 20]
    by_faction = {e["faction"]: e for e in details["factions"]}
    assert by_faction["goblins"] == {
        "faction": "goblins",
        "points": 4,
        "markers": [7, 0],
        "controllers": [0],
    }
    assert by_faction["dragons"]["controllers"] == []
    assert by_faction["knights"] == {
        "faction": "knights",
        "points": 9,
        "markers": [0, 1],
        "controllers": [1],
    }


def test_a_gnomes_marker_can_end_the_game_in_the_middle_of_a_turn() -> None:
    """Red's 14th card, a Gnome at 0,1, scores its point and puts red's last marker on
    the first card (a Dragon): the game ends before red takes a card.

    Red: Goblins 4 + Dwarves 5 + Dragons 7 (1 marker to 0) + 1 point = 17; blue: Undead
    6 + Gnomes 5 (6 markers to 1) = 11.
    """
    red = ["goblins"] * 7 + ["dwarves"] * 6 + ["gnomes"]
    blue = ["undead"] * 7 + ["gnomes"] * 6
    game = deal("dragons", [red, blue], factions=SUPPLY_END)
    for i in range(1, 14):
        turn(game, f"{i},0")
        turn(game, f"{-i},0")
    game.play("place 0,1")
    assert legal(game) == ["mark 0,0", "pass"]
    game.play("mark 0,0")
    assert game.is_over
    last = game.observation(0)["history"][-1]
    assert (last["power"], last["points"], last["take"]) == (["mark 0,0"], 1, "")
    result = game.result()
    assert result.scores == [17, 11]
    assert result.details["supplies"] == [0, 2]
    assert result.winners == [0]


def end_of_cards() -> Game:
    """Two players, the deck empty, one Dwarf left in the display; blue's marker on a
    Dwarf at 0,1; every other card laid unmarked in a column under the first."""
    hands, display = ["goblins", "goblins"], ["dwarves"]
    filler = rest_of(TWO, "knights", "dwarves", hands, display)
    return position(
        grid=[(0, 0, "knights"), (0, 1, "dwarves", ["blue"]), *column(filler)],
        factions=TWO,
        hands=hands,
        display=display,
        deck=[],
    )


def test_the_game_ends_when_deck_display_and_hands_are_empty_with_a_shared_win() -> None:
    """Red places a Goblin and must take the last card (a Dwarf); blue places a Goblin
    and takes nothing; red places the Dwarf, may use its power (checked at the end of
    the turn, a decision of ours), and the game ends: nothing is left anywhere.

    Goblins 1-1 and Dwarves 1-1: both control both, 4 + 5 = 9 each; both have used two
    markers (13 left): a shared win (R-CK-10).
    """
    game = end_of_cards()
    turn(game, "1,0")
    assert game.observation(1)["hands"][0] == {"count": 1, "card": "dwarves", "public": True}
    assert game.observation(None)["history"][-1]["take"] == "take dwarves"
    turn(game, "-1,0")
    assert game.observation(None)["hands"][1]["count"] == 0
    assert game.current_player == 0
    game.play("place 2,0")
    # Nothing is left anywhere now, but the last card's power still comes first.
    assert legal(game) == ["score", "pass"]
    game.play("pass")
    assert game.is_over
    result = game.result()
    assert result.details["end"] == "cards"
    assert result.scores == [9, 9]
    assert result.details["supplies"] == [13, 13]
    assert (result.winners, result.details["decided_by"]) == ([0, 1], "shared")
    assert result.reward(0) == result.reward(1) == 0.5


def test_a_player_without_a_card_is_skipped() -> None:
    """R-CK-9, three players: blue holds no card once deck and display are empty, so
    after red's turn yellow plays; after yellow's the game ends."""
    hands = ["goblins", None, "dwarves"]
    filler = rest_of(EIGHT, "knights", ["goblins", "dwarves"])
    game = position(
        players=3,
        grid=[(0, 0, "knights"), *column(filler)],
        factions=EIGHT,
        hands=hands,
        display=[],
        deck=[],
    )
    turn(game, "1,0")
    assert game.current_player == 2
    assert game.observation(0)["history"][-1] == {"seat": 1, "skipped": True}
    turn(game, "-1,0")
    assert game.is_over
    assert game.result().details["end"] == "cards"


def test_hand_built_positions_are_checked() -> None:
    with pytest.raises(GameOptionError, match="every card must be somewhere"):
        position(
            grid=[(0, 0, "knights")],
            factions=TWO,
            hands=["goblins", "goblins"],
            display=[],
            deck=[],
        )
    with pytest.raises(GameOptionError, match="connect to 0,0"):
        position(
            grid=[(0, 0, "knights"), (2, 0, "goblins")], factions=TWO, hands=["goblins", "goblins"]
        )
    with pytest.raises(GameOptionError, match="face-down card holds no marker"):
        position(
            grid=[(0, 0, "knights"), (1, 0, "goblins", [0], False)],
            factions=TWO,
            hands=["goblins", "goblins"],
        )
    with pytest.raises(GameOptionError, match="one marker per colour"):
        position(
            grid=[(0, 0, "knights"), (1, 0, "goblins", [0, "red"])],
            factions=TWO,
            hands=["goblins", "goblins"],
        )


# -- control and scoring (R-CK-10) ------------------------------------------------------


def red_runs_out(
    players: int,
    extra: list[tuple[int, int, str, list[int]]],
    trolls: int,
    points: list[int] | None = None,
) -> Game:
    """A position where red, to move with a Dragon in hand, has one marker left.

    Red's markers are on 7 Dwarves (row y=-1) and ``trolls`` Trolls (row y=-2), plus
    any in ``extra`` (cards along y=0 and above); the other players hold Gnomes; every
    other card lies unmarked in the column x=-1 and the display holds three Giants.
    """
    factions = EIGHT if players == 3 else TWO
    red = [(1 + i, -1, "dwarves", [0]) for i in range(7)]
    red += [(1 + i, -2, "trolls", [0]) for i in range(trolls)]
    hands = ["dragons"] + ["gnomes"] * (players - 1)
    used = ["knights"] + [c[2] for c in red + extra]
    filler = rest_of(factions, used, hands, ["giants"] * 3)
    return position(
        players=players,
        grid=[(0, 0, "knights"), *extra, *red, *column(filler, x=-1, top=0)],
        factions=factions,
        hands=hands,
        display=["giants"] * 3,
        deck=[],
        points=points,
    )


def test_tied_players_all_control_a_faction_three_ways() -> None:
    """Three Goblins hold one marker each of red, blue and yellow: all three control the
    Goblins. Red then places its last marker (a Dragon) and the game ends.

    Red: Goblins 4 + Dwarves 5 + Trolls 6 + Dragons 7 = 22; blue 4; yellow 4.
    """
    goblins = [(1, 0, "goblins", [0]), (2, 0, "goblins", [1]), (3, 0, "goblins", [2])]
    game = red_runs_out(3, goblins, trolls=6)
    assert game.observation(None)["supplies"] == [1, 14, 14]
    assert controllers(game, "goblins") == [0, 1, 2]
    game.play("place 0,1")
    result = game.result()
    assert result.scores == [22, 4, 4]
    goblin = next(e for e in result.details["factions"] if e["faction"] == "goblins")
    assert (goblin["markers"], goblin["controllers"]) == ([1, 1, 1], [0, 1, 2])


def test_a_tie_on_points_goes_to_the_most_markers_left() -> None:
    """Red has markers on 7 Dwarves and 7 Trolls and places its 15th on a Dragon: Dwarves
    5 + Trolls 6 + Dragons 7 = 18. Blue has one marker each on a Goblin, a Gnome and a
    Giant, 4 + 5 + 8 = 17, and 1 point from an earlier power: 18. Tied on 18, blue has
    12 markers left and red none: blue wins.
    """
    extra = [(1, 0, "goblins", [1]), (1, 1, "gnomes", [1]), (2, 0, "giants", [1])]
    game = red_runs_out(2, extra, trolls=7, points=[0, 1])
    game.play("place 0,1")
    result = game.result()
    assert result.scores == [18, 18]
    assert result.details["supplies"] == [0, 12]
    assert (result.winners, result.details["decided_by"]) == ([1], "markers left")


# -- what the breakdown is for ---------------------------------------------------------


def test_insights_say_which_factions_a_winner_controlled() -> None:
    red = ["goblins"] * 7 + ["dwarves"] * 7 + ["trolls"]
    blue = ["undead"] * 7 + ["gnomes"] * 6 + ["knights"]
    game = deal("dragons", [red, blue], factions=SUPPLY_END)
    for i in range(1, 15):
        turn(game, f"{i},0")
        turn(game, f"{-i},0")
    game.play("place 15,0")
    assert insights(game.result()) == {
        "goblins controlled by winner": 0.0,
        "dwarves controlled by winner": 0.0,
        "gnomes controlled by winner": 1.0,
        "trolls controlled by winner": 0.0,
        "undead controlled by winner": 1.0,
        "dragons controlled by winner": 0.0,
        "knights controlled by winner": 1.0,
    }


def test_random_games_reach_both_ends() -> None:
    """Four players run out of cards now and then (63 cards, 60 markers)."""
    ends = set()
    for seed in range(60):
        game = regency.new_game("claim-kingdoms", players=4, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        ends.add(game.result().details["end"])
    assert ends == {"supply", "cards"}
