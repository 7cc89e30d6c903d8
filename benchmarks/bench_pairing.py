"""How soon quick pairing seats 1,000 people once a table of them is possible.

Starts ``regency serve`` (one process on a fresh SQLite database, or ``--processes 2`` on
the PostgreSQL database of ``--database``), then ``--people`` simulated clients join the
eleven pools' casual queues at once, as fast as the server takes them (spread over the
processes), each pool given a number of people its tables seat exactly. A thread watches
the database and notes when each person's place is seated (committed with its table).

For each table: it became *possible* when its last person joined, or, with ``--ratings
spread``, once everyone at it was within everyone's reach too (reaches widen with
waiting: ``regency.pairing.matching``); the figure is the time from then to the
table's people being seated. Guests (``--ratings same``) are all newcomers at 1500;
``spread`` seats accounts (made straight in the database, each with an API token) whose
ratings are drawn around 1500 (standard deviation ``--sigma``).

Run: ``nice -n 10 .venv/bin/python benchmarks/bench_pairing.py [--ratings spread]``.
Loopback only; prints the machine and its load average with the figures.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from itertools import combinations
from pathlib import Path
from typing import Any

import httpx
import sqlalchemy as sa

from regency.pairing import POOLS
from regency.pairing.matching import MAX_REACH, START_REACH, WIDEN_PER_SECOND
from regency.ratings import pool_of
from regency.server.storage.accounts import AccountStore
from regency.server.storage.database import Storage, upgrade
from regency.server.storage.people import ratings_t
from regency.sim.machine import describe_machine

sys.path.insert(0, str(Path(__file__).parent))
from bench_server import free_port


def allot(people: int) -> dict[str, int]:
    """People per pool: as even as can be, each a multiple of the pool's table size."""
    share = people // len(POOLS)
    counts = {p.id: share - share % p.players for p in POOLS}
    left = people - sum(counts.values())
    for pool in sorted(POOLS, key=lambda p: p.players):
        while left >= pool.players:
            counts[pool.id] += pool.players
            left -= pool.players
    return counts


def accounts(url: str, wanted: list[tuple[str, float]]) -> list[str]:
    """Make an account per (pool, rating), rated so in that pool's game; their API tokens."""
    storage = Storage(url)
    store = AccountStore(storage)
    tokens = []
    try:
        for i, (pool_id, rating) in enumerate(wanted):
            pool = next(p for p in POOLS if p.id == pool_id)
            account = store.create(f"p{i}x", "not-a-hash")
            _, token = store.make_token(account.id, "bench")
            with storage.engine.begin() as conn:
                conn.execute(
                    ratings_t.insert().values(
                        account_id=account.id, game=pool.game, pool=pool_of(pool.players),
                        rating=rating, deviation=60.0, volatility=0.06, games=20,
                        updated_at=time.time(),
                    )
                )  # fmt: skip
            tokens.append(token)
    finally:
        storage.close()
    return tokens


def start(
    url: str, folder: str, index: int, logs: str | None = None
) -> tuple[subprocess.Popen[bytes], str]:
    """``regency serve`` number ``index`` on ``url``; with ``logs``, its info log there."""
    port = free_port()
    out = open(f"{logs}/server-{index}.log", "wb") if logs else subprocess.DEVNULL  # noqa: SIM115
    proc = subprocess.Popen(
        [sys.executable, "-m", "regency.cli.main", "serve", "--port", str(port),
         "--database", url, "--data-dir", f"{folder}/p{index}", "--max-open-tables", "100000",
         "--pairing-per-minute", "1000000", "--log-level", "info" if logs else "warning"],
        stdout=out,
        stderr=subprocess.STDOUT,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while True:
        try:
            if httpx.get(base + "/", timeout=1).status_code == 200:
                return proc, base
        except httpx.HTTPError:
            time.sleep(0.05)
        if time.monotonic() > deadline:
            raise SystemExit("the server did not start")


def watch(url: str, seen: dict[str, float], stop: threading.Event) -> None:
    """Note when each place is first seen seated in the database (every 20 ms)."""
    engine = sa.create_engine(url)
    query = sa.text("SELECT id FROM pairing_entries WHERE table_id IS NOT NULL")
    while not stop.is_set():
        with engine.connect() as conn:
            found = conn.execute(query).all()
        now = time.time()
        for row in found:
            seen.setdefault(row.id, now)
        time.sleep(0.02)
    engine.dispose()


def possible_at(members: list[dict[str, Any]]) -> float:
    """When a table of these people became possible: all joined, all within reach."""
    at = float(max(m["joined_at"] for m in members))
    for a, b in combinations(members, 2):
        gap = abs(a["rating"] - b["rating"])
        if gap > MAX_REACH:
            return float("inf")
        widen = max(0.0, gap - START_REACH) / WIDEN_PER_SECOND
        at = max(at, max(a["joined_at"], b["joined_at"]) + widen)
    return at


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--people", type=int, default=1000)
    parser.add_argument("--ratings", choices=["same", "spread"], default="same")
    parser.add_argument("--sigma", type=float, default=150.0)
    parser.add_argument("--database", help="a PostgreSQL URL (default: a fresh SQLite file)")
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--threads", type=int, default=8, help="clients joining at once")
    parser.add_argument("--seed", type=int, default=47)
    parser.add_argument("--logs", help="a folder for the servers' info logs (rounds' times)")
    args = parser.parse_args()
    print(describe_machine())
    rng = random.Random(args.seed)
    counts = allot(args.people)
    joins = [pool for pool, n in counts.items() for _ in range(n)]
    rng.shuffle(joins)
    with tempfile.TemporaryDirectory() as folder:
        url = args.database or f"sqlite:///{folder}/regency.db"
        upgrade(url)
        ratings = [rng.gauss(1500, args.sigma) for _ in joins]
        tokens = (
            accounts(url, list(zip(joins, ratings, strict=True)))
            if args.ratings == "spread"
            else []
        )
        servers = [start(url, folder, i, args.logs) for i in range(args.processes)]
        seen: dict[str, float] = {}
        stop = threading.Event()
        watcher = threading.Thread(target=watch, args=(url, seen, stop), daemon=True)
        watcher.start()
        clients = [httpx.Client(base_url=base, timeout=60) for _, base in servers]
        load_before = os.getloadavg()

        def join(i: int) -> dict[str, Any]:
            headers = {"Authorization": f"Bearer {tokens[i]}"} if tokens else {}
            answer = clients[i % len(clients)].post(
                f"/api/pools/{joins[i]}/join", json={"name": f"p{i}"}, headers=headers
            )
            answer.raise_for_status()
            entry: dict[str, Any] = answer.json()["entry"]
            return {**entry, "rating": ratings[i] if tokens else 1500.0}

        started = time.time()
        with ThreadPoolExecutor(args.threads) as pool:
            entries = list(pool.map(join, range(len(joins))))
        joined = time.time() - started
        deadline = time.monotonic() + 120
        while len(seen) < len(entries) and time.monotonic() < deadline:
            time.sleep(0.1)
        stop.set()
        load_after = os.getloadavg()
        for c in clients:
            c.close()
        for proc, _ in servers:
            proc.terminate()
            proc.wait(30)
        engine = sa.create_engine(url)
        with engine.connect() as conn:
            placed = {
                r.id: r.table_id
                for r in conn.execute(
                    sa.text("SELECT id, table_id FROM pairing_entries WHERE table_id IS NOT NULL")
                ).all()
            }
        engine.dispose()
    tables: dict[str, list[dict[str, Any]]] = {}
    for e in entries:
        if e["id"] in placed:
            tables.setdefault(placed[e["id"]], []).append(e)
    waits = []
    for members in tables.values():
        possible = possible_at(members)
        waits += [seen[m["id"]] - possible for m in members]
    print(
        f"{len(entries)} people ({args.ratings} ratings) joined {len(counts)} pools in "
        f"{joined:.1f} s through {args.processes} process(es) on "
        f"{'PostgreSQL' if args.database else 'SQLite'}; {len(placed)} seated at "
        f"{len(tables)} tables"
    )
    print(
        f"seated after their table was possible: median {statistics.median(waits):.2f} s, "
        f"95th percentile {percentile(waits, 0.95):.2f} s, worst {max(waits):.2f} s"
    )
    within = sum(1 for w in waits if w <= 2.0) / len(waits)
    print(f"within 2 s: {within:.1%}")
    print(
        f"load average before {load_before[0]:.1f}, after {load_after[0]:.1f} "
        f"(1 min; {os.cpu_count()} cores)"
    )


if __name__ == "__main__":
    main()
