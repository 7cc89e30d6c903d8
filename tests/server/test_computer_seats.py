"""Computer seats that cannot freeze a table or starve the others (issue 29).

An outside test found agent specs checked by name only (a bad one was accepted, then
failed on its first turn and froze the table for good), budgets without a cap, and one
heavy table holding up every other table's computer moves.
"""

from __future__ import annotations

import itertools
import logging
import random

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from regency.server.live.computer import effective_spec
from regency.server.storage.database import moves_t, seats_t
from tests.server.conftest import make_client
from tests.server.helpers import create, people, play_random, view, wait_until

BAD_SPECS = [
    ("claim", "ismcts:iters=-5", "iters"),
    ("claim", "ismcts:iters=abc", "iters"),
    ("claim", "ismcts:time=-1", "time"),
    ("claim", "ismcts:rollout=x", "rollout"),
    ("claim", "ismcts:c=-1", "c"),
    ("kingdoms", "rollout:iters=0", "iters"),
    ("kingdoms", "rollout:z=x", "z"),
    ("claim-kingdoms", "rollout:most=-1", "most"),
    ("claim", "rollout", "claim"),
    ("claim", "policy", "policy"),
    ("kingdoms", "policy:path=/etc/passwd", "policy"),
    ("claim", "ismcts:time=100000", "time"),
    ("claim", "ismcts:iters=1000000000", "iters"),
    ("kingdoms", "rollout:most=1000000000", "most"),
    ("claim", "pimc:nodes=1000000", "nodes"),  # the solver's positions: capped as iterations
    ("claim", "pimc:leaf=1000000", "leaf"),
    ("kingdoms", "pimc", "no exact solver"),
]


@pytest.mark.parametrize(("game", "spec", "word"), BAD_SPECS)
def test_a_spec_that_could_not_play_is_refused_at_set_up(
    sqlite_client: TestClient, game: str, spec: str, word: str
) -> None:
    for body in (
        {"seats": [{"name": "a"}, {"agent": spec}]},
        {"seats": people(2), "takeover_minutes": 1, "takeover_agent": spec},
    ):
        answer = sqlite_client.post("/api/tables", json={"game": game, "players": 2, **body})
        assert answer.status_code == 422, answer.text
        refusal = answer.json()
        assert refusal["error"] == "bad_agent"
        assert word in refusal["message"]
        assert "\n" not in refusal["message"]


@pytest.mark.parametrize(
    ("game", "spec"),
    [
        ("claim", "ismcts:iters=500"),
        ("claim", "ismcts:time=1"),
        ("claim", "pimc"),  # the default at 2 players
        ("claim", "pimc:worlds=8,nodes=50000"),
        ("claim-kingdoms", "rollout"),
        ("kingdoms", "rollout:most=96"),
        ("kingdoms", "heuristic"),
    ],
)
def test_good_specs_are_seated(sqlite_client: TestClient, game: str, spec: str) -> None:
    answer = sqlite_client.post(
        "/api/tables", json={"game": game, "seats": [{"name": "a"}, {"agent": spec}]}
    )
    assert answer.status_code == 201, answer.text


def test_the_caps_are_the_servers_settings(sqlite_db: str) -> None:
    body = {"game": "claim", "players": 2, "think_time": 0}
    with make_client(sqlite_db, max_think=2.0, max_iterations=1000) as client:
        for spec, status in [
            ("ismcts:time=2", 201),
            ("ismcts:time=2.5", 422),
            ("ismcts:iters=1000", 201),
            ("ismcts:iters=1001", 422),
            ("ismcts:infer=1000", 201),
            ("ismcts:infer=1001", 422),
        ]:
            seats = [{"name": "a"}, {"agent": spec}]
            answer = client.post("/api/tables", json={**body, "seats": seats})
            assert answer.status_code == status, (spec, answer.text)
        refused = client.post(
            "/api/tables", json={**body, "seats": [{"name": "a"}, {"agent": "ismcts:time=3"}]}
        ).json()
        assert "2" in refused["message"]  # it names the cap


@pytest.mark.parametrize("stored", ["ismcts:rollout=x", "deep"])
def test_a_computer_seat_that_fails_at_run_time_does_not_freeze_its_table(
    sqlite_db: str, caplog: pytest.LogCaptureFixture, stored: str
) -> None:
    # A table stored before specs were checked: its computer seat's agent cannot play.
    with make_client(sqlite_db) as client:
        table = create(
            client,
            game="kingdoms",
            players=2,
            seed=3,
            options={"first": 0},
            seats=[{"name": "a"}, {"agent": "heuristic"}],
        )
    tid = table["table"]
    engine = sa.create_engine(sqlite_db)
    with engine.begin() as conn:
        conn.execute(
            seats_t.update()
            .where(seats_t.c.table_id == tid, seats_t.c.seat == 1)
            .values(agent=stored)
        )
    engine.dispose()
    token = table["invites"][0]["token"]
    caplog.set_level(logging.WARNING, logger="regency.server")
    with make_client(sqlite_db) as client:
        first = view(client, tid, 0, token)
        client.post(
            f"/api/tables/{tid}/seats/0/actions",
            json={"action": first["legal_moves"][0], "version": 0},
            headers={"Authorization": f"Bearer {token}"},
        )
        moved = wait_until(client, lambda: (v := view(client, tid, 0, token))["version"] >= 2 and v)
    # The heuristic's move was played for the seat, and the people were told.
    assert moved["recent"][1]["seat"] == 1
    notice = moved["notices"][-1]
    assert notice["seat"] == 1 and notice["version"] == 2
    assert stored in notice["text"] and "heuristic" in notice["text"]
    lines = [r for r in caplog.records if "failed" in r.getMessage()]
    assert len(lines) == 1 and lines[0].exc_info is None  # one line, no traceback


def _moves(database: str, table: str) -> list[tuple[int, float]]:
    engine = sa.create_engine(database)
    with engine.connect() as conn:
        rows = conn.execute(
            sa.select(moves_t.c.number, moves_t.c.at)
            .where(moves_t.c.table_id == table)
            .order_by(moves_t.c.number)
        ).all()
    engine.dispose()
    return [(r.number, r.at) for r in rows]


def test_a_heavy_table_delays_another_by_at_most_one_move(sqlite_db: str) -> None:
    """Computer moves take turns between tables: between two moves of a table that
    thinks for the whole budget, a quick table's computer gets its move in."""
    computers = {"players": 2, "think_time": 0}
    with make_client(sqlite_db, workers=1, max_think=0.4) as client:
        heavy = create(
            client,
            game="kingdoms",
            seats=[{"agent": "ismcts:time=0.4"}, {"agent": "ismcts:time=0.4"}],
            **computers,
        )["table"]
        quick = create(
            client,
            game="kingdoms",
            seats=[{"agent": "heuristic"}, {"agent": "heuristic"}],
            **computers,
        )["table"]
        wait_until(client, lambda: len(_moves(sqlite_db, heavy)) >= 6)
    slow = [at for _, at in _moves(sqlite_db, heavy)]
    fast = [at for _, at in _moves(sqlite_db, quick)]
    for before, after in itertools.pairwise(slow[1:6]):
        assert any(before <= at <= after for at in fast), "the quick table waited"


def test_an_analysis_has_its_own_workers_and_shows_its_place_in_the_queue(
    sqlite_db: str,
) -> None:
    with make_client(sqlite_db, analysis_queue=2) as client:
        tables = []
        for seed in range(4):
            t = create(client, game="claim", players=2, seats=people(2), seed=seed)
            play_random(client, t, random.Random(seed))
            tables.append(t["table"])
        answers = [client.post(f"/api/tables/{t}/analysis") for t in tables]
        statuses = [a.status_code for a in answers]
        # One runs, two wait their turn (the cap), the fourth is refused.
        assert statuses == [202, 202, 202, 429], [a.text for a in answers]
        waiting = client.get(f"/api/tables/{tables[2]}/analysis").json()
        assert waiting["status"] == "queued" and waiting["position"] == 2
        assert answers[3].headers["retry-after"]
        # Asking twice for one game analyses it once.
        again = client.post(f"/api/tables/{tables[1]}/analysis").json()
        assert again["status"] == "queued" and again["position"] == 1
        hub = client.app.state.hub  # type: ignore[attr-defined]
        analyses = client.app.state.analyses  # type: ignore[attr-defined]
        assert analyses.pool is not None and analyses.pool is not hub.pool
        assert analyses.pool.executor is not hub.pool.executor
        assert analyses.pool.nice > 0


def _finished_claim(client: TestClient) -> tuple[str, int]:
    table = create(client, game="claim", players=2, seats=people(2), seed=9)
    end = play_random(client, table, random.Random(9))
    return table["table"], end["version"]


def test_replay_steps_outside_the_game_are_refused(sqlite_client: TestClient) -> None:
    tid, steps = _finished_claim(sqlite_client)
    for step, status in [
        ("-1", 422),
        ("99999999999999999999", 422),
        ("abc", 422),
        (str(steps + 1), 404),
    ]:
        answer = sqlite_client.get(f"/api/tables/{tid}/replay/{step}")
        assert answer.status_code == status, (step, answer.text)
        assert answer.json()["message"]
    assert sqlite_client.get(f"/api/tables/{tid}/replay/{steps}").json()["step"] == steps
    assert sqlite_client.get(f"/api/tables/{tid}/replay/0").json()["step"] == 0


def test_the_default_opponent_moves_with_a_think_time(sqlite_client: TestClient) -> None:
    # A think time gave every search a time= parameter, rollout too, which takes none:
    # Kingdoms' default opponent then failed on its every move.
    table = create(
        sqlite_client,
        game="kingdoms",
        players=2,
        options={"first": 1},
        think_time=0.1,
    )
    assert table["seats"][1]["agent"] == "rollout:most=96"
    token = table["invites"][0]["token"]
    moved = wait_until(
        sqlite_client,
        lambda: (v := view(sqlite_client, table["table"], 0, token))["version"] >= 1 and v,
    )
    assert moved["notices"] == []


@pytest.mark.parametrize(
    ("spec", "effective"),
    [
        # A tree search with no budget of its own searches for the table's move time.
        ("ismcts", "ismcts:time=0.5"),
        ("ismcts:c=0.9", "ismcts:c=0.9,time=0.5"),
        # Its own budget is kept.
        ("ismcts:iters=800", "ismcts:iters=800"),
        ("ismcts:time=2", "ismcts:time=2"),
        # A rollout always has its budget of worlds (the game's), so the move time does not
        # cut it: the levels play as they were measured. Its own hard limit is `limit`.
        ("rollout", "rollout"),
        ("rollout:most=96", "rollout:most=96"),
        ("rollout:value=net,limit=0.8", "rollout:value=net,limit=0.8"),
        ("heuristic", "heuristic"),
    ],
)
def test_the_move_time_is_the_budget_only_of_a_search_without_one(
    spec: str, effective: str
) -> None:
    assert effective_spec(spec, 0.5) == effective
    assert effective_spec(spec, 0) == spec


def test_a_killed_worker_is_replaced_and_its_move_still_played(sqlite_db: str) -> None:
    import os
    import signal

    with make_client(sqlite_db, workers=1) as client:
        table = create(
            client,
            game="kingdoms",
            players=2,
            options={"first": 1},
            seats=[{"name": "a"}, {"agent": "ismcts:time=5"}],
        )
        tid, token = table["table"], table["invites"][0]["token"]
        hub = client.app.state.hub  # type: ignore[attr-defined]
        executor = hub.pool.executor
        workers = wait_until(client, lambda: list(getattr(executor, "_processes", {}) or []))
        for pid in workers:
            os.kill(pid, signal.SIGKILL)
        moved = wait_until(client, lambda: (v := view(client, tid, 0, token))["version"] >= 1 and v)
        assert "worker process stopped" in moved["notices"][-1]["text"]
        assert hub.pool.executor is not executor  # fresh workers for the next move
