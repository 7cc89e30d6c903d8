"""Accounts from outside, over real HTTP: every way in the issue lists gets a clear 4xx.

A uvicorn server in the test process (:class:`ThreadServer`) on a loopback port, asked
with httpx as a browser would (its own cookie jar, ``Origin``, the CSRF header). Most
tests hash passwords with the server's test setting (Argon2id at 1 MiB); the timing
test uses the real parameters.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from regency.accounts.sessions import IDLE_DAYS, SESSION_DAYS
from tests.server.conftest import ThreadServer
from tests.server.people import PASSWORD, Person


@pytest.fixture
def server(sqlite_db: str) -> Iterator[ThreadServer]:
    with ThreadServer(sqlite_db, test_hashing=True) as running:
        yield running


def count(database: str, table: str) -> int:
    engine = sa.create_engine(database)
    with engine.connect() as conn:
        found = conn.execute(sa.text(f"SELECT count(*) FROM {table}")).scalar()
    engine.dispose()
    return int(found or 0)


def execute(database: str, sql: str, **params: Any) -> None:
    engine = sa.create_engine(database)
    with engine.begin() as conn:
        conn.execute(sa.text(sql), params)
    engine.dispose()


def set_cookie_header(answer: httpx.Response) -> str:
    return answer.headers.get("set-cookie", "")


# -- signing up and in ------------------------------------------------------------------


def test_sign_up_sets_an_opaque_http_only_lax_cookie(server: ThreadServer) -> None:
    with Person(server.url, "Ann") as ann:
        answer = ann.http.post("/api/account/signup", json={"name": "Ann", "password": PASSWORD})
        assert answer.status_code == 201, answer.text
        cookie = set_cookie_header(answer)
        assert cookie.startswith("regency_session=")
        assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Path=/" in cookie
        assert "Secure" not in cookie  # plain HTTP here
        value = ann.session
        assert value and len(value) >= 40 and "Ann" not in value  # opaque, random
        me = ann.get("/api/account").json()
        assert me == {
            "signed_in": True,
            "name": "Ann",
            "csrf": answer.json()["csrf"],
            "puzzles": {},
        }


def test_the_cookie_is_secure_behind_a_trusted_https_proxy(server: ThreadServer) -> None:
    # uvicorn trusts X-Forwarded-Proto from 127.0.0.1 (FORWARDED_ALLOW_IPS), as nginx
    # sends it in docs/deploy.md: the browser talked HTTPS to the proxy.
    with Person(server.url, "Bea") as bea:
        answer = bea.http.post(
            "/api/account/signup",
            json={"name": "Bea", "password": PASSWORD},
            headers={"X-Forwarded-Proto": "https", "Origin": server.url.replace("http:", "https:")},
        )
        assert answer.status_code == 201, answer.text
        assert "Secure" in set_cookie_header(answer)


def test_every_sign_in_makes_a_new_session_id_and_ends_the_old(server: ThreadServer) -> None:
    with Person(server.url, "Cid") as cid:
        cid.sign_up()
        first = cid.session
        assert cid.sign_in().status_code == 200
        second = cid.session
        assert first and second and first != second
        stolen = httpx.get(server.url + "/api/account", cookies={"regency_session": first})
        assert stolen.json()["signed_in"] is False


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("<b>Ann</b>", "bad_name"),
        ("Ann&Bob", "bad_name"),
        ('Ann"', "bad_name"),
        ("An\x00n", "bad_name"),
        ("Ann\nBob", "bad_name"),
        ("Ann\u202eBob", "bad_name"),
        ("\u0410nn", "bad_name"),  # a Cyrillic A
        ("A", "bad_name"),
        ("x" * 21, "bad_name"),
        ("9lives", "bad_name"),
        ("Ann_", "bad_name"),
        ("Deleted", "bad_name"),
        ("computer", "bad_name"),
        ("You", "bad_name"),
    ],
)
def test_names_with_markup_control_characters_or_reserved_are_refused(
    server: ThreadServer, sqlite_db: str, name: str, code: str
) -> None:
    answer = httpx.post(
        server.url + "/api/account/signup", json={"name": name, "password": PASSWORD}
    )
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"] == code and answer.json()["message"]
    assert "set-cookie" not in answer.headers
    assert count(sqlite_db, "accounts") == 0


def test_a_taken_name_in_any_case_is_refused_and_changes_nothing(
    server: ThreadServer, sqlite_db: str
) -> None:
    with Person(server.url, "Dora") as dora:
        dora.sign_up()
    answer = httpx.post(
        server.url + "/api/account/signup", json={"name": "dORA", "password": "another one 123"}
    )
    assert answer.status_code == 409 and answer.json()["error"] == "name_taken"
    assert count(sqlite_db, "accounts") == 1
    with Person(server.url, "Dora") as again:  # the first password still signs in
        assert again.sign_in().status_code == 200


@pytest.mark.parametrize(
    ("password", "status", "code"),
    [
        ("short", 422, "weak_password"),
        ("password123", 422, "weak_password"),  # among the common passwords
        ("IloveYou2", 422, "weak_password"),  # in any case
        ("Eve_the_2nd", 422, "weak_password"),  # the name itself
        ("x" * 257, 422, "bad_request"),
    ],
)
def test_weak_or_overlong_passwords_are_refused(
    server: ThreadServer, sqlite_db: str, password: str, status: int, code: str
) -> None:
    answer = httpx.post(
        server.url + "/api/account/signup", json={"name": "Eve_the_2nd", "password": password}
    )
    assert answer.status_code == status, answer.text
    assert answer.json()["error"] == code
    assert count(sqlite_db, "accounts") == 0


def test_a_ten_megabyte_password_is_refused_cheaply(server: ThreadServer, sqlite_db: str) -> None:
    with Person(server.url, "Finn") as finn:
        finn.sign_up()
    huge = "p" * (10 * 1024 * 1024)
    for path, name in (("/api/account/signup", "Gus"), ("/api/account/signin", "Finn")):
        started = time.perf_counter()
        answer = httpx.post(server.url + path, json={"name": name, "password": huge}, timeout=60)
        took = time.perf_counter() - started
        assert answer.status_code == 413 and answer.json()["error"] == "too_large"
        assert took < 5, f"{path} took {took:.1f} s to refuse 10 MB"
    assert count(sqlite_db, "accounts") == 1
    assert count(sqlite_db, "signin_failures") == 0  # refused before it was a try


def test_a_wrong_password_and_an_unknown_name_get_the_same_answer(server: ThreadServer) -> None:
    with Person(server.url, "Hal") as hal:
        hal.sign_up()
    wrong = httpx.post(
        server.url + "/api/account/signin", json={"name": "Hal", "password": "not his at all"}
    )
    nobody = httpx.post(
        server.url + "/api/account/signin", json={"name": "Nobody_here", "password": "whatever1"}
    )
    assert wrong.status_code == nobody.status_code == 401
    assert (
        wrong.json()
        == nobody.json()
        == {
            "error": "wrong_password",
            "message": "wrong user name or password",
        }
    )
    assert "set-cookie" not in wrong.headers and "set-cookie" not in nobody.headers


def test_the_answer_takes_as_long_for_a_name_nobody_has(sqlite_db: str) -> None:
    # The real Argon2id parameters: a known name's wrong password and an unknown name
    # each cost one check of a hash (the unknown against a dummy hash).
    with ThreadServer(sqlite_db) as server, Person(server.url, "Ida") as ida:
        ida.sign_up()
        times: dict[str, list[float]] = {"Ida": [], "Nobody_at_all": []}
        for attempt in range(8):
            for name in times:
                address = f"10.0.{attempt}.{len(name)}"  # each try from its own address
                started = time.perf_counter()
                answer = httpx.post(
                    server.url + "/api/account/signin",
                    json={"name": name, "password": f"wrong guess {attempt}"},
                    headers={"X-Forwarded-For": address},
                )
                times[name].append(time.perf_counter() - started)
                assert answer.status_code in (401, 429)
        known, unknown = (statistics.median(t) for t in times.values())
        assert known > 0.02 and unknown > 0.02, "no password check was made"
        assert abs(known - unknown) < 0.5 * max(known, unknown), (known, unknown)


def test_a_burst_of_wrong_passwords_is_throttled_per_name_and_per_address(
    server: ThreadServer, sqlite_db: str
) -> None:
    with Person(server.url, "Jo") as jo:
        jo.sign_up()
        for i in range(5):
            assert jo.sign_in(f"wrong {i} wrong").status_code == 401
        refused = jo.sign_in()  # the right password, too soon
        assert refused.status_code == 429
        assert refused.json()["error"] == "too_many_tries"
        assert 0 < int(refused.headers["retry-after"]) <= 15 * 60
        # A name nobody has is counted the same way: the answers cannot tell them apart.
        with Person(server.url, "No_one", **{"X-Forwarded-For": "10.9.9.9"}) as ghost:
            answers = [ghost.sign_in(f"guess {i} guess").status_code for i in range(6)]
        assert answers == [401] * 5 + [429]
    # Per address: 20 failures over many names from one address, then any name waits.
    with Person(server.url, "Kim") as kim:
        kim.sign_up()
    for i in range(20):
        answer = httpx.post(
            server.url + "/api/account/signin",
            json={"name": f"name{i}x", "password": "guessing away"},
            headers={"X-Forwarded-For": "10.1.1.1"},
        )
        assert answer.status_code == 401
    answer = httpx.post(
        server.url + "/api/account/signin",
        json={"name": "Kim", "password": PASSWORD},
        headers={"X-Forwarded-For": "10.1.1.1"},
    )
    assert answer.status_code == 429 and "set-cookie" not in answer.headers
    elsewhere = httpx.post(
        server.url + "/api/account/signin",
        json={"name": "Kim", "password": PASSWORD},
        headers={"X-Forwarded-For": "10.2.2.2"},
    )
    assert elsewhere.status_code == 200


def test_throttling_is_counted_in_the_database_by_both_processes() -> None:
    from tests.server.conftest import fresh_pg_database

    database = fresh_pg_database()
    with (
        ThreadServer(database, test_hashing=True) as a,
        ThreadServer(database, test_hashing=True) as b,
    ):
        with Person(a.url, "Lou") as lou:
            lou.sign_up()
        results = []
        for i in range(6):
            base = (a, b)[i % 2].url
            answer = httpx.post(
                base + "/api/account/signin", json={"name": "Lou", "password": f"bad guess {i}"}
            )
            results.append(answer.status_code)
        assert results == [401] * 5 + [429]


# -- sessions -----------------------------------------------------------------------------


def test_a_stolen_or_made_up_session_id_is_nobody(server: ThreadServer) -> None:
    for made_up in ("x" * 43, "", "A" * 500):
        jar = {"regency_session": made_up}
        me = httpx.get(server.url + "/api/account", cookies=jar)
        assert me.status_code == 200 and me.json()["signed_in"] is False
        answer = httpx.post(
            server.url + "/api/account/signout-everywhere",
            cookies=jar,
            headers={"Origin": server.url, "X-CSRF-Token": "x"},
        )
        assert answer.status_code == 401 and answer.json()["error"] == "signed_out"
        assert httpx.get(server.url + "/api/account/games", cookies=jar).status_code == 401


def test_an_expired_or_idle_session_is_ended(server: ThreadServer, sqlite_db: str) -> None:
    with Person(server.url, "Max") as old, Person(server.url, "Max") as idle:
        old.sign_up()
        assert idle.sign_in().status_code == 200
        long_ago = time.time() - (SESSION_DAYS + 1) * 86400
        execute(
            sqlite_db,
            "UPDATE sessions SET created_at = :t WHERE id_hash = "
            "(SELECT id_hash FROM sessions ORDER BY created_at LIMIT 1)",
            t=long_ago,
        )
        assert old.get("/api/account").json()["signed_in"] is False
        execute(
            sqlite_db, "UPDATE sessions SET last_seen = :t", t=time.time() - (IDLE_DAYS + 1) * 86400
        )
        answer = idle.post("/api/account/signout-everywhere")
        assert answer.status_code == 401
        assert count(sqlite_db, "sessions") == 0


def test_sign_out_everywhere_ends_every_device(server: ThreadServer) -> None:
    with Person(server.url, "Ned") as phone, Person(server.url, "Ned") as laptop:
        phone.sign_up()
        assert laptop.sign_in().status_code == 200
        answer = phone.post("/api/account/signout-everywhere")
        assert answer.status_code == 200
        assert "regency_session=" in set_cookie_header(answer)  # cleared
        assert laptop.get("/api/account").json()["signed_in"] is False
        assert phone.get("/api/account").json()["signed_in"] is False


def test_changing_the_password_ends_the_other_sessions(server: ThreadServer) -> None:
    with Person(server.url, "Ola") as here, Person(server.url, "Ola") as there:
        here.sign_up()
        assert there.sign_in().status_code == 200
        before = here.session
        wrong = here.post("/api/account/password", json={"current": "nope nope", "new": "x" * 12})
        assert wrong.status_code == 401
        weak = here.post("/api/account/password", json={"current": PASSWORD, "new": "password1"})
        assert weak.status_code == 422
        done = here.post(
            "/api/account/password", json={"current": PASSWORD, "new": "a new long secret"}
        )
        assert done.status_code == 200, done.text
        here.csrf = done.json()["csrf"]
        assert here.session != before
        assert here.get("/api/account").json()["signed_in"] is True
        assert there.get("/api/account").json()["signed_in"] is False
        assert there.sign_in().status_code == 401
        assert there.sign_in("a new long secret").status_code == 200


# -- cross-site requests ------------------------------------------------------------------


def test_a_cross_site_form_post_is_refused_and_changes_nothing(
    server: ThreadServer, sqlite_db: str
) -> None:
    with Person(server.url, "Pia") as pia:
        pia.sign_up()
        jar = {"regency_session": pia.session or ""}
        evil = {"Origin": "http://evil.example"}
        # A form another site's page posts (the browser adds the cookie, not the header).
        for path in ("/api/account/signout-everywhere", "/api/account/delete", "/api/tables"):
            answer = httpx.post(
                server.url + path,
                cookies=jar,
                headers={**evil, "Content-Type": "application/x-www-form-urlencoded"},
                content="password=" + PASSWORD,
            )
            assert answer.status_code in (403, 422), (path, answer.text)
            assert answer.status_code == 403 or answer.json()["error"] == "bad_request"
        # Even with the right CSRF token, another origin is refused...
        answer = httpx.post(
            server.url + "/api/account/signout-everywhere",
            cookies=jar,
            headers={**evil, "X-CSRF-Token": pia.csrf or ""},
        )
        assert answer.status_code == 403 and answer.json()["error"] == "cross_site"
        # ...and this origin without it.
        answer = httpx.post(
            server.url + "/api/tables",
            cookies=jar,
            json={"game": "claim", "players": 2},
            headers={"Origin": server.url},
        )
        assert answer.status_code == 403 and answer.json()["error"] == "cross_site"
        assert count(sqlite_db, "tables") == 0
        assert pia.get("/api/account").json()["signed_in"] is True
        assert count(sqlite_db, "sessions") == 1


def test_a_move_with_the_cookie_needs_the_csrf_token(server: ThreadServer) -> None:
    with Person(server.url, "Quin") as quin:
        quin.sign_up()
        table = quin.create(
            game="claim", players=2, seats=[{"me": True}, {"agent": "random"}], seed=3
        )
        tid = table["table"]
        assert table["invites"] == [] and table["mine"][0]["seat"] == 0
        state = quin.view(tid, 0)
        while state["to_move"] != 0:
            time.sleep(0.05)
            state = quin.view(tid, 0)
        move = {"action": state["legal_moves"][0], "version": state["version"]}
        bare = quin.http.post(f"/api/tables/{tid}/seats/0/actions", json=move)
        assert bare.status_code == 403 and bare.json()["error"] == "cross_site"
        evil = quin.http.post(
            f"/api/tables/{tid}/seats/0/actions",
            json=move,
            headers={"Origin": "http://evil.example", **quin.headers()},
        )
        assert evil.status_code == 403
        assert quin.view(tid, 0)["version"] == state["version"]
        good = quin.post(f"/api/tables/{tid}/seats/0/actions", json=move)
        assert good.status_code == 200, good.text


def test_a_socket_opened_with_the_cookie_from_another_site_is_nobodys(
    server: ThreadServer,
) -> None:
    with Person(server.url, "Rex") as rex:
        rex.sign_up()
        table = rex.create(game="kingdoms", players=2, seats=[{}, {"agent": "random"}])
        url = server.url.replace("http", "ws") + f"/api/tables/{table['table']}/seats/0/ws"
        cookie = f"regency_session={rex.session}"
        with pytest.raises(InvalidStatus):
            connect(url, additional_headers={"Cookie": cookie, "Origin": "http://evil.example"})
        with connect(url, additional_headers={"Cookie": cookie, "Origin": server.url}) as ws:
            assert json.loads(ws.recv(timeout=30))["type"] == "view"


# -- another account's data, deleting -------------------------------------------------------


def test_another_accounts_token_cannot_be_revoked_or_seen(server: ThreadServer) -> None:
    with Person(server.url, "Sam") as sam, Person(server.url, "Tia") as tia:
        sam.sign_up()
        tia.sign_up()
        made = sam.post("/api/account/tokens", json={"label": "my bot"})
        assert made.status_code == 201
        token_id, token = made.json()["id"], made.json()["token"]
        assert tia.get("/api/account/tokens").json() == {"tokens": []}
        assert tia.delete(f"/api/account/tokens/{token_id}").status_code == 404
        listed = sam.get("/api/account/tokens").json()["tokens"]
        assert [t["id"] for t in listed] == [token_id] and token not in json.dumps(listed)
        bot = {"Authorization": f"Bearer {token}"}
        assert httpx.get(server.url + "/api/account/games", headers=bot).status_code == 200
        # A token cannot make tokens (only a signed-in page can).
        answer = httpx.post(server.url + "/api/account/tokens", json={}, headers=bot)
        assert answer.status_code == 403
        assert sam.delete(f"/api/account/tokens/{token_id}").status_code == 200
        gone = httpx.get(server.url + "/api/account/games", headers=bot)
        assert gone.status_code == 401 and gone.json()["error"] == "bad_api_token"


def test_another_accounts_seat_cannot_be_played(server: ThreadServer) -> None:
    with Person(server.url, "Uma") as uma, Person(server.url, "Vic") as vic:
        uma.sign_up()
        vic.sign_up()
        table = uma.create(game="claim", players=2, seats=[{}, {"agent": "random"}], seed=5)
        tid = table["table"]
        answer = vic.get(f"/api/tables/{tid}/seats/0/view")
        assert answer.status_code == 403
        assert "account" in answer.json()["message"]
        state = uma.view(tid, 0)
        answer = vic.post(
            f"/api/tables/{tid}/seats/0/actions",
            json={"action": "KN9", "version": state["version"]},
        )
        assert answer.status_code == 403
        mine = vic.get("/api/account/games").json()
        assert mine["open"] == []  # Uma's table is not in Vic's list


def test_a_deleted_accounts_session_is_over_and_its_games_stay_for_others(
    server: ThreadServer, sqlite_db: str
) -> None:
    with Person(server.url, "Wes") as wes, Person(server.url, "Xia") as xia:
        wes.sign_up()
        xia.sign_up()
        table = wes.create(
            game="claim", players=2, seats=[{"me": True}, {"name": "friend"}], seed=8
        )
        invite = table["invites"][0]
        joined = xia.post(
            f"/api/tables/{table['table']}/seats/1/join",
            headers={"Authorization": f"Bearer {invite['token']}"},
        )
        assert joined.status_code == 200, joined.text
        import random

        from tests.server.people import play_out

        play_out({0: wes, 1: xia}, table["table"], random.Random(8))
        time.sleep(0.5)  # the table is settled in the background
        session = wes.session
        assert wes.post("/api/account/delete", json={"password": "wrong!wrong"}).status_code == 401
        answer = wes.post("/api/account/delete", json={"password": PASSWORD})
        assert answer.status_code == 200
        old = httpx.post(
            server.url + "/api/account/signout-everywhere",
            cookies={"regency_session": session or ""},
            headers={"Origin": server.url, "X-CSRF-Token": wes.csrf or ""},
        )
        assert old.status_code == 401
        assert httpx.get(server.url + "/api/players/Wes").status_code == 404
        theirs = xia.get("/api/players/Xia/games").json()["games"]
        assert [g["table"] for g in theirs] == [table["table"]]
        assert theirs[0]["seats"][0]["name"] == "deleted player"
        assert theirs[0]["seats"][0]["account"] is None
        assert count(sqlite_db, "sessions") == 1  # Xia's alone
        assert count(sqlite_db, "accounts") == 1
        engine = sa.create_engine(sqlite_db)
        with engine.connect() as conn:
            left = conn.execute(sa.text("SELECT count(*) FROM account_games WHERE account_id = 1"))
            assert left.scalar() == 0
            assert (
                conn.execute(sa.text("SELECT count(*) FROM accounts WHERE name = 'Wes'")).scalar()
                == 0
            )
        engine.dispose()
        # The name is free again: nothing of the old account remains.
        with Person(server.url, "wes") as new:
            new.sign_up()
            assert new.get("/api/players/wes").json()["games"] == []


def test_a_socket_of_an_ended_session_is_closed(
    server: ThreadServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    from websockets.exceptions import ConnectionClosed

    monkeypatch.setattr("regency.server.routes.seats.SESSION_RECHECK", 0.0)
    with Person(server.url, "Yan") as yan, Person(server.url, "Yan") as other_device:
        yan.sign_up()
        assert other_device.sign_in().status_code == 200
        table = yan.create(game="kingdoms", players=2, seats=[{}, {"agent": "random"}], seed=1)
        url = server.url.replace("http", "ws") + f"/api/tables/{table['table']}/seats/0/ws"
        headers = {"Cookie": f"regency_session={yan.session}", "Origin": server.url}
        with connect(url, additional_headers=headers) as ws:
            assert json.loads(ws.recv(timeout=30))["type"] == "view"
            assert other_device.post("/api/account/signout-everywhere").status_code == 200
            ws.send(json.dumps({"type": "action", "action": "draw", "version": 0}))
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    ws.recv(timeout=30)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
