"""Big Swiss events run to the end unattended: how long, and whether a pairing repeated.

Starts ``regency serve`` on a fresh SQLite database (its computer seats in ``--workers``
processes), signs an organiser up, and sets up each event of the issue's scale with
computer entrants only, on short thinking (the ladder's ``Beginner`` and ``Casual``
levels, half each, no think time), then starts it and waits for its final standings,
printing each round's time as it ends. Then, from the event's stored games: tables per
round, byes, the pairs (two players) or the groups of people who met more than once, and
whether the Dutch system could have avoided them (at two players it never pairs a
rematch; at three or four, a rematch is made only when no seating without one exists).

Run: ``nice -n 10 .venv/bin/python benchmarks/bench_tournament.py`` (the issue's two
events: a 64-entrant Swiss of 7 rounds of 2-player Claim, and a 32-entrant Swiss of 5
rounds of 4-player Claim Kingdoms), or ``--entrants 8 --rounds 3`` for one small event
of ``--game`` at ``--players``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from itertools import combinations
from pathlib import Path
from typing import Any

import httpx
import sqlalchemy as sa

from regency.sim.machine import describe_machine

sys.path.insert(0, str(Path(__file__).parent))
from bench_server import free_port

EVENTS = (("claim", 2, 64, 7), ("claim-kingdoms", 4, 32, 5))
"""The issue's events: game, players at a table, entrants, rounds."""


def start_server(folder: Path, workers: int) -> tuple[subprocess.Popen[bytes], str, str]:
    """``regency serve`` on a fresh SQLite database; the process, its URL and database."""
    port = free_port()
    database = f"sqlite:///{folder}/regency.db"
    command = [sys.executable, "-m", "regency.cli.main", "serve", "--port", str(port),
               "--database", database, "--data-dir", str(folder),
               "--workers", str(workers)]  # fmt: skip
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(url + "/", timeout=1).status_code == 200:
                return process, url, database
        except httpx.HTTPError:
            time.sleep(0.2)
    process.kill()
    raise SystemExit("the server did not start")


def organiser(url: str) -> httpx.Client:
    """A signed-up organiser's client (its session cookie and CSRF token)."""
    client = httpx.Client(base_url=url, timeout=120, headers={"Origin": url})
    answer = client.post(
        "/api/account/signup", json={"name": "Director", "password": "a long evening of Swiss"}
    )
    answer.raise_for_status()
    client.headers["X-CSRF-Token"] = answer.json()["csrf"]
    return client


def run_event(
    client: httpx.Client, game: str, players: int, entrants: int, rounds: int
) -> tuple[str, float]:
    """Set the event up, start it, wait for its end; its id and the seconds it took."""
    levels = ["Beginner", "Casual"] * (entrants // 2) + ["Casual"] * (entrants % 2)
    made = client.post("/api/tournaments", json={
        "name": f"{entrants} of {game}", "game": game, "players": players, "rounds": rounds,
        "computers": levels, "think_time": 0, "move_seconds": 120})  # fmt: skip
    made.raise_for_status()
    tid = made.json()["id"]
    client.post(f"/api/tournaments/{tid}/start").raise_for_status()
    started = time.perf_counter()
    seen = 0
    while True:
        event = client.get(f"/api/tournaments/{tid}").json()
        done = sum(
            1 for r in event["rounds_played"] if all(g["status"] != "playing" for g in r["games"])
        )
        while seen < done:
            seen += 1
            print(f"  round {seen} over after {time.perf_counter() - started:.1f} s", flush=True)
        if event["status"] in ("finished", "cancelled"):
            if event["status"] == "cancelled" or event["note"]:
                print(f"  {event['status']}: {event['note']}")
            return tid, time.perf_counter() - started
        time.sleep(1)


def repeats(database: str, tid: str) -> tuple[int, int, int, Counter[int], list[Any]]:
    """Tables, byes, pairs of entrants seated together more than once, tables a round, and
    the tables' rows (finished, how they ended, their versions: one a move)."""
    engine = sa.create_engine(database)
    with engine.connect() as conn:
        games = conn.execute(
            sa.text(
                "SELECT g.round, g.seats, g.bye, t.finished, t.ending, t.version "
                "FROM tournament_games g LEFT JOIN tables t ON t.id = g.table_id "
                "WHERE g.tournament_id = :t"
            ),
            {"t": tid},
        ).all()
    engine.dispose()
    met: Counter[frozenset[int]] = Counter()
    per_round: Counter[int] = Counter()
    byes = 0
    for g in games:
        if g.bye:
            byes += len(json.loads(g.seats))
            continue
        per_round[g.round] += 1
        for pair in combinations(json.loads(g.seats), 2):
            met[frozenset(pair)] += 1
    played = [g for g in games if not g.bye]
    return len(played), byes, sum(n - 1 for n in met.values() if n > 1), per_round, played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--game", default=None, help="one event of this game (else the issue's two)"
    )
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--entrants", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--workers", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    args = parser.parse_args()
    events = (
        EVENTS if args.game is None else ((args.game, args.players, args.entrants, args.rounds),)
    )
    print(f"machine: {describe_machine()}; load {os.getloadavg()[0]:.1f}", flush=True)
    with tempfile.TemporaryDirectory() as folder:
        process, url, database = start_server(Path(folder), args.workers)
        try:
            client = organiser(url)
            for game, players, entrants, rounds in events:
                print(
                    f"{entrants} computers, {game} at {players}, Swiss of {rounds} rounds:",
                    flush=True,
                )
                tid, seconds = run_event(client, game, players, entrants, rounds)
                tables, byes, again, per_round, played = repeats(database, tid)
                ended = sum(1 for g in played if g.finished and g.ending == "finished")
                moves = sum(g.version for g in played) / max(1, len(played))
                print(f"  finished in {seconds / 60:.1f} min: {tables} tables "
                      f"({', '.join(str(per_round[r]) for r in sorted(per_round))} a round), "
                      f"{byes} byes, {again} repeated meetings; {ended} played to the end, "
                      f"{moves:.0f} moves a game", flush=True)  # fmt: skip
        finally:
            process.terminate()
            process.wait(30)


if __name__ == "__main__":
    main()
