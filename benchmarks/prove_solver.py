"""The exact solver against plain minimax, on many endgames from games played at random.

For each player count, deals ``--positions`` endgames of phase two (1 to ``--most``
cards in the hands; Claim's, Claim 2's and random decks in turn; mid-trick positions
too) and compares the solver's value of the position and of every legal card with plain
minimax over the engine, and plays the solver's own best cards out to see the end it
promised (``tests/games/claim/solver_proof.py``, which the test suite runs on fewer).
Prints the disagreements (there must be none), the positions and the time taken::

    .venv/bin/python benchmarks/prove_solver.py                       # 10,000 at 2 players
    .venv/bin/python benchmarks/prove_solver.py --players 3 --most 3 --positions 2000
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the tests' reference

import regency
from regency.sim.machine import describe_machine
from tests.games.claim.solver_proof import disagreements, endgames


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--positions", type=int, default=10_000)
    parser.add_argument("--most", type=int, default=5, help="the most cards in a hand (5)")
    parser.add_argument("--seed", type=int, default=2)
    args = parser.parse_args()
    print(f"machine: {describe_machine()}")
    print(f"engine: {'compiled' if regency.COMPILED else 'pure Python'}")
    start = time.process_time()
    problems: list[str] = []
    done = 0
    for found in endgames(args.positions, args.players, args.most, seed=args.seed):
        problems += disagreements(found)
        done += 1
        if done % 1000 == 0:
            print(f"  {done} positions, {len(problems)} disagreements", file=sys.stderr)
    for problem in problems[:20]:
        print(problem)
    print(
        f"{args.players} players, {done} endgames of 1-{args.most} cards a hand, seed "
        f"{args.seed}: {len(problems)} disagreements, {time.process_time() - start:.0f} s"
    )
    if problems:
        sys.exit(1)


if __name__ == "__main__":
    main()
