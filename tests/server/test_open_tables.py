"""Open tables over real HTTP, on SQLite and PostgreSQL: listed, sat at, started when
full, closed; every refusal a clear 4xx that changes nothing."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.server.conftest import ThreadServer
from tests.server.lobby import Guest, entry_of
from tests.server.people import Person
from tests.server.test_pairing import refusal
from tests.server.test_secrets import stacked_claim_deck


@pytest.fixture
def server(database: str) -> Iterator[ThreadServer]:
    with ThreadServer(database, test_hashing=True, pairing_tick=0.1) as running:
        yield running


def listed(base: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = httpx.get(f"{base}/api/open-tables", timeout=30).json()["open"]
    return found


def wait_listed(base: str, check: Any, seconds: float = 10) -> list[dict[str, Any]]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = listed(base)
        if check(found):
            return found
        time.sleep(0.05)
    raise AssertionError(f"the list never matched: {listed(base)}")


def test_an_open_table_fills_and_starts_with_its_people_in_the_order_they_sat(
    server: ThreadServer,
) -> None:
    with (
        Guest(server.url, "Ann") as ann,
        Guest(server.url, "Ben") as ben,
        Guest(server.url, "Cy") as cy,
    ):
        opened = ann.open(game="kingdoms", players=3, move_seconds=120)
        table = opened["open"]
        assert table["empty"] == 2 and table["by"] == "Ann" and table["rated"] is False
        assert [s["name"] for s in table["seats"]] == ["Ann"]
        shown = wait_listed(server.url, lambda found: len(found) == 1)[0]
        assert shown["id"] == table["id"] and shown["title"] == "Kingdoms"
        assert shown["move_seconds"] == 120 and shown["range"] is None
        # The list shows names only: no place's id, no token.
        assert opened["entry"]["id"] not in str(shown) and str(ann.token) not in str(shown)
        b = ben.sit(table["id"])
        assert b["status"] == "waiting"
        wait_listed(server.url, lambda found: found and found[0]["empty"] == 1)
        refusal(ben.post(f"/api/open-tables/{table['id']}/join", {}), 409, "already_seated_here")
        c = cy.sit(table["id"])
        assert c["status"] == "seated"  # the last seat: the game starts at once
        wait_listed(server.url, lambda found: found == [])
        places = [entry_of(g.http, e["id"]) for g, e in ((ann, opened["entry"]), (ben, b))]
        assert [p["seat"] for p in (*places, c)] == [0, 1, 2]
        assert {p["table"] for p in (*places, c)} == {c["table"]}
        view = cy.view(c["table"], 2)
        assert [s["name"] for s in view["seats"]] == ["Ann", "Ben", "Cy"]
        assert view["clock"]["seconds"] == 120
        summary = httpx.get(f"{server.url}/api/tables/{c['table']}", timeout=30).json()
        assert summary["rated"] is False and summary["finished"] is False
        # The table is started: nobody else sits down.
        with Guest(server.url, "Di") as di:
            late = di.post(f"/api/open-tables/{table['id']}/join", {})
            body = refusal(late, 409, "open_table_ended")
            assert body["ended"] == "started" and "table" not in body


def test_only_its_opener_closes_an_open_table(server: ThreadServer) -> None:
    with Guest(server.url, "Ann") as ann, Guest(server.url, "Ben") as ben:
        table = ann.open(game="claim", players=3)["open"]
        place = ben.sit(table["id"])
        refusal(ben.post(f"/api/open-tables/{table['id']}/close"), 403, "forbidden")
        assert ann.post(f"/api/open-tables/{table['id']}/close").json() == {"closed": table["id"]}
        wait_listed(server.url, lambda found: found == [])
        assert ben.http.get(f"/api/entries/{place['id']}").status_code == 404
        refusal(ann.post(f"/api/open-tables/{table['id']}/close"), 409, "open_table_ended")
        refusal(ben.post(f"/api/open-tables/{table['id']}/join"), 409, "open_table_ended")
        refusal(ben.post("/api/open-tables/nothing-here/join"), 404, "no_such_open_table")
        # Its opener leaving their seat closes it too; anyone else leaving frees a seat.
        again = ann.open(game="claim", players=3)
        place = ben.sit(again["open"]["id"])
        assert ben.delete(f"/api/entries/{place['id']}").status_code == 200
        wait_listed(server.url, lambda found: len(found) == 1 and found[0]["empty"] == 2)
        assert ann.delete(f"/api/entries/{again['entry']['id']}").status_code == 200
        wait_listed(server.url, lambda found: found == [])


def test_rated_and_ranged_open_tables_are_for_accounts_whose_rating_fits(
    server: ThreadServer,
) -> None:
    with (
        Person(server.url, "Ann") as ann,
        Person(server.url, "Ben") as ben,
        Guest(server.url, "Cy") as cy,
    ):
        ann.sign_up()
        ben.sign_up()
        refusal(cy.post("/api/open-tables", {"game": "claim", "rated": True}), 401, "signed_out")
        rated = ann.post("/api/open-tables", json={"game": "claim", "players": 2, "rated": True})
        assert rated.status_code == 201, rated.text
        table = rated.json()["open"]
        assert table["rated"] is True and table["seats"][0] == {
            "name": "Ann",
            "rating": "1500?",
            "account": True,
        }
        refusal(cy.post(f"/api/open-tables/{table['id']}/join"), 401, "signed_out")
        ranged = ann.post(
            "/api/open-tables",
            json={"game": "kingdoms", "players": 2, "rating_min": 1600, "rating_max": 1800},
        ).json()["open"]
        assert ranged["range"] == {"min": 1600, "max": 1800}
        body = refusal(ben.post(f"/api/open-tables/{ranged['id']}/join"), 403, "out_of_range")
        assert "1500" in body["message"] and "1600 to 1800" in body["message"]
        refusal(cy.post(f"/api/open-tables/{ranged['id']}/join"), 403, "rating_unknown")
        # Ben sits at the rated one: it starts, rated, both as their accounts.
        sat = ben.post(f"/api/open-tables/{table['id']}/join")
        assert sat.status_code == 200, sat.text
        place = sat.json()["entry"]
        assert place["status"] == "seated" and sat.json()["token"] is None
        summary = ben.get(f"/api/tables/{place['table']}").json()
        assert summary["rated"] is True and summary["waiting"] == []
        assert [s["account"] for s in summary["seats"]] == ["Ann", "Ben"]


def test_bad_open_tables_are_refused_and_nothing_is_listed(server: ThreadServer) -> None:
    with Guest(server.url, "Ann") as ann:
        deck = stacked_claim_deck(3)
        for body, status, code in [
            ({"game": "chess"}, 400, "bad_table"),
            ({"game": "claim", "players": 7}, 400, "bad_table"),
            ({"game": "claim", "options": {"factions": 12}}, 400, "bad_table"),
            ({"game": "claim", "players": 2, "options": {"deck": deck}}, 422, "secret_option"),
            ({"game": "claim", "move_seconds": 45}, 422, "bad_clock"),
            ({"game": "claim", "rating_min": 1800, "rating_max": 1600}, 422, "bad_range"),
            ({"game": "claim", "rating_min": -5}, 422, "bad_request"),
            ({"game": "claim", "seed": 4}, 422, "bad_request"),
        ]:
            refusal(ann.post("/api/open-tables", body), status, code)
        assert listed(server.url) == []
        for _ in range(3):
            ann.open(game="claim")
        body = refusal(ann.post("/api/open-tables", {"game": "claim"}), 429, "too_many_open_tables")
        assert body["limit"] == 3
        assert len(listed(server.url)) == 3


def test_two_people_for_the_last_seat_one_sits(server: ThreadServer) -> None:
    with Guest(server.url, "Ann") as ann:
        table = ann.open(game="claim", players=2)["open"]
        answers: list[httpx.Response] = []
        guests = [Guest(server.url, name) for name in ("Ben", "Cy", "Di", "Ed")]
        threads = [
            threading.Thread(
                target=lambda g=g: answers.append(g.post(f"/api/open-tables/{table['id']}/join"))
            )
            for g in guests
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        for g in guests:
            g.close()
        assert sorted(a.status_code for a in answers) == [200, 409, 409, 409]
        codes = {a.json()["error"] for a in answers if a.status_code == 409}
        assert codes <= {"table_full", "open_table_ended"}
        seated = next(a.json()["entry"] for a in answers if a.status_code == 200)
        assert seated["status"] == "seated" and seated["seat"] == 1


def test_stale_places_and_open_tables_are_given_up(sqlite_db: str) -> None:
    from tests.server.lobby import events

    with (
        ThreadServer(
            sqlite_db, pairing_tick=0.1, entry_stale=1.0, open_table_minutes=0.05
        ) as server,
        Guest(server.url, "Ann") as ann,
        Guest(server.url, "Ben") as ben,
    ):
        alone = ann.join("claim-2-120")  # nobody follows it
        kept = ben.join("kingdoms-2-120")
        with events(server.url, (kept["id"],)) as stream:  # Ben's page is open
            table = ben.open(game="claim", players=3)
            time.sleep(2.5)
            assert ann.http.get(f"/api/entries/{alone['id']}").status_code == 404
            assert entry_of(ben.http, kept["id"])["status"] == "waiting"
            # The open table had nobody sit down for 3 s (0.05 minutes): closed as stale.
            stale = {"id": table["open"]["id"], "why": "stale"}
            stream.wait(lambda n, d: n == "gone" and d == stale)
            assert listed(server.url) == []
