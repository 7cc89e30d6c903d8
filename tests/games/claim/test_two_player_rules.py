"""Claim for two players, rule by rule, on hands dealt by hand.

Each expected outcome is worked out from the rulebook (seeds/001) and RULINGS.md, whose
ids are named in the test names and docstrings.
"""

from __future__ import annotations

import random

import pytest

import regency
from regency import GameOptionError, IllegalActionError
from regency.games.claim import ClaimState
from tests.games.claim.helpers import deal, deck_codes, followers, hand, legal, play, score_pile

# -- following (R-CLAIM-5) -----------------------------------------------------------------


def test_follower_must_follow_the_lead_faction_or_play_a_doppelganger() -> None:
    game = deal([["GB9"], ["GB3", "GB4", "UN7", "DO2"]], fill={1: ["DW"]})
    game.play("GB9")
    assert legal(game) == ["GB3", "GB4", "DO2"]


def test_without_the_lead_faction_any_card_may_be_played() -> None:
    game = deal([["GB9"], ["UN7", "DO2", "KN5"]], fill={1: ["DW"]})
    game.play("GB9")
    assert sorted(legal(game)) == sorted(hand(game, 1))


def test_doppelgangers_led_must_be_followed_by_a_doppelganger() -> None:
    game = deal([["DO3"], ["DO8", "GB9", "UN7"]], fill={1: ["DW"]})
    game.play("DO3")
    assert legal(game) == ["DO8"]


def test_leader_may_lead_any_card() -> None:
    game = deal([["GB9", "UN7", "DO2"], []], fill={1: ["DW", "UN"]})
    assert sorted(legal(game)) == sorted(hand(game, 0))


def test_illegal_plays_are_refused_with_the_reason_and_change_nothing() -> None:
    game = deal([["GB9"], ["GB3", "UN7"]], fill={1: ["DW", "KN"]})
    game.play("GB9")
    before = game.to_json()
    # Cards are named in words, as the table shows them (issue 30).
    with pytest.raises(IllegalActionError) as refused:
        game.play("UN7")
    assert str(refused.value) == "you must follow Goblins or play a Doppelganger (Goblin 3)"
    with pytest.raises(IllegalActionError, match="you have no Knight 9 in your hand"):
        game.play("KN9")
    with pytest.raises(IllegalActionError, match="not a card"):
        game.play("XX9")
    assert game.to_json() == before


def test_notation_is_case_and_space_insensitive() -> None:
    game = deal([["GB9"], []], fill={1: ["DW", "UN"]})
    assert str(game.play("  gb9 ")) == "GB9"


# -- winning a trick (R-CLAIM-6) -------------------------------------------------------------


def winner_of(lead: str, follow: str, leader: int = 0) -> int:
    """Play one phase-one trick and return the seat leading the next (the winner).

    The follower's other cards come from two factions that are neither the lead's nor
    the follower's, so an off-faction card is only playable because it has to be.
    """
    hands = [[lead], [follow]] if leader == 0 else [[follow], [lead]]
    pad = [f for f in ("DW", "UN", "DO", "KN", "GB") if f not in (lead[:2], follow[:2])][:2]
    game = deal(hands, first=leader, fill={1 - leader: pad})
    play(game, lead, follow)
    return game.current_player  # type: ignore[return-value]


def test_the_higher_card_of_the_lead_faction_wins() -> None:
    assert winner_of("UN3", "UN8") == 1
    assert winner_of("UN8", "UN3") == 0


def test_a_card_of_another_faction_never_wins_however_high() -> None:
    assert winner_of("GB1", "UN9") == 0


def test_equal_values_go_to_the_leader() -> None:
    assert winner_of("DW5", "DO5") == 0
    assert winner_of("DW5", "DO5", leader=1) == 1


def test_a_doppelganger_counts_as_the_lead_faction_with_its_own_value() -> None:
    assert winner_of("DW5", "DO6") == 1
    assert winner_of("GB8", "DO9") == 1


def test_a_knight_beats_a_led_goblin_nine() -> None:
    assert winner_of("GB9", "KN2") == 1


def test_a_knight_loses_to_a_led_higher_knight() -> None:
    assert winner_of("KN9", "KN2") == 0


def test_a_led_knight_has_no_power_over_goblins() -> None:
    # Seat 1 holds no Knights, so it may play a Goblin; the Goblin is off-faction.
    assert winner_of("KN2", "GB9") == 0


def test_a_knight_played_to_another_lead_has_no_power() -> None:
    assert winner_of("UN1", "KN9") == 0


def test_a_doppelganger_led_is_beaten_only_by_a_higher_doppelganger() -> None:
    assert winner_of("DO3", "DO4") == 1
    game = deal([["DO3"], ["GB9"]], fill={1: ["UN", "DW"]})
    play(game, "DO3", "GB9")
    assert game.current_player == 0


# -- phase one: follower cards (rulebook, R-CLAIM-4) ---------------------------------------


def test_winner_takes_the_face_up_card_and_loser_draws_the_next() -> None:
    game = deal([["UN3"], ["UN8"]], pile=["KN7", "DW1", "GB5"], fill={1: ["DO", "DW"]})
    assert game.observation(0)["face_up"] == ["KN7"]
    play(game, "UN3", "UN8")
    assert followers(game, 1) == ["KN7"]
    assert followers(game, 0) == ["DW1"]
    # The winner leads; the next face-up card is the pile's next card.
    assert game.current_player == 1
    assert game.observation(0)["face_up"] == ["GB5"]


def test_the_losers_drawn_card_is_seen_by_the_loser_only() -> None:
    game = deal([["UN3"], ["UN8"]], pile=["KN7", "DW1"], fill={1: ["DO", "DW"]})
    play(game, "UN3", "UN8")
    assert game.observation(1)["followers"][0] == {"count": 1, "known": []}
    assert game.observation(None)["followers"][0] == {"count": 1, "known": []}
    assert game.observation(0)["followers"][0]["known"] == ["DW1"]
    # The card won face up was seen by everyone.
    assert game.observation(0)["followers"][1]["known"] == ["KN7"]
    assert "DW1" not in str(game.observation(1))


def test_opponents_hand_is_never_shown() -> None:
    game = deal([["UN3"], ["UN8"]], fill={1: ["DO", "DW"]})
    seen = game.observation(0)
    assert seen["hands"][1] == {"count": 13, "known": []}
    assert all(code not in seen["hand"] for code in hand(game, 1))
    assert game.observation(None)["hand"] is None


def test_played_undead_go_to_the_winners_score_pile_in_phase_one() -> None:
    """R-CLAIM-8: every Undead played goes face up to the winner's score pile."""
    game = deal([["UN3"], ["UN8"]], pile=["UN0"], fill={1: ["DO", "DW"]})
    play(game, "UN3", "UN8")
    assert score_pile(game, 1) == ["UN3", "UN8"]
    assert score_pile(game, 0) == []
    # An Undead won as the face-up card joins the follower deck as usual.
    assert followers(game, 1) == ["UN0"]


def test_an_undead_played_off_faction_still_goes_to_the_winner() -> None:
    game = deal([["GB5"], ["UN9"]], fill={1: ["DW", "DO"]})
    play(game, "GB5", "UN9")
    assert game.current_player == 0
    assert score_pile(game, 0) == ["UN9"]


def test_a_doppelganger_following_an_undead_is_discarded_not_scored() -> None:
    """R-CLAIM-5/8: the Doppelganger counts as Undead for winning but gains no power."""
    game = deal([["UN3"], ["DO9"]], fill={1: ["DW", "KN"]})
    play(game, "UN3", "DO9")
    assert game.current_player == 1
    assert score_pile(game, 1) == ["UN3"]
    assert "DO9" in game.observation(None)["discards"]


def test_other_played_cards_are_discarded_in_phase_one() -> None:
    game = deal([["GB5"], ["GB7"]], fill={1: ["DW", "UN"]})
    play(game, "GB5", "GB7")
    assert sorted(game.observation(None)["discards"]) == ["GB5", "GB7"]
    assert score_pile(game, 0) == score_pile(game, 1) == []


def test_not_following_is_public_knowledge_for_the_phase() -> None:
    game = deal([["GB5"], ["UN9"]], fill={1: ["DW", "DO"]})
    play(game, "GB5", "UN9")
    assert game.observation(0)["voids"] == [[], ["goblins"]]
    # A sampled world for seat 0 never gives seat 1 a Goblin in hand.
    view = game.view(0)
    rng = random.Random(1)
    for _ in range(200):
        world = view.sample_world(rng)
        assert not [c for c in world.observation(1)["hand"] if c.startswith("GB")]


def test_the_first_leader_is_drawn_from_the_seed() -> None:
    """R-CLAIM-4: the youngest player becomes a seat drawn from the seed."""
    leaders = {regency.new_game("claim", seed=s).current_player for s in range(30)}
    assert leaders == {0, 1}
    assert (
        regency.new_game("claim", seed=3).current_player
        == regency.new_game("claim", seed=3).current_player
    )
    assert regency.new_game("claim", seed=3, first=1).current_player == 1


# -- the stacked deal --------------------------------------------------------------------------


def test_a_stacked_deal_gives_hands_in_order_and_the_rest_as_the_pile() -> None:
    codes = deck_codes()
    game = regency.new_game("claim", deck=codes, first=1)
    assert hand(game, 0) == sorted(codes[:13], key=codes.index)
    assert hand(game, 1) == sorted(codes[13:26], key=codes.index)
    assert game.observation(0)["face_up"] == [codes[26]]
    assert game.observation(0)["draw_pile"] == 25
    assert game.current_player == 1
    assert game.state_dict()["draw_pile"] == codes[27:]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d[:-1], "missing"),
        (lambda d: [*d, "KN9"], "too many"),
        (lambda d: ["XX1", *d[1:]], "not a card code"),
        (lambda d: ["KN9", *d[1:]], "exactly the 52 cards"),
        (lambda d: 5, "list of card codes"),
    ],
)
def test_a_deck_that_is_not_the_games_cards_is_refused(change, message) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(GameOptionError, match=message):
        regency.new_game("claim", deck=change(deck_codes()))


def test_bad_first_seat_is_refused() -> None:
    for bad in (2, -1, "0", True):
        with pytest.raises(GameOptionError, match="first"):
            regency.new_game("claim", first=bad)


# -- phase two ---------------------------------------------------------------------------------


def phase_two(hands: list[list[str]], leader: int = 0, **kw: object) -> ClaimState:
    return ClaimState.from_position(hands=hands, phase=2, leader=leader, **kw)


def test_phase_two_winner_scores_both_cards() -> None:
    game = phase_two([["GB3", "GB1"], ["GB7", "GB2"]])
    play(game, "GB3", "GB7")
    assert score_pile(game, 1) == ["GB3", "GB7"]
    assert game.current_player == 1


def test_phase_two_dwarves_go_to_the_loser() -> None:
    """R-CLAIM-9: in 2 players the loser takes every Dwarf played."""
    game = phase_two([["DW3", "GB1"], ["DW7", "GB2"]])
    play(game, "DW3", "DW7")
    assert game.current_player == 1  # seat 1 won the trick ...
    assert score_pile(game, 0) == ["DW3", "DW7"]  # ... and seat 0 took the Dwarves
    assert score_pile(game, 1) == []


def test_a_dwarf_played_off_faction_goes_to_the_loser_who_played_it() -> None:
    game = phase_two([["GB5", "GB1"], ["DW9", "UN2"]])
    play(game, "GB5", "DW9")
    assert score_pile(game, 0) == ["GB5"]
    assert score_pile(game, 1) == ["DW9"]


def test_a_doppelganger_following_a_dwarf_is_not_a_dwarf() -> None:
    game = phase_two([["DW3", "GB1"], ["DO8", "GB2"]])
    play(game, "DW3", "DO8")
    assert score_pile(game, 0) == ["DW3"]
    assert score_pile(game, 1) == ["DO8"]


def test_undead_have_no_power_in_phase_two() -> None:
    game = phase_two([["UN3", "GB1"], ["GB7", "GB2"]])
    play(game, "UN3", "GB7")  # seat 1 holds no Undead
    assert score_pile(game, 0) == ["GB7", "UN3"]


def test_knights_beat_goblins_in_phase_two_too() -> None:
    game = phase_two([["GB9", "UN1"], ["KN2", "UN2"]])
    play(game, "GB9", "KN2")
    assert score_pile(game, 1) == ["GB9", "KN2"]


def test_follower_decks_become_the_hands_and_the_last_winner_leads_phase_two() -> None:
    f0 = ["GB1", "GB2", "GB3", "GB4", "GB5", "GB6", "GB7", "GB8", "GB9", "KN2", "KN3", "KN4"]
    f1 = ["UN0", "UN1", "UN2", "UN3", "UN4", "UN5", "UN6", "UN7", "UN8", "UN9", "DW0", "DW1"]
    game = ClaimState.from_position(
        hands=[["DO1"], ["DO7"]], followers=[f0, f1], face_up=["KN9"], pile=["DW9"], leader=0
    )
    play(game, "DO1", "DO7")
    assert game.phase == 2
    assert game.current_player == 1
    assert sorted(hand(game, 1)) == sorted([*f1, "KN9"])
    assert sorted(hand(game, 0)) == sorted([*f0, "DW9"])
    obs = game.observation(0)
    # Seat 0 knows the card seat 1 won face up is in seat 1's hand now; nothing else.
    assert obs["hands"][1] == {"count": 13, "known": ["KN9"]}
    assert obs["voids"] == [[], []]


# -- the end (R-CLAIM-15, R-CLAIM-16) --------------------------------------------------------


def finish(score_piles: list[list[str]], last: tuple[str, str]) -> regency.Result:
    """Play the last trick of a game whose score piles are given; return the result."""
    game = phase_two([[last[0]], [last[1]]], score_piles=score_piles)
    play(game, *last)
    assert game.is_over
    return game.result()


def test_three_factions_win_the_game() -> None:
    result = finish(
        [["GB1", "GB2", "KN2", "KN3", "UN1", "UN2"], ["DW1", "DW2", "DO1", "DO2"]],
        ("GB9", "GB8"),  # seat 0 wins the last trick: two more Goblins
    )
    votes = {v["faction"]: v["side"] for v in result.details["votes"]}
    assert votes == {"goblins": 0, "knights": 0, "undead": 0, "dwarves": 1, "doppelgangers": 1}
    assert result.winners == [0]
    assert result.scores == [3, 2]
    assert result.details["decided_by"] == "three factions"


def test_a_tie_in_cards_goes_to_the_highest_card() -> None:
    # Last trick: seat 0 leads DW1, seat 1 wins with DW2, and seat 0 (the loser) takes
    # both Dwarves (R-CLAIM-9).
    result = finish([["GB0", "KN2"], ["GB1", "KN3"]], ("DW1", "DW2"))
    votes = {v["faction"]: (v["side"], v["reason"]) for v in result.details["votes"]}
    assert votes["goblins"] == (1, "highest card")  # one each; GB1 beats GB0
    assert votes["knights"] == (1, "highest card")
    assert votes["dwarves"] == (0, "most cards")
    assert votes["undead"] == (None, "nobody holds it")
    assert votes["doppelgangers"] == (None, "nobody holds it")


def test_equal_goblin_zeros_vote_for_nobody() -> None:
    result = finish([["GB0"], ["GB0"]], ("DO1", "DO2"))
    votes = {v["faction"]: (v["side"], v["reason"]) for v in result.details["votes"]}
    assert votes["goblins"] == (None, "tie")
    assert votes["doppelgangers"] == (1, "most cards")


def test_without_three_factions_most_factions_wins() -> None:
    # Last trick KN5 over KN4: seat 0 ends with Knights (4) and Undead (2); seat 1 with
    # Goblins (1); Dwarves and Doppelgangers vote for nobody.
    result = finish([["KN2", "KN3", "UN1", "UN2"], ["GB0"]], ("KN5", "KN4"))
    assert result.scores == [2, 1]
    assert result.winners == [0]
    assert result.details["decided_by"] == "most factions"


def test_equal_factions_then_most_cards_in_them() -> None:
    # Last trick GB5 over GB4: seat 0 has Goblins (5) and Knights (1): 6 cards;
    # seat 1 has Undead (1) and Dwarves (1): 2 cards.
    result = finish([["GB1", "GB2", "GB3", "KN2"], ["UN1", "DW1"]], ("GB5", "GB4"))
    assert result.scores == [2, 2]
    assert result.winners == [0]
    assert result.details["decided_by"] == "most cards in the factions won"


def test_equal_factions_and_cards_then_the_highest_value() -> None:
    # Last trick KN5 over KN4: seat 0 has Goblins {1} and Knights {4, 5}: 3 cards worth
    # 10; seat 1 has Undead {9} and Dwarves {8, 7}: 3 cards worth 24.
    result = finish([["GB1"], ["UN9", "DW8", "DW7"]], ("KN5", "KN4"))
    assert result.scores == [2, 2]
    assert result.winners == [1]
    assert result.details["decided_by"] == "highest value of those cards"


def test_a_complete_tie_is_a_shared_win() -> None:
    # Last trick KN3 over KN2: seat 0 has Goblins {5} and Knights {2, 3}; seat 1 has
    # Undead {5} and Dwarves {2, 3}: 2 factions, 3 cards, a value of 10 each.
    result = finish([["GB5"], ["UN5", "DW2", "DW3"]], ("KN3", "KN2"))
    assert result.scores == [2, 2]
    assert result.winners == [0, 1]
    assert result.details["decided_by"] == "shared win"
    assert [result.reward(0), result.reward(1)] == [0.5, 0.5]
