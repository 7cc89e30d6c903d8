"""Take-backs (issue 44), over real HTTP and WebSockets, on SQLite and PostgreSQL.

Against the computer alone a take-back is immediate: your last move and the computer's
replies since, as ``undo`` in ``regency play``. At a table with other people it is an
offer they accept or decline. The moves stay the source of truth: a take-back is a row of
the moves table at the next version, so it survives a restart, reaches other server
processes, and no move decided before it can land after it.
"""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import httpx
import pytest
import sqlalchemy as sa

import regency
from regency.server.live import takebacks
from tests.server.conftest import fresh_pg_database
from tests.server.helpers import auth, create, seat_url, view
from tests.server.processes import next_message, open_socket
from tests.server.test_endings import heard, post
from tests.server.test_first_moves import served, until


def ask(http: httpx.Client, table: str, seat: int, token: str, **body: Any) -> Any:
    return http.post(seat_url(table, seat, "takeback"), json=body, headers=auth(token))


def play(http: httpx.Client, table: str, seat: int, token: str, move: str, version: int) -> None:
    answer = http.post(
        seat_url(table, seat, "actions"),
        json={"action": move, "version": version},
        headers=auth(token),
    )
    assert answer.status_code == 200, answer.text


def my_turn(http: httpx.Client, table: str, seat: int, token: str) -> dict[str, Any]:
    found: dict[str, Any] = until(
        lambda: (v := view(http, table, seat, token))["legal_moves"] and v
    )
    return found


def same_position(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Two views show the same position: what the seat sees, may play, and was shown."""
    return (
        a["observation"] == b["observation"]
        and a["legal_moves"] == b["legal_moves"]
        and a["recent"] == b["recent"]
        and a["to_move"] == b["to_move"]
    )


def moves_rows(database: str, table: str) -> list[tuple[int, int, str, int | None]]:
    engine = sa.create_engine(database)
    try:
        with engine.connect() as conn:
            rows = conn.execute(
                sa.text(
                    "SELECT number, seat, notation, undo_to FROM moves WHERE table_id = :t "
                    "ORDER BY number"
                ),
                {"t": table},
            ).all()
    finally:
        engine.dispose()
    return [tuple(r) for r in rows]


def test_against_the_computer_a_take_back_is_immediate(database: str) -> None:
    with served(database) as (_, http):
        table = create(
            http,
            game="claim-kingdoms",
            players=2,
            options={"first": 0},
            seats=[{"name": "Ann"}, {"agent": "random"}],
        )
        tid, token = table["table"], table["invites"][0]["token"]
        refused = ask(http, tid, 0, token)  # nothing to take back yet
        assert refused.status_code == 409 and refused.json()["error"] == "cannot_take_back"
        assert "no move" in refused.json()["message"]
        after = my_turn(http, tid, 0, token)
        assert after["can"]["takeback"] is False
        while True:  # Ann moves (a turn may take her several) until the computer answers
            before = after
            play(http, tid, 0, token, before["legal_moves"][0], before["version"])
            after = my_turn(http, tid, 0, token)
            if after["recent"][-1]["seat"] == 1:
                break
        assert after["can"]["takeback"] is True
        done = ask(http, tid, 0, token)
        assert done.status_code == 200, done.text
        assert done.json()["version"] == after["version"] + 1  # a change of its own
        assert done.json()["takeback"]["status"] == "done"
        back = view(http, tid, 0, token)
        # Her move and the computer's replies are gone: the position she moved from.
        assert same_position(back, before)
        assert back["version"] == after["version"] + 1
        assert back["takeback"] == {
            "status": "done",
            "by": 0,
            "to": len(before["recent"]),
            "accepted": [0],
            "waiting": [],
            "declined_by": None,
        }
        # She plays another move; the game goes on from there, and its record replays.
        play(http, tid, 0, token, before["legal_moves"][-1], back["version"])
        later = my_turn(http, tid, 0, token)
        mine = later["recent"][len(before["recent"])]
        assert mine["move"] == before["legal_moves"][-1] and mine["seat"] == 0
        assert mine["number"] == len(before["recent"]) + 1 and later["takeback"] is None
        summary = http.get(f"/api/tables/{tid}").json()
        assert summary["moves"] == len(later["recent"]) and summary["version"] > summary["moves"]
    # The moves table keeps what happened: the moves taken back, then the take-back.
    rows = moves_rows(database, tid)
    undo = next(r for r in rows if r[3] is not None)
    assert undo[2] == "takeback" and undo[3] == len(before["recent"])
    assert undo[0] == after["version"] + 1
    assert [r[0] for r in rows] == list(range(1, len(rows) + 1))


def test_a_take_back_survives_a_restart(sqlite_db: str) -> None:
    with served(sqlite_db) as (_, http):
        table = create(
            http,
            game="kingdoms",
            players=2,
            options={"first": 0},
            seats=[{"name": "Ann"}, {"agent": "random"}],
        )
        tid, token = table["table"], table["invites"][0]["token"]
        rng = random.Random(1)
        for _ in range(3):
            state = my_turn(http, tid, 0, token)
            play(http, tid, 0, token, rng.choice(state["legal_moves"]), state["version"])
        my_turn(http, tid, 0, token)
        assert ask(http, tid, 0, token).status_code == 200
        kept = view(http, tid, 0, token)
    with served(sqlite_db) as (_, http):
        again = view(http, tid, 0, token)
        assert same_position(again, kept) and again["version"] == kept["version"]
        assert again["takeback"]["status"] == "done"


def test_with_another_person_it_is_an_offer_they_accept_or_decline(database: str) -> None:
    with served(database) as (server, http):
        table = create(
            http,
            game="kingdoms",
            players=2,
            options={"first": 0},
            seats=[{"name": "Ann"}, {"name": "Bob"}],
        )
        tid = table["table"]
        tokens = {i["seat"]: i["token"] for i in table["invites"]}
        start = my_turn(http, tid, 0, tokens[0])
        play(http, tid, 0, tokens[0], start["legal_moves"][0], 0)
        with open_socket(server.url, seat_url(tid, 1, "ws"), tokens[1]) as bob:
            assert next_message(bob)["version"] == 1
            offered = ask(http, tid, 0, tokens[0])
            assert offered.status_code == 200
            offer = offered.json()["takeback"]
            assert offer["status"] == "offered" and offer["waiting"] == [1]
            assert offered.json()["version"] == 1  # nothing is taken back yet
            assert heard(bob, lambda v: v["takeback"] is not None)["takeback"] == offer
            # Bob declines: nothing changes, and Ann may not ask again about this position.
            bob_says = {"type": "takeback", "accept": False}
            bob.send(json.dumps(bob_says))
            declined = heard(bob, lambda v: (v["takeback"] or {}).get("status") == "declined")
            assert declined["takeback"]["declined_by"] == 1 and declined["version"] == 1
            again = ask(http, tid, 0, tokens[0])
            assert again.status_code == 409 and "declined" in again.json()["message"]
            # Bob moves; Ann asks again (her move and Bob's), and Bob accepts this time.
            mine = view(http, tid, 1, tokens[1])
            play(http, tid, 1, tokens[1], mine["legal_moves"][0], 1)
            assert ask(http, tid, 0, tokens[0]).json()["takeback"]["to"] == 0
            stale = ask(http, tid, 1, tokens[1], version=1)  # an answer about an old view
            assert stale.status_code == 409 and stale.json()["error"] == "stale_version"
            bob.send(json.dumps({"type": "takeback", "accept": True, "version": 2}))
            back = heard(bob, lambda v: v["version"] == 3)
            assert back["takeback"]["status"] == "done" and back["recent"] == []
            assert back["to_move"] == 0
        assert same_position(view(http, tid, 0, tokens[0]), start)


def test_a_move_cancels_an_offer(sqlite_db: str) -> None:
    with served(sqlite_db) as (_, http):
        table = create(
            http,
            game="claim",
            players=2,
            options={"first": 0},
            seats=[{"name": "A"}, {"name": "B"}],
        )
        tid = table["table"]
        tokens = {i["seat"]: i["token"] for i in table["invites"]}
        first = my_turn(http, tid, 0, tokens[0])
        play(http, tid, 0, tokens[0], first["legal_moves"][0], 0)
        assert ask(http, tid, 0, tokens[0]).json()["takeback"]["status"] == "offered"
        bob = view(http, tid, 1, tokens[1])
        play(http, tid, 1, tokens[1], bob["legal_moves"][0], 1)
        assert view(http, tid, 1, tokens[1])["takeback"] is None
        # Declining what is no longer offered is refused; so is a late acceptance.
        nothing = ask(http, tid, 1, tokens[1], accept=False)
        assert nothing.status_code == 409 and nothing.json()["error"] == "no_offer"
        late = ask(http, tid, 1, tokens[1], version=1)
        assert late.status_code == 409 and late.json()["error"] == "stale_version"


def test_the_computer_never_answers_a_position_taken_back(database: str) -> None:
    # The computer thinks for a second after each move; Ann takes her move back while it
    # thinks and plays another. Its answer to the position taken back must never land.
    with served(database) as (_, http):
        table = create(
            http,
            game="kingdoms",
            players=2,
            options={"first": 0},
            seats=[{"name": "Ann"}, {"agent": "random"}],
            think_time=1.0,
        )
        tid, token = table["table"], table["invites"][0]["token"]
        rng = random.Random(2)
        for _ in range(3):
            state = my_turn(http, tid, 0, token)
            play(http, tid, 0, token, rng.choice(state["legal_moves"]), state["version"])
            assert ask(http, tid, 0, token).status_code == 200  # at once, while it thinks
            state = my_turn(http, tid, 0, token)
            play(http, tid, 0, token, rng.choice(state["legal_moves"]), state["version"])
        final = my_turn(http, tid, 0, token)
    # Every stored move replays through the engine in order, the take-backs applied: the
    # game in the database is the one the table shows.
    rows = moves_rows(database, tid)
    game = regency.new_game("kingdoms", players=2, seed=_seed(database, tid), first=0)
    kept: list[tuple[int, str]] = []
    for _, seat, notation, undo in rows:
        if undo is not None:
            kept = kept[:undo]
            continue
        kept.append((seat, notation))
    for seat, notation in kept:
        assert game.current_player == seat
        game.play(notation)
    assert len(kept) == len(game.actions)
    assert [m["move"] for m in final["recent"]] == [n for _, n in kept][-len(final["recent"]) :]
    # The computer answered each of Ann's kept moves once: no move of seat 1 follows a
    # take-back before Ann's next move.
    for before, after in itertools.pairwise(rows):
        if before[3] is not None:
            assert after[1] == 0 and after[3] is None


def _seed(database: str, table: str) -> int:
    engine = sa.create_engine(database)
    try:
        with engine.connect() as conn:
            return int(
                conn.execute(
                    sa.text("SELECT seed FROM tables WHERE id = :t"), {"t": table}
                ).scalar_one()
            )
    finally:
        engine.dispose()


def test_a_take_back_agreed_on_two_processes() -> None:
    database = fresh_pg_database()
    with served(database) as (a, http_a), served(database) as (b, http_b):
        table = create(
            http_a,
            game="claim",
            players=2,
            options={"first": 0},
            seats=[{"name": "Ann"}, {"name": "Bob"}],
        )
        tid = table["table"]
        tokens = {i["seat"]: i["token"] for i in table["invites"]}
        start = my_turn(http_a, tid, 0, tokens[0])
        play(http_a, tid, 0, tokens[0], start["legal_moves"][0], 0)
        with (
            open_socket(a.url, seat_url(tid, 0, "ws"), tokens[0]) as ann,
            open_socket(b.url, seat_url(tid, 1, "ws"), tokens[1]) as bob,
        ):
            next_message(ann)
            next_message(bob)
            assert ask(http_a, tid, 0, tokens[0]).status_code == 200  # through process a
            assert heard(bob, lambda v: v["takeback"] is not None)["takeback"]["waiting"] == [1]
            assert ask(http_b, tid, 1, tokens[1], version=1).status_code == 200  # through b
            back = heard(ann, lambda v: v["version"] == 2)  # process a follows
            assert same_position(back, start) and back["takeback"]["status"] == "done"
        # Both processes hold the same table: the same view from each, and a move made on
        # the position before the take-back is refused by both.
        assert _same_but_time(http_a, http_b, tid, tokens[0])
        stale = http_b.post(
            seat_url(tid, 0, "actions"),
            json={"action": start["legal_moves"][0], "version": 1},
            headers=auth(tokens[0]),
        )
        assert stale.status_code == 409 and stale.json()["error"] == "stale_version"
    # A restarted server reads the same game back.
    with served(database) as (_, http):
        assert same_position(view(http, tid, 0, tokens[0]), back)


def _same_but_time(a: httpx.Client, b: httpx.Client, table: str, token: str) -> bool:
    one, two = view(a, table, 0, token), view(b, table, 0, token)
    one.pop("now", None)
    two.pop("now", None)
    return one == two


def test_take_backs_are_capped(sqlite_db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(takebacks, "MAX_TAKEBACKS", 2)
    with served(sqlite_db) as (_, http):
        table = create(
            http,
            game="kingdoms",
            players=2,
            options={"first": 0},
            seats=[{"name": "Ann"}, {"agent": "random"}],
        )
        tid, token = table["table"], table["invites"][0]["token"]
        for attempt in range(3):
            state = my_turn(http, tid, 0, token)
            play(http, tid, 0, token, state["legal_moves"][0], state["version"])
            my_turn(http, tid, 0, token)
            answer = ask(http, tid, 0, token)
            if attempt < 2:
                assert answer.status_code == 200
            else:
                assert answer.status_code == 409 and "2 take-backs" in answer.json()["message"]
                assert view(http, tid, 0, token)["can"]["takeback"] is False


def test_no_take_back_once_the_game_is_over(sqlite_db: str) -> None:
    with served(sqlite_db) as (_, http):
        table = create(
            http,
            game="claim",
            players=2,
            options={"first": 0},
            seats=[{"name": "Ann"}, {"agent": "random"}],
        )
        tid, token = table["table"], table["invites"][0]["token"]
        state = my_turn(http, tid, 0, token)
        play(http, tid, 0, token, state["legal_moves"][0], 0)
        my_turn(http, tid, 0, token)
        assert post(http, tid, 0, "resign", token).status_code == 200
        refused = ask(http, tid, 0, token)
        assert refused.status_code == 409 and "over" in refused.json()["message"]
