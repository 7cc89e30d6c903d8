"""The vector environments: batches equal one game at a time, resets, rewards, refusals."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

from regency.core.errors import GameOptionError, IllegalActionError
from regency.envs import claim_kingdoms_v0, claim_v0, encoder_for, kingdoms_v0
from regency.envs.vector import RegencyVectorEnv

MODULES = {"claim": claim_v0, "claim-kingdoms": claim_kingdoms_v0, "kingdoms": kingdoms_v0}


def random_actions(mask: np.ndarray, rng: random.Random) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(row).tolist()) for row in mask])


def reference(env: RegencyVectorEnv, i: int, seat: int) -> tuple[np.ndarray, np.ndarray]:
    game = env.games[i]
    array = env.encoder.encode(game.observation(seat))
    mask = np.zeros(env.encoder.num_actions, dtype=np.int8)
    for action in game.legal_actions():
        mask[env.encoder.action_index(str(action))] = 1
    return array, mask


@pytest.mark.parametrize(
    ("game", "players", "steps"),
    [("claim", 2, 60), ("claim", 3, 30), ("claim", 4, 30), ("kingdoms", 2, 150),
     ("kingdoms", 4, 30), ("claim-kingdoms", 2, 25), ("claim-kingdoms", 3, 10)],
)  # fmt: skip
def test_each_row_is_that_games_array_for_its_seat_to_move(
    game: str, players: int, steps: int
) -> None:
    env = MODULES[game].vector_env(num_envs=3, players=players)
    assert env.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    obs, infos = env.reset(seed=3)
    rng = random.Random(3)
    ended = 0
    for _ in range(steps):
        assert obs["observation"].shape == (3, env.encoder.size)
        assert obs["observation"].dtype == np.float32 and obs["action_mask"].dtype == np.int8
        assert env.observation_space.contains(obs)
        for i in range(3):
            seat = env.games[i].current_player
            assert infos["seat"][i] == seat
            array, mask = reference(env, i, seat)
            assert np.array_equal(obs["observation"][i], array)
            assert np.array_equal(obs["action_mask"][i], mask)
        actions = random_actions(obs["action_mask"], rng)
        before = list(env.games)
        obs, rewards, terminated, truncated, infos = env.step(actions)
        assert not truncated.any()
        for i in np.flatnonzero(terminated):
            ended += 1
            final = infos["final_rewards"][i]
            assert infos["_final_rewards"][i]
            assert before[i].is_over and env.games[i] is not before[i]  # dealt again
            assert final.tolist() == [before[i].result().reward(s) for s in range(players)]
            assert rewards[i] == final[infos["acted"][i]]
        for i in np.flatnonzero(~terminated):
            assert rewards[i] == 0 and env.games[i] is before[i]
    if players == 2 and game != "claim-kingdoms":
        assert ended, "no game ended: the reset and reward checks never ran"


def test_the_same_seed_gives_the_same_run_and_fast_false_the_same_arrays() -> None:
    runs = []
    for fast in (True, True, False):
        env = claim_v0.vector_env(num_envs=2, players=3, fast=fast)
        obs, _ = env.reset(seed=11)
        rng = random.Random(0)
        seen = [obs["observation"].copy()]
        for _ in range(45):
            obs, *_ = env.step(random_actions(obs["action_mask"], rng))
            seen.append(obs["observation"].copy())
        runs.append(seen)
    for other in runs[1:]:
        assert all(np.array_equal(a, b) for a, b in zip(runs[0], other, strict=True))


def test_a_list_of_seeds_deals_those_games() -> None:
    env = kingdoms_v0.vector_env(num_envs=2)
    env.reset(seed=[5, 6])
    assert [g.seed for g in env.games] == [5, 6]


def test_an_illegal_action_is_refused_and_no_game_moves() -> None:
    env = claim_v0.vector_env(num_envs=3)
    obs, _ = env.reset(seed=1)
    actions = random_actions(obs["action_mask"], random.Random(1))
    actions[1] = int(np.flatnonzero(obs["action_mask"][1] == 0)[0])
    moves = [len(g.actions) for g in env.games]
    with pytest.raises(IllegalActionError, match="not legal in game 1"):
        env.step(actions)
    with pytest.raises(IllegalActionError, match="not legal in game 0"):
        env.step(np.array([-1, 0, 0]))
    with pytest.raises(IllegalActionError, match="one action per game"):
        env.step(actions[:2])
    assert [len(g.actions) for g in env.games] == moves


def test_one_seat_against_agents_plays_only_the_learners_seat() -> None:
    env = claim_v0.vector_env(num_envs=2, opponents=["random"], seat=1)
    obs, infos = env.reset(seed=2)
    rng = random.Random(2)
    paid: list[float] = []
    for _ in range(40):
        assert (infos["seat"] == 1).all()
        obs, rewards, terminated, _, infos = env.step(random_actions(obs["action_mask"], rng))
        for i in np.flatnonzero(terminated):
            assert rewards[i] == infos["final_rewards"][i][1]
            paid.append(float(rewards[i]))
    assert paid, "no game ended in 40 learner moves"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"num_envs": 0}, "num_envs"),
        ({"num_envs": 2, "seat": 2}, "seat"),
        ({"num_envs": 2, "players": 3, "opponents": ["random", "random", "random"]}, "one per"),
        ({"num_envs": 2, "reward": "gold"}, "reward"),
    ],
)
def test_bad_settings_are_refused_with_a_reason(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(GameOptionError, match=message):
        claim_v0.vector_env(**kwargs)


def test_reset_with_the_wrong_number_of_seeds_is_refused() -> None:
    env = claim_v0.vector_env(num_envs=2)
    with pytest.raises(GameOptionError, match="give 2 seeds"):
        env.reset(seed=[1])


def test_encoder_for_matches_the_vector_envs_spaces() -> None:
    env = claim_v0.vector_env(num_envs=4)
    encoder = encoder_for("claim", 2)
    assert env.single_action_space.n == len(encoder.actions)
    assert env.observation_space["observation"].shape == (4, encoder.size)
