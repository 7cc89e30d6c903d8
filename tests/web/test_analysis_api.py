"""The replay page's analysis over HTTP: finished games only, the same figures as the CLI."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

import regency
from regency.analysis import Analysis
from regency.server.pages import analysis as server_analysis
from tests.server.helpers import create, people, play_random

SPEC = "ismcts:20"


@pytest.mark.slow  # a whole game judged twice (16 s): CI's slow step runs it
def test_a_finished_game_is_analysed_on_request_as_regency_analyze_would(
    sqlite_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(server_analysis, "AGENT", SPEC)
    table = create(sqlite_client, game="claim", players=2, seats=people(2), seed=11)
    tid = table["table"]
    url = f"/api/tables/{tid}/analysis"
    # Not while the game is being played: its record (and seed) is not public yet.
    for method in (sqlite_client.get, sqlite_client.post):
        refused = method(url)
        assert refused.status_code == 409 and refused.json()["error"] == "not_finished"
    play_random(sqlite_client, table, random.Random(3))
    # Not analysed yet: an answer, not an error (a 404 would be logged by the browser).
    missing = sqlite_client.get(url)
    assert missing.status_code == 200 and missing.json()["status"] == "none"
    started = sqlite_client.post(url)
    assert started.status_code in (200, 202)
    deadline = time.monotonic() + 120
    answer = sqlite_client.get(url)
    while answer.status_code == 202 and time.monotonic() < deadline:
        progress = answer.json()
        assert progress["status"] == "running" and 0 <= progress["done"] <= progress["total"]
        time.sleep(0.2)
        answer = sqlite_client.get(url)
    assert answer.status_code == 200, answer.text
    analysis = Analysis.from_dict(answer.json())
    record = sqlite_client.get(f"/api/tables/{tid}/record").json()
    assert analysis == regency.analyze(record, agent=SPEC, seed=0)
    assert sqlite_client.post(url).json() == answer.json()  # kept, not recomputed
    assert sqlite_client.get("/api/tables/nope/analysis").status_code == 404
    assert sqlite_client.post("/api/tables/nope/analysis").status_code == 404


def wait_done(client: TestClient, url: str) -> Any:
    deadline = time.monotonic() + 120
    answer = client.get(url)
    while answer.status_code == 202 and time.monotonic() < deadline:
        time.sleep(0.2)
        answer = client.get(url)
    return answer


def test_a_failed_analysis_is_reported_and_can_be_asked_for_again(
    sqlite_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(server_analysis, "AGENT", "ismcts:5")
    table = create(sqlite_client, game="kingdoms", players=2, seats=people(2), seed=4)
    play_random(sqlite_client, table, random.Random(1))
    url = f"/api/tables/{table['table']}/analysis"

    def broken(*_: Any) -> Any:
        raise RuntimeError("the judge fell ill")

    monkeypatch.setattr(server_analysis, "assemble", broken)
    assert sqlite_client.post(url).status_code == 202
    failed = wait_done(sqlite_client, url)
    assert failed.status_code == 500 and failed.json()["error"] == "analysis_failed"
    assert "the judge fell ill" in failed.json()["message"]
    monkeypatch.undo()
    monkeypatch.setattr(server_analysis, "AGENT", "ismcts:5")
    assert sqlite_client.post(url).status_code == 202
    done = wait_done(sqlite_client, url)
    assert done.status_code == 200 and done.json()["agent"] == "ismcts:5"
