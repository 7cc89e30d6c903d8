"""Worlds sampled for a seat never contradict what that seat has seen."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

import regency

FACTION_OF_CODE = {
    "GB": "goblins",
    "KN": "knights",
    "UN": "undead",
    "DW": "dwarves",
    "DO": "doppelgangers",
    "GN": "gnomes",
    "GI": "giants",
    "DR": "dragons",
    "TR": "trolls",
    "SE": "seers",
}


def voids_from_history(obs: dict[str, Any]) -> dict[int, set[str]]:
    """Who failed to follow what this phase, worked out from the tricks alone."""
    voids: dict[int, set[str]] = {}
    n = obs["players"]
    phase_tricks = [t for t in obs["tricks"] if t["phase"] == obs["phase"]]
    current = [{"leader": obs["leader"], "plays": obs["played"]}] if obs["played"] else []
    for trick in [*phase_tricks, *current]:
        lead = FACTION_OF_CODE[trick["plays"][0][:2]]
        for i, code in enumerate(trick["plays"][1:], start=1):
            faction = FACTION_OF_CODE[code[:2]]
            if faction not in (lead, "doppelgangers"):
                voids.setdefault((trick["leader"] + i) % n, set()).add(lead)
    return voids


@given(
    seed=st.integers(0, 2**32),
    players=st.sampled_from([2, 3, 4]),
    steps=st.integers(0, 80),
    rng=st.randoms(use_true_random=False),
)
def test_sampled_worlds_respect_every_void_and_every_known_card(
    seed: int, players: int, steps: int, rng: random.Random
) -> None:
    game = regency.new_game("claim", players=players, seed=seed, factions="random")
    for _ in range(steps):
        if game.is_over:
            return
        game.apply(rng.choice(game.legal_actions()))
    if game.is_over:
        return
    seat = rng.randrange(players)
    obs = game.observation(seat)
    voids = voids_from_history(obs)
    sample = game.view(seat).world_sampler()
    for _ in range(10):
        world = sample(rng)
        truth = world.state_dict()
        for other, missing in voids.items():
            held = {FACTION_OF_CODE[c[:2]] for c in truth["hands"][other]}
            assert not held & missing, (other, missing, truth["hands"][other])
        assert truth["hands"][seat] == game.state_dict()["hands"][seat]
        for other in range(players):
            for code in obs["hands"][other]["known"]:
                assert code in truth["hands"][other]
            for code in obs["followers"][other]["known"]:
                assert code in truth["followers"][other]
