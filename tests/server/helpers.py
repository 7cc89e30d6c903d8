"""Helpers shared by the server tests."""

from __future__ import annotations

import random
import time
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    body.setdefault("think_time", 0)
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


def people(players: int, names: str = "abcd") -> list[dict[str, Any]]:
    return [{"name": names[i]} for i in range(players)]


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def seat_url(table: str, seat: int, what: str) -> str:
    return f"/api/tables/{table}/seats/{seat}/{what}"


def view(client: TestClient, table: str, seat: int, token: str) -> dict[str, Any]:
    answer = client.get(seat_url(table, seat, "view"), headers=auth(token))
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def play_random(
    client: TestClient, table: dict[str, Any], rng: random.Random, moves: int | None = None
) -> dict[str, Any]:
    """Play random legal moves over HTTP for every person until the end (or ``moves``)."""
    tokens = {i["seat"]: i["token"] for i in table["invites"]}
    tid = table["table"]
    any_seat = next(iter(tokens))
    made = 0
    while moves is None or made < moves:
        state = view(client, tid, any_seat, tokens[any_seat])
        if state["finished"]:
            return state
        seat = state["to_move"]
        if seat not in tokens:
            continue  # a computer is thinking
        mine = view(client, tid, seat, tokens[seat])
        answer = client.post(
            seat_url(tid, seat, "actions"),
            json={"action": rng.choice(mine["legal_moves"]), "version": mine["version"]},
            headers=auth(tokens[seat]),
        )
        assert answer.status_code == 200, answer.text
        made += 1
    return view(client, tid, any_seat, tokens[any_seat])


def ws_url(table: str, seat: int, token: str) -> str:
    return f"{seat_url(table, seat, 'ws')}?token={token}"


def next_view(ws: WebSocketTestSession) -> dict[str, Any]:
    """The next message that is a view (acks and errors are checked elsewhere)."""
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == "view":
            return message


def wait_until(client: TestClient, check: Any, seconds: float = 30) -> dict[str, Any]:
    """Poll ``check`` until it returns something truthy (which is returned) or time runs out."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if found := check():
            return found  # type: ignore[no-any-return]
        time.sleep(0.05)
    raise AssertionError("timed out")
