"""Steps per second of the RL environments, against OpenSpiel's hearts in the same run.

Each step builds the observation array and the action mask of the agent to move and
takes a uniformly random legal action (drawn from the mask), through the PettingZoo AEC
environment (``regency.envs.<game>_v0.raw_env``), one process. If OpenSpiel is installed
(``pip install -e '.[bench]'``), its ``hearts`` is stepped the same way: the
information-state tensor of the player to move, through ``make_observation`` (a view of
OpenSpiel's own buffer, copied out as an environment hands it over), and a mask built
from ``legal_actions()``; its chance nodes are sampled and not counted.

It also splits one step of each game into its parts (the engine's ``apply`` and
``legal_actions``, ``observation(seat)``, the encoder, the mask), to show where the
time goes.

Run: ``.venv/bin/python benchmarks/bench_envs.py`` (``--help`` for options).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

import numpy as np

import regency
from regency.envs.aec import RegencyAECEnv
from regency.sim.machine import describe_machine

GAMES = ("claim", "claim-kingdoms", "kingdoms")


def bench_env(game: str, players: int, seconds: float) -> dict[str, float]:
    env = RegencyAECEnv(game, players=players)
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


def split_step(game: str, players: int, games: int) -> dict[str, float]:
    """Microseconds per step spent in each part of a step, over ``games`` random games."""
    env = RegencyAECEnv(game, players=players)
    rng = random.Random(1)
    parts = dict.fromkeys(("engine", "observation", "encode", "mask"), 0.0)
    steps = 0
    clock = time.perf_counter
    for seed in range(games):
        state = regency.new_game(game, players=players, seed=seed)
        while not state.is_over:
            seat = state.current_player
            t0 = clock()
            legal = state.legal_actions()
            t1 = clock()
            seen = state.observation(seat)
            t2 = clock()
            env.encoder.encode(seen)
            t3 = clock()
            env.mapper.mask(env.mapper.legal(legal))
            t4 = clock()
            state.apply(rng.choice(legal))
            t5 = clock()
            parts["engine"] += (t1 - t0) + (t5 - t4)
            parts["observation"] += t2 - t1
            parts["encode"] += t3 - t2
            parts["mask"] += t4 - t3
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
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args()
    rows: list[dict[str, Any]] = []
    for game in GAMES:
        figures = bench_env(game, args.players, args.seconds)
        split = split_step(game, args.players, games=20)
        size = RegencyAECEnv(game, players=args.players).encoder.size
        rows.append({"game": game, "players": args.players, "size": size, **figures, **split})
    hearts = bench_hearts(args.seconds)
    if args.json:
        out = {"machine": describe_machine(), "rows": rows, "open_spiel_hearts": hearts}
        print(json.dumps(out, indent=2))
        return
    print(f"machine: {describe_machine()}")
    print(
        f"{'env':<22}{'players':>8}{'obs size':>10}{'steps/s':>10}{'steps/ep':>10}"
        f"   us/step: {'engine':>7}{'obs()':>7}{'encode':>7}{'mask':>6}"
    )
    for r in rows:
        print(
            f"{r['game']:<22}{r['players']:>8}{r['size']:>10,}{r['steps_per_s']:>10,.0f}"
            f"{r['steps_per_episode']:>10.1f}   {'':>9}{r['engine']:>7.1f}"
            f"{r['observation']:>7.1f}{r['encode']:>7.1f}{r['mask']:>6.1f}"
        )
    if hearts is None:
        print("OpenSpiel not installed: no hearts comparison (pip install -e '.[bench]')")
        return
    print(
        f"{'open_spiel hearts':<22}{4:>8}{int(hearts['tensor_size']):>10,}"
        f"{hearts['steps_per_s']:>10,.0f}{hearts['steps_per_episode']:>10.1f}"
    )
    claim = rows[0]
    ratio = claim["steps_per_s"] / hearts["steps_per_s"]
    print(f"Claim ({args.players} players) steps/s as a ratio of OpenSpiel hearts: {ratio:.2f}")


if __name__ == "__main__":
    main()
