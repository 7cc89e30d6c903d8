"""How strong the ISMCTS agent is: head-to-head arenas against other agents.

For each game at 2 players (or ``--game``), the searching agent (``--agent``, default
``ismcts``: the game's default budget, about a second a move) meets each opponent in
``--against`` over the given number of games, on the same deals both ways round. Prints
each pairing's score with a 95% confidence interval (Wilson) and writes the arena reports
as JSON.

It takes hours at the default budget (each game thinks about a second a move); it is a
measurement, not a test. Examples::

    .venv/bin/python benchmarks/strength.py --workers 2
    .venv/bin/python benchmarks/strength.py --game kingdoms --agent ismcts:300 \\
        --against random=200
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import regency
from regency.sim.arena import Arena, head_to_head, schedule
from regency.sim.machine import describe_machine
from regency.sim.runner import run_tables
from regency.sim.stats import wilson_interval


def duel(
    game: str, agent: str, opponent: str, games: int, workers: int, seed: int
) -> dict[str, Any]:
    arena = Arena(game, 2, (agent, opponent), games, seed=seed)
    start = time.perf_counter()
    outcomes = run_tables(game, 2, {}, arena.agents, schedule(arena), workers=workers)
    elapsed = time.perf_counter() - start
    points, played = head_to_head(2, outcomes)[0][1]
    low, high = wilson_interval(points, played)
    moves = sum(o.moves for o in outcomes)
    return {
        "game": game,
        "agent": agent,
        "against": opponent,
        "games": played,
        "points": points,
        "rate": points / played,
        "ci_low": low,
        "ci_high": high,
        "minutes": round(elapsed / 60, 1),
        "moves": moves,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agent", default="ismcts", help="the searching agent's spec")
    parser.add_argument(
        "--against", default="heuristic=200,random=200", help="opponent=games, comma-separated"
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--out", default="benchmarks/results", help="folder for JSON reports")
    args = parser.parse_args()
    opponents = [part.split("=") for part in args.against.split(",")]
    print(f"machine: {describe_machine()}", flush=True)
    Path(args.out).mkdir(parents=True, exist_ok=True)
    for info in regency.available_games():
        if args.game and info.name not in args.game:
            continue
        for opponent, games in opponents:
            row = duel(info.name, args.agent, opponent, int(games), args.workers, args.seed)
            print(
                f"{info.name:<15} {row['agent']} vs {opponent:<10} {row['rate']:6.1%} "
                f"of {row['games']} games (95% CI {row['ci_low']:.1%}-{row['ci_high']:.1%}), "
                f"{row['minutes']} min",
                flush=True,
            )
            name = f"strength-{info.name}-{args.agent}-vs-{opponent}.json".replace(":", "_")
            (Path(args.out) / name).write_text(json.dumps(row, indent=2) + "\n")


if __name__ == "__main__":
    main()
