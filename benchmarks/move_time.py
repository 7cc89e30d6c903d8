"""Seconds per move of an agent in real games (forced moves included), one core.

Plays ``--games`` seeded 2-player games (or ``--players``) of ``--agent`` against
``--against`` (default ``heuristic``) in every seat and prints the agent's mean wall time
per decision, for the "s/move" column of the strength ladder in docs/measurements.md.
The machine is shared, so run ``uptime`` alongside and note the load.

Run: ``.venv/bin/python benchmarks/move_time.py --game kingdoms --agent rollout``.
"""

from __future__ import annotations

import argparse
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
    parser.add_argument("--games", type=int, default=2)
    args = parser.parse_args()
    print(f"machine: {describe_machine()}")
    spent = 0.0
    moves = 0
    for seed in range(args.games):
        game = regency.new_game(args.game, players=args.players, seed=seed)
        me = seed % args.players
        agents = [
            make_agent(args.agent if s == me else args.against, args.game, seed * 10 + s)
            for s in range(args.players)
        ]
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            start = time.perf_counter()
            action = agents[seat].choose(game.view(seat))
            if seat == me:
                spent += time.perf_counter() - start
                moves += 1
            game.apply(action)
    print(f"{args.game} {args.agent}: {spent / moves:.3f} s/move over {moves} moves")


if __name__ == "__main__":
    main()
