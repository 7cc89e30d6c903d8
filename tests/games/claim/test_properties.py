"""Conservation laws of Claim, checked over random games of every size and deck."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

import regency
from regency.games.claim.cards import Faction
from tests.games.claim.helpers import deck_codes

LOCATIONS = (
    "plays",
    "face_up",
    "draw_pile",
    "trolls_waiting",
    "discards",
    "smashed",
)
PER_SEAT = ("hands", "followers", "score_piles", "gnomes")


def where_cards_are(state: dict[str, Any]) -> Counter[str]:
    cards: Counter[str] = Counter()
    for key in LOCATIONS:
        cards.update(state[key])
    for key in PER_SEAT:
        for group in state[key]:
            cards.update(group)
    return cards


games = st.tuples(
    st.integers(0, 2**32),  # seed
    st.sampled_from([2, 3, 4]),
    st.randoms(use_true_random=False),
)


@given(games)
def test_every_card_is_in_exactly_one_place_at_every_step(
    args: tuple[int, int, random.Random],
) -> None:
    seed, players, rng = args
    game = regency.new_game("claim", players=players, seed=seed, factions="random")
    deck = Counter(deck_codes([Faction[f.upper()] for f in game.options["factions"]]))
    size = {2: 13, 3: 12, 4: 9}[players]
    tricks = {1: 0, 2: 0}
    while True:
        state = game.state_dict()
        assert where_cards_are(state) == deck
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    for trick in game.observation(None)["tricks"]:
        tricks[trick["phase"]] += 1
    # Each phase has as many tricks as cards dealt to each player.
    assert tricks == {1: size, 2: size}
    end = game.state_dict()
    assert end["draw_pile"] == [] and end["face_up"] == []
    assert all(not h for h in end["hands"]) and all(not f for f in end["followers"])
    assert end["trolls_waiting"] == [] and all(not g for g in end["gnomes"])


@given(games)
def test_the_draw_pile_never_runs_short(args: tuple[int, int, random.Random]) -> None:
    seed, players, rng = args
    game = regency.new_game("claim", players=players, seed=seed, factions="random")
    while not game.is_over:
        obs = game.observation(None)
        if obs["phase"] == 1 and obs["decision"] == "play":
            # The face-up card(s) are out; what remains covers this trick's draws and
            # every later trick's face-up cards and draws.
            tricks_left = obs["tricks_per_phase"] - obs["trick"]
            assert obs["draw_pile"] == (players - len(obs["face_up"])) + tricks_left * players
        game.apply(rng.choice(game.legal_actions()))


@given(games)
def test_hands_stay_equal_at_the_start_of_each_trick(args: tuple[int, int, random.Random]) -> None:
    seed, players, rng = args
    game = regency.new_game("claim", players=players, seed=seed, factions="random")
    while not game.is_over:
        obs = game.observation(None)
        if obs["decision"] == "play" and not obs["played"]:
            sizes = {h["count"] for h in obs["hands"]}
            assert sizes == {obs["tricks_per_phase"] - obs["trick"] + 1}
        game.apply(rng.choice(game.legal_actions()))
