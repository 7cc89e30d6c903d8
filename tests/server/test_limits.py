"""Tables are not unlimited (issue 29): a cap on open tables, a per-client rate of setting
them up, abandoned tables expired, and a restart that loads only what needs driving."""

from __future__ import annotations

import random
import time

import sqlalchemy as sa
from fastapi.testclient import TestClient

from regency.server.settings import RateLimit
from regency.server.storage.database import tables_t
from tests.server.conftest import make_client
from tests.server.helpers import auth, create, people, play_random, seat_url, wait_until

BODY = {"game": "claim", "players": 2, "seats": people(2), "think_time": 0}


def test_one_client_may_set_up_only_so_many_tables_a_minute(sqlite_db: str) -> None:
    with make_client(sqlite_db, tables_per_minute=3) as client:
        made = [client.post("/api/tables", json=BODY).status_code for _ in range(3)]
        assert made == [201, 201, 201]
        refused = client.post("/api/tables", json=BODY)
        assert refused.status_code == 429
        assert refused.json()["error"] == "too_many_tables"
        assert "3 tables a minute" in refused.json()["message"]
        assert 1 <= int(refused.headers["retry-after"]) <= 60
        # Playing at the tables one has is not limited.
        assert client.get("/api/games").status_code == 200


def test_the_rate_limit_slides_and_tells_clients_apart() -> None:
    limit = RateLimit(2, clients=2)
    assert limit.allow("a", 0.0) == 0 and limit.allow("a", 10.0) == 0
    assert limit.allow("a", 20.0) == 40.0  # the first one leaves the window at 60 s
    assert limit.allow("b", 20.0) == 0  # another client has its own window
    assert limit.allow("a", 60.0) == 0
    limit.allow("c", 61.0)  # a third client: the least recent one is forgotten
    assert set(limit._seen) == {"a", "c"}


def test_the_server_keeps_at_most_so_many_open_tables(sqlite_db: str) -> None:
    with make_client(sqlite_db, max_open_tables=2) as client:
        first = create(client, **BODY)
        create(client, **BODY)
        full = client.post("/api/tables", json=BODY)
        assert full.status_code == 503 and full.json()["error"] == "server_full"
        assert "2 unfinished tables" in full.json()["message"]
        play_random(client, first, random.Random(1))  # a game ends: room for one more
        assert client.post("/api/tables", json=BODY).status_code == 201


def _age(database: str, table: str, days: float) -> None:
    engine = sa.create_engine(database)
    with engine.begin() as conn:
        conn.execute(
            tables_t.update()
            .where(tables_t.c.id == table)
            .values(updated_at=time.time() - days * 86400)
        )
    engine.dispose()


def test_abandoned_tables_expire_and_finished_games_stay(database: str) -> None:
    sqlite_db = database  # either kind
    with make_client(sqlite_db) as client:
        old = create(client, **BODY)
        recent = create(client, **BODY)
        done = create(client, **BODY)
        play_random(client, done, random.Random(2))
    _age(sqlite_db, old["table"], 3)
    _age(sqlite_db, recent["table"], 1)
    _age(sqlite_db, done["table"], 30)
    with make_client(sqlite_db, expire_days=2) as client:
        # The sweep runs when the server starts, then every expire_tick seconds.
        wait_until(client, lambda: client.get(f"/api/tables/{old['table']}").status_code == 404)
        gone = client.get(
            seat_url(old["table"], 0, "view"), headers=auth(old["invites"][0]["token"])
        )
        assert gone.status_code == 404
        assert client.get(f"/api/tables/{recent['table']}").status_code == 200
        assert client.get(f"/api/tables/{done['table']}/record").status_code == 200


def test_expire_days_zero_keeps_tables_for_ever(sqlite_db: str) -> None:
    with make_client(sqlite_db) as client:
        old = create(client, **BODY)
    _age(sqlite_db, old["table"], 10_000)
    with make_client(sqlite_db, expire_days=0) as client:
        time.sleep(0.2)
        assert client.get(f"/api/tables/{old['table']}").status_code == 200


def test_a_restart_loads_only_the_tables_that_need_driving(database: str) -> None:
    sqlite_db = database  # either kind
    with make_client(sqlite_db) as client:
        waiting = [create(client, **BODY, options={"first": 0})["table"] for _ in range(5)]
        computer = create(
            client,
            game="kingdoms",
            players=2,
            options={"first": 1},
            seats=[{"name": "a"}, {"agent": "heuristic"}],
            think_time=0,
        )["table"]
        idle = create(client, **BODY, takeover_minutes=60)["table"]
    # The computer's table was stopped before it moved: pretend it never got the chance.
    engine = sa.create_engine(sqlite_db)
    with engine.begin() as conn:
        conn.execute(sa.text("DELETE FROM moves WHERE table_id = :t"), {"t": computer})
        conn.execute(
            tables_t.update().where(tables_t.c.id == computer).values(version=0, to_move=1)
        )
    engine.dispose()
    with make_client(sqlite_db) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        # The computer carries on; the tables waiting for a person are not loaded...
        wait_until(client, lambda: client.get(f"/api/tables/{computer}").json()["version"] > 0)
        assert computer in hub.tables and idle in hub.tables
        assert not set(waiting) & set(hub.tables)
        # ...until someone asks for one.
        assert client.get(f"/api/tables/{waiting[0]}").json()["to_move"] == 0
        assert waiting[0] in hub.tables


def test_to_move_is_stored_with_every_move(sqlite_client: TestClient, sqlite_db: str) -> None:
    table = create(sqlite_client, **BODY)
    play_random(sqlite_client, table, random.Random(3), moves=5)
    summary = sqlite_client.get(f"/api/tables/{table['table']}").json()
    engine = sa.create_engine(sqlite_db)
    with engine.connect() as conn:
        stored = conn.execute(
            sa.select(tables_t.c.to_move).where(tables_t.c.id == table["table"])
        ).scalar()
    engine.dispose()
    assert stored == summary["to_move"]
