"""Policy-based inference: worlds dealt in proportion to their weight (ISMCTS ``infer``)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import regency
from regency.agents.base import AgentError
from regency.agents.inference import MAX_POOL, WeightedWorlds
from regency.agents.registry import make_agent
from regency.games.claim.cards import codes


def mid_phase_one(seed: int, players: int = 2) -> regency.Game[Any]:
    """A Claim game some tricks into phase one, heuristics playing, seat 0 to move."""
    game = regency.new_game("claim", players=players, seed=seed)
    heuristic = regency.game_info("claim").heuristic
    assert heuristic is not None
    rng = random.Random(seed)
    while game.observation(0)["trick"] < 5 or game.current_player != 0:
        seat = game.current_player
        assert seat is not None
        game.apply(heuristic(game.view(seat), rng))
    return game


def holds(card: str) -> Any:
    """A weigher: 3 for a world where seat 1 holds ``card``, else 1."""
    return lambda world: 3.0 if card in codes(world._hands[1]) else 1.0


def test_worlds_come_in_proportion_to_their_weight() -> None:
    game = mid_phase_one(1)
    sampler = game.view(0).world_sampler()
    card = sorted(set(codes(game._hands[1])))[0]  # type: ignore[attr-defined]
    weigh = holds(card)
    worlds = WeightedWorlds(sampler, weigh, 400, random.Random(2))
    # The pool, dealt again from the same seed: how many of its worlds weigh 3.
    rng = random.Random(2)
    pool = [sampler(rng) for _ in range(400)]
    heavy = sum(weigh(w) == 3.0 for w in pool)
    assert 0 < heavy < 400, "the test needs worlds of both weights"
    expected = 3 * heavy / (3 * heavy + (400 - heavy))
    draws = random.Random(3)
    share = sum(weigh(worlds(draws)) == 3.0 for _ in range(4000)) / 4000
    assert abs(share - expected) < 0.03, (share, expected)
    assert 1 < worlds.effective < 400


def test_a_world_of_weight_zero_is_never_dealt_and_all_zero_falls_back_to_every_world() -> None:
    game = mid_phase_one(2)
    sampler = game.view(0).world_sampler()
    card = sorted(set(codes(game._hands[1])))[0]  # type: ignore[attr-defined]
    only = WeightedWorlds(sampler, lambda w: holds(card)(w) - 1.0, 300, random.Random(1))
    rng = random.Random(5)
    assert all(card in codes(only(rng)._hands[1]) for _ in range(500))  # type: ignore[attr-defined]
    none = WeightedWorlds(sampler, lambda w: 0.0, 50, random.Random(1))
    assert none.effective == 50  # nothing explains the play: every world counts the same
    none(rng)


def test_a_dealt_world_is_a_copy_the_search_may_play_on() -> None:
    game = mid_phase_one(3)
    worlds = WeightedWorlds(game.view(0).world_sampler(), lambda w: 1.0, 1, random.Random(1))
    rng = random.Random(1)
    first = worlds(rng)
    before = worlds(rng).state_dict()
    first.apply(first.legal_actions()[0])
    assert worlds(rng).state_dict() == before


@pytest.mark.parametrize("players", [2, 3, 4])
def test_infer_plays_legal_reproducible_moves_that_never_read_hidden_cards(players: int) -> None:
    """Re-deal what the seat cannot see: for a fixed seed the same tree and move."""
    spec = "ismcts:iters=150,infer=60"
    game = mid_phase_one(players, players)
    view = game.view(0)
    rng = random.Random(players)
    other = game.resample_hidden(0, rng)
    assert other.state_dict() != game.state_dict()
    roots = [make_agent(spec, "claim", 4).search(s.view(0)) for s in (game, other)]  # type: ignore[attr-defined]
    figures = [{str(k): (c.visits, c.reward) for k, c in r.children.items()} for r in roots]
    assert figures[0] == figures[1]
    move = make_agent(spec, "claim", 4).choose(view)
    assert move in view.legal_actions
    assert make_agent(spec, "claim", 4).choose(other.view(0)) == move


def test_infer_is_checked() -> None:
    with pytest.raises(AgentError, match="no model of play"):
        make_agent("ismcts:infer=100", "kingdoms", 0)
    with pytest.raises(AgentError, match="at most"):
        make_agent(f"ismcts:infer={MAX_POOL + 1}", "claim", 0)
    with pytest.raises(AgentError, match="at least"):
        make_agent("ismcts:infer=0", "claim", 0)
