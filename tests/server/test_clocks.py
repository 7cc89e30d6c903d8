"""Move clocks (issue 33): a per-move limit chosen at set-up, shown in every view, and a
computer that plays for a person whose time ran out until they take the seat back; the
deadline is stored, so a restarted server honours a clock that ran out while it was down.

A clock waits for its people (issue 44): it runs from when the seat to move opened the
table, and a first move that never comes aborts the table (test_first_moves.py)."""

from __future__ import annotations

import time
from typing import Any

import pytest
import sqlalchemy as sa

import regency
from regency.server.live.clocks import MOVE_LIMITS
from tests.server.conftest import make_client
from tests.server.helpers import auth, create, people, seat_url, view, wait_until

GAMES = [info.name for info in regency.available_games()]


def spectate(client: Any, table: dict[str, Any]) -> dict[str, Any]:
    answer = client.get(
        f"/api/tables/{table['table']}/spectate", headers=auth(table["spectator"]["token"])
    )
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


@pytest.mark.parametrize("game", GAMES)
def test_every_seat_and_spectator_sees_the_clock(sqlite_db: str, game: str) -> None:
    players = regency.game_info(game).default_players
    with make_client(sqlite_db) as client:
        table = create(client, game=game, players=players, seats=people(players), move_seconds=30)
        tid = table["table"]
        tokens = {i["seat"]: i["token"] for i in table["invites"]}
        mover = spectate(client, table)["to_move"]
        waiting = spectate(client, table)["clock"]
        assert waiting["deadline"] is None, "no clock runs before its person opens the table"
        before = time.time()
        view(client, tid, mover, tokens[mover])  # opens the table
        after = time.time()
        views = [view(client, tid, s, tokens[s]) for s in range(players)] + [
            spectate(client, table)
        ]
        first = views[0]
        clock = first["clock"]
        assert clock["seconds"] == 30 and clock["seat"] == first["to_move"] == mover
        # The deadline is when the seat to move opened the table (read its view) plus the
        # limit, in the server's time; before its first move, it is also when the table
        # is aborted if that move has not come.
        assert before + 30 - 0.01 <= clock["deadline"] <= after + 30 + 0.01
        assert clock["abort_at"] == clock["deadline"]
        for v in views:
            assert v["clock"] == clock  # public, and the same for everyone
            assert abs(v["now"] - time.time()) < 5
        # The socket's view carries the clock and the server's time as it is sent.
        with client.websocket_connect(f"{seat_url(tid, mover, 'ws')}?token={tokens[mover]}") as ws:
            pushed = ws.receive_json()
            assert pushed["clock"] == clock and abs(pushed["now"] - time.time()) < 5
            # A move starts the next seat's clock.
            moves = view(client, tid, mover, tokens[mover])["legal_moves"]
            moved = client.post(
                seat_url(tid, mover, "actions"),
                json={"action": moves[0], "version": 0},
                headers=auth(tokens[mover]),
            )
            assert moved.status_code == 200, moved.text
        later = spectate(client, table)
        assert later["clock"]["seat"] == later["to_move"]
        if later["to_move"] != mover:  # the next seat opened the table above
            assert later["clock"]["deadline"] > clock["deadline"]
        # Tables without a clock carry neither field.
        plain = create(client, game=game, players=players, seats=people(players))
        assert "clock" not in spectate(client, plain) and "now" not in spectate(client, plain)


@pytest.mark.parametrize("game", GAMES)
def test_time_runs_out_the_computer_plays_and_the_person_takes_the_seat_back(
    database: str, game: str
) -> None:
    # A 2 s test clock: short, yet long enough for the person's move after taking the
    # seat back to land in time on a loaded machine.
    with make_client(database, test_move_seconds=2.0, takeover_tick=0.05) as client:
        table = create(
            client,
            game=game,
            players=2,
            options={"first": 0},
            seats=[{"name": "Ann"}, {"agent": "random"}],
            move_seconds=2.0,
            takeover_agent="random",
            think_time=0.4,
        )
        tid, token = table["table"], table["invites"][0]["token"]
        start = view(client, tid, 0, token)
        assert start["to_move"] == 0 and start["clock"]["deadline"] is not None
        # Ann's first move (before it, a clock that ran out would abort the table).
        moved = client.post(
            seat_url(tid, 0, "actions"),
            json={"action": start["legal_moves"][0], "version": 0},
            headers=auth(token),
        )
        assert moved.status_code == 200, moved.text
        start = wait_until(client, lambda: (v := view(client, tid, 0, token))["to_move"] == 0 and v)
        assert start["clock"]["abort_at"] is None and start["clock"]["deadline"] is not None
        # Then she does not move: the clock runs out, the computer takes the seat and plays.
        played = wait_until(
            client,
            lambda: (
                (v := view(client, tid, 0, token))["version"] > start["version"]
                and v["recent"][-1]["seat"] == 0
                and v
            ),
        )
        assert time.time() >= start["clock"]["deadline"]
        assert played["notices"][0] == {
            "version": start["version"] + 1,
            "seat": 0,
            "text": "Time ran out: the computer played for Ann.",
        }
        assert played["seats"][0]["replaced_by"] == "random"
        assert played["seats"][0]["kind"] == "person"
        # Taking the seat back: one request with the seat's own token.
        back = client.post(seat_url(tid, 0, "return"), headers=auth(token))
        assert back.status_code == 200 and back.json()["replaced_by"] is None
        mine = wait_until(
            client,
            lambda: (v := view(client, tid, 0, token))["to_move"] == 0 and v,
        )
        assert mine["seats"][0]["replaced_by"] is None
        assert mine["legal_moves"], "the person plays their own turn again"
        assert mine["clock"]["seat"] == 0 and mine["clock"]["deadline"] > time.time()
        # Their own move lands, within the new limit.
        moved = client.post(
            seat_url(tid, 0, "actions"),
            json={"action": mine["legal_moves"][0], "version": mine["version"]},
            headers=auth(token),
        )
        assert moved.status_code == 200, moved.text


def test_a_clock_that_ran_out_while_the_server_was_down_is_honoured(database: str) -> None:
    # The first server never checks its clocks (a tick of an hour): it is stopped first.
    with make_client(database, takeover_tick=3600) as client:
        table = create(
            client,
            game="kingdoms",
            players=2,
            options={"first": 0},
            seats=[{"name": "Ann"}, {"agent": "random"}],
            move_seconds=30,
            think_time=1.0,  # the computers' first moves are still in the view's recent
        )
        tid, token = table["table"], table["invites"][0]["token"]
        # Ann opens the table and makes her first move; the computer answers.
        first = view(client, tid, 0, token)
        moved = client.post(
            seat_url(tid, 0, "actions"),
            json={"action": first["legal_moves"][0], "version": 0},
            headers=auth(token),
        )
        assert moved.status_code == 200, moved.text
        before = wait_until(
            client, lambda: (v := view(client, tid, 0, token))["to_move"] == 0 and v
        )
    # All that happened a minute ago (as if the server had been down since): Ann's 30 s
    # clock ran out half a minute ago. A clock restarted at load would wait 30 s.
    engine = sa.create_engine(database)
    with engine.begin() as conn:
        for statement in (
            "UPDATE tables SET created_at = created_at - 60, updated_at = updated_at - 60",
            "UPDATE moves SET at = at - 60",
            "UPDATE seats SET opened_at = opened_at - 60 WHERE opened_at IS NOT NULL",
        ):
            conn.execute(sa.text(statement))

    def version() -> int:
        # Read from the database, not asked of the server: asking would load the table,
        # and the test is that the restarted server loads it by itself.
        with engine.connect() as conn:
            return int(
                conn.execute(
                    sa.text("SELECT version FROM tables WHERE id = :id"), {"id": tid}
                ).scalar_one()
            )

    try:
        with make_client(database, takeover_tick=0.05) as client:
            started = time.monotonic()
            while version() <= before["version"]:
                assert time.monotonic() - started < 15, "the clock was not honoured"
                time.sleep(0.05)
            state = view(client, tid, 0, token)
            assert state["seats"][0]["replaced_by"] == "heuristic"
            assert state["notices"][0]["text"] == "Time ran out: the computer played for Ann."
            number = before["version"] + 1
            assert any(m["number"] == number and m["seat"] == 0 for m in state["recent"])
    finally:
        engine.dispose()


@pytest.mark.parametrize(
    ("body", "error", "words"),
    [
        ({"move_seconds": 45}, "bad_clock", "must be one of 30, 120, 86400"),
        ({"move_seconds": 1}, "bad_clock", "not 1"),  # the test limit is not set here
        ({"move_seconds": 30, "takeover_minutes": 5}, "bad_clock", "not both"),
        ({"move_seconds": 86401}, "bad_request", "86400"),
        ({"move_seconds": 0}, "bad_request", "greater than 0"),
        ({"move_seconds": "soon"}, "bad_request", "number"),
    ],
)
def test_a_limit_outside_the_set_is_refused(
    sqlite_client: Any, body: dict[str, Any], error: str, words: str
) -> None:
    answer = sqlite_client.post("/api/tables", json={"game": "claim", **body})
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"] == error
    assert words in answer.json()["message"]


def test_every_limit_of_the_set_is_taken(sqlite_client: Any) -> None:
    for seconds in MOVE_LIMITS:
        table = create(sqlite_client, game="claim", move_seconds=seconds)
        summary = sqlite_client.get(f"/api/tables/{table['table']}").json()
        assert summary["settings"]["move_seconds"] == seconds


def test_the_older_takeover_minutes_is_the_same_clock(sqlite_client: Any) -> None:
    table = create(sqlite_client, game="claim", players=2, seats=people(2), takeover_minutes=5)
    state = view(sqlite_client, table["table"], 0, table["invites"][0]["token"])
    assert state["clock"]["seconds"] == 300
