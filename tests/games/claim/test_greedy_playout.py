"""Claim's greedy playout (ISMCTS ``rollout=greedy``): a follower's rule of thumb."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import regency
from regency.agents.base import AgentError
from regency.agents.registry import make_agent
from tests.games.claim.helpers import deal


def follow_after(
    lead: str, follower: list[str], pile: list[str], pad: tuple[str, ...] = ("DW",)
) -> str:
    """Seat 0 leads ``lead``; the card seat 1 plays by the greedy rule of thumb.

    Seat 1's hand is ``follower`` padded with cards of the factions ``pad`` (Dwarves:
    none can follow the Undead led below).
    """
    game: Any = deal([[lead], follower], pile, first=0, fill={1: list(pad)})
    game.play(lead)
    game.greedy_playout(random.Random(0), 1)
    trick = game.observation(0)["tricks"][-1]
    return str(trick["plays"][1])


def test_a_follower_takes_a_good_prize_with_its_cheapest_winning_card() -> None:
    # DO9 face up (worth 5 or more): UN6 is the cheapest Undead above UN4.
    assert follow_after("UN4", ["UN2", "UN6", "UN8", "UN9"], ["DO9"]) == "UN6"


def test_a_follower_throws_its_lowest_card_at_a_poor_prize() -> None:
    # DW1 face up: not worth a card that wins; the lowest it may play is UN2.
    assert follow_after("UN4", ["UN2", "UN6", "UN8", "UN9"], ["DW1"]) == "UN2"


def test_a_low_knight_takes_a_goblin_lead() -> None:
    # No Goblins to follow with, so any card may be played (R-CLAIM-5); against Goblins a
    # Knight wins whatever its value (R-CLAIM-6): KN2 is the cheapest card that wins.
    assert follow_after("GB5", ["KN2", "KN7", "UN0"], ["DO9"], pad=("UN", "DW")) == "KN2"


def test_a_follower_that_cannot_win_throws_its_lowest_legal_card() -> None:
    # Only Undead may follow Undead (and Doppelgangers); none beats UN9.
    assert follow_after("UN9", ["UN1", "UN3", "GB0"], ["DO9"]) == "UN1"


@settings(max_examples=30, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10_000))
def test_a_greedy_playout_ends_the_game_and_is_seeded(players: int, seed: int) -> None:
    games = [regency.new_game("claim", players=players, seed=seed) for _ in range(2)]
    for game in games:
        game.greedy_playout(random.Random(seed))
        assert game.is_over
    assert games[0].state_dict() == games[1].state_dict()
    assert games[0].result().scores == games[1].result().scores


def test_greedy_is_refused_where_a_game_has_no_rule_of_thumb() -> None:
    for game in ("kingdoms", "claim-kingdoms"):
        with pytest.raises(AgentError, match="no greedy playout"):
            make_agent("ismcts:rollout=greedy", game, 0)
    with pytest.raises(AgentError, match="random, heuristic or greedy"):
        make_agent("ismcts:rollout=smart", "claim", 0)
