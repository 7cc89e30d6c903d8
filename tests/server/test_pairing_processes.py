"""Quick pairing and open tables with real ``regency serve`` processes: two servers on one
PostgreSQL database never seat a person twice or make a table twice, and a server killed
with ``kill -9`` loses no place in a queue and no open table (SQLite and PostgreSQL)."""

from __future__ import annotations

import hashlib
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa

from tests.server.conftest import fresh_pg_database
from tests.server.lobby import Guest, entry_of, events, wait_seated
from tests.server.processes import Server

pytestmark = pytest.mark.slow


def rows(database: str, sql: str) -> list[Any]:
    engine = sa.create_engine(database)
    with engine.connect() as conn:
        found = list(conn.execute(sa.text(sql)).all())
    engine.dispose()
    return found


def settle(base: str, seconds: float = 60) -> None:
    """Until every queue holds fewer people than one table seats (the rest are seated)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        pools = httpx.get(f"{base}/api/pools", timeout=30).json()["pools"]
        if all(p["casual"] < p["players"] for p in pools):
            time.sleep(1.5)  # a round under way finishes
            return
        time.sleep(0.2)
    raise AssertionError("people who could be seated still wait")


def test_two_processes_seat_nobody_twice_and_make_no_table_twice(tmp_path: Path) -> None:
    database = fresh_pg_database()
    with Server(database, tmp_path / "a") as a, Server(database, tmp_path / "b") as b:
        servers = (a, b)
        guests = [Guest(servers[i % 2].url, f"G{i}") for i in range(40)]
        places: list[tuple[Guest, dict[str, Any]]] = []
        try:
            for i, guest in enumerate(guests):
                pool = "claim-2-120" if i % 3 else "kingdoms-3-120"
                places.append((guest, guest.join(pool)))
                if i % 4 == 0:  # a quarter wait in a second queue, through the other server
                    other = Guest(servers[(i + 1) % 2].url, guest.name)
                    other.token = guest.token
                    places.append((other, other.join("kingdoms-2-120")))
            settle(a.url)
        finally:
            for guest in guests:
                guest.close()
    seated = rows(
        database,
        "SELECT e.person, e.table_id, e.seat, t.players FROM pairing_entries e "
        "JOIN tables t ON t.id = e.table_id",
    )
    people = Counter(r.person for r in seated)
    assert people and max(people.values()) == 1, "a person seated twice"
    by_table: dict[str, list[Any]] = {}
    for r in seated:
        by_table.setdefault(r.table_id, []).append(r)
    for table, sitting in by_table.items():
        assert len(sitting) == sitting[0].players, f"table {table} is not full"
        assert sorted(r.seat for r in sitting) == list(range(sitting[0].players))
        seats = rows(database, f"SELECT token_hash FROM seats WHERE table_id = '{table}'")
        assert len({s.token_hash for s in seats}) == len(seats)
    tables = rows(database, "SELECT id FROM tables")
    assert len(tables) == len(by_table), "a table made and not used, or made twice"
    # Everyone who could be seated was: the leftovers are fewer than a table's worth.
    left = rows(database, "SELECT pool FROM pairing_entries WHERE table_id IS NULL")
    counts = Counter(r.pool for r in left)
    assert counts["claim-2-120"] < 2 and counts["kingdoms-3-120"] < 3


def test_the_last_seat_of_an_open_table_goes_once_across_processes(tmp_path: Path) -> None:
    database = fresh_pg_database()
    with Server(database, tmp_path / "a") as a, Server(database, tmp_path / "b") as b:
        with events(b.url) as on_b, Guest(a.url, "Ann") as ann:
            opened = ann.open(game="claim", players=3)
            table = opened["open"]["id"]
            # The list on the other process hears of it.
            on_b.wait(lambda n, d: n == "table" and d["id"] == table)
            answers: list[httpx.Response] = []
            guests = [Guest((a, b)[i % 2].url, f"G{i}") for i in range(6)]

            def sit(guest: Guest) -> None:
                answers.append(guest.post(f"/api/open-tables/{table}/join"))

            threads = [threading.Thread(target=sit, args=(g,)) for g in guests]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            for g in guests:
                g.close()
            assert sorted(x.status_code for x in answers) == [200, 200, 409, 409, 409, 409]
            on_b.wait(lambda n, d: n == "gone" and d == {"id": table, "why": "started"})
            seated = wait_seated(ann.http, opened["entry"]["id"])
        for server in (a, b):
            assert httpx.get(f"{server.url}/api/open-tables", timeout=30).json()["open"] == []
    made = rows(database, "SELECT id FROM tables")
    assert [r.id for r in made] == [seated["table"]]


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_server_killed_with_waiting_people_carries_on_when_restarted(
    tmp_path: Path, kind: str
) -> None:
    database = fresh_pg_database() if kind == "postgresql" else f"sqlite:///{tmp_path / 'r.db'}"
    server = Server(database, tmp_path / "data").start()
    try:
        with Guest(server.url, "Ann") as ann, Guest(server.url, "Cy") as cy:
            waiting = ann.join("claim-2-120")
            opened = cy.open(game="kingdoms", players=3)
            with Guest(server.url, "Di") as di:
                di.sit(opened["open"]["id"])
            token = ann.token
        server.kill()
        server = Server(database, tmp_path / "data").start()
        ann = Guest(server.url, "Ann")
        ann.token = token
        with ann, Guest(server.url, "Ben") as ben, Guest(server.url, "Ed") as ed:
            assert entry_of(ann.http, waiting["id"])["status"] == "waiting"
            (listed,) = httpx.get(f"{server.url}/api/open-tables", timeout=30).json()["open"]
            assert listed["id"] == opened["open"]["id"]
            assert [s["name"] for s in listed["seats"]] == ["Cy", "Di"]
            ben.join("claim-2-120")
            seated = wait_seated(ann.http, waiting["id"])
            view = ann.view(seated["table"], seated["seat"])
            assert view["seats"][seated["seat"]]["name"] == "Ann"
            place = ed.sit(listed["id"])
            assert place["status"] == "seated" and place["seat"] == 2
        token_hash = hashlib.sha256(str(token).encode()).hexdigest()
        found = rows(database, f"SELECT count(*) FROM seats WHERE token_hash = '{token_hash}'")
        assert found[0][0] == 1
    finally:
        server.stop()


def test_a_restart_ends_the_lobby_streams_with_a_restart_event(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'r.db'}", tmp_path / "data", apart=True).start()
    with Guest(server.url, "Ann") as ann:
        place = ann.join("claim-2-120")
        with events(server.url, (place["id"],)) as page:
            page.wait(lambda n, d: n == "entry" and d["status"] == "waiting")
            server.streams()  # SIGTERM: the server drains and stops
            _, said = page.wait(lambda n, d: n == "restart")
            assert "restarting" in said["message"]
            page.thread.join(10)
            assert not page.thread.is_alive(), "the stream did not end"
    # Ann's place is kept: a restarted server still has it.
    with Server(f"sqlite:///{tmp_path / 'r.db'}", tmp_path / "data") as again:
        assert entry_of(httpx.Client(base_url=again.url), place["id"])["status"] == "waiting"
