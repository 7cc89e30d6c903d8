"""Time an agent on fixed positions and print a digest of the moves it chose.

Run it on two versions of the code to check that a speed-up changed no move: the
positions (every seventh decision with a choice along seeded heuristic games) and the
agent seeds are the same on both, so equal digests mean the same moves, and the
processor time per decision (little moved by other work on a shared machine) says what
the change saved. For example, against the code at the session's start:

    git worktree add /tmp/base 375ea9a
    ARGS="--game kingdoms --players 3 --agent rollout:most=96"
    PYTHONPATH=/tmp/base/src .venv/bin/python benchmarks/same_moves.py $ARGS
    .venv/bin/python benchmarks/same_moves.py $ARGS
"""

from __future__ import annotations

import argparse
import hashlib
import time
from typing import Any

import regency
from regency.agents import make_agent
from regency.sim.machine import describe_machine


def positions(game: str, players: int, count: int, seed: int = 0) -> list[tuple[Any, int]]:
    """``count`` positions (a copy of the game, the seat to move) from heuristic games.

    The games are dealt from ``seed``, ``seed + 1`` and on.
    """
    found: list[tuple[Any, int]] = []
    while len(found) < count:
        state = regency.new_game(game, players=players, seed=seed)
        agents = [make_agent("heuristic", game, seed * 10 + s) for s in range(players)]
        step = 0
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            if len(state.legal_actions()) > 1 and step % 7 == 3 and len(found) < count:
                found.append((state.clone(), seat))
            step += 1
            state.apply(agents[seat].choose(state.view(seat)))
        seed += 1
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--agent", required=True, help="the agent's spec")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--positions", type=int, default=8, help="positions to decide (8)")
    args = parser.parse_args()
    print(f"machine: {describe_machine()}")
    chosen = []
    found = positions(args.game, args.players, args.positions)
    wall, cpu = time.perf_counter(), time.process_time()
    for index, (state, seat) in enumerate(found):
        chosen.append(make_agent(args.agent, args.game, index).choose(state.view(seat)))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    digest = hashlib.md5(repr(chosen).encode()).hexdigest()
    print(
        f"{args.game} {args.players}p {args.agent}: {cpu / len(chosen):.4f} s of processor "
        f"time a decision ({wall / len(chosen):.4f} s wall) over {len(chosen)} positions; "
        f"moves {digest}"
    )


if __name__ == "__main__":
    main()
