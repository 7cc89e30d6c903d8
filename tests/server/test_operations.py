"""Watching a server: /healthz, /readyz, /metrics, and draining for a restart (issue 34)."""

from __future__ import annotations

import json
import logging
import random
import time
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families
from starlette.testclient import WebSocketDenialResponse

from regency.server.operations.health import drain
from regency.server.operations.logs import JsonFormatter, TextFormatter
from tests.server.conftest import make_client
from tests.server.helpers import auth, create, next_view, people, seat_url, view, ws_url


def scrape(client: TestClient) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of ``/metrics``, by name and labels."""
    answer = client.get("/metrics")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/plain")
    return {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(answer.text)
        for s in family.samples
    }


def value(samples: dict[Any, float], name: str, **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def test_health_and_readiness(sqlite_client: TestClient) -> None:
    assert sqlite_client.get("/healthz").json() == {"status": "ok"}
    ready = sqlite_client.get("/readyz")
    assert ready.status_code == 200, ready.text
    assert ready.json() == {"status": "ready"}


def test_readiness_says_why_not_when_the_schema_is_behind(sqlite_db: str) -> None:
    with make_client(sqlite_db) as client:
        assert client.get("/readyz").status_code == 200
        engine = sa.create_engine(sqlite_db)
        with engine.begin() as conn:
            conn.execute(sa.text("UPDATE alembic_version SET version_num = 'old'"))
        engine.dispose()
        client.app.state.readiness._checked = -10.0  # type: ignore[attr-defined]
        answer = client.get("/readyz")
        assert answer.status_code == 503
        assert answer.json()["status"] == "unready"
        assert "schema is at old" in answer.json()["reason"]
        assert client.get("/healthz").status_code == 200  # the process is still up


def test_metrics_move_with_moves_and_refusals(sqlite_client: TestClient) -> None:
    table = create(sqlite_client, game="kingdoms", players=2, seats=people(2))
    tid = table["table"]
    tokens = {i["seat"]: i["token"] for i in table["invites"]}
    before = scrape(sqlite_client)
    assert value(before, "regency_open_tables") == 1
    mover = view(sqlite_client, tid, 0, tokens[0])["to_move"]
    mine = view(sqlite_client, tid, mover, tokens[mover])
    other = 1 - mover
    # Refusals: not your turn (409), a stale version (409), an illegal move (422).
    refused = [
        (other, mine["legal_moves"][0], 0, 409),
        (mover, mine["legal_moves"][0], 5, 409),
        (mover, "nonsense", 0, 422),
    ]
    for seat, action, version, status in refused:
        answer = sqlite_client.post(
            seat_url(tid, seat, "actions"),
            json={"action": action, "version": version},
            headers=auth(tokens[seat]),
        )
        assert answer.status_code == status, answer.text
    ok = sqlite_client.post(
        seat_url(tid, mover, "actions"),
        json={"action": random.Random(1).choice(mine["legal_moves"]), "version": 0},
        headers=auth(tokens[mover]),
    )
    assert ok.status_code == 200
    with sqlite_client.websocket_connect(ws_url(tid, 0, tokens[0])) as ws:
        next_view(ws)
        after = scrape(sqlite_client)
        assert value(after, "regency_websockets") == 1
    assert value(after, "regency_moves_total", by="person") == 1
    assert value(after, "regency_move_refusals_total", error="not_your_turn") == 1
    assert value(after, "regency_move_refusals_total", error="stale_version") == 1
    assert value(after, "regency_move_refusals_total", error="illegal_action") == 1
    assert value(after, "regency_move_conflicts_total") == 2
    route = "/api/tables/{table_id}/seats/{seat}/actions"
    assert (
        value(after, "regency_http_request_seconds_count", method="POST", route=route, status="200")
        == 1
    )
    assert (
        value(after, "regency_http_request_seconds_count", method="POST", route=route, status="409")
        == 2
    )
    # No table id, and no token, is ever a label value.
    text = sqlite_client.get("/metrics").text
    assert tid not in text
    assert all(token not in text for token in tokens.values())


def test_computer_moves_are_counted_and_timed(sqlite_client: TestClient) -> None:
    table = create(
        sqlite_client, game="kingdoms", players=2, seats=[{"agent": "random"}, {"agent": "random"}]
    )
    tid = table["table"]
    for _ in range(200):
        samples = scrape(sqlite_client)
        if value(samples, "regency_moves_total", by="computer") >= 3:
            break
        time.sleep(0.05)
    assert value(samples, "regency_moves_total", by="computer") >= 3
    assert value(samples, "regency_computer_move_seconds_count") >= 3
    assert tid not in sqlite_client.get("/metrics").text


def test_two_apps_in_one_process_keep_their_own_metrics(sqlite_db: str, tmp_path: Any) -> None:
    other_db = f"sqlite:///{tmp_path / 'other.db'}"
    with make_client(sqlite_db) as one, make_client(other_db) as two:
        create(one, game="kingdoms", players=2, seats=people(2))
        assert value(scrape(one), "regency_open_tables") == 1
        assert value(scrape(two), "regency_open_tables") == 0


def test_a_draining_server_refuses_moves_and_closes_sockets_with_1012(
    sqlite_client: TestClient,
) -> None:
    table = create(sqlite_client, game="kingdoms", players=2, seats=people(2))
    tid = table["table"]
    tokens = {i["seat"]: i["token"] for i in table["invites"]}
    hub = sqlite_client.app.state.hub  # type: ignore[attr-defined]
    with sqlite_client.websocket_connect(ws_url(tid, 0, tokens[0])) as ws:
        first = next_view(ws)
        sqlite_client.portal.call(drain, hub, 5.0)  # type: ignore[union-attr]
        with pytest.raises(Exception) as closed:
            ws.receive_json()
        assert getattr(closed.value, "code", None) == 1012
    mover = first["to_move"]
    answer = sqlite_client.post(
        seat_url(tid, mover, "actions"),
        json={"action": first["legal_moves"][0] if first["legal_moves"] else "x", "version": 0},
        headers=auth(tokens[mover]),
    )
    assert answer.status_code == 503
    assert answer.json()["error"] == "shutting_down"
    assert answer.headers["retry-after"] == "2"
    # A socket opened now is refused (503) before its handshake completes.
    with pytest.raises(WebSocketDenialResponse) as refused:
        sqlite_client.websocket_connect(ws_url(tid, 0, tokens[0])).__enter__()
    assert refused.value.status_code == 503
    assert refused.value.headers["retry-after"] == "2"
    ready = sqlite_client.get("/readyz")
    assert ready.status_code == 503
    assert ready.json()["reason"] == "the server is shutting down"
    assert value(scrape(sqlite_client), "regency_draining") == 1


def test_both_log_formats_write_one_line_per_event_and_no_token() -> None:
    secret = "s3cr3tTOKENvalue0123456789abcdef"
    try:
        raise ValueError(f"bad request /api/tables/AbCd1234/seats/0/view?token={secret}")
    except ValueError:
        record = logging.LogRecord(
            "regency.server",
            logging.ERROR,
            __file__,
            1,
            "move at table %s failed: Authorization: Bearer %s",
            ("AbCd1234", secret),
            exc_info=__import__("sys").exc_info(),
        )
    text = TextFormatter().format(record)
    line = JsonFormatter().format(record)
    for out in (text, line):
        assert "\n" not in out and secret not in out
    entry = json.loads(line)
    assert entry["table"] == "AbCd1234"
    assert entry["level"] == "ERROR" and "ValueError" in entry["exception"]
    assert "Bearer [redacted]" in entry["message"]
    assert text.split(" ", 2)[1:] == ["ERROR", text.split(" ", 2)[2]]
