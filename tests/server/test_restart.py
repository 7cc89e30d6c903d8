"""A graceful restart with real processes: SIGTERM under load loses no acknowledged move,
and every client reconnects to the next process (issue 34; docs/deploy.md)."""

from __future__ import annotations

import json
import random
import signal
import threading
import time
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection

from tests.server.conftest import fresh_pg_database
from tests.server.processes import Server, open_socket

TABLES = 4
SHUTDOWN = 6.0


def socket(server: Server, tid: str, seat: int, token: str) -> ClientConnection:
    return open_socket(server.url, f"/api/tables/{tid}/seats/{seat}/ws", token)


@dataclass
class Client:
    """One table's two people, moving as fast as they can through whichever server is up."""

    table: dict[str, Any]
    first: Server
    second: Server
    acked: list[tuple[int, str]] = field(default_factory=list)
    after_switch: int = 0
    refused_503: list[dict[str, Any]] = field(default_factory=list)
    close_code: int | None = None
    reconnected: dict[str, Any] | None = None
    finished: bool = False
    error: BaseException | None = None

    def run(self, stop: threading.Event) -> None:
        try:
            self._run(stop)
        except BaseException as exc:  # reported by the test
            self.error = exc

    def _run(self, stop: threading.Event) -> None:
        tid = self.table["table"]
        tokens = {i["seat"]: i["token"] for i in self.table["invites"]}
        server = self.first
        with ExitStack() as stack:
            http = stack.enter_context(httpx.Client(base_url=server.url, timeout=30))
            ws = stack.enter_context(socket(server, tid, 0, tokens[0]))
            self._play(stop, stack, http, ws, tid, tokens)

    def _play(
        self,
        stop: threading.Event,
        stack: ExitStack,
        http: httpx.Client,
        ws: ClientConnection | None,
        tid: str,
        tokens: dict[int, str],
    ) -> None:
        rng = random.Random(tid)
        server = self.first
        while not (stop.is_set() and self.after_switch >= 5 and self.reconnected):
            if ws is not None and self.reconnected is None:
                ws = self._watch(ws, tid, tokens[0])
            if server is self.second and self.finished:
                break
            switch = False
            try:
                state = http.get(
                    f"/api/tables/{tid}/seats/0/view",
                    headers={"Authorization": f"Bearer {tokens[0]}"},
                )
                if state.json()["finished"]:
                    self.finished = True
                    time.sleep(0.05)
                    continue
                seat = state.json()["to_move"]
                mine = http.get(
                    f"/api/tables/{tid}/seats/{seat}/view",
                    headers={"Authorization": f"Bearer {tokens[seat]}"},
                ).json()
                move = rng.choice(mine["legal_moves"])
                answer = http.post(
                    f"/api/tables/{tid}/seats/{seat}/actions",
                    json={"action": move, "version": mine["version"]},
                    headers={"Authorization": f"Bearer {tokens[seat]}"},
                )
            except httpx.HTTPError:  # the first server has gone: no answer, no acknowledgement
                switch = True
            else:
                if answer.status_code == 200:
                    self.acked.append((answer.json()["version"], answer.json()["action"]))
                    self.after_switch += server is self.second
                elif answer.status_code == 503:
                    self.refused_503.append({**answer.json(), **answer.headers})
                    switch = True
                else:
                    assert answer.status_code == 409, answer.text
            if switch and server is self.first:
                server = self.second
                http = stack.enter_context(httpx.Client(base_url=server.url, timeout=30))
            elif switch:
                raise AssertionError("the second server refused a move")

    def _watch(self, ws: ClientConnection, tid: str, token: str) -> ClientConnection | None:
        """Read what the socket has; when it closes, reconnect to the second server."""
        try:
            while True:
                json.loads(ws.recv(timeout=0))
        except TimeoutError:
            return ws
        except ConnectionClosed as exc:
            self.close_code = exc.rcvd.code if exc.rcvd is not None else None
        with socket(self.second, tid, 0, token) as again:
            self.reconnected = json.loads(again.recv(timeout=30))
        return None


@pytest.mark.slow
def test_sigterm_under_load_loses_no_acknowledged_move(tmp_path: Path) -> None:
    database = fresh_pg_database()
    timeout = ("--shutdown-timeout", str(SHUTDOWN))
    with (
        Server(database, tmp_path / "a", extra=timeout) as a,
        Server(database, tmp_path / "b") as b,
    ):
        tables = [
            httpx.post(
                a.url + "/api/tables",
                json={"game": "kingdoms", "players": 2, "seats": [{"name": "x"}, {"name": "y"}]},
                timeout=30,
            ).json()
            for _ in range(TABLES)
        ]
        clients = [Client(t, a, b) for t in tables]
        stop = threading.Event()
        threads = [threading.Thread(target=c.run, args=(stop,)) for c in clients]
        for t in threads:
            t.start()
        deadline = time.monotonic() + 60
        while min(len(c.acked) for c in clients) < 5 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert a.proc is not None
        signalled = time.monotonic()
        a.proc.send_signal(signal.SIGTERM)
        a.proc.wait(SHUTDOWN + 5)
        took = time.monotonic() - signalled
        stop.set()
        for t in threads:
            t.join(120)
        log = a.output()
        for c in clients:
            assert c.error is None, repr(c.error)
        # The first process went within its shutdown time, by the signal (not cut off).
        assert took < SHUTDOWN + 1, took
        assert a.proc.returncode == -signal.SIGTERM, log
        assert "sockets told to reconnect" in log
        for c in clients:
            # Every socket was told to reconnect (1012, "service restart"), and did.
            assert c.close_code == 1012, (c.close_code, log)
            assert c.reconnected is not None and c.reconnected["type"] == "view"
            assert c.after_switch >= 5 or c.finished
            for refusal in c.refused_503:
                assert refusal["error"] == "shutting_down"
                assert refusal["retry-after"] == "2"
        # No acknowledged move is lost: each is stored, as acknowledged, at its version.
        engine = sa.create_engine(database)
        with engine.connect() as conn:
            for c in clients:
                stored = dict(
                    conn.execute(
                        sa.text("SELECT number, notation FROM moves WHERE table_id = :t"),
                        {"t": c.table["table"]},
                    ).all()
                )
                assert c.acked and all(stored.get(v) == move for v, move in c.acked)
                tid = c.table["table"]
                version = httpx.get(f"{b.url}/api/tables/{tid}", timeout=30).json()["version"]
                assert version == len(stored) == max(stored)
        engine.dispose()


@pytest.mark.slow
def test_regency_connect_reconnects_when_the_server_restarts(tmp_path: Path) -> None:
    from regency.cli.main import main

    database = fresh_pg_database()
    first = Server(database, tmp_path / "a").start()
    again = Server(database, tmp_path / "b")
    again.port, again.url = first.port, first.url  # the same address, as behind a proxy
    try:
        table = httpx.post(
            first.url + "/api/tables",
            json={"game": "kingdoms", "players": 2, "seats": [{"name": "x"}, {"name": "y"}]},
            timeout=30,
        ).json()
        tid = table["table"]
        codes: list[int] = []
        players = [
            threading.Thread(
                target=lambda url=i["url"]: codes.append(
                    main(["connect", url, "--agent", "ismcts:time=0.05"])
                )
            )
            for i in table["invites"]
        ]
        for t in players:
            t.start()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            summary = httpx.get(f"{first.url}/api/tables/{tid}", timeout=30).json()
            if summary["version"] >= 3:
                break
            time.sleep(0.05)
        assert first.proc is not None and not summary["finished"]
        first.proc.send_signal(signal.SIGTERM)
        first.proc.wait(SHUTDOWN + 5)
        again.start()
        for t in players:
            t.join(120)
        assert codes == [0, 0]  # both played the game to its end, through the restart
        assert httpx.get(f"{again.url}/api/tables/{tid}", timeout=30).json()["finished"]
    finally:
        again.stop()
        first.stop()
