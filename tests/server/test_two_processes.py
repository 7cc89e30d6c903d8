"""Two ``regency serve`` processes on one PostgreSQL database serve the same tables."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from websockets.sync.client import ClientConnection

import regency
from regency.server.storage import database as storage
from tests.server.conftest import fresh_pg_database, make_client
from tests.server.helpers import create, people, play_random, view, wait_until
from tests.server.processes import Server, next_message, open_socket


def socket(server: Server, path: str, token: str) -> ClientConnection:
    return open_socket(server.url, path, token)


@pytest.mark.slow
def test_a_move_through_one_process_reaches_clients_of_the_other(tmp_path: Path) -> None:
    database = fresh_pg_database()
    with Server(database, tmp_path / "a") as a, Server(database, tmp_path / "b") as b:
        table = httpx.post(
            a.url + "/api/tables",
            json={
                "game": "claim",
                "players": 3,
                "seats": [{"name": "on a"}, {"agent": "random"}, {"name": "on b"}],
                "think_time": 0.02,
                "seed": 12,
            },
            timeout=30,
        ).json()
        tid = table["table"]
        tokens = {i["seat"]: i["token"] for i in table["invites"]}
        rng = random.Random(12)
        with (
            socket(a, f"/api/tables/{tid}/seats/0/ws", tokens[0]) as ws0,
            socket(b, f"/api/tables/{tid}/seats/2/ws", tokens[2]) as ws2,
            socket(b, f"/api/tables/{tid}/spectate/ws", table["spectator"]["token"]) as watch,
        ):
            sockets = {0: ws0, 2: ws2}
            version = -1
            while True:
                views = {seat: next_message(ws) for seat, ws in sockets.items()}
                public = next_message(watch)
                # Each client sees every version, whichever process the move went through.
                assert {v["version"] for v in views.values()} == {version + 1}
                assert public["version"] == version + 1
                version += 1
                now = views[0]
                if now["finished"]:
                    break
                mover = now["to_move"]
                if mover in sockets:
                    move = rng.choice(views[mover]["legal_moves"])
                    sockets[mover].send(
                        json.dumps({"type": "action", "action": move, "version": version})
                    )
    # The computer seat moved exactly once per turn: the record replays, one row per move.
    engine = sa.create_engine(database)
    with engine.connect() as conn:
        rows = conn.execute(
            sa.text("SELECT number, seat FROM moves WHERE table_id = :t ORDER BY number"),
            {"t": tid},
        ).all()
    engine.dispose()
    assert [r.number for r in rows] == list(range(1, version + 1))
    record = regency.Record.from_dict(now["record"])
    game = regency.replay(record)
    assert game.is_over and len(record.actions) == version
    assert 1 in {r.seat for r in rows}


@pytest.mark.slow
def test_a_computer_table_is_played_once_by_two_processes(tmp_path: Path) -> None:
    database = fresh_pg_database()
    with Server(database, tmp_path / "a") as a:
        table = httpx.post(
            a.url + "/api/tables",
            json={
                "game": "kingdoms",
                "players": 2,
                "seats": [{"agent": "random"}, {"agent": "random"}],
                "think_time": 0.1,
            },
            timeout=30,
        ).json()
        tid = table["table"]
        # The second process resumes the table at start: both now drive its computers.
        with Server(database, tmp_path / "b") as b:
            with socket(b, f"/api/tables/{tid}/spectate/ws", table["spectator"]["token"]) as w:
                seen = []
                while not (view := next_message(w))["finished"]:
                    seen.append(view["version"])
            assert seen == list(range(seen[0], view["version"]))
    record = regency.Record.from_dict(view["record"])
    assert regency.replay(record).is_over
    assert len(record.actions) == view["version"]


def _follow(carried: bool, monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    """Moves made through app ``a``; return (moves ``b`` followed, reads ``b`` made).

    Two applications in one process on one PostgreSQL database behave as two server
    processes: each listens for the other's announcements.
    """
    if not carried:  # an announcement as releases before the move was carried made it
        monkeypatch.setattr(storage, "announcement", lambda m, at: f"{m.table_id}:{m.seen + 1}")
    database = fresh_pg_database()
    rng = random.Random(5)
    with make_client(database) as a, make_client(database) as b:
        table = create(a, game="kingdoms", players=2, seats=people(2), seed=5)
        tid, token = table["table"], table["invites"][0]["token"]
        assert view(b, tid, 0, token)["version"] == 0  # b holds the table now
        hub = b.app.state.hub  # type: ignore[attr-defined]
        reads = 0
        read = hub.storage.moves

        def counted(*args: Any) -> Any:
            nonlocal reads
            reads += 1
            return read(*args)

        monkeypatch.setattr(hub.storage, "moves", counted)
        made = play_random(a, table, rng, moves=12)["version"]
        # b shows each move, played through a, to its own clients.
        wait_until(b, lambda: view(b, tid, 0, token)["version"] == made)
        ours = view(a, tid, 1, table["invites"][1]["token"])
        theirs = view(b, tid, 1, table["invites"][1]["token"])
        assert theirs == ours
    return made, reads


def test_a_move_announced_with_its_notation_is_followed_without_a_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made, reads = _follow(True, monkeypatch)
    assert made == 12 and reads == 0


def test_an_announcement_without_the_move_is_followed_by_reading_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # During a rolling upgrade the other process may be an older release.
    made, reads = _follow(False, monkeypatch)
    assert made == 12 and reads >= 1
