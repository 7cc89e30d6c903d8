"""Load on the game server: many tables, every seat a WebSocket client playing at random.

Starts ``regency serve`` as a subprocess on loopback (SQLite in a temporary folder, or
the PostgreSQL URL given with ``--database``), opens ``--tables`` tables of two-player
Claim with a person in each seat, and plays them from one client process: each seat's
WebSocket answers every view that lists its legal moves with a random one, and a
finished table is replaced by a new one, so the load stays at ``--tables`` tables.
Clients answer at once, or after ``--think`` seconds on average (a closed loop: with
no think time, each table always has one move in flight, so by Little's law the
latency is the number of tables divided by the throughput). After ``--warmup`` seconds
it counts, for ``--seconds`` seconds, the acknowledged moves
(moves/s) and the time from sending a move to its acknowledgement (p50, p99).

With ``--signed-in`` every seat is a signed-in account's (docs/accounts.md): accounts and
their sessions are made in the database before the server starts, each table is set up
rated by one account (its session cookie and CSRF token), the other joins it by its
invite link, and both play over WebSockets opened with their session cookies; every
finished game is settled into the two accounts' ratings and histories as it ends.

Run: ``.venv/bin/python benchmarks/bench_server.py --tables 10,100,500``
(``--database postgresql+psycopg://...`` for PostgreSQL; ``--pin 0`` runs the server
on core 0 alone, with ``taskset``, and the clients on the other cores). With
PostgreSQL, ``--servers 2`` starts two server processes on the one database: table
``t`` is opened on process ``t mod N`` and its seat ``k`` connects to process
``(t + k) mod N``, so with two every move crosses from one process to the other, as it
does behind a proxy without sticky sessions; the server CPU is their sum. Loopback
only; bounded by ``--seconds`` per table count.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, WebSocketException

from regency.sim.machine import describe_machine


@dataclass(frozen=True)
class Pair:
    """Two signed-in accounts' session cookies and CSRF tokens, for one table slot."""

    sessions: tuple[tuple[str, str], tuple[str, str]]


def prepare_accounts(database: str, pairs: int) -> list[Pair]:
    """Make ``2 * pairs`` accounts and a session each, straight in the database."""
    from regency.accounts.passwords import Hasher
    from regency.server.storage.accounts import AccountStore
    from regency.server.storage.database import Storage, upgrade

    upgrade(database)
    storage = Storage(database)
    try:
        store = AccountStore(storage)
        hashed = Hasher(time_cost=1, memory_cost=1024).hash("bench password")
        out = []
        for n in range(pairs):
            made = []
            for side in "ab":
                account = store.create(f"p{n}{side}{random.randrange(10**6)}", hashed)
                made.append(store.new_session(account.id))
            out.append(Pair((made[0], made[1])))
        return out
    finally:
        storage.close()


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    acks: int = 0
    counting: bool = False
    errors: int = 0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(
    database: str, data_dir: str, workers: int, pin: int | None = None
) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    # ``--pin``: the server on its own core (``taskset``), the clients on the others.
    taskset = [] if pin is None else ["taskset", "-c", str(pin)]
    proc = subprocess.Popen(
        [
            *taskset, sys.executable, "-m", "regency.cli.main", "serve", "--port", str(port),
            "--database", database, "--data-dir", data_dir, "--workers", str(workers),
            # One client process sets up every table: lift the per-client rate and the
            # open-table cap (docs/server.md, "Limits") so they measure the server.
            "--tables-per-minute", "1000000", "--max-open-tables", "1000000",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(url + "/", timeout=1).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


async def seat(ws: ClientConnection, rng: random.Random, stats: Stats, think: float) -> None:
    try:
        await play_seat(ws, rng, stats, think)
    except ConnectionClosed:
        return  # the run ended while this seat was moving


async def play_seat(ws: ClientConnection, rng: random.Random, stats: Stats, think: float) -> None:
    """Answer every view that lists this seat's moves; time each move to its ack.

    The socket is read without a pause: thinking happens in a task of its own, so an
    ack that arrives while the seat thinks about its next move (the server pushes the
    new view before the ack of the move that made it) is timed when it arrives.
    """
    sent: dict[int, float] = {}
    moves: set[asyncio.Task[None]] = set()

    async def move(version: int, legal: list[str]) -> None:
        if think:
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
        sent[version] = time.perf_counter()
        with contextlib.suppress(ConnectionClosed):  # the run ended while this seat moved
            await ws.send(
                json.dumps({"type": "action", "action": rng.choice(legal), "version": version})
            )

    try:
        async for text in ws:
            message: dict[str, Any] = json.loads(text)
            kind = message["type"]
            if kind == "ack":
                began = sent.pop(message["version"] - 1, None)
                if began is not None and stats.counting:
                    stats.latencies.append(time.perf_counter() - began)
                    stats.acks += 1
            elif kind == "error":
                stats.errors += 1
            elif message["finished"]:
                return
            elif message["legal_moves"] and message["version"] not in sent:
                sent[message["version"]] = float("nan")  # answered once per version
                task = asyncio.ensure_future(move(message["version"], message["legal_moves"]))
                moves.add(task)
                task.add_done_callback(moves.discard)
    finally:
        for task in list(moves):
            task.cancel()
        await asyncio.gather(*moves, return_exceptions=True)


async def table_slot(
    http: httpx.AsyncClient,
    bases: list[str],
    rng: random.Random,
    stats: Stats,
    stop: asyncio.Event,
    think: float,
    pair: Pair | None = None,
) -> None:
    """Keep one table in play: open it, play it over two sockets, then open the next."""
    while not stop.is_set():
        try:
            if pair is None:
                await play_one_table(http, bases, rng, stats, stop, think)
            else:
                await play_signed_in(http, bases, rng, stats, stop, think, pair)
        except (httpx.HTTPError, OSError, WebSocketException):
            if stop.is_set():
                return  # the run is over and the server is going away
            stats.errors += 1


async def play_one_table(
    http: httpx.AsyncClient,
    bases: list[str],
    rng: random.Random,
    stats: Stats,
    stop: asyncio.Event,
    think: float,
) -> None:
    """Open a table on ``bases[0]``; seat ``k`` plays through ``bases[k mod N]``."""
    answer = await http.post(
        bases[0] + "/api/tables",
        json={"game": "claim", "players": 2, "seats": [{"name": "a"}, {"name": "b"}]},
    )
    table = answer.json()
    sockets = [
        await connect(
            f"{bases[i['seat'] % len(bases)].replace('http', 'ws')}"
            f"/api/tables/{table['table']}/seats/{i['seat']}/ws",
            additional_headers={"Authorization": f"Bearer {i['token']}"},
            max_size=2**22,
        )
        for i in table["invites"]
    ]
    await play_sockets(sockets, rng, stats, stop, think)


async def play_signed_in(
    http: httpx.AsyncClient,
    bases: list[str],
    rng: random.Random,
    stats: Stats,
    stop: asyncio.Event,
    think: float,
    pair: Pair,
) -> None:
    """A rated table of two accounts: one sets it up, the other joins by its link."""
    (first, first_csrf), (second, second_csrf) = pair.sessions

    def headers(base: str, session: str, csrf: str) -> dict[str, str]:
        return {"Cookie": f"regency_session={session}", "Origin": base, "X-CSRF-Token": csrf}

    answer = await http.post(
        bases[0] + "/api/tables",
        json={"game": "claim", "players": 2, "seats": [{}, {"name": "b"}], "rated": True},
        headers=headers(bases[0], first, first_csrf),
    )
    table = answer.json()
    tid = table["table"]
    other = bases[1 % len(bases)]
    joined = await http.post(
        f"{other}/api/tables/{tid}/seats/1/join",
        headers={
            **headers(other, second, second_csrf),
            "Authorization": f"Bearer {table['invites'][0]['token']}",
        },
    )
    joined.raise_for_status()
    sockets = []
    for seat_number, session in ((0, first), (1, second)):
        base = bases[seat_number % len(bases)]
        sockets.append(
            await connect(
                f"{base.replace('http', 'ws')}/api/tables/{tid}/seats/{seat_number}/ws",
                additional_headers={"Cookie": f"regency_session={session}", "Origin": base},
                max_size=2**22,
            )
        )
    await play_sockets(sockets, rng, stats, stop, think)


async def play_sockets(
    sockets: list[ClientConnection],
    rng: random.Random,
    stats: Stats,
    stop: asyncio.Event,
    think: float,
) -> None:
    """Play a table's seats over their sockets until the game ends or the run stops."""
    try:
        players = [asyncio.ensure_future(seat(ws, rng, stats, think)) for ws in sockets]
        done = asyncio.ensure_future(stop.wait())
        await asyncio.wait([*players, done], return_when=asyncio.FIRST_COMPLETED)
        if stop.is_set():
            for p in players:
                p.cancel()
            await asyncio.gather(*players, return_exceptions=True)
        else:
            await asyncio.gather(*players)
            done.cancel()
    finally:
        for ws in sockets:
            await ws.close()


def cpu_seconds(pid: int) -> float:
    """User + system CPU time a process has used (Linux /proc)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def load_average() -> float:
    return os.getloadavg()[0]


async def run_load(
    bases: list[str],
    tables: int,
    warmup: float,
    seconds: float,
    server_pids: list[int],
    think: float = 0.0,
    pairs: list[Pair] | None = None,
) -> dict[str, float]:
    stats = Stats()
    stop = asyncio.Event()
    rng = random.Random(tables)
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(timeout=60, limits=limits) as http:
        # Slot t starts at process t mod N (see the module's docstring).
        slots = [
            asyncio.ensure_future(
                table_slot(
                    http,
                    bases[t % len(bases) :] + bases[: t % len(bases)],
                    rng,
                    stats,
                    stop,
                    think,
                    None if pairs is None else pairs[t],
                )
            )
            for t in range(tables)
        ]
        await asyncio.sleep(warmup)
        stats.counting = True
        began = time.perf_counter()
        server_cpu = sum(cpu_seconds(pid) for pid in server_pids)
        client_cpu = time.process_time()
        await asyncio.sleep(seconds)
        stats.counting = False
        elapsed = time.perf_counter() - began
        server_cpu = sum(cpu_seconds(pid) for pid in server_pids) - server_cpu
        client_cpu = time.process_time() - client_cpu
        load = load_average()
        stop.set()
        await asyncio.wait(slots, timeout=30)
        for slot in slots:
            slot.cancel()
        await asyncio.gather(*slots, return_exceptions=True)
    lat = sorted(stats.latencies) or [float("nan")]
    return {
        "tables": tables,
        "moves_per_s": stats.acks / elapsed,
        "p50_ms": 1000 * statistics.median(lat),
        "p99_ms": 1000 * lat[min(len(lat) - 1, int(0.99 * len(lat)))],
        "refusals": stats.errors,  # refused moves and failed table set-ups
        "server_cpu_ms_per_move": 1000 * server_cpu / max(1, stats.acks),
        "client_cpu_ms_per_move": 1000 * client_cpu / max(1, stats.acks),
        "server_cpu_share": server_cpu / elapsed,
        "load_average": load,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", default="10,100,500", help="table counts (default 10,100,500)")
    parser.add_argument("--database", help="a PostgreSQL URL (default: SQLite in a temp folder)")
    parser.add_argument("--seconds", type=float, default=15.0, help="measured seconds per count")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds before measuring")
    parser.add_argument("--workers", type=int, default=1, help="the server's --workers")
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="seconds a client thinks before each move, on average (default 0: at once; "
        "0.25 offers about 3 moves/s per table, the issue's 300 moves/s at 100 tables)",
    )
    parser.add_argument(
        "--pin",
        type=int,
        default=None,
        metavar="CORE",
        help="run the server on this core only (taskset) and the clients on the others",
    )
    parser.add_argument(
        "--servers",
        type=int,
        default=1,
        help="server processes on the one PostgreSQL database (default 1)",
    )
    parser.add_argument(
        "--signed-in",
        action="store_true",
        help="every seat a signed-in account's, at rated tables (docs/accounts.md)",
    )
    parser.add_argument("--json", action="store_true", help="print JSON rows too")
    args = parser.parse_args()
    if args.servers < 1 or (args.servers > 1 and not (args.database or "").startswith("postgres")):
        parser.error(
            "--servers above 1 needs --database postgresql+psycopg://... (SQLite "
            "serves one process)"
        )
    if args.servers > 1 and args.pin is not None:
        parser.error("--pin puts one server on a core: use it with --servers 1")
    # The clients' own pauses count in the latencies: collect as the server does.
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 50, 100)
    print(describe_machine())
    if args.pin is not None:
        others = os.sched_getaffinity(0) - {args.pin}
        if others:
            os.sched_setaffinity(0, others)
        print(f"server pinned to core {args.pin}, clients on cores {sorted(others)}")
    counts = [int(c) for c in args.tables.split(",")]
    with tempfile.TemporaryDirectory() as data_dir:
        database = args.database or f"sqlite:///{data_dir}/bench.db"
        kind = "postgresql" if database.startswith("postgresql") else "sqlite"
        print(
            f"database: {kind}; {args.warmup:g} s warm-up, {args.seconds:g} s measured, "
            f"clients think {args.think:g} s a move; {args.servers} server process(es)"
            + ("; signed-in accounts at rated tables" if args.signed_in else "")
        )
        print(
            f"{'tables':>7} {'moves/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'refusals':>9} "
            f"{'server CPU ms/move':>19} {'server cores':>13} {'client CPU ms/move':>19} "
            f"{'load avg':>9}"
        )
        for count in counts:
            pairs = prepare_accounts(database, count) if args.signed_in else None
            started = [
                start_server(database, f"{data_dir}/server{i}", args.workers, args.pin)
                for i in range(args.servers)
            ]
            try:
                row = asyncio.run(
                    run_load(
                        [base for _, base in started],
                        count,
                        args.warmup,
                        args.seconds,
                        [proc.pid for proc, _ in started],
                        args.think,
                        pairs,
                    )
                )
            finally:
                for proc, _ in started:
                    os.kill(proc.pid, signal.SIGINT)
                for proc, _ in started:
                    proc.wait(30)
            print(
                f"{count:>7} {row['moves_per_s']:>9.0f} {row['p50_ms']:>8.1f} "
                f"{row['p99_ms']:>8.1f} {row['refusals']:>9} "
                f"{row['server_cpu_ms_per_move']:>19.2f} {row['server_cpu_share']:>13.2f} "
                f"{row['client_cpu_ms_per_move']:>19.2f} {row['load_average']:>9.1f}"
            )
            if args.json:
                print(json.dumps({"database": kind, "servers": args.servers, **row}))


if __name__ == "__main__":
    main()
