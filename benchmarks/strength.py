"""How strong the ISMCTS agent is: arenas against the heuristic and random agents.

For each game at 2 players (or ``--game``): a round robin of ``ismcts`` at its default
budget (about a second a move), ``heuristic`` and ``random`` over ``--games`` games per
pairing, seats rotated and every deal played both ways. Prints each pairing's result
with a 95% confidence interval and writes the full arena reports as JSON.

This takes hours (each ISMCTS game thinks for about a second a move); it is a
measurement, not a test. Run: ``.venv/bin/python benchmarks/strength.py --workers 2``.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import regency
from regency.sim.arena import Arena, head_to_head, schedule
from regency.sim.runner import run_tables
from regency.sim.stats import wilson_interval

try:
    from bench_games import machine
except ImportError:
    from benchmarks.bench_games import machine


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per pairing")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--agent", default="ismcts", help="the searching agent's spec")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--out", default="benchmarks/results", help="folder for JSON reports")
    args = parser.parse_args()
    print(f"machine: {machine()}")
    Path(args.out).mkdir(parents=True, exist_ok=True)
    for info in regency.available_games():
        if args.game and info.name not in args.game:
            continue
        agents = (args.agent, "heuristic", "random")
        arena = Arena(info.name, 2, agents, args.games, seed=args.seed)
        start = time.perf_counter()
        outcomes = run_tables(info.name, 2, {}, agents, schedule(arena), workers=args.workers)
        elapsed = time.perf_counter() - start
        h2h = head_to_head(len(agents), outcomes)
        report = {"game": info.name, "agents": agents, "seconds": elapsed, "pairings": []}
        for opponent in (1, 2):
            points, games = h2h[0][opponent]
            low, high = wilson_interval(points, games)
            report["pairings"].append(
                {
                    "against": agents[opponent],
                    "points": points,
                    "games": games,
                    "rate": points / games,
                    "ci_low": low,
                    "ci_high": high,
                }
            )
            print(
                f"{info.name:<16} {args.agent} vs {agents[opponent]:<10} "
                f"{points / games:6.1%} of {games} games (95% CI {low:.1%}-{high:.1%})"
            )
        moves = sum(o.moves for o in outcomes)
        print(f"{info.name:<16} {len(outcomes)} games, {moves} moves, {elapsed / 60:.1f} min")
        path = Path(args.out) / f"strength-{info.name}.json"
        path.write_text(json.dumps(report, indent=2) + "\n")


if __name__ == "__main__":
    main()
