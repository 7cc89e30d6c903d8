"""Quick pairing over real HTTP, on SQLite and PostgreSQL: guests and accounts seated
together, computer levels filling seats for those who asked, and every refusal a clear
4xx that changes nothing."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import sqlalchemy as sa

from regency.agents.ladder import ladder
from regency.ratings import level_rating
from tests.server.conftest import ThreadServer
from tests.server.lobby import Guest, entry_of, wait_seated
from tests.server.people import Person


@pytest.fixture
def server(database: str) -> Iterator[ThreadServer]:
    with ThreadServer(database, test_hashing=True, pairing_tick=0.1) as running:
        running.database = database  # type: ignore[attr-defined]
        yield running


def waiting(base: str, pool: str) -> dict[str, int]:
    pools = httpx.get(f"{base}/api/pools", timeout=30).json()["pools"]
    found = next(p for p in pools if p["id"] == pool)
    return {"casual": found["casual"], "rated": found["rated"]}


def count(database: str, sql: str) -> int:
    engine = sa.create_engine(database)
    with engine.connect() as conn:
        found = conn.execute(sa.text(sql)).scalar()
    engine.dispose()
    return int(found or 0)


def test_two_guests_in_a_pool_sit_at_one_table_and_play_it_with_their_tokens(
    server: ThreadServer,
) -> None:
    with Guest(server.url, "Ann") as ann, Guest(server.url, "Ben") as ben:
        a = ann.join("claim-2-120")
        assert a["status"] == "waiting" and a["pool"] == "claim-2-120" and 100 <= a["reach"] < 150
        assert ann.token is not None and len(ann.token) >= 20
        b = ben.join("claim-2-120")
        seated_a = wait_seated(ann.http, a["id"])
        seated_b = wait_seated(ben.http, b["id"])
        assert seated_a["table"] == seated_b["table"]
        assert {seated_a["seat"], seated_b["seat"]} == {0, 1}
        table = seated_a["table"]
        assert seated_a["url"] == f"/play/{table}/{seated_a['seat']}"  # no token in it
        # Each guest's token is their seat's token, and no other seat's.
        view = ann.view(table, seated_a["seat"])
        assert {s["name"] for s in view["seats"]} == {"Ann", "Ben"}
        summary = httpx.get(f"{server.url}/api/tables/{table}", timeout=30).json()
        assert summary["settings"]["move_seconds"] == 120 and summary["rated"] is False
        refused = ann.http.get(
            f"/api/tables/{table}/seats/{seated_b['seat']}/view", headers=ann.headers()
        )
        assert refused.status_code == 403
        # Playing it: each moves with their own token, to the end.
        people = {seated_a["seat"]: ann, seated_b["seat"]: ben}
        for _ in range(200):
            state = ann.view(table, seated_a["seat"])
            if state["finished"]:
                break
            mover = people[state["to_move"]]
            mine = mover.view(table, state["to_move"])
            answer = mover.http.post(
                f"/api/tables/{table}/seats/{state['to_move']}/actions",
                json={"action": mine["legal_moves"][0], "version": mine["version"]},
                headers=mover.headers(),
            )
            assert answer.status_code == 200, answer.text
        assert ann.view(table, seated_a["seat"])["finished"]
    assert waiting(server.url, "claim-2-120") == {"casual": 0, "rated": 0}


def test_accounts_in_a_rated_pool_sit_at_a_rated_table_as_their_accounts(
    server: ThreadServer,
) -> None:
    with Person(server.url, "Ann") as ann, Person(server.url, "Ben") as ben:
        ann.sign_up()
        ben.sign_up()
        entries = []
        for person in (ann, ben):
            answer = person.post("/api/pools/kingdoms-2-120/join", json={"rated": True})
            assert answer.status_code == 201, answer.text
            assert answer.json()["token"] is None  # an account's seat has none
            entries.append(answer.json()["entry"])
        assert entries[0]["rating"] == "1500?" and entries[0]["rated"] is True
        seated = [wait_seated(ann.http, e["id"]) for e in entries]
        table = seated[0]["table"]
        summary = ann.get(f"/api/tables/{table}").json()
        assert summary["rated"] is True and summary["waiting"] == []
        assert {s["account"] for s in summary["seats"]} == {"Ann", "Ben"}
        assert {s["rating"] for s in summary["seats"]} == {"1500?"}
        # Each plays signed in, no token: their own seat only.
        assert ann.view(table, seated[0]["seat"])["seat"] == seated[0]["seat"]
        other = ann.get(f"/api/tables/{table}/seats/{seated[1]['seat']}/view")
        assert other.status_code == 403


def test_computer_levels_fill_the_table_of_whoever_asked_after_their_wait(
    server: ThreadServer,
) -> None:
    with Person(server.url, "Cy") as cy:
        cy.sign_up()
        answer = cy.post("/api/pools/claim-3-120/join", json={"rated": True, "fill_after": 0.5})
        entry = answer.json()["entry"]
        time.sleep(0.3)
        assert entry_of(cy.http, entry["id"])["status"] == "waiting"  # not before the wait
        seated = wait_seated(cy.http, entry["id"])
        summary = cy.get(f"/api/tables/{seated['table']}").json()
        computers = [s for s in summary["seats"] if s["kind"] == "computer"]
        assert len(computers) == 2 and summary["rated"] is True
        # The level nearest a newcomer's 1500: Casual, the heuristic.
        levels = {level.agent for level in ladder("claim", 3)}
        assert {c["agent"] for c in computers} == {"heuristic"} <= levels
        rating = level_rating("claim", 3, "heuristic")
        assert rating is not None
        assert {c["rating"] for c in computers} == {str(round(rating.rating))}


def test_a_person_waiting_in_two_queues_is_seated_once(server: ThreadServer) -> None:
    with (
        Guest(server.url, "Ann") as ann,
        Guest(server.url, "Ben") as ben,
        Guest(server.url, "Cy") as cy,
    ):
        first = ann.join("claim-2-120")
        second = ann.join("kingdoms-2-120")  # the same token: the same person
        ben.join("claim-2-120")
        cy.join("kingdoms-2-120")
        seated = None
        deadline = time.monotonic() + 30
        while seated is None and time.monotonic() < deadline:
            for e in (first, second):
                answer = ann.http.get(f"/api/entries/{e['id']}")
                if answer.status_code == 200 and answer.json()["entry"]["status"] == "seated":
                    seated = answer.json()["entry"]
            time.sleep(0.05)
        assert seated is not None
        other = second if seated["id"] == first["id"] else first
        # Seated in one queue, Ann is gone from the other (and stays unseated there).
        time.sleep(0.5)
        assert ann.http.get(f"/api/entries/{other['id']}").status_code == 404
    database = server.database  # type: ignore[attr-defined]
    assert count(database, "SELECT count(*) FROM pairing_entries WHERE table_id IS NOT NULL") == 2


def test_leaving_a_queue(server: ThreadServer) -> None:
    with Guest(server.url, "Ann") as ann, Guest(server.url, "Ben") as ben:
        entry = ann.join("claim-2-30")
        assert waiting(server.url, "claim-2-30")["casual"] == 1
        assert ben.delete(f"/api/entries/{entry['id']}").status_code == 403  # not Ben's
        left = ann.delete(f"/api/entries/{entry['id']}")
        assert left.status_code == 200 and left.json() == {"left": entry["id"]}
        assert ann.delete(f"/api/entries/{entry['id']}").status_code == 404
        assert ann.http.get(f"/api/entries/{entry['id']}").json()["error"] == "no_such_entry"
        deadline = time.monotonic() + 5
        while waiting(server.url, "claim-2-30")["casual"] and time.monotonic() < deadline:
            time.sleep(0.05)
        assert waiting(server.url, "claim-2-30")["casual"] == 0


def refusal(answer: httpx.Response, status: int, code: str) -> dict[str, Any]:
    assert answer.status_code == status, answer.text
    body: dict[str, Any] = answer.json()
    assert body["error"] == code and body["message"], body
    return body


def test_bad_requests_are_refused_and_change_nothing(server: ThreadServer) -> None:
    with Guest(server.url, "Ann") as ann:
        refusal(ann.post("/api/pools/chess-2-120/join", {}), 404, "no_such_pool")
        refusal(ann.post("/api/pools/claim-2-120/join", {"rated": True}), 401, "signed_out")
        refusal(ann.post("/api/pools/claim-2-120/join", {"fill_after": 601}), 422, "bad_request")
        refusal(ann.post("/api/pools/claim-2-120/join", {"fill_after": -1}), 422, "bad_request")
        refusal(ann.post("/api/pools/claim-2-120/join", {"seats": 3}), 422, "bad_request")
        refusal(ann.post("/api/pools/claim-2-120/join", {"name": "x" * 41}), 422, "bad_request")
        ann.join("claim-2-120")
        refusal(ann.post("/api/pools/claim-2-120/join", {}), 409, "already_waiting")
        refusal(ann.http.get("/api/entries/nope"), 404, "no_such_entry")
        refusal(ann.http.get("/api/lobby/events?entries=a b"), 422, "bad_request")
    assert waiting(server.url, "claim-2-120") == {"casual": 1, "rated": 0}
    assert waiting(server.url, "claim-2-30") == {"casual": 0, "rated": 0}


def test_a_person_waits_in_five_places_at_most(sqlite_db: str) -> None:
    with (
        ThreadServer(sqlite_db, pairing_tick=60) as server,
        Guest(server.url, "Ann") as ann,
    ):
        pools = ["claim-2-30", "claim-2-120", "claim-3-120", "claim-4-120", "kingdoms-2-120"]
        for pool in pools:
            ann.join(pool)
        body = refusal(ann.post("/api/pools/kingdoms-3-120/join", {}), 429, "too_many_entries")
        assert body["limit"] == 5
        refusal(ann.post("/api/open-tables", {"game": "claim"}), 429, "too_many_entries")
        assert waiting(server.url, "kingdoms-3-120")["casual"] == 0
        assert httpx.get(f"{server.url}/api/open-tables").json()["open"] == []


def test_requests_in_a_burst_are_refused(sqlite_db: str) -> None:
    with (
        ThreadServer(sqlite_db, pairing_tick=60, pairing_per_minute=4) as server,
        Guest(server.url, "Ann") as ann,
    ):
        for pool in ("claim-2-30", "claim-2-120", "claim-3-120", "claim-4-120"):
            ann.join(pool)
        answer = ann.post("/api/pools/kingdoms-2-120/join", {})
        body = refusal(answer, 429, "pairing_too_fast")
        assert body["retry_after"] >= 1 and int(answer.headers["retry-after"]) >= 1
        assert waiting(server.url, "kingdoms-2-120")["casual"] == 0
        # Reading is not limited.
        assert httpx.get(f"{server.url}/api/pools").status_code == 200
