"""How long the exact solver of Claim's phase two takes, by cards left in hand.

Plays ``--games`` games (the heuristic in every seat, 2 players by default) and, at the
start of every trick of phase two, solves the position from scratch with a fresh solver
(``ClaimSolver.value``: the position's value under best play, no table carried over from
an earlier decision). Prints, per number of cards left in the leader's hand (13 is the
first trick of phase two), the positions solved, the median and 95th percentile of the
processor time of a solve, the longest, and the median and 95th percentile of the
positions searched. Which engine ran is printed with the machine: run it once in the
README's install (pure Python) and once with the compiled engine on the path::

    .venv/bin/python benchmarks/solve_time.py --games 40
    PYTHONPATH=/tmp/compiled .venv/bin/python benchmarks/solve_time.py --games 40

(``REGENCY_COMPILE=1 .venv/bin/pip install --no-deps --target /tmp/compiled .`` builds the
compiled copy, docs/speed.md). ``--players 3`` or ``4`` times the solves of the real
deal's phase two at more seats (one world of a search), from ``--most`` cards down.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import time

import regency
from regency.agents import make_agent
from regency.games.claim import ClaimState
from regency.games.claim.solver import ClaimSolver
from regency.sim.machine import describe_machine


def percentile(values: list[float], share: float) -> float:
    """The ``share`` percentile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games played (default 40)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--most", type=int, default=13, help="the most cards in hand timed")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(f"machine: {describe_machine()}")
    print(f"engine: {'compiled' if regency.COMPILED else 'pure Python'}; load {os.getloadavg()}")
    seconds: dict[int, list[float]] = {}
    nodes: dict[int, list[int]] = {}
    for index in range(args.games):
        seed = args.seed + index
        game = regency.new_game("claim", players=args.players, seed=seed)
        assert isinstance(game, ClaimState)
        agents = [make_agent("heuristic", "claim", seed * 10 + s) for s in range(args.players)]
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            cards = game._hands[seat].bit_count()
            if game.phase == 2 and not game._plays and cards <= args.most:
                solver = ClaimSolver()
                start = time.process_time()
                solver.value(game)
                seconds.setdefault(cards, []).append(time.process_time() - start)
                nodes.setdefault(cards, []).append(solver.nodes)
            game.apply(agents[seat].choose(game.view(seat)))  # type: ignore[arg-type]
    print(f"{args.players} players, {args.games} games of the heuristic, seed {args.seed}")
    print(
        "| cards in hand | positions | median s | 95th percentile s | longest s "
        "| median positions searched | 95th percentile |"
    )
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for cards in sorted(seconds, reverse=True):
        times = seconds[cards]
        counts = [float(n) for n in nodes[cards]]
        print(
            f"| {cards} | {len(times)} | {statistics.median(times):.4f} "
            f"| {percentile(times, 0.95):.4f} | {max(times):.3f} "
            f"| {statistics.median(counts):,.0f} | {percentile(counts, 0.95):,.0f} |"
        )


if __name__ == "__main__":
    main()
