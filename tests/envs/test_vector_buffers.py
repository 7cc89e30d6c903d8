"""The vector environment's buffers, rewritten in place, hold the encoder's arrays.

``RegencyVectorEnv`` keeps one batch of arrays and masks and rewrites it at every step
(``ArrayBatch``): whole rows for most games, only the entries that changed for a
sparse writer (Claim Kingdoms clears what it set at the previous step). These tests
play random self-play through several deals, for every game and player count, and
compare every row at every step with the encoder of ``observation(seat)`` and with
``legal_actions()``: an entry left over from an earlier position, or from the game
that ended in that row, would show here.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import regency
from regency.core.arrays import IncrementalArrayWriter, SparseArrayWriter
from regency.envs.vector import RegencyVectorEnv

GAMES = sorted(info.name for info in regency.available_games())
# Claim Kingdoms' encoder is slow (133k floats a row): fewer steps, still past a deal.
STEPS = {"claim": 130, "claim-kingdoms": 110, "kingdoms": 200}


def check_rows(env: RegencyVectorEnv, obs: dict[str, Any]) -> None:
    encoder = env.encoder
    for i, game in enumerate(env.games):
        seat = game.current_player
        assert seat is not None
        expected = encoder.encode(game.observation(seat))
        assert np.array_equal(obs["observation"][i], expected), f"row {i}"
        mask = np.zeros(encoder.num_actions, dtype=np.int8)
        for action in game.legal_actions():
            mask[encoder.action_index(str(action))] = 1
        assert np.array_equal(obs["action_mask"][i], mask), f"mask of row {i}"


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("game", GAMES)
def test_the_buffers_equal_the_encoder_at_every_step(game: str, players: int) -> None:
    env = RegencyVectorEnv(game, 3, players=players, copy=False)
    obs, _ = env.reset(seed=players)
    rng = np.random.default_rng(players)
    first = obs["observation"]
    deals = 0
    for _ in range(STEPS[game] if players == 2 else STEPS[game] // 2):
        check_rows(env, obs)
        obs, _, terminated, _, _ = env.step(env.sample_legal(rng))
        deals += int(terminated.sum())
        # The same buffers every step, and read-only to the caller.
        assert np.shares_memory(obs["observation"], first)
        assert not obs["observation"].flags.writeable and not obs["action_mask"].flags.writeable
    check_rows(env, obs)
    if players == 2:
        assert deals, "no game ended: a row was never rewritten for a new deal"


@pytest.mark.parametrize("game", GAMES)
def test_copies_are_the_callers_own(game: str) -> None:
    env = RegencyVectorEnv(game, 2, players=2)  # copy=True, the default
    obs, _ = env.reset(seed=1)
    kept = obs["observation"].copy()
    obs["observation"][:] = -1.0  # the caller's copy: the environment does not read it
    after, *_ = env.step(env.sample_legal(np.random.default_rng(1)))
    assert not np.shares_memory(after["observation"], obs["observation"])
    assert (obs["observation"] == -1.0).all() and not (kept == -1.0).all()
    check_rows(env, after)


@pytest.mark.parametrize("game", GAMES)
def test_sample_legal_draws_every_legal_action_and_nothing_else(game: str) -> None:
    env = RegencyVectorEnv(game, 4, players=3, copy=False)
    obs, _ = env.reset(seed=7)
    rng = np.random.default_rng(7)
    legal = [set(np.flatnonzero(row).tolist()) for row in obs["action_mask"]]
    drawn: list[set[int]] = [set() for _ in legal]
    for _ in range(3000):
        for i, a in enumerate(env.sample_legal(rng).tolist()):
            assert a in legal[i]
            drawn[i].add(a)
    assert drawn == legal  # at most about 100 legal actions: 3000 draws find them all


def test_claim_kingdoms_is_rewritten_sparsely_claim_incrementally_kingdoms_whole() -> None:
    # So the tests above check every way of rewriting the buffers.
    writers = {g: RegencyVectorEnv(g, 1).arrays.writer for g in GAMES}
    assert {g for g, w in writers.items() if isinstance(w, SparseArrayWriter)} == {"claim-kingdoms"}
    assert {g for g, w in writers.items() if isinstance(w, IncrementalArrayWriter)} == {"claim"}
