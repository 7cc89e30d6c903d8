"""Conservation laws over random games (hypothesis), checked after every decision.

* Markers are conserved: supply + markers on the grid = 15 for each player, always.
* No card ever holds two markers of one colour (R-CK-5); face-down cards hold none
  (R-CK-7).
* Every placed card touches another (R-CK-1), and the first card stays at 0,0.
* Cards are conserved: grid + display + hands + deck + a Seer's look = 7 per faction.
* Points from powers never go down, and the game always ends.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import regency
from regency.games.claim_kingdoms.heuristic import _faction_gains, _share

MAX_DECISIONS = 2000


def check(game: regency.Game[Any], before: list[int]) -> list[int]:
    obs = game.observation(None)
    n = game.num_players
    grid = obs["grid"]
    on_grid = Counter(seat for card in grid for seat in card["markers"])
    for seat in range(n):
        assert obs["supplies"][seat] + on_grid[seat] == 15, (seat, obs["supplies"])
        assert 0 <= obs["supplies"][seat] <= 15
    squares = {(c["x"], c["y"]) for c in grid}
    assert len(squares) == len(grid)
    assert (grid[0]["x"], grid[0]["y"]) == (0, 0)
    for card in grid:
        assert len(set(card["markers"])) == len(card["markers"])
        if not card["face_up"]:
            assert card["markers"] == []
        if len(grid) > 1:
            x, y = card["x"], card["y"]
            assert {(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)} & squares
    state = game.state_dict()
    cards = Counter(c["faction"] for c in grid)
    cards.update(state["display"])
    cards.update(state["deck"])
    cards.update(h for h in state["hands"] if h is not None)
    cards.update(state["looking"])
    assert cards == Counter({f: 7 for f in obs["factions"]})
    points = list(obs["power_points"])
    assert all(now >= then for now, then in zip(points, before, strict=True))
    return points


@given(
    seed=st.integers(0, 2**63 - 1),
    players=st.sampled_from([2, 3, 4]),
    choices=st.randoms(use_true_random=False),
)
def test_random_games_keep_the_conservation_laws(
    seed: int, players: int, choices: random.Random
) -> None:
    game = regency.new_game("claim-kingdoms", players=players, seed=seed)
    points = check(game, [0] * players)
    decisions = 0
    while not game.is_over:
        game.apply(choices.choice(game.legal_actions()))
        points = check(game, points)
        decisions += 1
        assert decisions < MAX_DECISIONS
    result = game.result()
    assert sorted(result.winners) == result.winners and result.winners


@settings(max_examples=8)  # a heuristic game takes a few hundred milliseconds
@given(seed=st.integers(0, 2**63 - 1), players=st.sampled_from([2, 4]))
def test_games_between_heuristic_players_keep_them_too(seed: int, players: int) -> None:
    from regency.games.claim_kingdoms.heuristic import choose

    game = regency.new_game("claim-kingdoms", players=players, seed=seed)
    rng = random.Random(seed)
    points = [0] * players
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        action = choose(game.view(seat), rng)
        assert action in game.legal_actions()
        game.apply(action)
        points = check(game, points)


@given(
    st.lists(st.integers(0, 7), min_size=2, max_size=4),
    st.sampled_from([1, 2, 3, 4, 5, 9]),
    st.booleans(),
)
def test_a_factions_expected_points_are_what_the_heuristic_says_of_each_seat(
    row: list[int], points: int, hard: bool
) -> None:
    """``_faction_gains`` (worked out once per row of markers and kept) gives each seat with
    markers what the heuristic's rule says: all of the points to the leaders near the end,
    else a share by the seat's lead over its strongest rival (+1: 3/4, tie: 0.6, -1: 1/4)."""
    gains = dict(_faction_gains(row, points, hard))
    for seat, mine in enumerate(row):
        if not mine:
            assert seat not in gains
            continue
        rival = max(c for s, c in enumerate(row) if s != seat)
        if hard:
            assert gains.get(seat) == (float(points) if mine == max(row) else None)
        else:
            assert gains[seat] == points * _share(mine - rival)
    if max(row) > 0 and not hard:
        assert sum(gains.values()) <= points * len(row)
