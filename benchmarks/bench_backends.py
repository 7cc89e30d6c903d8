"""Games per second on each backend: the local pool and a local Ray, 1 and 2 workers.

Plays the same run (by default 600 games of Claim, 2 players, heuristic against
random, chunked as ``regency simulate`` chunks them) on:

* ``local``, 1 worker: in this process, no pool;
* ``local``, 2 workers: a pool of processes (``ProcessPoolExecutor``);
* ``ray``, 1 and 2 workers: a local Ray started with that many CPUs (its start-up is
  timed apart and not counted in games/s).

It checks that every backend played exactly the same games, and measures the overhead
of one task: the time per round trip of an empty chunk (no game), 200 of them at once,
on the pool and on Ray. Needs the ray extra (``pip install -e '.[ray]'``).

Run: ``.venv/bin/python benchmarks/bench_backends.py`` (``--help`` for options).
"""

from __future__ import annotations

import argparse
import json
import os
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from regency.agents import split_specs
from regency.sim import Matchup, run_games
from regency.sim.machine import describe_machine
from regency.sim.ray_backend import RayBackend
from regency.sim.runner import Backend, GameOutcome, Job, LocalBackend, play_chunk

EMPTY_TASKS = 200


def _time_run(matchup: Matchup, games: int, backend: Backend) -> tuple[float, list[GameOutcome]]:
    start = time.perf_counter()
    outcomes = run_games(matchup, games, backend=backend)
    return time.perf_counter() - start, outcomes


def _pool_overhead(workers: int, job: Job) -> float:
    with ProcessPoolExecutor(max_workers=workers) as pool:
        list(pool.map(play_chunk, [job] * workers, [[]] * workers))  # start the workers
        start = time.perf_counter()
        futures = [pool.submit(play_chunk, job, []) for _ in range(EMPTY_TASKS)]
        for future in futures:
            future.result()
        return (time.perf_counter() - start) / EMPTY_TASKS


def _ray_overhead(ray: Any, job: Job) -> float:
    task = ray.remote(num_cpus=1)(play_chunk)
    ray.get([task.remote(job, []) for _ in range(4)])  # warm the workers
    start = time.perf_counter()
    ray.get([task.remote(job, []) for _ in range(EMPTY_TASKS)])
    return (time.perf_counter() - start) / EMPTY_TASKS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=600, help="games per measurement")
    parser.add_argument("--game", default="claim", help="the game (default claim)")
    parser.add_argument("--players", type=int, default=2, help="players (default 2)")
    parser.add_argument(
        "--agents",
        default="heuristic,random",
        help="agent specs, as --agents takes them (default heuristic,random)",
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args()
    load_before = os.getloadavg()
    agents = tuple(split_specs(args.agents))  # the command line's reading of a list
    matchup = Matchup(args.game, args.players, agents, {}, seed=1)
    job = Job(args.game, args.players, {}, agents)
    rows: list[dict[str, Any]] = []
    reference: list[GameOutcome] | None = None
    for workers in (1, 2):
        seconds, outcomes = _time_run(matchup, args.games, LocalBackend(workers))
        reference = reference or outcomes
        if outcomes != reference:
            raise SystemExit("the local pool played different games: a bug")
        overhead = _pool_overhead(workers, job) if workers > 1 else 0.0
        rows.append(
            {
                "backend": "local",
                "workers": workers,
                "games_per_s": args.games / seconds,
                "task_overhead_ms": overhead * 1000,
                "startup_s": 0.0,
            }
        )
    for workers in (1, 2):
        backend = RayBackend(workers=workers)
        start = time.perf_counter()
        ray = backend.connect()
        startup = time.perf_counter() - start
        seconds, outcomes = _time_run(matchup, args.games, backend)
        if outcomes != reference:
            raise SystemExit("Ray played different games: a bug")
        overhead = _ray_overhead(ray, job)
        backend.close()
        rows.append(
            {
                "backend": "ray",
                "workers": workers,
                "games_per_s": args.games / seconds,
                "task_overhead_ms": overhead * 1000,
                "startup_s": startup,
            }
        )
    if args.json:
        machine = {"machine": describe_machine(), "load_before": load_before}
        print(json.dumps({**machine, "rows": rows}, indent=2))
        return
    print(f"machine: {describe_machine()}")
    load = ", ".join(f"{x:.1f}" for x in load_before)
    print(f"load average before the run: {load} (other programs share these cores)")
    print(f"{args.games} games of {args.game}, {args.players} players, {args.agents}")
    print(f"{'backend':<9}{'workers':>8}{'games/s':>10}{'ms/task':>10}{'start s':>9}")
    for r in rows:
        print(
            f"{r['backend']:<9}{r['workers']:>8}{r['games_per_s']:>10,.1f}"
            f"{r['task_overhead_ms']:>10.2f}{r['startup_s']:>9.1f}"
        )
    print("ms/task: one round trip of an empty chunk, 200 in flight (local 1: no tasks)")


if __name__ == "__main__":
    main()
