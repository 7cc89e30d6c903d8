"""Train a small agent for 2-player Claim with MaskablePPO, then measure it in the arena.

Needs the ``train`` extra: install torch's CPU build first, then the extra::

    .venv/bin/pip install torch --index-url https://download.pytorch.org/whl/cpu
    .venv/bin/pip install -e '.[train]'

Run: ``.venv/bin/python examples/train_claim.py`` (40,000 steps: minutes on an idle
2-core machine; ``--help`` for options). It trains against the random player through the Gymnasium
environment (``regency/Claim-v0``, the learner's seat drawn at each game), saves the
policy (``claim_policy.zip``) and a learning-curve plot (``claim_learning_curve.png``),
then plays the saved policy, as the agent spec ``policy:path=claim_policy.zip``,
against ``random`` and ``heuristic`` in arenas (the same deals both ways round) and
prints its win rates with 95% intervals. The same agent spec works on the command
line: ``regency arena claim --agents policy:path=claim_policy.zip,heuristic``.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import gymnasium
import matplotlib
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.monitor import Monitor

import regency.envs  # noqa: F401  (registers regency/Claim-v0)
from regency.cli.arena import arena_report
from regency.sim.arena import Arena, schedule
from regency.sim.machine import describe_machine
from regency.sim.runner import run_tables

matplotlib.use("Agg")
import matplotlib.pyplot as plt


class Curve(BaseCallback):
    """Collects (timestep, win share) of every finished training game."""

    def __init__(self) -> None:
        super().__init__()
        self.points: list[tuple[int, float]] = []

    def _on_step(self) -> bool:
        for info in self.locals.get("infos", []):
            if "win_share" in info:  # the last step of a game (whatever the reward)
                self.points.append((self.num_timesteps, float(info["win_share"])))
        return True


def plot(points: list[tuple[int, float]], path: Path, window: int) -> None:
    """Save the running mean of the training games' win shares against the steps."""
    steps = np.array([p[0] for p in points])
    wins = np.array([p[1] for p in points])
    kernel = np.ones(window) / window
    smooth = np.convolve(wins, kernel, mode="valid")
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(steps[window - 1 :], smooth, label=f"win share, mean of {window} games")
    ax.axhline(0.5, color="grey", linestyle=":", label="even")
    ax.set_xlabel("training steps (the learner's decisions)")
    ax.set_ylabel("win share against random")
    ax.set_ylim(0, 1)
    ax.set_title("MaskablePPO on 2-player Claim, against the random player")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=100)


def arena(policy: str, against: str, games: int, seed: int) -> dict[str, Any]:
    """Play the saved policy against ``against`` both ways round; return its row."""
    spec = f"policy:path={policy}"
    setup = Arena("claim", 2, (spec, against), games, {}, seed)
    tables = schedule(setup)
    start = time.perf_counter()
    outcomes = run_tables("claim", 2, {}, setup.agents, tables, workers=1)
    report = arena_report(setup, outcomes, time.perf_counter() - start)
    row = next(r for r in report["agents"] if r["spec"] == spec)
    return {"against": against, "games": len(outcomes), **row}


def main() -> None:
    """Train, save, plot, then measure the policy in two arenas."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=40_000, help="training steps")
    parser.add_argument("--eval-games", type=int, default=200, help="games per arena")
    parser.add_argument("--out", type=Path, default=Path("."), help="where files go")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--reward", choices=("win", "score"), default="score", help="training reward"
    )
    parser.add_argument("--lr", type=float, default=1e-3, help="learning rate")
    parser.add_argument("--ent", type=float, default=0.01, help="entropy coefficient")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    torch.set_num_threads(1)  # small networks: threads only contend for the 2 cores
    print(f"machine: {describe_machine()}")
    env = Monitor(
        gymnasium.make("regency/Claim-v0", opponents=["random"], seat=None, reward=args.reward)
    )
    model = MaskablePPO(
        "MultiInputPolicy",
        env,
        n_steps=2048,
        batch_size=256,
        learning_rate=args.lr,
        ent_coef=args.ent,
        gamma=1.0,
        policy_kwargs={"net_arch": [128, 128]},
        seed=args.seed,
        device="cpu",
        verbose=0,
    )
    curve = Curve()
    start = time.perf_counter()
    model.learn(total_timesteps=args.steps, callback=curve)
    trained = time.perf_counter() - start
    policy = args.out / "claim_policy.zip"
    model.save(policy)
    games = len(curve.points)
    print(f"trained {args.steps:,} steps ({games:,} games) in {trained:.0f} s")
    if games >= 20:
        plot(curve.points, args.out / "claim_learning_curve.png", window=min(200, games // 4))
    rows = [arena(str(policy), a, args.eval_games, args.seed) for a in ("random", "heuristic")]
    for r in rows:
        print(
            f"policy against {r['against']}: won {r['win_rate']:.1%} of {r['games']} games "
            f"(95% CI {r['ci_low']:.1%}-{r['ci_high']:.1%})"
        )
    (args.out / "claim_training.json").write_text(
        json.dumps({"steps": args.steps, "games": games, "seconds": trained, "arenas": rows})
    )


if __name__ == "__main__":
    main()
