"""Abort, resign and leave (issue 44), over real HTTP and WebSockets.

Abort before your first move (the table ends, nobody wins); resign at a table of two
sides (the other side wins; in 4-player Claim the partnership resigns); leave at a table
of three or more sides (the computer plays the seat to the end, and the result says who
left). The record, the history line and the score sheet say how it ended.
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

import httpx
import pytest

import regency
from regency.server.storage.changes import end_table
from regency.server.storage.database import Storage, upgrade
from tests.server.conftest import fresh_pg_database
from tests.server.helpers import auth, create, seat_url, view
from tests.server.processes import next_message, open_socket
from tests.server.test_first_moves import served, spectate, stored, until


def post(http: httpx.Client, table: str, seat: int, what: str, token: str | None) -> Any:
    return http.post(seat_url(table, seat, what), headers=auth(token) if token else {})


def heard(ws: Any, check: Any, most: int = 10) -> dict[str, Any]:
    """The first view pushed that passes ``check`` (openings and offers come in between)."""
    for _ in range(most):
        pushed = next_message(ws)
        if check(pushed):
            return pushed
    raise AssertionError("never heard")


def move(http: httpx.Client, table: str, seat: int, token: str, rng: random.Random) -> None:
    """``seat``'s move, once it is its turn (the computers may be thinking)."""
    state = until(lambda: (v := view(http, table, seat, token))["legal_moves"] and v)
    answer = http.post(
        seat_url(table, seat, "actions"),
        json={"action": rng.choice(state["legal_moves"]), "version": state["version"]},
        headers=auth(token),
    )
    assert answer.status_code == 200, answer.text


def test_abort_before_the_first_move_ends_the_table_and_nobody_wins(database: str) -> None:
    with served(database) as (server, http):
        table = create(
            http,
            game="kingdoms",
            players=2,
            options={"first": 1},
            seats=[{"name": "Ann"}, {"name": "Bob"}],
        )
        tid = table["table"]
        tokens = {i["seat"]: i["token"] for i in table["invites"]}
        rng = random.Random(1)
        move(http, tid, 1, tokens[1], rng)  # Bob moves first; Ann has not moved yet
        assert view(http, tid, 1, tokens[1])["can"]["abort"] is False
        refused = post(http, tid, 1, "abort", tokens[1])
        assert refused.status_code == 409 and refused.json()["error"] == "cannot_abort"
        assert "resign instead" in refused.json()["message"]
        with open_socket(server.url, seat_url(tid, 1, "ws"), tokens[1]) as bob:
            next_message(bob)
            assert view(http, tid, 0, tokens[0])["can"]["abort"] is True
            done = post(http, tid, 0, "abort", tokens[0])
            assert done.status_code == 200, done.text
            ending = {"how": "aborted", "by": 0, "winners": [], "left": [], "waited_for": None}
            assert done.json() == {"type": "ended", "table": tid, "ending": ending}
            pushed = heard(bob, lambda v: v["finished"])  # Bob is told at once
            assert pushed["ending"] == ending
            assert pushed["legal_moves"] == [] and "can" not in pushed
        # Nothing more happens at the table; the record and the history say how it ended.
        late = post(http, tid, 0, "abort", tokens[0])
        assert late.status_code == 409 and "over" in late.json()["message"]
        record = http.get(f"/api/tables/{tid}/record").json()
        assert record["meta"]["ending"] == ending and len(record["actions"]) == 1
        assert regency.replay(regency.Record.from_dict(record)).is_over is False  # loadable
        line = next(g for g in http.get("/api/history").json() if g["table"] == tid)
        assert line["ending"] == ending
        sheet = http.get(f"/api/tables/{tid}/scoresheet").text
        assert "Result: aborted by Ann before their first move; nobody won" in sheet
    assert stored(database, tid)["ending"] == "aborted"


@pytest.mark.parametrize("over", ["http", "socket"])
def test_resign_at_two_players_the_other_side_wins(database: str, over: str) -> None:
    with served(database) as (server, http):
        table = create(
            http,
            game="claim",
            players=2,
            options={"first": 0},
            seats=[{"name": "Ann"}, {"agent": "random"}],
        )
        tid, token = table["table"], table["invites"][0]["token"]
        refused = post(http, tid, 0, "resign", token)  # before her first move: abort
        assert refused.status_code == 409 and refused.json()["error"] == "cannot_resign"
        assert "abort instead" in refused.json()["message"]
        move(http, tid, 0, token, random.Random(2))
        state = until(lambda: (v := view(http, tid, 0, token))["legal_moves"] and v)
        assert state["can"] == {"abort": False, "resign": True, "leave": False, "takeback": True}
        leave = post(http, tid, 0, "leave", token)
        assert leave.status_code == 409 and "resign instead" in leave.json()["message"]
        ending = {"how": "resigned", "by": 0, "winners": [1], "left": [], "waited_for": None}
        if over == "http":
            done = post(http, tid, 0, "resign", token)
            assert done.status_code == 200 and done.json()["ending"] == ending
        else:
            with open_socket(server.url, seat_url(tid, 0, "ws"), token) as ws:
                next_message(ws)
                ws.send(json.dumps({"type": "resign"}))
                got = {}  # the new view is pushed first, then the answer
                while len(got) < 2:
                    message = json.loads(ws.recv(timeout=30))
                    got[message["type"]] = message
                assert got["ended"]["ending"] == got["view"]["ending"] == ending
        final = spectate(http, table)
        assert (
            final["finished"] and final["ending"] == ending and final["evening"]["wins"] == [0, 1]
        )
        sheet = http.get(f"/api/tables/{tid}/scoresheet").text
        assert "Result: Ann resigned; Beginner computer won" in sheet
        assert "Seat 1: Beginner computer  (winner)" in sheet
    row = stored(database, tid)
    assert row["ending"] == "resigned" and json.loads(row["result"])["winners"] == [1]


def test_in_four_player_claim_the_partnership_resigns(sqlite_db: str) -> None:
    with served(sqlite_db) as (_, http):
        table = create(
            http,
            game="claim",
            players=4,
            options={"first": 0},
            seats=[{"name": "Ann"}, {"agent": "random"}, {"agent": "random"}, {"agent": "random"}],
        )
        tid, token = table["table"], table["invites"][0]["token"]
        move(http, tid, 0, token, random.Random(3))
        done = post(http, tid, 0, "resign", token)
        assert done.status_code == 200, done.text
        # Seats 0 and 2 are partners: both lose, seats 1 and 3 win.
        assert done.json()["ending"]["winners"] == [1, 3]


def test_leave_at_three_players_the_computer_plays_on(database: str) -> None:
    rng = random.Random(4)
    with served(database) as (server, http):
        table = create(
            http,
            game="claim",
            players=3,
            options={"first": 0},
            seats=[{"name": "Ann"}, {"name": "Bob"}, {"agent": "random"}],
            takeover_agent="random",
        )
        tid = table["table"]
        tokens = {i["seat"]: i["token"] for i in table["invites"]}
        move(http, tid, 0, tokens[0], rng)
        resign = post(http, tid, 0, "resign", tokens[0])
        assert resign.status_code == 409 and "leave instead" in resign.json()["message"]
        assert view(http, tid, 0, tokens[0])["can"]["leave"] is True
        with open_socket(server.url, seat_url(tid, 0, "ws"), tokens[0]) as ws:
            next_message(ws)
            ws.send(json.dumps({"type": "leave"}))
            left = next_message(ws, "left")
            assert left == {"type": "left", "table": tid, "seat": 0, "replaced_by": "random"}
        state = view(http, tid, 1, tokens[1])
        assert state["seats"][0]["left"] is True and state["seats"][0]["replaced_by"] == "random"
        assert not state["finished"]
        # Ann's seat is the computer's to the end: her moves and taking it back are refused.
        for what in ("return", "leave", "takeback"):
            refused = post(http, tid, 0, what, tokens[0])
            assert refused.status_code == 409, (what, refused.text)
        mine = view(http, tid, 0, tokens[0])
        refused = http.post(
            seat_url(tid, 0, "actions"),
            json={"action": "x", "version": mine["version"]},
            headers=auth(tokens[0]),
        )
        assert refused.status_code == 409 and refused.json()["error"] in (
            "left_table",
            "not_your_turn",
        )
        # Bob plays on to the end; the result says who left.
        while not (state := view(http, tid, 1, tokens[1]))["finished"]:
            if state["legal_moves"]:
                http.post(
                    seat_url(tid, 1, "actions"),
                    json={"action": rng.choice(state["legal_moves"]), "version": state["version"]},
                    headers=auth(tokens[1]),
                )
            else:
                time.sleep(0.02)
        assert state["ending"]["how"] == "finished" and state["ending"]["left"] == [0]
        assert state["result"]["winners"] == state["ending"]["winners"]
        record = http.get(f"/api/tables/{tid}/record").json()
        assert record["meta"]["ending"]["left"] == [0]
        sheet = http.get(f"/api/tables/{tid}/scoresheet").text
        assert "Seat 0: Ann: " in sheet and "(left; the computer played on)" in sheet
    assert json.loads(stored(database, tid)["result"])["left"] == [0]


def test_only_a_seated_person_may_end_their_part(sqlite_db: str) -> None:
    with served(sqlite_db) as (_, http):
        table = create(http, game="claim", players=2, seats=[{"name": "Ann"}, {"agent": "random"}])
        tid, token = table["table"], table["invites"][0]["token"]
        for what in ("abort", "resign", "leave", "takeback"):
            assert post(http, tid, 0, what, None).status_code == 403
            assert post(http, tid, 0, what, table["spectator"]["token"]).status_code == 403
            assert post(http, tid, 1, what, token).status_code == 403  # a computer's seat
            assert post(http, tid, 5, what, token).status_code == 404
            assert post(http, "nope", 0, what, token).status_code == 404
        assert not spectate(http, table)["finished"]


def test_an_end_and_a_move_decided_together_never_both_land(database: str) -> None:
    upgrade(database)
    storage = Storage(database)
    try:
        from regency.server.storage.database import SeatRow, TableRow

        row = TableRow(
            id="race", game="claim", players=2, seed=1, options={}, settings={},
            spectator_hash="x", version=0, finished=False, result=None, created_at=1.0,
            updated_at=1.0, seats=(SeatRow(0, "a", None, "h"), SeatRow(1, "b", None, "i")),
            to_move=0,
        )  # fmt: skip
        storage.create_table(row)
        game = regency.new_game("claim", players=2, seed=1)
        first = str(game.legal_actions()[0])
        # A resignation decided at version 0 lands; the move decided at version 0 does not.
        assert end_table(storage, "race", 0, "resigned", {"winners": [1]}, 2.0)
        assert storage.commit_moves([regency_move("race", 0, game.current_player or 0, first)]) == [
            False
        ]
        # And the other way round on a fresh table: the move lands, the end does not.
        storage.create_table(row.__class__(**{**_fields(row), "id": "race2"}))
        assert storage.commit_moves([regency_move("race2", 0, 0, first)]) == [True]
        assert not end_table(storage, "race2", 0, "resigned", {"winners": [1]}, 2.0)
    finally:
        storage.close()


def regency_move(table: str, seen: int, seat: int, notation: str) -> Any:
    from regency.server.storage.database import MoveCommit

    return MoveCommit(table, seen, seat, notation, None, 1 - seat)


def _fields(row: Any) -> dict[str, Any]:
    return {name: getattr(row, name) for name in row.__dataclass_fields__}


def test_a_resignation_on_one_process_reaches_the_other() -> None:
    database = fresh_pg_database()
    with served(database) as (_, http_a), served(database) as (b, http_b):
        table = create(
            http_a,
            game="kingdoms",
            players=2,
            options={"first": 0},
            seats=[{"name": "Ann"}, {"name": "Bob"}],
        )
        tid = table["table"]
        tokens = {i["seat"]: i["token"] for i in table["invites"]}
        move(http_a, tid, 0, tokens[0], random.Random(5))
        with open_socket(b.url, seat_url(tid, 1, "ws"), tokens[1]) as bob:
            assert next_message(bob)["version"] == 1
            assert post(http_a, tid, 0, "resign", tokens[0]).status_code == 200
            pushed = heard(bob, lambda v: v["finished"])
            assert pushed["ending"]["winners"] == [1]
        # Process b refuses a move on it, and its record says so.
        late = http_b.post(
            seat_url(tid, 1, "actions"), json={"action": "x", "version": 1}, headers=auth(tokens[1])
        )
        assert late.status_code == 409 and late.json()["error"] == "game_over"
        assert http_b.get(f"/api/tables/{tid}/record").json()["meta"]["ending"]["how"] == "resigned"


def test_a_rematch_after_a_resignation_and_the_evening(sqlite_db: str) -> None:
    with served(sqlite_db) as (_, http):
        table = create(
            http,
            game="claim",
            players=2,
            options={"first": 0},
            seats=[{"name": "Ann"}, {"agent": "random"}],
        )
        tid, token = table["table"], table["invites"][0]["token"]
        move(http, tid, 0, token, random.Random(6))
        assert post(http, tid, 0, "resign", token).status_code == 200
        assert post(http, tid, 0, "rematch", token).status_code == 200
        new = http.get(f"/api/tables/{tid}").json()["settings"]["rematch"]["table"]
        fresh = view(http, new, 0, token)
        assert fresh["evening"] == {"games": 1, "wins": [0, 1], "previous": tid}
        assert "takebacks" not in http.get(f"/api/tables/{new}").json()["settings"]
        # An aborted game is no game of the evening.
        assert post(http, new, 0, "abort", token).status_code == 200
        assert view(http, new, 0, token)["evening"]["games"] == 1


def test_a_resigned_table_is_still_resigned_after_a_restart(sqlite_db: str) -> None:
    with served(sqlite_db) as (_, http):
        table = create(
            http,
            game="claim",
            players=2,
            options={"first": 0},
            seats=[{"name": "A"}, {"agent": "random"}],
        )
        tid, token = table["table"], table["invites"][0]["token"]
        move(http, tid, 0, token, random.Random(7))
        assert post(http, tid, 0, "resign", token).status_code == 200
    with served(sqlite_db) as (_, http):
        state = view(http, tid, 0, token)
        assert state["finished"] and state["ending"]["how"] == "resigned"
        assert http.get(f"/api/tables/{tid}").json()["finished"] is True


def test_the_replay_and_the_analysis_of_a_resigned_game(sqlite_db: str) -> None:
    with served(sqlite_db) as (_, http):
        table = create(
            http,
            game="kingdoms",
            players=2,
            options={"first": 0},
            seats=[{"name": "Ann"}, {"agent": "random"}],
        )
        tid, token = table["table"], table["invites"][0]["token"]
        rng = random.Random(8)
        for _ in range(2):
            move(http, tid, 0, token, rng)
        assert post(http, tid, 0, "resign", token).status_code == 200
        steps = len(http.get(f"/api/tables/{tid}/record").json()["actions"])
        last = http.get(f"/api/tables/{tid}/replay/{steps}?seat=0").json()
        assert last["finished"] and last["ending"]["how"] == "resigned"
        earlier = http.get(f"/api/tables/{tid}/replay/1?seat=0").json()
        assert not earlier["finished"] and "ending" not in earlier
        assert http.get(f"/replay/{tid}").status_code == 200
        assert http.post(f"/api/tables/{tid}/analysis").status_code in (200, 202)
        analysis = until(
            lambda: (a := http.get(f"/api/tables/{tid}/analysis")).status_code == 200 and a.json()
        )
        assert analysis.get("format") == "regency-analysis", analysis
        assert len(analysis["decisions"]) >= 2


def test_the_agent_that_plays_for_a_leaver_is_checked_at_set_up(sqlite_db: str) -> None:
    with served(sqlite_db) as (_, http):
        answer = http.post(
            "/api/tables",
            json={"game": "claim", "players": 3, "takeover_agent": "ismcts:iters=abc"},
        )
        assert answer.status_code == 422 and answer.json()["error"] == "bad_agent"
