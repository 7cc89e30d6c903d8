"""How soon a restarted server answers with many open tables.

Fills a fresh SQLite database with ``--tables`` unfinished two-player tables (written
straight through ``Storage``, as a server that ran for a while would have left them:
a person to move at most of them, a computer at one in ``--computer-every``, each with
a few moves made), then starts ``regency serve`` on it and measures the time from
starting the process to the first answer of the home page and of a table nobody has
loaded yet. The server loads at start only the tables a computer must drive (issue 29:
a restart with 10,000 open tables used to take 27 s before it answered).

Run: ``.venv/bin/python benchmarks/bench_restart.py --tables 10000``. Loopback only.
"""

from __future__ import annotations

import argparse
import random
import secrets
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

import regency
from regency.server.live.table import hash_token
from regency.server.storage.database import SeatRow, Storage, TableRow, upgrade
from regency.sim.machine import describe_machine

sys.path.insert(0, str(Path(__file__).parent))
from bench_server import free_port


def fill(url: str, tables: int, computer_every: int, seed: int) -> list[str]:
    """Store ``tables`` unfinished games; return their ids."""
    rng = random.Random(seed)
    storage = Storage(url)
    ids = []
    try:
        for i in range(tables):
            game = regency.new_game("claim", players=2, seed=rng.randrange(2**31))
            computer = i % computer_every == 0
            moves: list[tuple[int, str]] = []
            for _ in range(rng.randrange(0, 6)):
                seat = game.current_player
                assert seat is not None
                moves.append((seat, str(game.play(rng.choice(game.legal_actions())))))
            now = time.time()
            row = TableRow(
                id=secrets.token_urlsafe(12),
                game="claim",
                players=2,
                seed=game.seed,
                options=dict(game.options),
                settings={"think_time": 0.0, "takeover_minutes": None},
                spectator_hash=hash_token("x"),
                version=0,
                finished=False,
                result=None,
                created_at=now,
                updated_at=now,
                to_move=regency.new_game("claim", players=2, seed=game.seed).current_player,
                seats=(
                    SeatRow(0, "a", None, hash_token("a")),
                    SeatRow(1, "", "heuristic", None)
                    if computer
                    else SeatRow(1, "b", None, hash_token("b")),
                ),
            )
            storage.create_table(row)
            for number, (seat, notation) in enumerate(moves):
                following = game.current_player if number == len(moves) - 1 else None
                storage.commit_move(row.id, number, seat, notation, None, following)
            ids.append(row.id)
    finally:
        storage.close()
    return ids


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=10_000)
    parser.add_argument("--computer-every", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(describe_machine())
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{folder}/regency.db"
        upgrade(url)
        started = time.perf_counter()
        ids = fill(url, args.tables, args.computer_every, args.seed)
        print(f"stored {len(ids)} open tables in {time.perf_counter() - started:.1f} s")
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        started = time.perf_counter()
        proc = subprocess.Popen(
            [sys.executable, "-m", "regency.cli.main", "serve", "--port", str(port),
             "--database", url, "--data-dir", folder, "--max-open-tables", "1000000"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        try:
            while True:
                try:
                    if httpx.get(base + "/", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    time.sleep(0.02)
                if time.perf_counter() - started > 120:
                    raise SystemExit("the server did not answer within 120 s")
            home = time.perf_counter() - started
            answer = httpx.get(f"{base}/api/tables/{ids[-1]}", timeout=30)
            table = time.perf_counter() - started
            assert answer.status_code == 200, answer.text
        finally:
            proc.terminate()
            proc.wait(30)
    print(f"{args.tables} open tables, a computer to drive at 1 in {args.computer_every}:")
    print(f"  first answer (home page) {home:.2f} s after start")
    print(f"  a table never loaded before answered {table:.2f} s after start")


if __name__ == "__main__":
    main()
