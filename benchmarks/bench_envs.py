"""Steps per second of the RL environments, against OpenSpiel's hearts in the same run.

Each step builds the observation array and the action mask of the agent to move and
takes a uniformly random legal action (drawn from the mask), in one process:

* ``single``: the PettingZoo AEC environment (``regency.envs.<game>_v0.raw_env``) with
  the game's fast path (``GameInfo.array_writer``, the default);
* ``single, encoder``: the same with ``fast=False``, encoding ``observation(seat)``;
* ``vector N``: ``regency.envs.<game>_v0.vector_env(num_envs=N)``, self-play, N games
  stepped and encoded as one batch (steps counted over all N games), returning views of
  its buffers (``copy=False``; ``--copy`` for Gymnasium's default of copies), each
  action drawn by ``sample_legal`` (uniform among the legal actions, as for hearts).

``--envs vector`` runs the vector rows only (and skips the split of a step).

If OpenSpiel is installed (``pip install -e '.[bench]'``), its ``hearts`` is stepped the
same way, taking turns with each regency figure in slices of a quarter second, so both
feel the same load (on a shared machine it drifts by the second); each ratio is to the
hearts figure measured beside it: the information-state tensor of the player to move,
through ``make_observation`` (a view of OpenSpiel's own buffer, copied out as an
environment hands it over), and a mask built from ``legal_actions()``; its chance nodes
are sampled and not counted.

For scale it also steps ``floor``: a PettingZoo AEC environment with no game in it (an
array of Claim's size and a mask, handed over and stepped exactly as above), the most any
AEC environment written in Python can make on the machine.

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
from gymnasium import spaces
from pettingzoo import AECEnv

import regency
from bench_games import interleaved  # the same turn-taking with hearts
from regency.envs.aec import RegencyAECEnv
from regency.envs.vector import RegencyVectorEnv
from regency.sim.machine import describe_machine

GAMES = ("claim", "claim-kingdoms", "kingdoms")
KINDS = ("single", "encoder", "vector")


class Runner:
    """Steps one environment for a slice of time at a time, resuming where it stopped."""

    def __init__(self) -> None:
        self.steps = 0
        self.seconds = 0.0

    def run(self, seconds: float) -> None:
        start = time.perf_counter()
        deadline = start + seconds
        while time.perf_counter() < deadline:
            self.steps += self.step()
        self.seconds += time.perf_counter() - start

    def step(self) -> int:
        """Take one step (or one batch); return how many steps it counts for."""
        raise NotImplementedError

    @property
    def rate(self) -> float:
        return self.steps / self.seconds


def random_legal_step(env: Any, rng: np.random.Generator) -> None:
    """The mover's array and mask, then a uniformly random legal action from the mask."""
    obs = env.observe(env.agent_selection)
    legal = np.flatnonzero(obs["action_mask"])
    env.step(int(legal[rng.integers(len(legal))]))


class AECRunner(Runner):
    """The AEC environment: the array and mask of the agent to move, a random legal action."""

    def __init__(self, game: str, players: int, fast: bool) -> None:
        super().__init__()
        self.env = RegencyAECEnv(game, players=players, fast=fast)
        self.rng = np.random.default_rng(1)
        self.episodes = 0
        self.env.reset(seed=0)

    def step(self) -> int:
        env = self.env
        if env.game.current_player is None:
            self.episodes += 1
            env.reset(seed=self.episodes)
        random_legal_step(env, self.rng)
        return 1


class FloorEnv(AECEnv):  # type: ignore[misc]
    """Two agents, no game: a fresh zero array of ``size`` floats and a mask each step.

    Its step does what any AEC environment's must (clear the mover's cumulative reward,
    pass the turn, accumulate rewards), and nothing more.
    """

    metadata = {"name": "floor_v0"}

    def __init__(self, size: int, actions: int) -> None:
        self.size, self.actions = size, actions
        self.possible_agents = ["player_0", "player_1"]
        box = spaces.Box(0.0, 1.0, (size,), np.float32)
        masks = spaces.Box(0, 1, (actions,), np.int8)
        self.observation_spaces = {
            a: spaces.Dict({"observation": box, "action_mask": masks}) for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self.turn = 0

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        mask = np.zeros(self.actions, dtype=np.int8)
        mask[:6] = 1  # about a Claim hand's choice
        return {"observation": np.zeros(self.size, dtype=np.float32), "action_mask": mask}

    def step(self, action: int) -> None:
        self._cumulative_rewards[self.agent_selection] = 0.0
        self.turn += 1
        self.agent_selection = self.agents[self.turn % 2]
        self._accumulate_rewards()


class FloorRunner(Runner):
    """:class:`FloorEnv`, stepped as :class:`AECRunner` steps a game's environment."""

    def __init__(self, size: int, actions: int) -> None:
        super().__init__()
        self.env = FloorEnv(size, actions)
        self.env.reset(seed=0)
        self.rng = np.random.default_rng(1)

    def step(self) -> int:
        random_legal_step(self.env, self.rng)
        return 1


class VectorRunner(Runner):
    """The vector environment, self-play: a random legal action in every game."""

    def __init__(self, game: str, players: int, num_envs: int, copy: bool) -> None:
        super().__init__()
        self.env = RegencyVectorEnv(game, num_envs, players=players, copy=copy)
        self.rng = np.random.default_rng(1)
        self.obs, _ = self.env.reset(seed=1)

    def step(self) -> int:
        # A uniformly random legal action in every game, from the legal actions the
        # environment listed (reading Claim Kingdoms' masks whole, 64 x 85,979 bytes,
        # would cost more than the step).
        self.obs, _, _, _, _ = self.env.step(self.env.sample_legal(self.rng))
        return self.env.num_envs


class HeartsRunner(Runner):
    """OpenSpiel's hearts with its information-state tensor (see the module docstring)."""

    def __init__(self) -> None:
        super().__init__()
        import pyspiel
        from open_spiel.python.observation import make_observation

        self.game = pyspiel.load_game("hearts")
        self.observer = make_observation(self.game, pyspiel.IIGObservationType(perfect_recall=True))
        self.actions = self.game.num_distinct_actions()
        self.rng = random.Random(1)
        self.state = self.game.new_initial_state()

    def step(self) -> int:
        state = self.state
        while state.is_chance_node():
            state.apply_action(self.rng.choice(state.chance_outcomes())[0])
        if state.is_terminal():
            self.state = state = self.game.new_initial_state()
            return 0
        self.observer.set_from(state, state.current_player())
        tensor = self.observer.tensor.copy()
        legal = state.legal_actions()
        mask = np.zeros(self.actions, dtype=np.int8)
        mask[legal] = 1
        del tensor
        state.apply_action(self.rng.choice(legal))
        return 1


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


def print_vector(args: argparse.Namespace, rows: list[dict[str, Any]], load: float) -> None:
    """Print the vector rows only (``--envs vector``), as JSON or as a table."""
    load_after = os.getloadavg()[0]
    if args.json:
        out = {"machine": describe_machine(), "load_average": [load, load_after], "rows": rows}
        print(json.dumps({**out, "num_envs": args.num_envs, "copy": args.copy}, indent=2))
        return
    print(f"machine: {describe_machine()}")
    print(f"load average (1 min) before/after: {load:.1f} / {load_after:.1f}")
    copies = "copies" if args.copy else "views"
    for r in rows:
        hearts = r.get("vector_hearts")
        ratio = f", hearts beside it {hearts:,.0f}: {r['vector'] / hearts:.2f}" if hearts else ""
        print(
            f"{r['game']} ({args.players} players), vector {args.num_envs} ({copies}): "
            f"{r['vector']:,.0f} steps/s{ratio}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    parser.add_argument("--players", type=int, default=2, help="players (default 2)")
    parser.add_argument("--num-envs", type=int, default=64, help="games per vector env")
    parser.add_argument("--games", nargs="+", default=list(GAMES), choices=GAMES, help="games")
    parser.add_argument(
        "--envs", nargs="+", default=list(KINDS), choices=KINDS, help="which environments"
    )
    parser.add_argument("--copy", action="store_true", help="the vector env returns copies")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args()
    if set(args.envs) not in (set(KINDS), {"vector"}):
        parser.error("--envs: all three (the full table), or vector alone")
    load_before = os.getloadavg()[0]
    try:
        make_hearts: Any = HeartsRunner
        make_hearts()
    except ImportError:
        make_hearts = None
    rows: list[dict[str, Any]] = []
    hearts_rates: list[float] = []
    for game in args.games:
        row: dict[str, Any] = {"game": game, "players": args.players}
        runners: dict[str, Runner] = {}
        if "single" in args.envs:
            runners["single"] = AECRunner(game, args.players, fast=True)
        if "encoder" in args.envs:
            runners["single_encoder"] = AECRunner(game, args.players, fast=False)
        if "vector" in args.envs:
            runners["vector"] = VectorRunner(game, args.players, args.num_envs, args.copy)
        for name, runner in runners.items():
            hearts = make_hearts() if make_hearts is not None else None
            interleaved(runner, hearts, args.seconds)
            row[name] = runner.rate
            if hearts is not None:
                row[f"{name}_hearts"] = hearts.rate
                hearts_rates.append(hearts.rate)
        row["size"] = RegencyAECEnv(game, players=args.players).encoder.size
        single = runners.get("single")
        if isinstance(single, AECRunner):
            row["steps_per_episode"] = single.steps / max(1, single.episodes)
            row.update(split_step(game, args.players, games=10))
        rows.append(row)
    if args.envs == ["vector"]:
        print_vector(args, rows, load_before)
        return
    claim = RegencyAECEnv("claim", players=2)
    space = claim.action_space(claim.possible_agents[0])
    assert isinstance(space, spaces.Discrete)
    floor = FloorRunner(claim.encoder.size, int(space.n))
    floor_hearts = make_hearts() if make_hearts is not None else None
    interleaved(floor, floor_hearts, args.seconds)
    floor_row = {"floor": floor.rate, "floor_hearts": floor_hearts.rate if floor_hearts else None}
    load_after = os.getloadavg()[0]
    if args.json:
        out = {
            "machine": describe_machine(),
            "load_average": [load_before, load_after],
            "num_envs": args.num_envs,
            "rows": rows,
            **floor_row,
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
    print(f"floor (an AEC env with no game, Claim's array size): {floor.rate:,.0f} steps/s")
    if not hearts_rates or floor_hearts is None:
        print("OpenSpiel not installed: no hearts comparison (pip install -e '.[bench]')")
        return
    print(
        f"open_spiel hearts (4 players, its tensor), taking turns with each figure above: "
        f"{min(hearts_rates):,.0f} to {max(hearts_rates):,.0f} steps/s"
    )
    for r in rows:
        print(
            f"{r['game']} ({args.players} players) / hearts beside it: "
            f"single {r['single'] / r['single_hearts']:.2f}, "
            f"single with the encoder {r['single_encoder'] / r['single_encoder_hearts']:.2f}, "
            f"vector {n} {r['vector'] / r['vector_hearts']:.2f}"
        )
    print(f"floor / hearts beside it: {floor.rate / floor_hearts.rate:.2f}")


if __name__ == "__main__":
    main()
