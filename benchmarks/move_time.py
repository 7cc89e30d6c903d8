"""Seconds a person waits for an agent's move in real games, one core.

Plays seeded games (``--players`` seats) of ``--agent`` in one seat (every seat in turn)
against ``--against`` (default ``heuristic``) in the others, until the agent has made
``--decisions`` decisions with a choice (forced moves, which cost nothing, are not
counted), and prints the median, 95th percentile, mean and longest wall time of those
decisions: the figures of the "s/move" column in docs/measurements.md and of the
learned-evaluation issue's target (median at most 1.0 s, 95th percentile at most 2 s).
The machine is shared, so the load average is printed beside them, and the median and
95th percentile of the processor time each decision took (what an idle core would take,
near enough).

Run: ``.venv/bin/python benchmarks/move_time.py --game kingdoms --agent rollout``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import regency
from regency.agents import make_agent
from regency.sim.machine import describe_machine


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--agent", required=True, help="the agent's spec")
    parser.add_argument("--against", default="heuristic")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--decisions", type=int, default=200, help="decisions to time (200)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(f"machine: {describe_machine()}")
    times: list[float] = []
    cpu: list[float] = []
    seed = args.seed
    while len(times) < args.decisions:
        game = regency.new_game(args.game, players=args.players, seed=seed)
        me = seed % args.players
        agents = [
            make_agent(args.agent if s == me else args.against, args.game, seed * 10 + s)
            for s in range(args.players)
        ]
        while not game.is_over and len(times) < args.decisions:
            seat = game.current_player
            assert seat is not None
            forced = len(game.legal_actions()) == 1
            start, start_cpu = time.perf_counter(), time.process_time()
            action = agents[seat].choose(game.view(seat))
            if seat == me and not forced:
                times.append(time.perf_counter() - start)
                cpu.append(time.process_time() - start_cpu)
            game.apply(action)
        seed += 1
    times.sort()
    cpu.sort()
    p95 = _percentile(times, 0.95)
    print(
        f"{args.game} {args.players}p {args.agent}: median {statistics.median(times):.3f} s, "
        f"95th percentile {p95:.3f} s, mean {statistics.fmean(times):.3f} s, "
        f"longest {times[-1]:.3f} s over {len(times)} decisions in {seed - args.seed} games; "
        f"load {os.getloadavg()[0]:.1f}; processor time median {statistics.median(cpu):.3f} s, "
        f"95th percentile {_percentile(cpu, 0.95):.3f} s"
    )


def _percentile(ordered: list[float], share: float) -> float:
    """The value ``share`` of the way along ``ordered`` (sorted), the nearest rank."""
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


if __name__ == "__main__":
    main()
