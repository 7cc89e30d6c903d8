"""A clock waits for its people (issue 44): it runs from when the seat to move opened the
table, and a table whose first moves never come is aborted, not played out by the computer.

Over real HTTP and WebSockets (uvicorn in a thread), on SQLite and PostgreSQL.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest
import sqlalchemy as sa

from tests.server.conftest import ThreadServer, fresh_pg_database
from tests.server.helpers import auth, create, seat_url, view
from tests.server.processes import next_message, open_socket

TWO = [{"name": "Ann"}, {"name": "Bob"}]


@contextmanager
def served(database: str, **settings: Any) -> Iterator[tuple[ThreadServer, httpx.Client]]:
    settings = {"takeover_tick": 0.05, **settings}
    with (
        ThreadServer(database, **settings) as server,
        httpx.Client(base_url=server.url, timeout=30) as http,
    ):
        yield server, http


def spectate(http: httpx.Client, table: dict[str, Any]) -> dict[str, Any]:
    answer = http.get(
        f"/api/tables/{table['table']}/spectate", headers=auth(table["spectator"]["token"])
    )
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def until(check: Any, seconds: float = 30) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if found := check():
            return found
        time.sleep(0.05)
    raise AssertionError("timed out")


def view_where_opened(ws: Any, seat: int) -> dict[str, Any]:
    """The first view pushed to ``ws`` that shows ``seat`` opened.

    A socket may first be sent its own opening again: on PostgreSQL the process hears
    its own announcement of it and pushes the same view once more.
    """
    for _ in range(5):
        pushed = next_message(ws)
        if pushed["seats"][seat]["opened"]:
            return pushed
    raise AssertionError(f"no view showed seat {seat} opened")


def stored(database: str, table: str) -> dict[str, Any]:
    engine = sa.create_engine(database)
    try:
        with engine.connect() as conn:
            row = conn.execute(
                sa.text("SELECT finished, ending, result, version FROM tables WHERE id = :t"),
                {"t": table},
            ).one()
    finally:
        engine.dispose()
    return dict(row._mapping)


def test_a_table_nobody_opened_is_aborted_not_played_out(database: str) -> None:
    # The table: two people, a move clock, never opened. It was played to the end
    # by the computer ("Time ran out: the computer played for Bob", then for Ann).
    with served(database, test_move_seconds=1.0, open_wait=1.5) as (_, http):
        started = time.monotonic()
        table = create(http, game="claim", players=2, seats=TWO, move_seconds=1.0, seed=3)
        tid = table["table"]
        first = spectate(http, table)
        mover = first["to_move"]
        assert first["clock"]["deadline"] is None  # nobody opened it: no clock runs
        assert first["clock"]["abort_at"] is not None
        ended = until(lambda: (v := spectate(http, table))["finished"] and v)
        # Aborted once the wait for its people (the longer of the limit and open_wait)
        # had passed, with no move played for anyone.
        assert time.monotonic() - started >= 1.5
        assert ended["version"] == 0 and ended["recent"] == []
        assert all(s["replaced_by"] is None for s in ended["seats"])
        assert ended["ending"] == {
            "how": "aborted",
            "by": None,
            "winners": [],
            "left": [],
            "waited_for": mover,
        }
        assert "result" not in ended and ended["to_move"] is None
        # It says so everywhere: the summary, the record, the history, the score sheet.
        summary = http.get(f"/api/tables/{tid}").json()
        assert summary["finished"] and summary["ending"]["how"] == "aborted"
        record = http.get(f"/api/tables/{tid}/record").json()
        assert record["actions"] == [] and record["meta"]["ending"] == ended["ending"]
        assert "result" not in record["meta"]
        line = next(g for g in http.get("/api/history").json() if g["table"] == tid)
        assert line["ending"] == ended["ending"] and line["moves"] == 0
        sheet = http.get(f"/api/tables/{tid}/scoresheet").text
        name = TWO[mover]["name"]
        assert f"Result: aborted: {name} did not make a first move in time; nobody won" in sheet
        assert sheet.splitlines()[1].startswith("Aborted ")
        # No move lands on it any more.
        token = table["invites"][mover]["token"]
        late = http.post(
            seat_url(tid, mover, "actions"), json={"action": "x", "version": 0}, headers=auth(token)
        )
        assert late.status_code == 409 and late.json()["error"] == "game_over"
    row = stored(database, tid)
    assert row["finished"] and row["ending"] == "aborted" and row["version"] == 0
    assert '"aborted": true' in row["result"]


def test_the_clock_starts_when_the_seat_to_move_opens_the_table(database: str) -> None:
    # The issue: the lobby's 2-minute table showed "Time: 1:42" before Ann had moved.
    with served(database) as (_, http):
        table = create(
            http,
            game="kingdoms",
            players=2,
            options={"first": 0},
            seats=[{"name": "Ann"}, {"agent": "random"}],
            move_seconds=120,
        )
        tid, token = table["table"], table["invites"][0]["token"]
        time.sleep(1.5)  # Ann comes to the table a little after it was set up
        before = time.time()
        mine = view(http, tid, 0, token)
        clock = mine["clock"]
        assert clock["seat"] == 0 and clock["deadline"] >= before + 120 - 0.01
        # A full two minutes left, less the time the view took to build (the opening is
        # stored first: on a loaded machine, PostgreSQL's write alone may take 0.2 s).
        assert clock["deadline"] - mine["now"] >= 119
        assert mine["seats"][0]["opened"] is True
        assert mine["can"] == {"abort": True, "resign": False, "leave": False, "takeback": False}


def test_a_socket_opens_the_table_and_every_seat_sees_the_clock_start(database: str) -> None:
    with served(database) as (server, http):
        table = create(
            http, game="kingdoms", players=2, options={"first": 1}, seats=TWO, move_seconds=30
        )
        tid = table["table"]
        tokens = {i["seat"]: i["token"] for i in table["invites"]}
        with open_socket(server.url, seat_url(tid, 0, "ws"), tokens[0]) as ann:
            waiting = next_message(ann)
            assert waiting["to_move"] == 1 and waiting["clock"]["deadline"] is None
            assert waiting["seats"][1]["opened"] is False
            # Bob connects his socket (he reads no view over HTTP): his clock starts,
            # and Ann is sent the news.
            with open_socket(server.url, seat_url(tid, 1, "ws"), tokens[1]) as bob:
                assert next_message(bob)["clock"]["deadline"] is not None
                pushed = view_where_opened(ann, 1)
                assert 29 < pushed["clock"]["deadline"] - pushed["now"] <= 30


def test_opened_but_no_first_move_in_time_aborts_instead_of_a_take_over(database: str) -> None:
    with served(database, test_move_seconds=1.0, open_wait=30) as (_, http):
        table = create(
            http,
            game="claim",
            players=2,
            options={"first": 0},
            seats=[{"name": "Ann"}, {"agent": "random"}],
            move_seconds=1.0,
        )
        tid, token = table["table"], table["invites"][0]["token"]
        assert view(http, tid, 0, token)["clock"]["abort_at"] is not None
        ended = until(lambda: (v := view(http, tid, 0, token))["finished"] and v)
        assert ended["version"] == 0 and ended["seats"][0]["replaced_by"] is None
        assert ended["ending"]["how"] == "aborted" and ended["ending"]["waited_for"] == 0
        assert "can" not in ended  # nothing to abort, resign or take back once over


def test_a_person_who_never_came_after_the_others_moved_aborts_the_table(
    database: str,
) -> None:
    with served(database, test_move_seconds=1.0, open_wait=1.5) as (_, http):
        table = create(
            http, game="kingdoms", players=2, options={"first": 0}, seats=TWO, move_seconds=1.0
        )
        tid, token = table["table"], table["invites"][0]["token"]
        mine = view(http, tid, 0, token)
        moved = http.post(
            seat_url(tid, 0, "actions"),
            json={"action": mine["legal_moves"][0], "version": 0},
            headers=auth(token),
        )
        assert moved.status_code == 200, moved.text
        ended = until(lambda: (v := view(http, tid, 0, token))["finished"] and v)
        # Bob never opened it: after Ann's move the table waited for him, then ended.
        assert ended["version"] == 1 and ended["seats"][1]["replaced_by"] is None
        assert ended["ending"]["waited_for"] == 1 and ended["ending"]["winners"] == []


def test_a_wait_that_ran_out_while_the_server_was_down_aborts_at_start(database: str) -> None:
    with served(database, takeover_tick=3600) as (_, http):
        table = create(http, game="claim", players=2, seats=TWO, move_seconds=30)
    tid = table["table"]
    engine = sa.create_engine(database)
    try:
        with engine.begin() as conn:  # set up 20 minutes ago: the 10-minute wait is over
            conn.execute(
                sa.text("UPDATE tables SET created_at = :t, updated_at = :t WHERE id = :id"),
                {"t": time.time() - 1200, "id": tid},
            )
        # The restarted server loads it by itself (nobody asks for it) and aborts it.
        with served(database):
            until(lambda: stored(database, tid)["ending"] == "aborted", 15)
    finally:
        engine.dispose()
    assert stored(database, tid)["version"] == 0


def test_two_processes_agree_on_an_opening() -> None:
    database = fresh_pg_database()
    with served(database) as (_, http_a), served(database) as (b, _):
        table = create(
            http_a, game="kingdoms", players=2, options={"first": 0}, seats=TWO, move_seconds=30
        )
        tid = table["table"]
        with open_socket(b.url, f"/api/tables/{tid}/spectate/ws", table["spectator"]["token"]) as w:
            assert next_message(w)["clock"]["deadline"] is None
            view(http_a, tid, 0, table["invites"][0]["token"])  # Ann opens it on process a
            pushed = next_message(w)  # process b hears of it, and its spectator sees it
            assert pushed["seats"][0]["opened"] is True
            assert pushed["clock"]["deadline"] is not None


@pytest.mark.parametrize("seconds", [30, 120])
def test_the_wait_for_people_is_at_least_the_limit_and_open_wait(
    sqlite_db: str, seconds: int
) -> None:
    with served(sqlite_db, open_wait=60) as (_, http):
        before = time.time()
        table = create(http, game="claim", players=2, seats=TWO, move_seconds=seconds)
        clock = spectate(http, table)["clock"]
        wait = max(seconds, 60)
        assert clock["deadline"] is None
        assert before + wait <= clock["abort_at"] <= time.time() + wait
