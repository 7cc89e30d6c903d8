"""The coach's speed: how long a note on a move, and a hint, take (docs/learn.md).

For each game (or ``--game``), a 2-player game of the heuristic playing itself is dealt
from a seed; at ``--decisions`` of its decisions (spread over the game) the coach is
asked for a note on the move made there and for a hint before it, as a coached table's
worker does (``regency.learn.coach.note`` and ``hint``: the game replayed from its record,
the decision judged from the seat's view with the coach's budget). Prints the median and
the slowest note and hint in wall-clock seconds and this process's CPU seconds, the
machine line and the load average (other work on the machine slows the wall clock).

Run: ``.venv/bin/python benchmarks/bench_coach.py`` (``nice -n 10`` on a shared machine).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import regency
from regency.agents import make_agent
from regency.learn.coach import coach_agent, hint, note
from regency.sim.machine import describe_machine


def heuristic_moves(game: str, seed: int) -> list[str]:
    """The moves of a whole 2-player game of the heuristic playing itself."""
    g = regency.new_game(game, players=2, seed=seed)
    agents = [make_agent("heuristic", game, seed * 2 + s) for s in range(2)]
    moves = []
    while not g.is_over:
        seat = g.current_player
        assert seat is not None
        move = str(agents[seat].choose(g.view(seat)))
        moves.append(move)
        g.play(move)
    return moves


def timed(job: object, *args: object) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    job(*args)  # type: ignore[operator]
    return time.perf_counter() - wall, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game (repeatable; default all)")
    parser.add_argument("--decisions", type=int, default=12, help="decisions per game")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    games = args.game or [info.name for info in regency.available_games()]
    print(describe_machine())
    print(f"load average at the start: {os.getloadavg()[0]:.1f}")
    for game in games:
        moves = heuristic_moves(game, args.seed)
        step = max(1, len(moves) // args.decisions)
        numbers = list(range(1, len(moves) + 1, step))[: args.decisions]
        notes, hints = [], []
        timed(note, game, 2, args.seed, {}, moves, 1)  # loads the agents' tables once
        for number in numbers:
            notes.append(timed(note, game, 2, args.seed, {}, moves, number))
            replay = regency.new_game(game, players=2, seed=args.seed)
            for move in moves[: number - 1]:
                replay.play(move)
            seat = replay.current_player
            assert seat is not None
            hints.append(timed(hint, game, 2, args.seed, {}, moves[: number - 1], seat))
        for name, figures in (("note", notes), ("hint", hints)):
            wall = [w for w, _ in figures]
            cpu = [c for _, c in figures]
            print(
                f"{game:15} {name}: median {statistics.median(wall):.2f} s "
                f"(cpu {statistics.median(cpu):.2f} s), slowest {max(wall):.2f} s "
                f"over {len(figures)} decisions; judge {coach_agent(game, 2)}"
            )
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
