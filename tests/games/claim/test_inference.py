"""Claim's model of play: worlds that explain the rivals' cards weigh more (ISMCTS infer)."""

from __future__ import annotations

import json
import math
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import regency
from regency.games.claim.cards import CARD_CODE, CARD_FACTION, cards_of, codes, ids
from regency.games.claim.deck import PRESETS
from regency.games.claim.inference import (
    FEATURES,
    MODEL,
    Play,
    may_follow,
    play_probability,
    rival_plays,
    weights,
    world_weigher,
)
from regency.games.claim.rules import follow_mask
from tests.games.claim.helpers import deal

DECK = ids(cards_of(PRESETS["claim"]))

# Seat 1 leads the first trick for DW0, a prize worth less than a blind draw.
LOW_PRIZE = ["DW0", "KN2"]
HIGH_HAND = ["GB1", "UN5", "UN6", "UN7", "UN8", "UN9", "DO5", "DO6", "DO7", "DO8", "DO9", "KN9"]


def after_lead(rival_hand: list[str], pile: list[str], lead: str) -> regency.Game[Any]:
    """Seat 1 has led ``lead`` from ``rival_hand`` (13 cards); seat 0 is to play."""
    game = deal([[], rival_hand], pile, first=1, fill={0: ["GB", "KN", "DW"]})
    game.play(lead)
    return game


def test_a_rival_who_threw_low_for_a_poor_prize_most_likely_held_nothing_lower() -> None:
    """The rival led GB1 for DW0. A world where they also held UN0 explains it worse:
    with a prize below a blind draw a player throws their lowest card."""
    truth = after_lead([*HIGH_HAND, "UN4"], [*LOW_PRIZE, "UN0"], "GB1")
    other = after_lead([*HIGH_HAND, "UN0"], [*LOW_PRIZE, "UN4"], "GB1")
    seen = truth.observation(0)
    assert other.observation(0) == seen  # both are worlds seat 0 could be in
    weigh = world_weigher(seen)
    assert weigh is not None
    assert weigh(truth) > weigh(other)  # type: ignore[arg-type]


def test_a_rival_who_bid_high_for_a_good_prize_most_likely_held_nothing_higher() -> None:
    """The rival led UN8 for DO9, a prize worth bidding for; holding UN9 too (in the
    other world) would have made the 9 the likelier bid."""
    hand = ["GB1", "GB2", "GB3", "UN2", "UN3", "UN8", "DO1", "DO2", "DO3", "KN2", "KN3", "KN4"]
    truth = after_lead([*hand, "DW1"], ["DO9", "KN5", "UN9"], "UN8")
    other = after_lead([*hand, "UN9"], ["DO9", "KN5", "DW1"], "UN8")
    seen = truth.observation(0)
    assert other.observation(0) == seen
    weigh = world_weigher(seen)
    assert weigh is not None
    assert weigh(truth) > weigh(other)  # type: ignore[arg-type]


def test_a_world_weighs_the_product_of_the_rivals_plays_this_phase() -> None:
    """Worked by hand from the plays: the rival's hand at each play is its hand now and
    what it has played since."""
    game = deal(
        [[], [*HIGH_HAND, "UN4"]], [*LOW_PRIZE, "UN0"], first=1, fill={0: ["GB", "KN", "DW"]}
    )
    rng = random.Random(4)
    while game.observation(0)["trick"] < 4 or game.current_player != 0:
        game.apply(rng.choice(game.legal_actions()))
    seen = game.observation(0)
    plays = rival_plays(seen)
    tricks = [t for t in seen["tricks"] if t["phase"] == 1]
    theirs = [
        t["plays"][i] for t in tricks for i in range(len(t["plays"])) if (t["leader"] + i) % 2 == 1
    ] + [c for i, c in enumerate(seen["played"]) if (seen["leader"] + i) % 2 == 1]
    modelled = {kind for kind, _ in weights().items()}
    assert [p.card for p in reversed(plays)] == [
        c for c, lead in zip(theirs, _leads(seen), strict=True) if (1, lead) in modelled
    ]
    hand = list(codes(game._hands[1]))  # type: ignore[attr-defined]
    expected = 1.0
    for play in plays:
        hand.append(play.card)
        legal = may_follow(hand, play.played[0][:2]) if play.played else hand
        expected *= play_probability(play, sorted(legal))
    weigh = world_weigher(seen)
    assert weigh is not None
    assert math.isclose(weigh(game), expected)  # type: ignore[arg-type]


def _leads(seen: dict[str, Any]) -> list[bool]:
    """Whether each of seat 1's plays this phase led its trick, in order."""
    out = []
    tricks = [t for t in seen["tricks"] if t["phase"] == 1]
    current = [{"leader": seen["leader"], "plays": seen["played"]}] if seen["played"] else []
    for t in [*tricks, *current]:
        out += [i == 0 for i in range(len(t["plays"])) if (t["leader"] + i) % 2 == 1]
    return out


def test_no_rival_play_yet_weighs_nothing() -> None:
    game = deal([[], HIGH_HAND], LOW_PRIZE, first=0)
    assert world_weigher(game.observation(0)) is None


@given(
    hand=st.sets(st.sampled_from(DECK), min_size=1, max_size=13),
    lead=st.sampled_from(DECK),
)
def test_following_by_codes_is_the_rule(hand: set[int], lead: int) -> None:
    """R-CLAIM-5 on codes (what the model works with) is the engine's follow_mask."""
    mask = sum(1 << c for c in hand)
    by_rule = sorted(codes(follow_mask(mask, CARD_FACTION[lead])))
    assert sorted(may_follow(codes(mask), CARD_CODE[lead][:2])) == by_rule


@given(
    legal=st.lists(
        st.sampled_from(sorted(set(CARD_CODE[c] for c in DECK))),
        min_size=1,
        max_size=9,
        unique=True,
    ),
    played=st.lists(st.sampled_from(sorted(set(CARD_CODE[c] for c in DECK))), max_size=1),
    want=st.floats(-2, 2),
    phase=st.sampled_from([1, 2]),
)
def test_the_policy_is_a_distribution_over_the_cards_that_could_be_played(
    legal: list[str], played: list[str], want: float, phase: int
) -> None:
    kind = weights().get((phase, not played))
    if kind is None:
        return
    stakes = {"GB": 1.5, "UN": 0.2} if phase == 2 else {}
    probabilities = [
        play_probability(Play(1, card, tuple(played), want, stakes, kind), legal) for card in legal
    ]
    assert all(0 < p <= 1 for p in probabilities)
    assert math.isclose(sum(probabilities), 1.0)


def test_the_shipped_model_says_what_made_it_and_predicts_better_than_a_guess() -> None:
    model = json.loads(MODEL.read_text())
    assert model["features"] == list(FEATURES)
    assert model["command"].startswith("benchmarks/fit_claim_play.py")
    assert {"agent", "games", "seed", "held_out"} <= set(model)
    assert model["weights"], "a model that models nothing"
    for kind, coefficients in model["weights"].items():
        assert len(coefficients) == len(FEATURES)
        figures = model["held_out"][kind]
        assert figures["fitted"] > figures["uniform"], kind


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_true_deal_is_a_world_the_model_allows(players: int) -> None:
    """The real hands explain the real plays: never a weight of zero, at any count."""
    rng = random.Random(players)
    game = regency.new_game("claim", players=players, seed=players)
    heuristic = regency.game_info("claim").heuristic
    assert heuristic is not None
    checked = 0
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        weigh = world_weigher(game.observation(seat))
        if weigh is not None:
            assert weigh(game) > 0  # type: ignore[arg-type]
            checked += 1
        game.apply(heuristic(game.view(seat), rng))
    assert checked > 10
