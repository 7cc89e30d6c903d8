"""Tournaments at the server, over real HTTP on SQLite and PostgreSQL.

People (accounts and a guest) and computer levels play whole events; every refusal is a
clear 4xx that changes nothing; a person who never moves forfeits; late entrants,
withdrawals, arenas and tables of four.
"""

from __future__ import annotations

import csv
import io
import json
import random
import threading
import time
from collections.abc import Iterator
from itertools import combinations
from typing import Any

import pytest
import sqlalchemy as sa

from regency.ratings import ranks_of
from regency.tournaments import table_ranks
from tests.server.conftest import ThreadServer
from tests.server.people import Person
from tests.server.tournaments import Guest, create, play_until, state, wait_for

FAST = {
    "test_hashing": True,
    "tournament_tick": 0.2,
    "test_move_seconds": 2.0,
    "test_arena_minutes": 0.1,
    "takeover_tick": 0.2,
}


@pytest.fixture
def server(database: str) -> Iterator[ThreadServer]:
    with ThreadServer(database, **FAST) as running:
        yield running


@pytest.fixture
def sqlite_server(sqlite_db: str) -> Iterator[ThreadServer]:
    with ThreadServer(sqlite_db, **FAST) as running:
        yield running


def rows(database: str, sql: str, **params: Any) -> list[Any]:
    engine = sa.create_engine(database)
    try:
        with engine.connect() as conn:
            return list(conn.execute(sa.text(sql), params).all())
    finally:
        engine.dispose()


def check_games_against_tables(database: str, tid: str, players: int) -> list[Any]:
    """Every game's places are its table's result's (forfeits last); return the games."""
    games = rows(
        database,
        "SELECT g.round, g.board, g.seats, g.table_id, g.ranks, g.forfeited, t.finished, "
        "t.result FROM tournament_games g LEFT JOIN tables t ON t.id = g.table_id "
        "WHERE g.tournament_id = :t ORDER BY g.round, g.board",
        t=tid,
    )
    for g in games:
        if g.table_id is None:
            continue
        assert g.ranks is not None
        forfeited = set(json.loads(g.forfeited))
        if g.finished:
            expected = table_ranks(ranks_of(json.loads(g.result), players), forfeited, players)
            assert tuple(json.loads(g.ranks)) == expected
    return games


def test_a_swiss_of_accounts_a_guest_and_a_computer_runs_to_its_final_standings(
    server: ThreadServer, database: str
) -> None:
    rng = random.Random(5)
    ann = Person(server.url, "ann").sign_up()
    bob = Person(server.url, "bob").sign_up()
    gus = Guest(server.url, "Gus")
    tid = create(ann, name="Club evening", game="claim", players=2, rounds=2, play=True,
                 computers=["Beginner"])  # fmt: skip
    assert bob.post(f"/api/tournaments/{tid}/enter", json={}).status_code == 200
    assert gus.enter(tid).status_code == 200
    assert gus.token is not None
    before = state(gus, tid)
    assert before["status"] == "waiting" and before["entrants"] == 4
    assert before["you"]["name"] == "Gus"
    assert ann.post(f"/api/tournaments/{tid}/start").status_code == 200
    final = play_until([ann, bob, gus], tid, rng, lambda s: s["status"] == "finished")
    assert [r["round"] for r in final["rounds_played"]] == [1, 2]
    # Two games a round, a point each: four points in all; each entrant played two.
    assert sum(s["points"] for s in final["standings"]) == 4
    assert all(s["games"] == 2 for s in final["standings"])
    games = check_games_against_tables(database, tid, 2)
    pairs = [frozenset(json.loads(g.seats)) for g in games]
    assert len(pairs) == len(set(pairs)) == 4  # nobody met twice
    assert all(g.finished for g in games)
    # Each game links to its table: watched while it is played, replayed once over.
    first = final["rounds_played"][0]["games"][0]
    assert first["replay"] == f"/replay/{first['table']}"
    assert server_get(server, first["watch"].split("#")[0]).status_code == 200
    # The places are shared out as the standings say, best first.
    places = [s["place"] for s in final["standings"]]
    assert places == sorted(places)
    # The results for a notice board.
    text = ann.get(f"/api/tournaments/{tid}/results.txt").text
    assert text.startswith("Club evening\nClaim, 2 players, Swiss of 2 rounds")
    assert "Round 2" in text and "Gus" in text
    table = list(csv.DictReader(io.StringIO(ann.get(f"/api/tournaments/{tid}/results.csv").text)))
    assert {r["name"] for r in table} == {"ann", "bob", "Gus", "Beginner (computer)"}
    assert {r["kind"] for r in table} == {"person", "computer"}
    # The accounts' games are settled into their histories like any other table.
    deadline = time.monotonic() + 30
    while ann.get("/api/account/games").json()["finished"]["total"] != 2:
        assert time.monotonic() < deadline, ann.get("/api/account/games").json()
        time.sleep(0.2)


def server_get(server: ThreadServer, path: str) -> Any:
    import httpx

    return httpx.get(server.url + path, headers={"Accept": "text/html"}, timeout=30)


def test_the_live_page_hears_of_each_change(sqlite_server: ThreadServer) -> None:
    ann = Person(sqlite_server.url, "ann").sign_up()
    tid = create(ann, name="Live", game="claim", players=2, rounds=1)
    with ann.http.stream("GET", f"/api/tournaments/{tid}/events", timeout=30) as stream:
        assert stream.headers["content-type"].startswith("text/event-stream")
        lines = stream.iter_lines()
        assert next(lines) == "retry: 3000"
        seen = [line for line in (next(lines), next(lines)) if line.startswith("data:")]
        assert json.loads(seen[0][5:]) == {"version": 0}
        assert (
            ann.post(f"/api/tournaments/{tid}/computers", json={"level": "Casual"}).status_code
            == 200
        )
        for line in lines:
            if line.startswith("data:"):
                assert json.loads(line[5:]) == {"version": 1}
                break


def count(database: str, table: str) -> int:
    return int(rows(database, f"SELECT count(*) FROM {table}")[0][0])


def test_bad_requests_are_refused_and_change_nothing(
    sqlite_server: ThreadServer, sqlite_db: str
) -> None:
    url = sqlite_server.url
    ann = Person(url, "ann").sign_up()
    bob = Person(url, "bob").sign_up()
    gus = Guest(url, "Gus")
    base = {"name": "Club", "game": "claim", "players": 2, "rounds": 3}
    cases: list[tuple[Any, str, dict[str, Any], int, str]] = [
        (ann, "/api/tournaments", {**base, "rounds": 0}, 422, "1 to 50 rounds, not 0"),
        (ann, "/api/tournaments", {**base, "rounds": 10_000}, 422, "1 to 50 rounds, not 10000"),
        (ann, "/api/tournaments", {**base, "format": "round_robin", "rounds": None, "players": 4},
         422, "exactly one table"),
        (ann, "/api/tournaments", {**base, "players": 9}, 400, "players"),
        (ann, "/api/tournaments", {**base, "game": "chess"}, 400, "chess"),
        (ann, "/api/tournaments", {**base, "computers": ["Grandmaster"]}, 422, "no level"),
        (ann, "/api/tournaments", {**base, "move_seconds": 45}, 422, "move_seconds must be one of"),
        (ann, "/api/tournaments", {**base, "max_entrants": 100_000}, 422, "entrants"),
        (ann, "/api/tournaments", {**base, "password": "abc"}, 422, "at least 4"),
        (gus, "/api/tournaments", base, 401, "sign in"),
    ]  # fmt: skip
    for who, path, body, status, words in cases:
        answer = who.post(path, json=body)
        assert answer.status_code == status, (body, answer.text)
        assert words in answer.json()["message"], answer.json()
    assert count(sqlite_db, "tournaments") == 0

    rated = create(ann, **base, rated=True, password="open sesame")
    before = count(sqlite_db, "tournament_entrants")
    refusals = [
        (gus, {"password": "open sesame"}, 401, "signed_out"),  # a guest in a rated event
        (bob, {}, 403, "password_needed"),
        (bob, {"password": "open says me"}, 403, "wrong_password"),
    ]
    for who, body, status, code in refusals:
        answer = (who.enter(rated, **body) if isinstance(who, Guest)
                  else who.post(f"/api/tournaments/{rated}/enter", json=body))  # fmt: skip
        assert (answer.status_code, answer.json()["error"]) == (status, code), answer.text
    assert count(sqlite_db, "tournament_entrants") == before
    assert (
        bob.post(f"/api/tournaments/{rated}/enter", json={"password": "open sesame"}).status_code
        == 200
    )
    twice = bob.post(f"/api/tournaments/{rated}/enter", json={"password": "open sesame"})
    assert (twice.status_code, twice.json()["error"]) == (409, "already_entered")
    # The password is stored hashed, never as given.
    stored = rows(sqlite_db, "SELECT password_hash FROM tournaments WHERE id = :t", t=rated)[0][0]
    assert stored.startswith("$argon2id$") and "open sesame" not in stored
    # Only the organiser adds computers, starts or cancels.
    for path, body in (("computers", {"level": "Casual"}), ("start", {}), ("cancel", {})):
        answer = bob.post(f"/api/tournaments/{rated}/{path}", json=body)
        assert (answer.status_code, answer.json()["error"]) == (403, "not_organiser")

    # A round robin takes no late entrants; one that has started refuses with 409.
    robin = create(ann, name="Robin", game="claim", players=2, format="round_robin",
                   computers=["Beginner", "Casual"], play=False)  # fmt: skip
    assert ann.post(f"/api/tournaments/{robin}/start").status_code == 200
    wait_for(ann, robin, lambda s: s["status"] == "playing")
    late = bob.post(f"/api/tournaments/{robin}/enter", json={})
    assert (late.status_code, late.json()["error"]) == (409, "already_started")
    cancel = ann.post(f"/api/tournaments/{robin}/cancel")
    assert (cancel.status_code, cancel.json()["error"]) == (409, "already_started")

    # A full event, and the cap on events per person.
    full = create(ann, **base, max_entrants=2, computers=["Casual", "Casual"])
    answer = bob.post(f"/api/tournaments/{full}/enter", json={})
    assert (answer.status_code, answer.json()["error"]) == (409, "tournament_full")
    for _ in range(2):  # ann has three events not over; five is the cap
        create(ann, **base)
    answer = ann.post("/api/tournaments", json=base)
    assert (answer.status_code, answer.json()["error"]) == (429, "too_many_tournaments")
    # Withdrawing from an event one never entered; a tournament that does not exist.
    answer = gus.post(f"/api/tournaments/{full}/withdraw")
    assert answer.status_code == 404
    assert ann.get("/api/tournaments/nothing-here").status_code == 404
    assert ann.get(f"/api/tournaments/{full}/results.pdf").status_code == 404


@pytest.mark.slow  # waits out real move clocks (12 s a database): CI's slow step runs it
def test_a_person_who_never_moves_forfeits_and_is_withdrawn(
    server: ThreadServer, database: str
) -> None:
    rng = random.Random(2)
    ann = Person(server.url, "ann").sign_up()
    bob = Person(server.url, "bob").sign_up()
    tid = create(ann, name="No show", game="claim", players=2, rounds=1, play=True,
                 move_seconds=2.0)  # fmt: skip
    assert bob.post(f"/api/tournaments/{tid}/enter", json={}).status_code == 200
    assert ann.post(f"/api/tournaments/{tid}/start").status_code == 200
    # Ann plays her moves; Bob never comes. His first turn's clock (2 s) runs out.
    final = play_until([ann], tid, rng, lambda s: s["status"] == "finished", seconds=90)
    lines = {s["name"]: s for s in final["standings"]}
    assert (lines["ann"]["points"], lines["bob"]["points"]) == (1.0, 0.0)
    assert lines["bob"]["withdrawn"] and not lines["ann"]["withdrawn"]
    game = final["rounds_played"][0]["games"][0]
    assert [s["forfeited"] for s in game["seats"] if s["name"] == "bob"] == [True]
    assert "(forfeit)" in ann.get(f"/api/tournaments/{tid}/results.txt").text
    # He may come back: entering again puts him in the draw (it is over, though).
    again = bob.post(f"/api/tournaments/{tid}/enter", json={})
    assert (again.status_code, again.json()["error"]) == (409, "tournament_over")


def test_late_entrants_and_withdrawals(sqlite_server: ThreadServer, sqlite_db: str) -> None:
    rng = random.Random(9)
    ann = Person(sqlite_server.url, "ann").sign_up()
    cy = Guest(sqlite_server.url, "Cy")
    tid = create(ann, name="Late", game="claim", players=2, rounds=3, play=True,
                 computers=["Beginner", "Casual", "Beginner"])  # fmt: skip
    assert ann.post(f"/api/tournaments/{tid}/start").status_code == 200
    wait_for(ann, tid, lambda s: s["round"] == 1)
    assert cy.enter(tid).status_code == 200  # late: from round 2
    assert state(cy, tid)["you"]["number"] == 5
    # Ann plays round 1, then withdraws during round 2: she finishes the game she is at
    # and is never paired again.
    play_until([ann], tid, rng, lambda s: s["round"] == 2)
    assert ann.post(f"/api/tournaments/{tid}/withdraw").json() == {"number": 1, "withdrawn": True}
    assert state(ann, tid)["you"]["withdrawn"]
    play_until([ann, cy], tid, rng, lambda s: s["round"] == 3)
    final = play_until([cy], tid, rng, lambda s: s["status"] == "finished")
    by_round = {r["round"]: {x["number"] for g in r["games"] for x in g["seats"]}
                for r in final["rounds_played"]}  # fmt: skip
    assert 5 not in by_round[1] and 5 in by_round[2] and 5 in by_round[3]
    assert 1 in by_round[1] and 1 not in by_round[3]
    cells = {
        r["name"]: r
        for r in csv.DictReader(io.StringIO(cy.get(f"/api/tournaments/{tid}/results.csv").text))
    }
    assert cells["Cy"]["round 1"] == "-" and cells["ann"]["withdrew"] == "yes"
    check_games_against_tables(sqlite_db, tid, 2)


def test_an_arena_seats_people_as_they_are_free_until_its_time_is_up(
    sqlite_server: ThreadServer, sqlite_db: str
) -> None:
    rng = random.Random(4)
    ann = Person(sqlite_server.url, "ann").sign_up()
    bob = Person(sqlite_server.url, "bob").sign_up()
    tid = create(ann, name="Arena", game="claim", players=2, format="arena", rounds=None,
                 minutes=0.1, play=True, computers=["Beginner"])  # fmt: skip
    assert bob.post(f"/api/tournaments/{tid}/enter", json={}).status_code == 200
    assert ann.post(f"/api/tournaments/{tid}/start").status_code == 200
    final = play_until([ann, bob], tid, rng, lambda s: s["status"] == "finished", seconds=180)
    assert final["tiebreaks"] == ["Performance"]
    games = [g for r in final["rounds_played"] for g in r["games"]]
    assert games, "the arena made no game"
    people = {"ann", "bob"}
    assert all({s["name"] for s in g["seats"]} & people for g in games)
    # 2 points a game, shared by place (a draw is 1 and 1); streaks can only add.
    total = sum(s["points"] for s in final["standings"])
    assert total >= 2 * len(games)
    check_games_against_tables(sqlite_db, tid, 2)


def test_a_swiss_of_four_player_tables_avoids_rematches_and_shares_byes(
    server: ThreadServer, database: str
) -> None:
    ann = Person(server.url, "ann").sign_up()
    # Seventeen: four tables and a bye a round. Round 2 seats one from each of round 1's
    # tables at each table (and the bye), so no rematch is needed, and none is made.
    tid = create(ann, name="Kingdoms night", game="claim-kingdoms", players=4, rounds=2,
                 computers=["Beginner"] * 17)  # fmt: skip
    assert ann.post(f"/api/tournaments/{tid}/start").status_code == 200
    final = wait_for(ann, tid, lambda s: s["status"] == "finished", seconds=240)
    games = check_games_against_tables(database, tid, 4)
    tables = [json.loads(g.seats) for g in games if g.table_id is not None]
    byes = [json.loads(g.seats)[0] for g in games if g.table_id is None]
    assert len(tables) == 8 and len(byes) == 2 and len(set(byes)) == 2
    pairs = [frozenset(p) for t in tables for p in combinations(t, 2)]
    assert len(pairs) == len(set(pairs))  # nobody sat with anyone twice
    # Place points: 3 + 2 + 1 + 0 a table, and a bye 1.5.
    assert sum(s["points"] for s in final["standings"]) == 8 * 6 + 2 * 1.5


def test_people_entering_at_the_same_moment_each_get_their_own_number(database: str) -> None:
    # Two programs entering one event at once once collided on SQLite (both read the
    # entrants, both took number 3: a 500 and a lost entry).
    with ThreadServer(database, **FAST) as server, Person(server.url, "Uma") as uma:
        uma.sign_up()
        tid = create(uma, name="Rush", game="claim", players=2, rounds=3, computers=["Casual"])
        guests = [Guest(server.url, f"G{i}") for i in range(12)]
        barrier = threading.Barrier(len(guests))
        answers: list[int] = []

        def enter(guest: Guest) -> None:
            barrier.wait()
            answers.append(guest.enter(tid).status_code)

        threads = [threading.Thread(target=enter, args=(g,)) for g in guests]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        assert answers == [200] * len(guests)
        numbers = [s["number"] for s in state(uma, tid)["standings"]]
        assert sorted(numbers) == list(range(1, len(guests) + 2))  # the computer was first
        for guest in guests:
            guest.close()
