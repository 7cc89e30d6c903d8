"""People with accounts, over real HTTP: a browser-like client with its own cookies."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any, TypeVar

import httpx

T = TypeVar("T")

PASSWORD = "a quiet evening of Claim"


class Person:
    """One browser: its cookie jar, its CSRF token, and the server's address as its origin."""

    def __init__(self, base: str, name: str, password: str = PASSWORD, **headers: str) -> None:
        self.base = base
        self.name = name
        self.password = password
        self.http = httpx.Client(base_url=base, timeout=60, headers={"Origin": base, **headers})
        self.csrf: str | None = None

    def close(self) -> None:
        self.http.close()

    def __enter__(self) -> Person:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def session(self) -> str | None:
        return self.http.cookies.get("regency_session")

    def sign_up(self) -> Person:
        answer = self.http.post(
            "/api/account/signup", json={"name": self.name, "password": self.password}
        )
        assert answer.status_code == 201, answer.text
        self.csrf = answer.json()["csrf"]
        return self

    def sign_in(self, password: str | None = None) -> httpx.Response:
        answer = self.http.post(
            "/api/account/signin",
            json={"name": self.name, "password": password or self.password},
        )
        if answer.status_code == 200:
            self.csrf = answer.json()["csrf"]
        return answer

    def headers(self) -> dict[str, str]:
        return {"X-CSRF-Token": self.csrf or ""}

    def post(self, path: str, **kw: Any) -> httpx.Response:
        """A change, as the pages make it: the CSRF token in its header."""
        return self.http.post(path, headers={**self.headers(), **kw.pop("headers", {})}, **kw)

    def delete(self, path: str) -> httpx.Response:
        return self.http.delete(path, headers=self.headers())

    def get(self, path: str, **kw: Any) -> httpx.Response:
        return self.http.get(path, **kw)

    def create(self, **body: Any) -> dict[str, Any]:
        body.setdefault("think_time", 0)
        answer = self.post("/api/tables", json=body)
        assert answer.status_code == 201, answer.text
        data: dict[str, Any] = answer.json()
        return data

    def view(self, table: str, seat: int) -> dict[str, Any]:
        answer = self.get(f"/api/tables/{table}/seats/{seat}/view")
        assert answer.status_code == 200, answer.text
        data: dict[str, Any] = answer.json()
        return data


def play_out(
    people: dict[int, Person],
    table: str,
    rng: random.Random,
    tokens: dict[int, str] | None = None,
    seconds: float = 300,
) -> dict[str, Any]:
    """Play random legal moves for the people's seats until the game ends (computers think).

    Each seat in ``people`` is played by that person signed in; ``tokens`` by link.
    """
    tokens = tokens or {}
    seats = {
        **{s: ("person", p) for s, p in people.items()},
        **{s: ("token", t) for s, t in tokens.items()},
    }
    deadline = time.monotonic() + seconds
    any_person = next(iter(people.values()))
    any_seat = next(iter(people))
    while time.monotonic() < deadline:
        state = any_person.view(table, any_seat)
        if state["finished"]:
            return state
        mover = state["to_move"]
        if mover not in seats:
            time.sleep(0.02)  # a computer is thinking
            continue
        kind, who = seats[mover]
        if kind == "person":
            mine = who.view(table, mover)
            answer = who.post(
                f"/api/tables/{table}/seats/{mover}/actions",
                json={"action": rng.choice(mine["legal_moves"]), "version": mine["version"]},
            )
        else:
            headers = {"Authorization": f"Bearer {who}"}
            mine = any_person.get(f"/api/tables/{table}/seats/{mover}/view", headers=headers).json()
            answer = any_person.http.post(
                f"/api/tables/{table}/seats/{mover}/actions",
                json={"action": rng.choice(mine["legal_moves"]), "version": mine["version"]},
                headers=headers,
            )
        assert answer.status_code in (200, 409), answer.text
    raise AssertionError("the game did not end in time")


def wait_for(check: Callable[[], T | None], seconds: float = 30) -> T:
    """What ``check`` returns once it is truthy, asked every 50 ms for ``seconds`` at most."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"timed out after {seconds} s")


def first_move(person: Person, table: str, seat: int = 0) -> None:
    """``person`` makes one move at ``seat`` once it is their turn (the computer's first)."""

    def my_turn() -> dict[str, Any] | None:
        state = person.view(table, seat)
        return state if state["legal_moves"] else None

    state = wait_for(my_turn)
    answer = person.post(
        f"/api/tables/{table}/seats/{seat}/actions",
        json={"action": state["legal_moves"][0], "version": state["version"]},
    )
    assert answer.status_code == 200, answer.text
