"""Durability with real processes: kill -9 and restart; simultaneous moves on one table."""

from __future__ import annotations

import os
import random
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

import regency
from regency.server.storage.database import (
    MoveCommit,
    SeatRow,
    Storage,
    TableRow,
    VersionConflict,
    upgrade,
)
from tests.server.processes import Server


def post_table(http: httpx.Client, **body: Any) -> dict[str, Any]:
    answer = http.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


def seat_view(http: httpx.Client, tid: str, seat: int, token: str) -> dict[str, Any]:
    answer = http.get(
        f"/api/tables/{tid}/seats/{seat}/view", headers={"Authorization": f"Bearer {token}"}
    )
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def race(count: int, job: Callable[[int], str]) -> list[str]:
    """Run ``job(0..count-1)`` in threads released together; return their outcomes."""
    barrier = threading.Barrier(count)
    outcomes: list[str] = []

    def run(i: int) -> None:
        barrier.wait()
        outcomes.append(job(i))

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return outcomes


def children(pid: int) -> list[int]:
    """The child processes of ``pid`` (Linux /proc)."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        text = (task / "children").read_text()
        found.extend(int(p) for p in text.split())
    return found


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat").read_text() if Path(f"/proc/{pid}/stat").exists() else ""
    return " Z " not in stat  # a zombie has ended


def wait_for(check: Any, seconds: float = 60) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if value := check():
            return value
        time.sleep(0.05)
    raise AssertionError("timed out")


@pytest.mark.slow
def test_kill_9_loses_no_acknowledged_move(database: str, tmp_path: Path) -> None:
    rng = random.Random(3)
    acked: list[tuple[int, str]] = []
    server = Server(database, tmp_path).start()
    try:
        http = httpx.Client(base_url=server.url, timeout=30)
        mixed = post_table(
            http,
            game="claim",
            players=3,
            seats=[{"name": "a"}, {"agent": "random"}, {"name": "c"}],
            think_time=0,
            seed=8,
        )
        bots = post_table(
            http,
            game="kingdoms",
            players=2,
            seats=[{"agent": "random"}, {"agent": "heuristic"}],
            think_time=0.05,
        )
        tid = mixed["table"]
        tokens = {i["seat"]: i["token"] for i in mixed["invites"]}
        while len(acked) < 12:
            state = seat_view(http, tid, 0, tokens[0])
            seat = state["to_move"]
            if seat not in tokens:
                continue
            mine = seat_view(http, tid, seat, tokens[seat])
            move = rng.choice(mine["legal_moves"])
            answer = http.post(
                f"/api/tables/{tid}/seats/{seat}/actions",
                json={"action": move, "version": mine["version"]},
                headers={"Authorization": f"Bearer {tokens[seat]}"},
            )
            assert answer.status_code == 200, answer.text
            acked.append((answer.json()["version"], move))
        spectate = {"Authorization": f"Bearer {bots['spectator']['token']}"}
        bots_before = http.get(f"/api/tables/{bots['table']}/spectate", headers=spectate).json()
        assert not bots_before["finished"]
        assert server.proc is not None and server.proc.stdout is not None
        workers = children(server.proc.pid)
        assert workers, "the computer seats' worker processes should be running"
        server.kill()
        assert f"open http://127.0.0.1:{server.port}/" in server.proc.stdout.readline()
        # The workers do not outlive the server.
        wait_for(lambda: not any(alive(pid) for pid in workers), 30)
        # The crash is real: nothing answers.
        with pytest.raises(httpx.HTTPError):
            http.get("/", timeout=1)
    finally:
        server.stop()

    server = Server(database, tmp_path).start()
    try:
        http = httpx.Client(base_url=server.url, timeout=30)
        after = seat_view(http, tid, 0, tokens[0])
        # Every acknowledged move is there, at the version it was acknowledged with.
        assert after["version"] >= acked[-1][0]
        game = regency.new_game("claim", players=3, seed=8)
        numbered = {version: move for version, move in acked}
        replayed = []
        storage = Storage(database)
        try:
            for row in storage.moves(tid):
                replayed.append(row.notation)
                if row.number in numbered:
                    assert row.notation == numbered[row.number]
                game.play(row.notation)
        finally:
            storage.close()
        assert after["observation"] == game.observation(0)
        # Computer seats carry on: the all-computer table finishes after the restart.
        final = wait_for(
            lambda: (
                (v := http.get(f"/api/tables/{bots['table']}/spectate", headers=spectate).json())[
                    "finished"
                ]
                and v
            )
        )
        assert final["version"] > bots_before["version"]
        record = http.get(f"/api/tables/{bots['table']}/record").json()
        assert regency.replay(regency.Record.from_dict(record)).is_over
        # And the mixed table's computer seat moves when its turn comes after the restart.
        state = seat_view(http, tid, 0, tokens[0])
        while state["to_move"] == 1:
            state = seat_view(http, tid, 0, tokens[0])
        assert state["version"] >= after["version"]
    finally:
        server.stop()


@pytest.mark.slow
def test_simultaneous_moves_on_one_version_land_once(database: str, tmp_path: Path) -> None:
    with Server(database, tmp_path) as server:
        http = httpx.Client(base_url=server.url, timeout=30)
        table = post_table(http, game="claim", players=2, seats=[{"name": "a"}, {"name": "b"}])
        tid = table["table"]
        tokens = {i["seat"]: i["token"] for i in table["invites"]}
        for _ in range(3):
            state = seat_view(http, tid, 0, tokens[0])
            seat = state["to_move"]
            mine = seat_view(http, tid, seat, tokens[seat])

            def send(
                i: int,
                seat: int = seat,
                version: int = mine["version"],
                moves: Any = mine["legal_moves"],
            ) -> str:
                with httpx.Client(base_url=server.url, timeout=30) as own:
                    answer = own.post(
                        f"/api/tables/{tid}/seats/{seat}/actions",
                        json={"action": moves[i % len(moves)], "version": version},
                        headers={"Authorization": f"Bearer {tokens[seat]}"},
                    )
                    return str(answer.status_code)

            codes = [int(c) for c in race(16, send)]
            assert sorted(codes) == [200] + [409] * 15
            assert seat_view(http, tid, 0, tokens[0])["version"] == mine["version"] + 1


def test_the_database_lets_one_of_many_racing_writers_land(database: str) -> None:
    upgrade(database)
    storage = Storage(database)
    try:
        row = TableRow(
            "race",
            "claim",
            2,
            1,
            {},
            {},
            "x" * 64,
            0,
            False,
            None,
            0.0,
            0.0,
            (SeatRow(0, "a", None, None), SeatRow(1, "b", None, None)),
        )
        storage.create_table(row)
        for version in range(3):

            def write(i: int, version: int = version) -> str:
                try:
                    storage.commit_move("race", version, i % 2, f"m{i}")
                    return "landed"
                except VersionConflict as exc:
                    return f"conflict {exc.current}"

            outcomes = race(12, write)
            assert outcomes.count("landed") == 1, outcomes
            assert storage.version("race") == version + 1
        assert [m.number for m in storage.moves("race")] == [1, 2, 3]
    finally:
        storage.close()


def test_a_group_of_moves_lands_all_but_the_stale_one(database: str) -> None:
    """One transaction for several tables' moves: each is guarded on its own version."""
    upgrade(database)
    storage = Storage(database)
    try:
        for name in ("one", "two", "three"):
            storage.create_table(
                TableRow(
                    name, "claim", 2, 1, {}, {}, "x" * 64, 0, False, None, 0.0, 0.0,
                    (SeatRow(0, "a", None, None), SeatRow(1, "b", None, None)),
                )
            )  # fmt: skip
        landed = storage.commit_moves(
            [
                MoveCommit("one", 0, 0, "m1", None, 1),
                MoveCommit("two", 5, 0, "stale"),  # decided on a version it is not at
                MoveCommit("three", 0, 1, "m1", {"winner": 1}, None),  # ends its game
            ]
        )
        assert landed == [True, False, True]
        assert [storage.version(t) for t in ("one", "two", "three")] == [1, 0, 1]
        assert [m.notation for m in storage.moves("one")] == ["m1"]
        assert storage.moves("two") == []
        finished = storage.load_table("three")
        assert finished is not None and finished.finished and finished.result == {"winner": 1}
        assert finished.to_move is None
        assert storage.load_table("one").to_move == 1  # type: ignore[union-attr]
    finally:
        storage.close()
