"""Judge every shipped puzzle again with a new seed; print how many keep their answer.

The puzzles' test (tests/puzzles/test_shipped.py) requires at least 95% of each set; this
prints the figures for docs/puzzles.md, with the time a puzzle takes to judge again::

    .venv/bin/python benchmarks/rejudge_puzzles.py [--game claim] [--seed 2026] [--workers 2]
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

import regency
from regency.puzzles import load_puzzles
from regency.puzzles.mining import rejudge
from regency.sim.machine import describe_machine


def kept(args: tuple[str, str, int]) -> tuple[bool, float]:
    """Whether the puzzle keeps its answer judged with ``seed``, and the processor time."""
    game, puzzle_id, seed = args
    puzzle = load_puzzles(game).get(puzzle_id)
    started = time.process_time()
    best = rejudge(puzzle, seed)[0].move
    return best in puzzle.solutions, time.process_time() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game (default: every game)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    games = args.game or [info.name for info in regency.available_games()]
    print(describe_machine())
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for game in games:
            puzzles = load_puzzles(game).puzzles
            jobs = [(game, p.id, args.seed) for p in puzzles]
            results = list(pool.map(kept, jobs))
            held = sum(ok for ok, _ in results)
            seconds = sum(t for _, t in results) / len(results)
            print(
                f"{game}: {held} of {len(puzzles)} keep their answer "
                f"({100 * held / len(puzzles):.1f}%), {seconds:.2f} s of a core per puzzle"
            )


if __name__ == "__main__":
    main()
