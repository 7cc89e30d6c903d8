"""Claim 2's factions, deck building and the 3-4 player variants, scenario by scenario.

Expected outcomes are worked out by hand from the combination sheet (seeds/003) and
RULINGS.md (ids in the names and comments).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import regency
from regency import GameOptionError
from regency.games.claim import ClaimState
from regency.games.claim.cards import Faction
from regency.games.claim.deck import check_factions
from regency.games.claim.rules import Vote, final_ranking
from tests.games.claim.helpers import deck_codes, legal, play

CLAIM_3P = ["goblins", "knights", "undead", "dwarves", "doppelgangers", "dragons", "seers"]
CLAIM2_3P = ["gnomes", "giants", "undead", "dwarves", "dragons", "trolls", "seers"]


def obs(game: regency.Game[Any], seat: int | None = None) -> dict[str, Any]:
    return game.observation(seat)


def hands(game: regency.Game[Any]) -> list[list[str]]:
    return [obs(game, s)["hand"] for s in range(game.num_players)]


def position(**kw: Any) -> ClaimState:
    return ClaimState.from_position(**kw)


# -- deck building (R-CLAIM-3) -------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "factions", "message"),
    [
        (2, ["knights", "goblins", "undead", "dwarves"], "one pair and 3 single factions, not 2"),
        (3, ["knights", "goblins", "undead", "dwarves", "seers"], "one pair and 5 single"),
        (4, CLAIM_3P[:6], "one pair and 5 single factions, not 4"),
        (2, ["knights", "goblins", "gnomes", "giants", "undead"], "not both"),
        (2, ["knights", "undead", "dwarves", "doppelgangers", "dragons"], "come as a pair"),
        (2, ["undead", "dwarves", "doppelgangers", "dragons", "trolls"], "needs one pair"),
        (2, ["knights", "goblins", "undead", "dwarves", "elves"], "unknown faction 'elves'"),
        (2, ["knights", "goblins", "undead", "undead", "dwarves"], "only once"),
        (3, "claim", "is the 2-player deck"),
        (2, 42, "factions must be"),
    ],
)
def test_illegal_decks_are_refused_with_the_rule_they_break(
    players: int, factions: Any, message: str
) -> None:
    with pytest.raises(GameOptionError, match=message):
        regency.new_game("claim", players=players, factions=factions)


def test_presets_are_the_two_published_boxes() -> None:
    claim = regency.new_game("claim", factions="claim")
    claim2 = regency.new_game("claim", factions="claim2")
    assert claim.options["factions"] == ["goblins", "knights", "undead", "dwarves", "doppelgangers"]
    assert claim2.options["factions"] == ["gnomes", "giants", "dragons", "trolls", "seers"]
    for game in (claim, claim2):
        assert sum(h["count"] for h in obs(game)["hands"]) + obs(game)["draw_pile"] + 1 == 52


def test_faction_lists_accept_codes_any_order_and_a_comma_string() -> None:
    a = regency.new_game("claim", factions=["DO", "Dwarves", "undead", "knight", "goblins"])
    b = regency.new_game("claim", factions="goblins,knights,undead,dwarves,doppelgangers")
    assert (
        a.options["factions"]
        == b.options["factions"]
        == regency.new_game("claim").options["factions"]
    )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_decks_are_legal_reproducible_and_varied(players: int) -> None:
    decks = set()
    for seed in range(40):
        game = regency.new_game("claim", players=players, seed=seed, factions="random")
        factions = tuple(Faction[f.upper()] for f in game.options["factions"])
        check_factions(factions, players)
        assert (
            regency.new_game("claim", players=players, seed=seed, factions="random").options
            == game.options
        )
        decks.add(factions)
    assert len(decks) > 5


def test_three_and_four_players_get_a_random_deck_by_default() -> None:
    game = regency.new_game("claim", players=3, seed=1)
    assert len(game.options["factions"]) == 7


@pytest.mark.parametrize(("players", "size"), [(3, 12), (4, 9)])
def test_stacked_deals_work_for_every_count(players: int, size: int) -> None:
    codes = deck_codes([Faction[f.upper()] for f in CLAIM2_3P])
    rng = random.Random(players)
    rng.shuffle(codes)
    game = regency.new_game("claim", players=players, deck=codes, first=players - 1)
    for seat in range(players):
        assert sorted(obs(game, seat)["hand"]) == sorted(codes[seat * size : (seat + 1) * size])
    dealt = players * size
    assert obs(game)["face_up"] == codes[dealt : dealt + 2]
    assert obs(game)["draw_pile"] == 72 - dealt - 2
    assert game.current_player == players - 1
    assert game.options["factions"] == sorted(CLAIM2_3P, key=lambda f: Faction[f.upper()])


# -- phase one with 3-4 players: placing order (R-CLAIM-7) ---------------------------------


def last_trick_of_phase_one(
    players: int,
    hands: list[list[str]],
    face_up: list[str],
    pile: list[str],
    factions: list[str] = CLAIM_3P,
    leader: int = 0,
) -> ClaimState:
    return position(
        players=players, factions=factions, hands=hands, face_up=face_up, pile=pile, leader=leader
    )


def test_three_players_winner_chooses_then_lead_followers_then_the_rest() -> None:
    game = last_trick_of_phase_one(3, [["GB5"], ["GB7"], ["UN9"]], ["KN4", "DW8"], ["DR1"])
    play(game, "GB5", "GB7", "UN9")
    # Seat 1 won (GB7); order: seat 1, seat 0 (played Goblins), seat 2 (did not).
    assert game.current_player == 1
    assert legal(game) == ["take KN4", "take DW8"]
    game.play("take DW8")
    # Phase two begins: each follower deck (here one card) is the new hand.
    assert game.phase == 2
    assert hands(game) == [["KN4"], ["DW8"], ["DR1"]]
    assert game.current_player == 1


def test_a_doppelganger_counts_as_the_lead_faction_and_ties_go_to_the_earlier_player() -> None:
    game = last_trick_of_phase_one(3, [["GB5"], ["DO5"], ["GB3"]], ["KN4", "DW8"], ["DR1"])
    play(game, "GB5", "DO5", "GB3")
    assert game.current_player == 0  # GB5 and DO5 tie: the first played wins
    game.play("take KN4")
    assert hands(game) == [["KN4"], ["DW8"], ["DR1"]]  # seat 1 (DO5) picked before seat 2


def test_players_off_the_lead_faction_pick_by_value_ties_to_the_earlier() -> None:
    game = last_trick_of_phase_one(3, [["UN9"], ["GB4"], ["DW4"]], ["KN4", "DW8"], ["DR1"])
    play(game, "UN9", "GB4", "DW4")
    game.play("take DW8")
    assert hands(game) == [["DW8"], ["KN4"], ["DR1"]]


def test_four_players_goblins_led_two_knights_the_higher_knight_wins_and_picks_first() -> None:
    game = last_trick_of_phase_one(
        4, [["GB2"], ["KN3"], ["KN7"], ["GB9"]], ["UN1", "UN5"], ["DR2", "DR3"]
    )
    play(game, "GB2", "KN3", "KN7", "GB9")
    assert game.current_player == 2  # the Knight 7 won
    game.play("take UN5")
    # Then the Goblin players high to low (seat 3, seat 0), then the other Knight (seat 1).
    assert hands(game) == [["DR2"], ["DR3"], ["UN5"], ["UN1"]]
    assert game.current_player == 2


def test_identical_face_up_cards_need_no_choice() -> None:
    game = last_trick_of_phase_one(3, [["UN2"], ["UN3"], ["UN4"]], ["GB0", "GB0"], ["DR1"])
    play(game, "UN2", "UN3", "UN4")
    assert game.phase == 2
    assert hands(game) == [["DR1"], ["GB0"], ["GB0"]]


def test_undead_played_go_to_the_winner_and_a_doppelganger_is_discarded_in_3p() -> None:
    game = last_trick_of_phase_one(3, [["UN2"], ["UN6"], ["DO9"]], ["KN4", "KN5"], ["DR1"])
    play(game, "UN2", "UN6", "DO9")
    assert obs(game)["score_piles"][2] == ["UN2", "UN6"]
    assert "DO9" in obs(game)["discards"]


# -- Dragons (R-CLAIM-12) -------------------------------------------------------------------


def test_the_last_dragon_leads_the_next_trick_whoever_won() -> None:
    game = position(
        players=3,
        factions=CLAIM_3P,
        phase=2,
        hands=[["DR2", "GB1"], ["DR9", "GB2"], ["DR4", "GB3"]],
    )
    play(game, "DR2", "DR9", "DR4")
    assert obs(game)["score_piles"][1] == ["DR2", "DR4", "DR9"]  # the winner takes the cards
    assert game.current_player == 2
    assert obs(game)["leader_because"] == "played the last Dragon"


def test_a_doppelganger_following_a_dragon_is_no_dragon() -> None:
    game = position(
        players=3,
        factions=CLAIM_3P,
        phase=2,
        hands=[["DR2", "GB1"], ["DO9", "GB2"], ["GB5", "GB3"]],
    )
    play(game, "DR2", "DO9", "GB5")
    assert obs(game)["tricks"][-1]["winner"] == 1
    assert game.current_player == 0  # seat 0 played the only (so last) Dragon


def test_a_dragon_leads_across_the_phases() -> None:
    game = position(factions="claim2", hands=[["TR5"], ["DR0"]], face_up=["SE3"], pile=["GN1"])
    play(game, "TR5", "DR0")  # seat 1 cannot follow Trolls: seat 0 wins, seat 1 played a Dragon
    assert game.phase == 2
    assert hands(game) == [["SE3"], ["GN1"]]
    assert game.current_player == 1


# -- Gnomes and Giants (R-CLAIM-10, R-CLAIM-11) -------------------------------------------


def test_gnomes_won_in_phase_one_go_to_the_follower_deck() -> None:
    game = position(factions="claim2", hands=[["GN7"], ["GN5"]], face_up=["GN9"], pile=["GN1"])
    play(game, "GN7", "GN5")
    assert hands(game) == [["GN9"], ["GN1"]]
    assert obs(game)["gnomes"] == [[], []]


def test_gnomes_won_in_phase_two_lie_face_up_and_join_the_score_pile_at_the_end() -> None:
    game = position(factions="claim2", phase=2, hands=[["GN5", "DR1"], ["GN7", "DR2"]])
    play(game, "GN5", "GN7")
    assert obs(game)["gnomes"] == [[], ["GN5", "GN7"]]
    assert obs(game)["score_piles"] == [[], []]
    play(game, "DR2", "DR1")  # the last trick: seat 1 won the first, so it leads
    assert game.is_over
    assert obs(game)["score_piles"][1] == ["GN5", "GN7", "DR1", "DR2"]
    assert obs(game)["gnomes"] == [[], []]
    votes = {v["faction"]: v for v in game.result().details["votes"]}
    assert votes["gnomes"]["counts"] == [0, 2]


def test_two_giants_of_one_value_smash_two_gnomes_of_one_player() -> None:
    game = position(
        factions="claim2",
        phase=2,
        hands=[["GI3", "DR1"], ["GI3", "DR2"]],
        gnomes=[[], ["GN3", "GN3"]],
    )
    play(game, "GI3", "GI3")  # equal values: the leader (seat 0) wins
    assert obs(game)["gnomes"] == [[], []]
    assert obs(game)["smashed"] == ["GN3", "GN3"]
    assert obs(game)["score_piles"][0] == ["GI3", "GI3"]


def test_giants_never_smash_the_winners_own_gnomes() -> None:
    game = position(
        factions="claim2",
        phase=2,
        hands=[["GI3", "DR1"], ["GI1", "DR2"]],
        gnomes=[["GN3", "GN1"], ["GN1"]],
    )
    play(game, "GI3", "GI1")
    assert obs(game)["gnomes"] == [["GN1", "GN3"], []]  # seat 1 lost its Gnome 1
    assert obs(game)["smashed"] == ["GN1"]


def test_giants_played_by_the_loser_smash_for_the_winner() -> None:
    game = position(
        factions="claim2",
        phase=2,
        hands=[["GI5", "DR1"], ["GI7", "DR2"]],
        gnomes=[["GN5", "GN7"], ["GN5"]],
    )
    play(game, "GI5", "GI7")
    assert obs(game)["gnomes"] == [[], ["GN5"]]
    assert sorted(obs(game)["smashed"]) == ["GN5", "GN7"]


def test_a_giant_smashes_every_opponent_but_never_a_partner() -> None:
    """The issue's example: a Giant 5 won in phase two, 4 players."""
    game = position(
        players=4,
        factions=CLAIM2_3P,
        phase=2,
        hands=[["GI5", "DR1"], ["GI1", "DR2"], ["GI3", "DR3"], ["GI1", "DR4"]],
        gnomes=[["GN5"], ["GN5"], ["GN5"], []],
    )
    play(game, "GI5", "GI1", "GI3", "GI1")
    assert obs(game)["tricks"][-1]["winner"] == 0
    assert obs(game)["gnomes"] == [["GN5"], [], ["GN5"], []]
    assert obs(game)["smashed"] == ["GN5"]


def test_three_player_giants_smash_both_opponents() -> None:
    game = position(
        players=3,
        factions=CLAIM2_3P,
        phase=2,
        hands=[["GI7", "DR1"], ["GN7", "DR2"], ["DW1", "DR3"]],
        gnomes=[[], ["GN7"], ["GN7"]],
    )
    play(game, "GI7", "GN7", "DW1")  # seats 1 and 2 hold no Giants
    assert obs(game)["gnomes"][1:] == [[], []]
    assert obs(game)["smashed"] == ["GN7", "GN7"]
    # The Gnome 7 played in the trick was won by seat 0: it now lies in front of seat 0.
    assert obs(game)["gnomes"][0] == ["GN7"]


def test_a_doppelganger_following_a_giant_smashes_nothing() -> None:
    game = position(
        factions=["gnomes", "giants", "doppelgangers", "trolls", "seers"],
        phase=2,
        hands=[["GI1", "SE1"], ["DO5", "SE2"]],
        gnomes=[["GN5"], []],
    )
    play(game, "GI1", "DO5")
    assert obs(game)["gnomes"][0] == ["GN5"]
    assert obs(game)["smashed"] == []


# -- Trolls (R-CLAIM-13) ----------------------------------------------------------------------


def test_with_a_troll_waiting_and_two_played_the_winner_takes_only_the_highest() -> None:
    """The issue's example."""
    game = position(
        factions="claim2", phase=2, hands=[["TR3", "DR1"], ["TR5", "DR2"]], trolls_waiting=["TR8"]
    )
    play(game, "TR3", "TR5")
    assert obs(game)["score_piles"][1] == ["TR8"]
    assert obs(game)["trolls_waiting"] == ["TR3", "TR5"]


def test_a_waiting_troll_goes_to_the_next_winner_even_with_no_troll_played() -> None:
    game = position(
        factions="claim2",
        phase=2,
        hands=[["DR5", "DR1"], ["DR3", "DR2"]],
        trolls_waiting=["TR8", "TR2"],
    )
    play(game, "DR5", "DR3")
    assert obs(game)["score_piles"][0] == ["DR3", "DR5", "TR8"]
    assert obs(game)["trolls_waiting"] == ["TR2"]


def test_the_last_tricks_winner_takes_every_troll_still_waiting() -> None:
    game = position(
        factions="claim2", phase=2, hands=[["TR1"], ["TR4"]], trolls_waiting=["TR8", "TR2"]
    )
    play(game, "TR1", "TR4")
    assert game.is_over
    assert obs(game)["score_piles"][1] == ["TR1", "TR2", "TR4", "TR8"]
    assert obs(game)["trolls_waiting"] == []


def test_a_doppelganger_following_a_troll_is_scored_normally() -> None:
    game = position(
        factions=["gnomes", "giants", "doppelgangers", "trolls", "seers"],
        phase=2,
        hands=[["TR3", "SE1"], ["DO9", "SE2"]],
    )
    play(game, "TR3", "DO9")
    assert obs(game)["score_piles"][1] == ["DO9", "TR3"]
    assert obs(game)["trolls_waiting"] == []


# -- Dwarves with 3-4 players (R-CLAIM-9) -------------------------------------------------------


def test_three_players_lowest_card_takes_the_dwarves_ties_to_the_last_played() -> None:
    game = position(
        players=3,
        factions=CLAIM_3P,
        phase=2,
        hands=[["DW5", "UN1"], ["DW2", "UN2"], ["GB2", "UN3"]],
    )
    play(game, "DW5", "DW2", "GB2")
    piles = obs(game)["score_piles"]
    assert piles[0] == ["GB2"]  # seat 0 won the trick
    assert piles[2] == ["DW2", "DW5"]  # DW2 and GB2 tie for lowest: the later player


def test_four_players_the_dwarves_go_to_the_lowest_card_even_the_winners_partner() -> None:
    game = position(
        players=4,
        factions=CLAIM_3P,
        phase=2,
        hands=[["DW9", "UN1"], ["DW3", "UN2"], ["DW1", "UN3"], ["DW6", "UN4"]],
    )
    play(game, "DW9", "DW3", "DW1", "DW6")
    assert obs(game)["score_piles"] == [[], [], ["DW1", "DW3", "DW6", "DW9"], []]
    assert game.current_player == 0


# -- Seers (R-CLAIM-14) ----------------------------------------------------------------------


def seer_trick(players: int = 2) -> ClaimState:
    if players == 2:
        return position(factions="claim2", hands=[["SE7"], ["SE2"]], face_up=["DR9"], pile=["GN1"])
    return position(
        players=3,
        factions=CLAIM2_3P,
        hands=[["SE5"], ["SE2"], ["DR1"]],
        face_up=["GN3", "TR4"],
        pile=["GI9"],
    )


def test_a_seer_winner_peeks_and_may_take_the_deck_card() -> None:
    game = seer_trick()
    play(game, "SE7", "SE2")
    assert game.current_player == 0
    assert legal(game) == ["take DR9", "take deck"]
    assert obs(game, 0)["peek"] == "GN1"
    assert obs(game, 1)["peek"] is None and obs(game)["peek"] is None
    game.play("take deck")
    assert hands(game) == [["GN1"], ["DR9"]]  # the loser takes the face-up card


def test_a_seer_winner_taking_the_face_up_card_knows_what_the_loser_drew() -> None:
    game = seer_trick()
    play(game, "SE7", "SE2", "take DR9")
    assert hands(game) == [["DR9"], ["GN1"]]
    assert obs(game, 0)["hands"][1]["known"] == ["GN1"]
    assert obs(game)["hands"][1]["known"] == []


def test_a_doppelganger_following_a_seer_gets_no_peek() -> None:
    game = position(
        factions=["gnomes", "giants", "doppelgangers", "trolls", "seers"],
        hands=[["SE2"], ["DO8"]],
        face_up=["TR9"],
        pile=["GN1"],
    )
    play(game, "SE2", "DO8")
    assert game.phase == 2  # no choice was offered: the cards were handed out
    assert hands(game) == [["GN1"], ["TR9"]]


def test_three_player_seer_takes_the_deck_then_placing_order_takes_the_face_up_cards() -> None:
    game = seer_trick(3)
    play(game, "SE5", "SE2", "DR1")
    assert legal(game) == ["take GN3", "take TR4", "take deck"]
    game.play("take deck")
    # Second in placing order: seat 1 (played a Seer), choosing between both face-up cards.
    assert game.current_player == 1
    assert legal(game) == ["take GN3", "take TR4"]
    game.play("take TR4")
    assert hands(game) == [["GI9"], ["TR4"], ["GN3"]]


def test_four_player_seer_taking_a_face_up_card_knows_the_third_players_draw() -> None:
    game = position(
        players=4,
        factions=CLAIM2_3P,
        hands=[["SE5"], ["SE2"], ["SE1"], ["SE3"]],
        face_up=["GN3", "TR4"],
        pile=["GI9", "DR0"],
    )
    play(game, "SE5", "SE2", "SE1", "SE3", "take TR4")
    # Order: seat 0 (won), then seat 3 (3), seat 1 (2), seat 2 (1).
    assert hands(game) == [["TR4"], ["GI9"], ["DR0"], ["GN3"]]
    assert obs(game, 0)["hands"][1]["known"] == ["GI9"]
    assert obs(game, 2)["hands"][1]["known"] == []


# -- the end with 3-4 players (R-CLAIM-15, R-CLAIM-16) -------------------------------------


def test_partners_pool_their_score_piles_and_share_the_result() -> None:
    # Seats 0 and 2 hold a Goblin each, seat 1 one; the last trick's four Undead go to
    # seat 3 (UN4 wins).
    game = position(
        players=4,
        factions=CLAIM_3P,
        phase=2,
        hands=[["UN1"], ["UN2"], ["UN3"], ["UN4"]],
        score_piles=[["GB1"], ["GB9"], ["GB2"], []],
    )
    play(game, "UN1", "UN2", "UN3", "UN4")
    result = game.result()
    votes = {v["faction"]: v for v in result.details["votes"]}
    assert votes["goblins"]["counts"] == [2, 1]
    assert votes["goblins"]["seats"] == [0, 2]
    assert votes["undead"]["seats"] == [1, 3]
    # One faction each; cards 2 (Goblins) against 4 (Undead): the Undead team wins.
    assert result.scores == [1, 1, 1, 1]
    assert result.winners == [1, 3]
    assert result.details["decided_by"] == "most cards in the factions won"


def vote(side: int | None, counts: tuple[int, ...], values: tuple[int, ...]) -> Vote:
    return Vote(Faction.GOBLINS, side, counts, (0,) * len(counts), values, "most cards")


def test_three_players_most_factions_then_cards_then_value() -> None:
    votes = [
        vote(0, (3, 0, 0), (9, 0, 0)),
        vote(1, (0, 2, 0), (0, 5, 0)),
        vote(0, (1, 0, 0), (4, 0, 0)),
        vote(2, (0, 0, 5), (0, 0, 20)),
    ]
    assert final_ranking(votes, 3) == ([0], "most factions")
    # Two factions each. Side 0: 3 + 1 cards worth 9 + 1; side 1: 2 + 2 cards worth 5 + 4.
    votes = [
        vote(0, (3, 0, 0), (9, 0, 0)),
        vote(1, (0, 2, 0), (0, 5, 0)),
        vote(1, (0, 2, 0), (0, 4, 0)),
        vote(0, (1, 0, 0), (1, 0, 0)),
    ]
    assert final_ranking(votes, 3) == ([0], "highest value of those cards")
    votes[3] = vote(0, (2, 0, 0), (1, 0, 0))  # side 0 now has 5 cards against 4
    assert final_ranking(votes, 3) == ([0], "most cards in the factions won")
    votes = [vote(0, (2, 0, 0), (9, 0, 0)), vote(1, (0, 2, 0), (0, 9, 0))]
    assert final_ranking(votes, 3) == ([0, 1], "shared win")
    # Three factions do not win outright with 3 players: most factions does.
    votes = [vote(0, (1, 0, 0), (1, 0, 0))] * 3 + [vote(1, (0, 1, 0), (0, 1, 0))] * 4
    assert final_ranking(votes, 3) == ([1], "most factions")


# -- what each seat sees ---------------------------------------------------------------------


def test_the_table_shows_face_up_gnomes_and_waiting_trolls_to_everyone() -> None:
    game = position(
        factions="claim2",
        phase=2,
        hands=[["TR3", "DR1"], ["TR5", "DR2"]],
        trolls_waiting=["TR8"],
        gnomes=[["GN1"], []],
    )
    for seat in (None, 0, 1):
        assert obs(game, seat)["trolls_waiting"] == ["TR8"]
        assert obs(game, seat)["gnomes"] == [["GN1"], []]


@pytest.mark.parametrize("players", [3, 4])
def test_a_whole_game_plays_through_the_terminal(players: int) -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "regency.cli.main",
            "play",
            "claim",
            "--players",
            str(players),
            "--factions",
            "random",
            "--seed",
            "4",
            "--opponent",
            "heuristic",
            "--seat",
            "1",
        ],
        input="1\n" * 200,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "The factions vote" in done.stdout
    if players == 4:
        assert "Seat 3: Casual computer (heuristic) (your partner)" in " ".join(done.stdout.split())
