"""How long the lobby's live list takes to show a change, with many open tables listed.

Starts ``regency serve`` (SQLite, or ``--processes 2`` on the PostgreSQL database of
``--database``: the pages listen to one process, the changes go through the other), lists
``--tables`` open tables of three seats (each opened by a guest of its own), and connects
``--listeners`` lobby pages (``GET /api/lobby/events``, read by one asyncio client). Then,
``--updates`` times, a new guest sits down at one of the tables, and the time from sending
that request to each page receiving the table's ``table`` event is measured: the time a
person watching the lobby waits to see someone sit down.

Run: ``nice -n 10 .venv/bin/python benchmarks/bench_lobby.py``. Loopback only; the pages
are read on the same machine as the server, so their reading competes with it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

from regency.server.storage.database import upgrade
from regency.sim.machine import describe_machine

sys.path.insert(0, str(Path(__file__).parent))
from bench_pairing import percentile, start


class Pages:
    """``count`` lobby pages listening, in a thread with its own event loop."""

    def __init__(self, base: str, count: int) -> None:
        self.base = base
        self.count = count
        self.arrived: dict[str, list[float]] = {}
        self.snapshot_bytes = 0
        self.first_event: list[float] = []
        self.ready = threading.Semaphore(0)
        self.lock = threading.Lock()
        self.thread = threading.Thread(target=lambda: asyncio.run(self._run()), daemon=True)

    async def _one(self, client: httpx.AsyncClient) -> None:
        started = time.perf_counter()
        async with client.stream("GET", self.base + "/api/lobby/events") as answer:
            name = ""
            async for line in answer.aiter_lines():
                if line.startswith("event: "):
                    name = line[7:]
                elif line.startswith("data: ") and name == "lobby":
                    self.first_event.append(time.perf_counter() - started)
                    self.snapshot_bytes = len(line)
                    self.ready.release()
                elif line.startswith("data: ") and name == "table":
                    now = time.perf_counter()
                    table = json.loads(line[6:])["id"]
                    with self.lock:
                        self.arrived.setdefault(table, []).append(now)

    async def _run(self) -> None:
        limits = httpx.Limits(max_connections=self.count + 10)
        async with httpx.AsyncClient(timeout=None, limits=limits) as client:
            await asyncio.gather(*(self._one(client) for _ in range(self.count)))

    def start(self) -> None:
        self.thread.start()
        for _ in range(self.count):
            if not self.ready.acquire(timeout=300):
                raise SystemExit("the pages did not all connect")

    def wait(self, table: str, seconds: float = 30) -> list[float]:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            with self.lock:
                got = list(self.arrived.get(table, []))
            if len(got) >= self.count:
                return got
            time.sleep(0.002)
        raise SystemExit(f"only {len(got)} of {self.count} pages heard of table {table}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--listeners", type=int, default=200)
    parser.add_argument("--updates", type=int, default=100)
    parser.add_argument("--database", help="a PostgreSQL URL (default: a fresh SQLite file)")
    parser.add_argument("--processes", type=int, default=1)
    args = parser.parse_args()
    print(describe_machine())
    with tempfile.TemporaryDirectory() as folder:
        url = args.database or f"sqlite:///{folder}/regency.db"
        upgrade(url)
        servers = [start(url, folder, i) for i in range(args.processes)]
        changes, listening = servers[0][1], servers[-1][1]
        try:
            with httpx.Client(base_url=changes, timeout=60) as http:
                ids = []
                started = time.perf_counter()
                for i in range(args.tables):
                    answer = http.post(
                        "/api/open-tables", json={"game": "kingdoms", "players": 3, "name": f"o{i}"}
                    )
                    answer.raise_for_status()
                    ids.append(answer.json()["open"]["id"])
                print(f"{len(ids)} open tables listed in {time.perf_counter() - started:.1f} s")
                pages = Pages(listening, args.listeners)
                pages.start()
                load_before = os.getloadavg()
                times = []
                slowest = []
                for i in range(args.updates):
                    table = ids[i * len(ids) // args.updates]
                    sent = time.perf_counter()
                    answer = http.post(f"/api/open-tables/{table}/join", json={"name": f"s{i}"})
                    answer.raise_for_status()
                    got = [t - sent for t in pages.wait(table)]
                    times += got
                    slowest.append(max(got))
                    time.sleep(0.05)
                load_after = os.getloadavg()
        finally:
            for proc, _ in servers:
                proc.terminate()
                proc.wait(30)
    ms = [t * 1000 for t in times]
    print(
        f"{args.listeners} lobby pages, {args.tables} open tables listed "
        f"(the first event, the whole list, is {pages.snapshot_bytes / 1024:.0f} KiB and came "
        f"{statistics.median(pages.first_event):.2f} s after connecting, median), "
        f"{args.processes} process(es) on {'PostgreSQL' if args.database else 'SQLite'}"
    )
    print(
        f"someone sits down -> every page shows it: median {statistics.median(ms):.1f} ms, "
        f"95th percentile {percentile(ms, 0.95):.1f} ms, worst {max(ms):.1f} ms "
        f"({args.updates} updates x {args.listeners} pages)"
    )
    print(
        f"the slowest page per update: median {statistics.median(slowest) * 1000:.1f} ms, "
        f"worst {max(slowest) * 1000:.1f} ms"
    )
    print(
        f"load average before {load_before[0]:.1f}, after {load_after[0]:.1f} "
        f"(1 min; {os.cpu_count()} cores)"
    )


if __name__ == "__main__":
    main()
