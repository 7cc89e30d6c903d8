"""Accounts' speed: a sign-in, a profile with 1,000 finished games, the leaderboards.

Starts ``regency serve`` on loopback (SQLite in a temporary folder, or ``--database``),
after filling its database straight through the storage: one player with ``--games``
finished rated games against the computer (each settled as the server settles a game:
its rating moved, its history written), and ``--players`` other players with a rating
in every pool (so each leaderboard has more candidates than places). Then, over HTTP,
it times ``--repeat`` times each:

* a sign-in (``POST /api/account/signin``: the Argon2id check of the password, the
  session written) with the right password, and with a wrong one (an unknown name
  costs the same: a check against a dummy hash);
* the player's profile (``GET /api/players/NAME``: ratings, their history, games per
  game), a page of their games (``/games``), filtered ones, and "My games";
* every leaderboard (``GET /api/leaderboard``) and one (``?game=claim&pool=2``).

Run: ``.venv/bin/python benchmarks/bench_accounts.py`` (``--games 1000 --players 500``).
Failed sign-ins are throttled (5 per name, 20 per address in 15 minutes): each wrong
password is for a name of its own (half of them names nobody has) and comes from an
``X-Forwarded-For`` address of its own (the server trusts its loopback proxy, as uvicorn
does by default), so every one is checked.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time

import httpx

from regency.sim.machine import describe_machine

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from bench_server import start_server  # the benchmarks' own server starter

PASSWORD = "a long evening of Kingdoms"


def fill(database: str, games: int, players: int) -> None:
    """The player ``Ann`` with ``games`` settled games; ``players`` rated others."""
    from regency.accounts.passwords import HASHER
    from regency.ratings import POOLS
    from regency.server.storage.accounts import AccountStore
    from regency.server.storage.database import SeatRow, Storage, TableRow, tables_t, upgrade
    from regency.server.storage.people import ratings_t
    from regency.server.storage.ratings import RatingStore

    upgrade(database)
    storage = Storage(database)
    try:
        accounts = AccountStore(storage)
        ann = accounts.create("Ann", HASHER.hash(PASSWORD))
        rng = random.Random(1)
        store = RatingStore(storage)
        kinds = [
            ("claim", 2, "random"),
            ("kingdoms", 2, "rollout"),
            ("claim-kingdoms", 3, "random"),
        ]
        for n in range(games):
            game, count, agent = kinds[n % len(kinds)]
            seats = (
                SeatRow(0, "Ann", None, None, account_id=ann.id, rating="1500?"),
                *(SeatRow(s, "", agent, None) for s in range(1, count)),
            )
            storage.create_table(
                TableRow(
                    id=f"g{n}", game=game, players=count, seed=n, options={}, settings={},
                    spectator_hash="x", version=0, finished=False, result=None,
                    created_at=1e9 + n, updated_at=1e9 + n, seats=seats, rated=True,
                )
            )  # fmt: skip
            winner = 0 if rng.random() < 0.5 else 1
            result = {"scores": [int(s == winner) for s in range(count)], "winners": [winner]}
            with storage.engine.begin() as conn:
                conn.execute(
                    tables_t.update()
                    .where(tables_t.c.id == f"g{n}")
                    .values(finished=True, result=json.dumps(result), updated_at=time.time() - n)
                )
            store.settle(f"g{n}")
        hashed = HASHER.hash("another password 1")
        now = time.time()
        others = [accounts.create(f"player{p}", hashed) for p in range(players)]
        with storage.engine.begin() as conn:
            for other in others:
                conn.execute(
                    ratings_t.insert(),
                    [
                        {
                            "account_id": other.id, "game": game, "pool": pool,
                            "rating": rng.gauss(1500, 250), "deviation": rng.uniform(50, 200),
                            "volatility": 0.06, "games": 30,
                            "updated_at": now - rng.uniform(0, 60) * 86400,
                        }
                        for game in ("claim", "kingdoms", "claim-kingdoms")
                        for pool in POOLS
                    ],
                )  # fmt: skip
    finally:
        storage.close()


def timed(http: httpx.Client, repeat: int, method: str, path: str, **kw: object) -> list[float]:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        answer = http.request(method, path, **kw)  # type: ignore[arg-type]
        times.append(time.perf_counter() - started)
        expected = (200, 401) if path.endswith("signin") else (200,)
        if answer.status_code not in expected:
            raise SystemExit(f"{path}: {answer.status_code} {answer.text}")
    return times


def row(name: str, times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (
        f"{name:<44} {1000 * statistics.median(ordered):>9.1f} {1000 * p95:>9.1f} "
        f"{1000 * ordered[-1]:>9.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", help="a PostgreSQL URL (default: SQLite in a temp folder)")
    parser.add_argument("--games", type=int, default=1000, help="the profile's finished games")
    parser.add_argument("--players", type=int, default=500, help="other rated players")
    parser.add_argument("--repeat", type=int, default=30, help="requests timed per row")
    args = parser.parse_args()
    print(describe_machine())
    with tempfile.TemporaryDirectory() as data_dir:
        database = args.database or f"sqlite:///{data_dir}/bench.db"
        started = time.perf_counter()
        fill(database, args.games, args.players)
        print(
            f"database: {'postgresql' if database.startswith('postgresql') else 'sqlite'}; "
            f"{args.games} finished games of Ann, {args.players} other rated players "
            f"(filled in {time.perf_counter() - started:.0f} s)"
        )
        proc, base = start_server(database, f"{data_dir}/server", 1)
        try:
            http = httpx.Client(base_url=base, timeout=60, headers={"Origin": base})
            print(f"{'request':<44} {'p50 ms':>9} {'p95 ms':>9} {'max ms':>9}")
            body = {"name": "Ann", "password": PASSWORD}
            rows = [
                (
                    "sign in, right password",
                    timed(http, args.repeat, "POST", "/api/account/signin", json=body),
                )
            ]
            wrong = []
            for n in range(args.repeat):
                wrong += timed(
                    http, 1, "POST", "/api/account/signin",
                    # A name of its own each time: 5 failures of one name are throttled.
                    json={"name": f"Nobody{n}" if n % 2 else f"player{n}", "password": "wrong!!!"},
                    headers={"X-Forwarded-For": f"10.0.{n // 200}.{n % 200}"},
                )  # fmt: skip
            rows.append(("sign in, wrong password or unknown name", wrong))
            for name, path in [
                ("profile (GET /api/players/Ann)", "/api/players/Ann"),
                ("games, page 1", "/api/players/Ann/games"),
                ("games, page 40", "/api/players/Ann/games?page=40"),
                ("games, claim, won", "/api/players/Ann/games?game=claim&result=won"),
                ("My games (GET /api/account/games)", "/api/account/games"),
                ("every leaderboard (GET /api/leaderboard)", "/api/leaderboard"),
                ("one leaderboard (claim, 2 players)", "/api/leaderboard?game=claim&pool=2"),
            ]:
                rows.append((name, timed(http, args.repeat, "GET", path)))
            for name, times in rows:
                print(row(name, times))
        finally:
            proc.terminate()
            proc.wait(30)


if __name__ == "__main__":
    main()
