"""Entrants of tournaments over real HTTP: accounts and guests playing their tables."""

from __future__ import annotations

import random
import time
from typing import Any

import httpx

from tests.server.people import Person


class Guest:
    """A guest's browser: the token their page keeps, sent in ``Authorization``."""

    def __init__(self, base: str, name: str) -> None:
        self.name = name
        self.token: str | None = None
        self.http = httpx.Client(base_url=base, timeout=60)

    def close(self) -> None:
        self.http.close()

    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"} if self.token else {}

    def post(self, path: str, **kw: Any) -> httpx.Response:
        return self.http.post(path, headers=self.headers(), **kw)

    def get(self, path: str, **kw: Any) -> httpx.Response:
        return self.http.get(path, headers=self.headers(), **kw)

    def enter(self, tid: str, **body: Any) -> httpx.Response:
        answer = self.post(f"/api/tournaments/{tid}/enter", json={"name": self.name, **body})
        if answer.status_code == 200:
            self.token = answer.json()["token"]
        return answer

    def view(self, table: str, seat: int) -> dict[str, Any]:
        answer = self.get(f"/api/tables/{table}/seats/{seat}/view")
        assert answer.status_code == 200, answer.text
        data: dict[str, Any] = answer.json()
        return data

    def move(self, table: str, seat: int, action: str, version: int) -> httpx.Response:
        return self.post(
            f"/api/tables/{table}/seats/{seat}/actions",
            json={"action": action, "version": version},
        )


Entrant = Person | Guest


def move(who: Entrant, table: str, seat: int, action: str, version: int) -> httpx.Response:
    if isinstance(who, Guest):
        return who.move(table, seat, action, version)
    return who.post(
        f"/api/tables/{table}/seats/{seat}/actions", json={"action": action, "version": version}
    )


def create(person: Person, **body: Any) -> str:
    body.setdefault("think_time", 0)
    answer = person.post("/api/tournaments", json=body)
    assert answer.status_code == 201, answer.text
    tid: str = answer.json()["id"]
    return tid


def state(who: Entrant, tid: str) -> dict[str, Any]:
    answer = who.get(f"/api/tournaments/{tid}")
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def wait_for(who: Entrant, tid: str, check: Any, seconds: float = 120) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = state(who, tid)
        if check(found):
            return found
        time.sleep(0.2)
    raise AssertionError(f"tournament {tid} never got there: {found}")


def play_turns(entrants: list[Entrant], tid: str, rng: random.Random) -> bool:
    """Each entrant makes a random move where it is their turn; whether any did."""
    moved = False
    for who in entrants:
        mine = state(who, tid)["you"]
        if mine is None or "table" not in mine:
            continue
        table, seat = mine["table"]["table"], mine["table"]["seat"]
        view = who.view(table, seat)
        if view["finished"] or view["to_move"] != seat or not view["legal_moves"]:
            continue
        answer = move(who, table, seat, rng.choice(view["legal_moves"]), view["version"])
        assert answer.status_code in (200, 409), answer.text
        moved = True
    return moved


def play_until(
    entrants: list[Entrant], tid: str, rng: random.Random, done: Any, seconds: float = 240
) -> dict[str, Any]:
    """Every entrant plays random moves at their tables until ``done(state)``."""
    deadline = time.monotonic() + seconds
    watcher = entrants[0]
    while time.monotonic() < deadline:
        found = state(watcher, tid)
        if done(found):
            return found
        if not play_turns(entrants, tid, rng):
            time.sleep(0.05)
    raise AssertionError(f"tournament {tid} did not get there in {seconds} s")
