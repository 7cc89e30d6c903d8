"""Steps per second of the RL environments, against OpenSpiel's hearts in the same run.

Each step builds the observation array and the action mask of the agent to move and
takes a uniformly random legal action (drawn from the mask), in one process:

* ``single``: the PettingZoo AEC environment (``regency.envs.<game>_v0.raw_env``) with
  the game's fast path (``Game.array_writer``, the default);
* ``single, encoder``: the same with ``fast=False``, encoding ``observation(seat)``;
* ``vector N``: ``regency.envs.<game>_v0.vector_env(num_envs=N)``, self-play, N games
  stepped and encoded as one batch (steps counted over all N games).

If OpenSpiel is installed (``pip install -e '.[bench]'``), its ``hearts`` is stepped the
same way, once before and once after the regency figures (the load on a shared machine
drifts): the information-state tensor of the player to move, through
``make_observation`` (a view of OpenSpiel's own buffer, copied out as an environment
hands it over), and a mask built from ``legal_actions()``; its chance nodes are sampled
and not counted. Ratios are to the mean of the two hearts figures.

It also splits one step of each game into its parts (the engine's ``apply`` and
``legal_actions``, the fast path's array and mask; ``observation(seat)`` and the encoder
on the slow path), in microseconds, to show where the time goes.

Run: ``.venv/bin/python benchmarks/bench_envs.py`` (``--help`` for options).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from typing import Any

import numpy as np

import regency
from regency.envs.aec import RegencyAECEnv
from regency.envs.vector import RegencyVectorEnv
from regency.sim.machine import describe_machine

GAMES = ("claim", "claim-kingdoms", "kingdoms")


def bench_env(game: str, players: int, seconds: float, fast: bool) -> dict[str, float]:
    env = RegencyAECEnv(game, players=players, fast=fast)
    rng = np.random.default_rng(1)
    steps = episodes = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        env.reset(seed=episodes)
        game_state = env.game
        while game_state.current_player is not None:
            obs = env.observe(env.agent_selection)
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
        episodes += 1
    elapsed = time.perf_counter() - start
    return {"steps_per_s": steps / elapsed, "steps_per_episode": steps / episodes}


def bench_vector(game: str, players: int, seconds: float, num_envs: int) -> float:
    env = RegencyVectorEnv(game, num_envs, players=players)
    rng = np.random.default_rng(1)
    obs, _ = env.reset(seed=1)
    steps = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        mask = obs["action_mask"]
        # A uniformly random legal action in every game: the largest of random keys
        # drawn for the legal indices only.
        pick = np.argmax(mask * rng.random(mask.shape, dtype=np.float32), axis=1)
        obs, _, _, _, _ = env.step(pick)
        steps += num_envs
    return steps / (time.perf_counter() - start)


def split_step(game: str, players: int, games: int) -> dict[str, float]:
    """Microseconds per step spent in each part of a step, over ``games`` random games."""
    fast = RegencyAECEnv(game, players=players).arrays
    slow = RegencyAECEnv(game, players=players, fast=False).arrays
    rng = random.Random(1)
    parts = dict.fromkeys(("engine", "array", "mask", "observation", "encode"), 0.0)
    steps = 0
    clock = time.perf_counter
    for seed in range(games):
        state = regency.new_game(game, players=players, seed=seed)
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            t0 = clock()
            legal = state.legal_actions()
            t1 = clock()
            fast.observe(state, seat)
            t2 = clock()
            fast.legal(state)
            t3 = clock()
            seen = state.observation(seat)
            t4 = clock()
            slow.encoder.encode(seen)
            t5 = clock()
            state.apply(rng.choice(legal))
            t6 = clock()
            parts["engine"] += (t1 - t0) + (t6 - t5)
            parts["array"] += t2 - t1
            parts["mask"] += t3 - t2
            parts["observation"] += t4 - t3
            parts["encode"] += t5 - t4
            steps += 1
    return {k: v / steps * 1e6 for k, v in parts.items()}


def bench_hearts(seconds: float) -> dict[str, float] | None:
    try:
        import pyspiel
        from open_spiel.python.observation import make_observation
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    observer = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    actions = game.num_distinct_actions()
    rng = random.Random(1)
    steps = episodes = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            observer.set_from(state, state.current_player())
            tensor = observer.tensor.copy()
            legal = state.legal_actions()
            mask = np.zeros(actions, dtype=np.int8)
            mask[legal] = 1
            del tensor
            state.apply_action(rng.choice(legal))
            steps += 1
        episodes += 1
    elapsed = time.perf_counter() - start
    return {
        "steps_per_s": steps / elapsed,
        "steps_per_episode": steps / episodes,
        "tensor_size": float(observer.tensor.size),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    parser.add_argument("--players", type=int, default=2, help="players (default 2)")
    parser.add_argument("--num-envs", type=int, default=64, help="games per vector env")
    parser.add_argument("--games", nargs="+", default=list(GAMES), choices=GAMES, help="games")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
    hearts_before = bench_hearts(args.seconds)
    rows: list[dict[str, Any]] = []
    for game in args.games:
        fast = bench_env(game, args.players, args.seconds, fast=True)
        slow = bench_env(game, args.players, args.seconds, fast=False)
        vector = bench_vector(game, args.players, args.seconds, args.num_envs)
        split = split_step(game, args.players, games=10)
        size = RegencyAECEnv(game, players=args.players).encoder.size
        rows.append(
            {
                "game": game,
                "players": args.players,
                "size": size,
                "steps_per_episode": fast["steps_per_episode"],
                "single": fast["steps_per_s"],
                "single_encoder": slow["steps_per_s"],
                "vector": vector,
                **split,
            }
        )
    hearts_after = bench_hearts(args.seconds)
    load_after = os.getloadavg()[0]
    hearts = None
    if hearts_before is not None and hearts_after is not None:
        hearts = {
            "before": hearts_before["steps_per_s"],
            "after": hearts_after["steps_per_s"],
            "mean": (hearts_before["steps_per_s"] + hearts_after["steps_per_s"]) / 2,
            "tensor_size": hearts_before["tensor_size"],
            "steps_per_episode": hearts_before["steps_per_episode"],
        }
    if args.json:
        out = {
            "machine": describe_machine(),
            "load_average": [load_before, load_after],
            "num_envs": args.num_envs,
            "rows": rows,
            "open_spiel_hearts": hearts,
        }
        print(json.dumps(out, indent=2))
        return
    print(f"machine: {describe_machine()}")
    print(f"load average (1 min) before/after: {load_before:.1f} / {load_after:.1f}")
    n = args.num_envs
    print(
        f"{'env':<16}{'obs size':>9}{'steps/ep':>9}{'single':>9}{'encoder':>9}"
        f"{f'vector {n}':>11}   us/step: {'engine':>7}{'array':>7}{'mask':>6}"
        f"{'obs()':>7}{'encode':>7}"
    )
    for r in rows:
        print(
            f"{r['game']:<16}{r['size']:>9,}{r['steps_per_episode']:>9.1f}{r['single']:>9,.0f}"
            f"{r['single_encoder']:>9,.0f}{r['vector']:>11,.0f}   {'':>9}{r['engine']:>7.1f}"
            f"{r['array']:>7.1f}{r['mask']:>6.1f}{r['observation']:>7.1f}{r['encode']:>7.1f}"
        )
    if hearts is None:
        print("OpenSpiel not installed: no hearts comparison (pip install -e '.[bench]')")
        return
    print(
        f"open_spiel hearts (4 players, tensor {int(hearts['tensor_size']):,}): "
        f"{hearts['before']:,.0f} steps/s before, {hearts['after']:,.0f} after"
    )
    mean = hearts["mean"]
    for r in rows:
        print(
            f"{r['game']} ({args.players} players) / hearts: single {r['single'] / mean:.2f}"
            f", single with the encoder {r['single_encoder'] / mean:.2f}"
            f", vector {n} {r['vector'] / mean:.2f}"
        )


if __name__ == "__main__":
    main()
