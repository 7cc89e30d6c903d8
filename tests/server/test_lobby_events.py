"""The lobby's live events over real HTTP, on SQLite and PostgreSQL: the list of open
tables and the queues' counts as they change, and each page's own places as they are
seated; nothing in them that is not public."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from tests.server.conftest import ThreadServer
from tests.server.lobby import Guest, events


@pytest.fixture
def server(database: str) -> Iterator[ThreadServer]:
    with ThreadServer(database, pairing_tick=0.1) as running:
        yield running


def test_the_list_changes_live_as_a_table_opens_fills_and_starts(server: ThreadServer) -> None:
    with (
        events(server.url) as watcher,
        Guest(server.url, "Ann") as ann,
        Guest(server.url, "Ben") as ben,
        Guest(server.url, "Cy") as cy,
    ):
        _, first = watcher.wait(lambda n, d: n == "lobby")
        assert first["open"] == [] and len(first["pools"]) == 11
        assert first["pools"][0] == {
            "id": "claim-2-30",
            "game": "claim",
            "players": 2,
            "move_seconds": 30,
            "title": "Claim, 2 players, 30 s a move",
            "game_title": "Claim",
            "players_words": "2 players",
            "clock_words": "30 s a move",
            "casual": 0,
            "rated": 0,
        }
        opened = ann.open(game="claim", players=3)
        table = opened["open"]["id"]
        at, listed = watcher.wait(lambda n, d: n == "table" and d["id"] == table)
        assert listed["empty"] == 2 and [s["name"] for s in listed["seats"]] == ["Ann"]
        with events(server.url, (opened["entry"]["id"],)) as anns_page:
            ben.sit(table)
            at, listed = watcher.wait(lambda n, d: n == "table" and d["empty"] == 1, after=at + 1)
            assert [s["name"] for s in listed["seats"]] == ["Ann", "Ben"]
            place = cy.sit(table)
            watcher.wait(lambda n, d: n == "gone" and d == {"id": table, "why": "started"})
            # Ann's page hears where she sits: the table and her seat, no token.
            _, seated = anns_page.wait(lambda n, d: n == "entry" and d["status"] == "seated")
            assert seated == {
                "id": opened["entry"]["id"],
                "status": "seated",
                "table": place["table"],
                "seat": 0,
                "url": f"/play/{place['table']}/0",
            }
        # Nothing public carries a place's id or a guest's token.
        public = str(watcher.seen)
        for secret in (ann.token, ben.token, cy.token, opened["entry"]["id"], place["id"]):
            assert str(secret) not in public


def test_the_queues_counts_change_live(server: ThreadServer) -> None:
    with events(server.url) as watcher, Guest(server.url, "Ann") as ann:
        entry = ann.join("kingdoms-3-30")
        watcher.wait(
            lambda n, d: (
                n == "pools"
                and any(p["id"] == "kingdoms-3-30" and p["casual"] == 1 for p in d["pools"])
            )
        )
        ann.delete(f"/api/entries/{entry['id']}")
        watcher.wait(
            lambda n, d: (
                n == "pools"
                and all(p["casual"] == 0 for p in d["pools"] if p["id"] == "kingdoms-3-30")
            )
        )


def test_a_page_that_reconnects_hears_at_once_where_its_places_are(server: ThreadServer) -> None:
    with Guest(server.url, "Ann") as ann, Guest(server.url, "Ben") as ben:
        # Ann waits in two queues before Ben makes a table of one of them possible (once
        # seated she could join no other queue: a person plays one game from them at once).
        a = ann.join("claim-2-120")
        waiting = ann.join("kingdoms-2-120")  # given up once Ann is seated
        b = ben.join("claim-2-120")
        with events(server.url, (a["id"], b["id"], "unknown1")) as page:
            page.wait(lambda n, d: n == "entry" and d["id"] == a["id"] and d["status"] == "seated")
            page.wait(lambda n, d: n == "entry" and d["id"] == b["id"] and d["status"] == "seated")
            gone = {"id": "unknown1", "status": "gone", "why": "gone"}
            page.wait(lambda n, d: n == "entry" and d == gone)
        with events(server.url, (a["id"], waiting["id"])) as page:
            _, seated = page.wait(lambda n, d: n == "entry" and d["id"] == a["id"])
            assert seated["status"] == "seated" and seated["url"].startswith("/play/")
            page.wait(
                lambda n, d: n == "entry" and d["id"] == waiting["id"] and d["status"] == "gone"
            )


def test_the_stream_is_an_event_stream_the_proxy_does_not_buffer(server: ThreadServer) -> None:
    with events(server.url) as watcher:
        assert watcher.status == 200
        assert watcher.headers["content-type"].startswith("text/event-stream")
        assert watcher.headers["x-accel-buffering"] == "no"
        assert watcher.headers["cache-control"] == "no-cache"
        assert "default-src 'none'" in watcher.headers["content-security-policy"]
    too_many = ",".join(f"e{i}" for i in range(101))
    answer = httpx.get(f"{server.url}/api/lobby/events?entries={too_many}", timeout=30)
    assert answer.status_code == 422 and answer.json()["error"] == "bad_request"
