"""What each seat sees, what it remembers of a Seer's look, and worlds dealt from that.

Hidden: hands drawn blind, the deck's order, the cards a Seer looks at and keeps. A
seat that looked knows the cards it put back are in the deck, until someone else may
have drawn them (R-CK-8); sampled worlds respect that.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import regency
from regency import RegencyError
from regency.games.claim_kingdoms import ClaimKingdomsState
from regency.games.claim_kingdoms.worlds import deal_hidden, link, revealed, seen_leaving
from tests.games.claim_kingdoms.helpers import deal, turn

SEER_FACTIONS = ["goblins", "dwarves", "gnomes", "trolls", "seers", "giants", "knights"]


def counts(**by_faction: int) -> tuple[int, ...]:
    """Ten faction counts (Faction order: goblins, dwarves, gnomes, trolls, ...)."""
    order = [
        "goblins",
        "dwarves",
        "gnomes",
        "trolls",
        "undead",
        "dragons",
        "doppelgangers",
        "seers",
        "giants",
        "knights",
    ]
    return tuple(by_faction.get(name, 0) for name in order)


def test_a_hand_drawn_blind_is_hidden_and_a_hand_from_the_display_is_not() -> None:
    game = deal("knights", [["goblins"], ["dwarves"]], display=["trolls", "giants", "gnomes"])
    assert game.observation(0)["hands"] == [
        {"count": 1, "card": "goblins", "public": False},
        {"count": 1, "card": None, "public": False},
    ]
    assert game.observation(None)["hand"] is None
    assert [h["card"] for h in game.observation(None)["hands"]] == [None, None]
    turn(game, "1,0", take="take giants")
    assert game.observation(1)["hands"][0] == {"count": 1, "card": "giants", "public": True}
    turn(game, "-1,0", take="draw")
    drawn = game.observation(1)["history"][-1]
    assert drawn["take"] == "draw" and drawn["got"] is not None
    assert game.observation(0)["history"][-1]["got"] is None
    assert game.observation(0)["hands"][1]["card"] is None


def seer_look() -> regency.Game:  # type: ignore[type-arg]
    """Red places a Seer, looks at trolls, gnomes, goblins, keeps the Troll."""
    game = deal(
        "knights",
        [["goblins", "seers", "trolls"], ["goblins", "goblins", "gnomes"]],
        factions=SEER_FACTIONS,
        display=["giants", "giants", "knights"],
    )
    turn(game, "1,0")
    turn(game, "-1,0")
    for move in ("place 2,0", "look", "keep trolls"):
        game.play(move)
    return game


def hidden_of(world: regency.Game, seat: int) -> tuple[list[str], str | None]:  # type: ignore[type-arg]
    state = world.state_dict()
    return state["deck"], state["hands"][seat]


def test_a_world_sampled_for_the_seer_keeps_the_cards_it_put_back_in_the_deck() -> None:
    game = seer_look()
    view = game.view(0)
    assert view.observation["deck_knowledge"] == [
        {"cards": ["goblins", "gnomes"], "or_held_by": []}
    ]
    rng = random.Random(1)
    blue_hands = set()
    for _ in range(60):
        world = view.sample_world(rng)
        deck, blue = hidden_of(world, 1)
        assert {"goblins", "gnomes"} <= set(deck)
        blue_hands.add(blue)
        assert world.observation(0) == view.observation
    assert len(blue_hands) > 2  # blue's hand is really re-dealt


def test_once_another_player_draws_the_cards_may_be_in_their_hand() -> None:
    game = seer_look()
    turn(game, "-2,0")  # blue places its Goblin and draws blind
    known = game.observation(0)["deck_knowledge"]
    assert known == [{"cards": ["goblins", "gnomes"], "or_held_by": [1]}]
    rng = random.Random(2)
    for _ in range(60):
        deck, blue = hidden_of(game.view(0).sample_world(rng), 1)
        assert Counter(["goblins", "gnomes"]) <= Counter([*deck, blue])


def test_cards_seen_leaving_the_deck_are_struck_from_what_the_seer_knows() -> None:
    assert seen_leaving(((counts(goblins=1, gnomes=1), 0),), 0) == ((counts(gnomes=1), 0),)
    assert seen_leaving(((counts(goblins=1), 0),), 0) == ()
    assert seen_leaving(((counts(goblins=1), 0),), 3) == ((counts(goblins=1), 0),)


def test_a_blind_draw_links_the_drawer_and_its_placement_unlinks_it() -> None:
    groups = ((counts(goblins=1, gnomes=1), 0),)
    linked = link(groups, 1)
    assert linked == ((counts(goblins=1, gnomes=1), 0b10),)
    # Blue shows a Goblin: it may have been the one put back, so it is struck.
    assert revealed(linked, 1, 0) == ((counts(gnomes=1), 0),)
    # A seat that is not linked shows nothing the seer can use.
    assert revealed(groups, 1, 0) == groups


def test_the_seers_knowledge_is_updated_as_the_game_goes_on() -> None:
    """Blue draws blind (linked), red draws (what red sees is struck), blue shows its card
    (struck if it could be one of them, and blue unlinked)."""
    game = seer_look()
    turn(game, "-2,0")
    blue_card = game.observation(1)["hand"]
    turn(game, "3,0")
    red_drew = game.observation(0)["history"][-1]["got"]
    assert game.observation(0)["deck_knowledge"][0]["or_held_by"] == [1]
    game.play("place -3,0")
    left = Counter(["goblins", "gnomes"]) - Counter([red_drew]) - Counter([blue_card])
    known = game.observation(0)["deck_knowledge"]
    if left:
        order = ["goblins", "gnomes"]
        assert known == [{"cards": sorted(left.elements(), key=order.index), "or_held_by": []}]
    else:
        assert known == []


def test_deal_hidden_finds_a_deal_when_random_deals_keep_failing() -> None:
    """Thirty hidden cards, a deck of two that must hold the Troll and the Seer put back."""
    pool = [0] * 10 + [1] * 10 + [2] * 8 + [3, 7]
    slots = [(1, 1, 0), (2, 1, 0), (3, 26, 1)]
    groups = [(counts(trolls=1, seers=1), 0)]
    dealt, deck = deal_hidden(pool, slots, groups, random.Random(0))
    assert sorted(deck) == [3, 7]
    assert sorted([c for cards in dealt for c in cards] + deck) == sorted(pool)


def test_deal_hidden_refuses_knowledge_no_deal_can_satisfy() -> None:
    with pytest.raises(RegencyError, match="no deal"):
        deal_hidden([0, 1], [(1, 1, 0)], [(counts(trolls=1), 0)], random.Random(0))


def test_a_malformed_observation_is_refused() -> None:
    game = regency.new_game("claim-kingdoms", players=2, seed=1)
    obs = game.observation(0)
    obs["display"] = ["goblins"] * 9
    with pytest.raises(RegencyError):
        ClaimKingdomsState.sample_world(obs, random.Random(0))
    with pytest.raises(RegencyError, match="not a Claim Kingdoms observation"):
        ClaimKingdomsState.sample_world({"seat": 0}, random.Random(0))


def test_worlds_for_a_seer_still_looking_keep_its_cards() -> None:
    game = deal(
        "knights",
        [["goblins", "seers", "trolls"], ["goblins", "goblins", "gnomes"]],
        factions=SEER_FACTIONS,
        display=["giants", "giants", "knights"],
    )
    turn(game, "1,0")
    turn(game, "-1,0")
    game.play("place 2,0")
    game.play("look")
    rng = random.Random(3)
    for seat in (0, 1):
        view = game.view(seat)
        world = view.sample_world(rng)
        assert world.observation(seat) == view.observation
        looked = world.state_dict()["looking"]
        if seat == 0:
            assert looked == ["trolls", "gnomes", "goblins"]
        assert len(looked) == 3
        if seat == 0:
            assert [str(a) for a in world.legal_actions()] == [
                "keep goblins",
                "keep gnomes",
                "keep trolls",
            ]
