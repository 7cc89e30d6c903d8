"""Move analysis speed: how long ``regency analyze`` takes on a whole 2-player game.

For each game (or ``--game``), the heuristic player plays itself from a seeded deal and
the record is analysed with the default agent (``regency.analysis.default_agent``, or
``--agent``), as ``regency analyze RECORD`` does. Prints the decisions searched, the
seconds, the seconds per decision (wall clock, and this process's CPU time, which other
work on the machine does not inflate), the machine line and the load average: other work
on the machine slows the wall clock in proportion.

Run: ``.venv/bin/python benchmarks/bench_analysis.py`` (``--workers 2`` searches in two
processes; the figures do not change).
"""

from __future__ import annotations

import argparse
import os
import time

import regency
from regency.agents import make_agent
from regency.analysis import analyze, default_agent
from regency.sim.machine import describe_machine


def heuristic_game(game: str, seed: int) -> regency.Record:
    """A whole 2-player game of the heuristic playing itself."""
    g = regency.new_game(game, players=2, seed=seed)
    agents = [make_agent("heuristic", game, seed * 2 + s) for s in range(2)]
    while not g.is_over:
        seat = g.current_player
        assert seat is not None
        g.play(agents[seat].choose(g.view(seat)))
    return g.record()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game (repeatable; default all)")
    parser.add_argument("--agent", help="the judging agent (default: each game's default)")
    parser.add_argument("--seed", type=int, default=3, help="the deal (default 3)")
    parser.add_argument("--workers", type=int, default=1, help="search processes (default 1)")
    args = parser.parse_args()
    print(describe_machine())
    print(
        "| game | agent | decisions | searched | seconds | s/decision | CPU s/decision "
        "| load before, after |"
    )
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |")
    for game in args.game or [g.name for g in regency.available_games()]:
        record = heuristic_game(game, args.seed)
        agent = args.agent or default_agent(game)
        before = os.getloadavg()[0]
        started, cpu = time.perf_counter(), time.process_time()
        analysis = analyze(record, agent=agent, workers=args.workers)
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
        after = os.getloadavg()[0]
        searched = sum(not d.forced for d in analysis.decisions)
        print(
            f"| {game} | `{agent}` | {len(analysis.decisions)} | {searched} | {seconds:.0f} "
            f"| {seconds / searched:.2f} | {cpu / searched:.2f} | {before:.1f}, {after:.1f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
