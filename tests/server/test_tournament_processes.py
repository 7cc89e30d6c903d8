"""A tournament survives ``kill -9``: a real ``regency serve`` killed in the middle of a
round, twice, carries on when started again on the same database, with no game lost and
no round paired twice (SQLite and PostgreSQL; issue 47, "Durable")."""

from __future__ import annotations

import json
import random
import time
from itertools import combinations
from pathlib import Path

import pytest

from tests.server.conftest import fresh_pg_database
from tests.server.people import Person
from tests.server.processes import Server
from tests.server.test_tournaments import check_games_against_tables, rows
from tests.server.tournaments import Entrant, Guest, create, play_turns, play_until, state

pytestmark = pytest.mark.slow


def _database(kind: str, tmp_path: Path) -> str:
    return fresh_pg_database() if kind == "postgresql" else f"sqlite:///{tmp_path}/regency.db"


def _play_into_round(entrants: list[Entrant], tid: str, rng: random.Random, number: int) -> None:
    """Play until round ``number`` is under way and each person has moved in it."""
    deadline = time.monotonic() + 120
    moved = 0
    while time.monotonic() < deadline:
        if state(entrants[0], tid)["round"] >= number and moved >= 4:
            return
        if play_turns(entrants, tid, rng) and state(entrants[0], tid)["round"] >= number:
            moved += 1
        else:
            time.sleep(0.05)
    raise AssertionError(f"round {number} never got under way")


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_swiss_killed_twice_mid_round_carries_on_with_nothing_lost_or_paired_twice(
    tmp_path: Path, kind: str
) -> None:
    database = _database(kind, tmp_path)
    rng = random.Random(47)
    server = Server(database, tmp_path / "data").start()
    ann = Person(server.url, "ann").sign_up()
    gus = Guest(server.url, "Gus")
    try:
        tid = create(ann, name="Durable", game="kingdoms", players=2, rounds=3, play=True,
                     computers=["Beginner", "Beginner"])  # fmt: skip
        assert gus.enter(tid).status_code == 200
        assert ann.post(f"/api/tournaments/{tid}/start").status_code == 200
        for number in (1, 2):
            _play_into_round([ann, gus], tid, rng, number)
            before = state(ann, tid)
            server.kill()  # kill -9 with tables of the round under way
            server.start()  # the same port, database and data folder
            after = state(ann, tid)
            assert after["round"] == before["round"]
            assert len(after["rounds_played"]) == len(before["rounds_played"])
        final = play_until([ann, gus], tid, rng, lambda s: s["status"] == "finished", 300)
    finally:
        server.stop()
        ann.close()
        gus.close()
    assert [r["round"] for r in final["rounds_played"]] == [1, 2, 3]
    games = check_games_against_tables(database, tid, 2)
    # Each round paired once: two tables a round, six in all, each its own table.
    assert len(games) == 6 and all(len(r["games"]) == 2 for r in final["rounds_played"])
    assert len({g.table_id for g in games}) == 6 and all(g.finished for g in games)
    # Four entrants, three rounds: everyone met everyone once, no pairing repeated.
    pairs = [frozenset(json.loads(g.seats)) for g in games]
    assert sorted(map(sorted, pairs)) == sorted(
        map(sorted, map(frozenset, combinations(range(1, 5), 2)))
    )
    assert sum(s["points"] for s in final["standings"]) == 6
    stored = rows(
        database, "SELECT count(*) AS n FROM tournament_games WHERE tournament_id = :t", t=tid
    )
    assert stored[0].n == 6
